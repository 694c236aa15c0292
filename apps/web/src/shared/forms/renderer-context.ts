import type { TFunction } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import type { FeatureFlags } from '@faena/domain/feature-flags';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { InputField } from '@faena/domain/forms/schema';
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
  /**
   * The form's translate function: fields use it instead of subscribing to i18n one by one. It
   * remembers its answers (see `rememberingT`): a long form asks for the same few texts hundreds of
   * times, and each lookup (plurals, interpolation) costs more than drawing a field's box.
   */
  t: TFunction;
  /** The interface language (es, es-MX, en). */
  language: string;
  /** Something drawn under each top-level input field while it is shown (a checklist's note and photos). */
  fieldExtras?: ((field: InputField) => ReactNode) | undefined;
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

/** The key of a call with options of plain values ("" when an option is an object: not kept). */
function callKey(key: string, options: object): string {
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    if (value !== null && typeof value === 'object') return '';
    id += `\u0000${name}\u0000${String(value)}`;
  }
  return id;
}

/**
 * `t` with its answers kept by key and options (options of plain values only; anything else is
 * passed through). Made once per `t`, which i18next renews when the language changes.
 */
export function rememberingT(t: TFunction): TFunction {
  const known = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  const remembering = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== 'string' || rest.length > 0 || (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options)))) return call(key, options, ...rest);
    const id = options === undefined ? key : callKey(key, options);
    if (id === '') return call(key, options);
    let text = known.get(id);
    if (text === undefined) {
      const answer = options === undefined ? call(key) : call(key, options);
      if (typeof answer !== 'string') return answer;
      text = answer;
      known.set(id, text);
    }
    return text;
  };
  return remembering as unknown as TFunction;
}

/** Counts field renders (the performance report); absent in normal use. */
let renderProbe: ((key: string) => void) | null = null;

export function setRenderProbe(probe: ((key: string) => void) | null): void {
  renderProbe = probe;
}

export function probeRender(key: string): void {
  renderProbe?.(key);
}
