import type { ComponentType } from 'react';
import type { FormField, InputField } from '@faena/domain/forms/schema';

/** What every field component receives from its host. */
export interface FieldProps<F extends InputField = InputField> {
  field: F;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Leaving the field: its message is recomputed (deferred validation). */
  onBlur: () => void;
  /** readonly, disabled or the form is submitting. */
  disabled: boolean;
  invalid: boolean;
  /** The id the frame's <label for> points at (label mode "input"). */
  inputId: string;
  /** The id of the label text, for controls a <label for> cannot name (aria-labelledby). */
  labelId: string;
  /** Ids of the description and the message, for aria-describedby. */
  describedBy: string | undefined;
  /** Uploads running (true) or settled (false): the form waits for them before sending. */
  onBusyChange: (busy: boolean) => void;
  /** [sub-form…, name] — the field's place in the response. */
  path: readonly string[];
}

export type FieldComponent<F extends InputField = InputField> = ComponentType<FieldProps<F>>;

/**
 * How the frame labels the field: "input" = a <label for> on one control; "group" = a <fieldset>
 * with a <legend> around several controls (radios, checkboxes, scales, pickers with buttons).
 */
export type LabelMode = 'input' | 'group';

/** A registry entry: the component (typed for its own field type) seen through the common props. */
export interface FieldEntry {
  Component: FieldComponent;
  labelMode: LabelMode;
  /** Loaded on demand: rendered inside a Suspense boundary. */
  isLazy: boolean;
}

/** The host only hands a component the field of its own type. */
export function fieldEntry<F extends InputField>(Component: FieldComponent<F>, labelMode: LabelMode, isLazy = false): FieldEntry {
  return { Component: Component as unknown as FieldComponent, labelMode, isLazy };
}

export type AnyField = FormField;
