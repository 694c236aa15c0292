import { useCallback, useSyncExternalStore } from 'react';
import { fieldErrorKey } from '@faena/domain/forms/server-errors';
import { fieldVisibility } from '@faena/domain/forms/definition';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import { isInputField, safeSet, setAnswer, setSkipped, skippedKey } from '@faena/domain/forms/values';

/**
 * The renderer's state, outside React: values (nested for sub-forms), errors by field key
 * ("sub.child"), which errors are stale, and the form's flags (spec §4 "Form": a submitting flag;
 * after a failed submit, error display is on).
 *
 * Every field subscribes to its own slice (value, error, visibility) through a selector, so a
 * keystroke re-renders the field typed into and nothing else — a 300-field form stays as quick as
 * a page of plain inputs.
 */

export type Values = Record<string, unknown>;

export interface FormState {
  values: Values;
  errors: ReadonlyMap<string, string>;
  /** Keys whose value changed after their message was computed (deferred validation, spec §4). */
  stale: ReadonlySet<string>;
  /** Error display is on (after a failed submit). */
  showErrors: boolean;
  submitting: boolean;
  /** The form-level message ("The form has errors. Please check fields with red markers."). */
  summary: string | null;
  /** Fields whose uploads are still running: the form is not sent meanwhile. */
  busy: ReadonlySet<string>;
}

type Listener = () => void;

function readAt(values: Values, scope: readonly string[]): Values {
  let current: unknown = values;
  for (const name of scope) current = ownValue(current, name);
  return typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Values) : EMPTY;
}

const EMPTY: Values = Object.freeze({}) as Values;

/** A copy of `values` whose scope object is replaced by `update(scope)`. */
function writeAt(values: Values, scope: readonly string[], update: (scope: Values) => Values): Values {
  if (scope.length === 0) return update(values);
  const [head, ...rest] = scope as [string, ...string[]];
  const child = ownValue(values, head);
  const inner = typeof child === 'object' && child !== null && !Array.isArray(child) ? (child as Values) : {};
  const next: Values = { ...values };
  safeSet(next, head, writeAt(inner, rest, update));
  // Editing a sub-form's answer unticks the sub-form's own "No aplica".
  delete next[skippedKey(head)];
  return next;
}

const visibilityCache = new WeakMap<readonly FormField[], WeakMap<Values, Map<FormField, boolean>>>();
const conditional = new WeakMap<readonly FormField[], boolean>();

function hasConditions(fields: readonly FormField[]): boolean {
  let known = conditional.get(fields);
  if (known === undefined) {
    known = fields.some((field) => typeof field.show_if === 'string' && field.show_if.trim() !== '');
    conditional.set(fields, known);
  }
  return known;
}

/** Which fields of a (sub-)form are shown, computed once per values object. */
export function visibilityOf(fields: readonly FormField[], scopeValues: Values): Map<FormField, boolean> | null {
  if (!hasConditions(fields)) return null;
  let byValues = visibilityCache.get(fields);
  if (!byValues) {
    byValues = new WeakMap();
    visibilityCache.set(fields, byValues);
  }
  let map = byValues.get(scopeValues);
  if (!map) {
    map = fieldVisibility(fields, scopeValues);
    byValues.set(scopeValues, map);
  }
  return map;
}

export class FormStore {
  private state: FormState;
  private readonly listeners = new Set<Listener>();

  constructor(initialValues: Values = {}) {
    this.state = { values: initialValues, errors: new Map(), stale: new Set(), showErrors: false, submitting: false, summary: null, busy: new Set() };
  }

  getState = (): FormState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<FormState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Marks the messages of a field (and of its sub-fields) stale: the value they judged is gone. */
  private staleAfterChange(key: string): ReadonlySet<string> {
    const { errors, stale } = this.state;
    let next: Set<string> | null = null;
    for (const errorKey of errors.keys()) {
      if ((errorKey === key || errorKey.startsWith(`${key}.`)) && !stale.has(errorKey)) {
        next ??= new Set(stale);
        next.add(errorKey);
      }
    }
    return next ?? stale;
  }

  /** Changing the value unticks "No aplica" (spec §4). */
  setValue(scope: readonly string[], field: InputField, value: unknown): void {
    const values = writeAt(this.state.values, scope, (current) => setAnswer(current, field, value));
    this.set({ values, stale: this.staleAfterChange(fieldErrorKey([...scope, field.name])) });
  }

  /** Ticking "No aplica" resets the value (spec §4). */
  setSkipped(scope: readonly string[], field: InputField, skipped: boolean): void {
    const values = writeAt(this.state.values, scope, (current) => setSkipped(current, field, skipped));
    const key = fieldErrorKey([...scope, field.name]);
    // A skipped field is never flagged (spec §5): its message goes at once.
    const errors = new Map(this.state.errors);
    if (skipped) for (const errorKey of [...errors.keys()]) if (errorKey === key || errorKey.startsWith(`${key}.`)) errors.delete(errorKey);
    this.set({ values, errors, stale: this.staleAfterChange(key) });
  }

  /** Replaces one field's message (after its own re-validation on blur). */
  setFieldError(key: string, message: string | null): void {
    const errors = new Map(this.state.errors);
    if (message === null) errors.delete(key);
    else errors.set(key, message);
    const stale = new Set(this.state.stale);
    stale.delete(key);
    const summary = errors.size === 0 ? null : this.state.summary;
    this.set({ errors, stale, summary });
  }

  /** All messages at once (a submit, or a server's 400), with error display on. */
  setErrors(errors: ReadonlyMap<string, string>, summary: string | null): void {
    this.set({ errors, stale: new Set(), showErrors: true, summary });
  }

  setSubmitting(submitting: boolean): void {
    this.set({ submitting });
  }

  setBusy(key: string, isBusy: boolean): void {
    if (this.state.busy.has(key) === isBusy) return;
    const busy = new Set(this.state.busy);
    if (isBusy) busy.add(key);
    else busy.delete(key);
    this.set({ busy });
  }

  reset(values: Values = {}): void {
    this.set({ values, errors: new Map(), stale: new Set(), showErrors: false, submitting: false, summary: null, busy: new Set() });
  }

  valuesAt(scope: readonly string[]): Values {
    return readAt(this.state.values, scope);
  }
}

/** A slice of the store; the component re-renders only when the slice changes (Object.is). */
export function useFormSelector<T>(store: FormStore, selector: (state: FormState) => T): T {
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

export function useFieldValue(store: FormStore, scope: readonly string[], name: string): unknown {
  const selector = useCallback((state: FormState) => ownValue(readAt(state.values, scope), name), [scope, name]);
  return useFormSelector(store, selector);
}

export function useFieldSkipped(store: FormStore, scope: readonly string[], name: string): boolean {
  const selector = useCallback((state: FormState) => ownValue(readAt(state.values, scope), skippedKey(name)) === true, [scope, name]);
  return useFormSelector(store, selector);
}

/** The message to show: none before error display is on, none while stale. */
export function useFieldError(store: FormStore, key: string): string | null {
  const selector = useCallback((state: FormState) => (state.showErrors && !state.stale.has(key) ? (state.errors.get(key) ?? null) : null), [key]);
  return useFormSelector(store, selector);
}

export function useFieldVisible(store: FormStore, fields: readonly FormField[], scope: readonly string[], field: FormField): boolean {
  const selector = useCallback((state: FormState) => visibilityOf(fields, readAt(state.values, scope))?.get(field) !== false, [fields, scope, field]);
  return useFormSelector(store, selector);
}

/** Everything one field shows from the store. */
export interface FieldSlice {
  visible: boolean;
  value: unknown;
  skipped: boolean;
  /** The message to show (none before error display is on, none while stale). */
  error: string | null;
  submitting: boolean;
}

/**
 * Reads one field's slice, for `useSyncExternalStore` (one subscription per field, not one per
 * part: a long form would hold five listeners per field, each run on every keystroke). The same
 * object comes back while no part changed, so only the fields whose slice changed re-render.
 */
export function fieldSliceReader(store: FormStore, fields: readonly FormField[], scope: readonly string[], field: FormField, key: string): () => FieldSlice {
  let last: FieldSlice | null = null;
  return () => {
    const state = store.getState();
    const values = readAt(state.values, scope);
    const visible = visibilityOf(fields, values)?.get(field) !== false;
    const input = isInputField(field);
    const value = input ? ownValue(values, field.name) : undefined;
    const skipped = input && ownValue(values, skippedKey(field.name)) === true;
    const error = input && state.showErrors && !state.stale.has(key) ? (state.errors.get(key) ?? null) : null;
    const { submitting } = state;
    if (last && last.visible === visible && Object.is(last.value, value) && last.skipped === skipped && last.error === error && last.submitting === submitting) return last;
    last = { visible, value, skipped, error, submitting };
    return last;
  };
}

export function useSubmitting(store: FormStore): boolean {
  return useFormSelector(store, selectSubmitting);
}

const selectSubmitting = (state: FormState) => state.submitting;
