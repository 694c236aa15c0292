import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { FeatureFlags } from '@faena/domain/feature-flags';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { ValidatorFlags } from '@faena/domain/forms/validator-flags';
import type { FormStore } from './form-store.ts';

export interface RendererContextValue {
  store: FormStore;
  /** The tenant's feature flags (validator gating, image formats). */
  flags: Partial<FeatureFlags>;
  validatorFlags: ValidatorFlags;
  markerStyle: RequiredMarkerStyle;
  /** Prefix of element ids, unique per rendered form. */
  uid: string;
  /** Everything is shown but nothing can change (a preview of a submitted answer). */
  readOnly: boolean;
  /** Re-validates one field after the user leaves it. */
  validateField: (scope: readonly string[], name: string) => void;
  isPreview: boolean;
  /** Texts every field frame shows, translated once per form (not once per field). */
  texts: { skip: string; requiredSr: string };
  /** The form's translate function: fields use it instead of subscribing to i18n one by one. */
  t: TFunction;
  /** The interface language (es, es-MX, en). */
  language: string;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('useRenderer outside FormRenderer');
  return value;
}

/** Translation inside a rendered form (one i18n subscription per form, not per field). */
export function useFieldT(): TFunction {
  return useRenderer().t;
}

/** Counts field renders (the performance report); absent in normal use. */
let renderProbe: ((key: string) => void) | null = null;

export function setRenderProbe(probe: ((key: string) => void) | null): void {
  renderProbe = probe;
}

export function probeRender(key: string): void {
  renderProbe?.(key);
}
