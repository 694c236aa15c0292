import { createContext, useContext, type ReactNode } from 'react';
import type { FeatureFlags } from '@faena/domain/feature-flags';
import type { FieldType } from '@faena/domain/forms/field-types';
import type { FormField } from '@faena/domain/forms/schema';
import type { ValidatorFlags } from '@faena/domain/forms/validator-flags';
import type { FormStore } from '../form-store.ts';
import type { DraftProblem, FieldId, ListPath } from './draft.ts';

export interface BuilderContextValue {
  fields: FormField[];
  setFields: (update: (fields: FormField[]) => FormField[]) => void;
  /** The open field, by its id path key (see pathKey). */
  selected: string | null;
  select: (key: string | null) => void;
  problems: DraftProblem[];
  /** Names as last saved, by id path key: those can no longer change. */
  saved: ReadonlyMap<string, string>;
  /** Fields whose name still follows their label (new, never renamed by hand). */
  isAutoNamed: (key: string) => boolean;
  setManualName: (key: string) => void;
  addField: (type: FieldType, listPath: ListPath, afterId?: FieldId) => void;
  nextId: () => number;
  flags: Partial<FeatureFlags>;
  disabledModules: readonly string[];
  validatorFlags: ValidatorFlags;
  /** The live preview's answers (show_if checks are evaluated against them). */
  previewStore: FormStore;
  /** More settings under an open top-level field's own (a checklist item's weight and scoring). */
  fieldExtras?: ((field: FormField) => ReactNode) | undefined;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder outside the form builder');
  return value;
}

const keyOf = (id: FieldId) => `${typeof id}:${id}`;

/** The key of a field by the ids from the top-level field down to it. */
export function pathKey(ids: readonly FieldId[]): string {
  return ids.map(keyOf).join('/');
}
