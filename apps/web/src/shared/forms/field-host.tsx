import { memo, Suspense, useMemo, useSyncExternalStore } from 'react';
import { Loader } from '@mantine/core';
import type { FieldOf, FormField } from '@faena/domain/forms/schema';
import { fieldErrorKey } from '@faena/domain/forms/server-errors';
import { isInputField } from '@faena/domain/forms/values';
import { fieldFrame } from './field-frame.tsx';
import { FIELD_REGISTRY } from './field-registry.tsx';
import { DisplayTextField } from './fields/display-text-field.tsx';
import { fieldSliceReader, type FieldSlice } from './form-store.ts';
import { probeRender, useRenderer, type RendererContextValue } from './renderer-context.ts';
import classes from './forms.module.css';

/** The fields of one (sub-)form, in order. `scope` is the path of the sub-form ([] at the top). */
export const FieldList = memo(function FieldList({ fields, scope }: { fields: readonly FormField[]; scope: readonly string[] }) {
  return (
    <div className={classes.fields}>
      {fields.map((field) => (
        <FieldHost key={`${typeof field.id}:${field.id}`} field={field} fields={fields} scope={scope} />
      ))}
    </div>
  );
});

/** What a field's host works out once (while its definition, place and form stay the same). */
interface FieldSetup {
  /** [sub-form…, name]: the field's place in the response. */
  path: readonly string[];
  /** Its key in the messages ("sub.name"). */
  key: string;
  /** Its slice of the store (one subscription per field: shown, value, "No aplica", message). */
  read: () => FieldSlice;
  domId: string;
  handlers: {
    onChange: (value: unknown) => void;
    onBlur: () => void;
    onBusyChange: (busy: boolean) => void;
    onSkip: (skipped: boolean) => void;
  } | null;
}

function setUp(renderer: RendererContextValue, fields: readonly FormField[], scope: readonly string[], field: FormField): FieldSetup {
  const { store, validateField, uid } = renderer;
  if (!isInputField(field)) return { path: scope, key: '', read: fieldSliceReader(store, fields, scope, field, ''), domId: '', handlers: null };
  const path = [...scope, field.name];
  const key = fieldErrorKey(path);
  return {
    path,
    key,
    read: fieldSliceReader(store, fields, scope, field, key),
    domId: `${uid}-${key.replace(/[^\w-]/g, '_')}`,
    handlers: {
      onChange: (next) => store.setValue(scope, field, next),
      onBlur: () => validateField(scope, field.name),
      onBusyChange: (busy) => store.setBusy(key, busy),
      onSkip: (next) => {
        store.setSkipped(scope, field, next);
        if (!next) validateField(scope, field.name);
      },
    },
  };
}

/**
 * One field: its frame and its control. Three hooks in all (a long form has hundreds of fields):
 * the renderer's context, the field's setup, and its one subscription to the store, so a keystroke
 * re-renders only the field typed into.
 */
const FieldHost = memo(function FieldHost({ field, fields, scope }: { field: FormField; fields: readonly FormField[]; scope: readonly string[] }) {
  const renderer = useRenderer();
  const setup = useMemo(() => setUp(renderer, fields, scope, field), [renderer, fields, scope, field]);
  const slice = useSyncExternalStore(renderer.store.subscribe, setup.read, setup.read);
  // A hidden field is neither validated nor submitted (spec §4); it is not rendered either.
  if (!slice.visible) return null;
  if (!isInputField(field) || !setup.handlers) return <DisplayTextField field={field as FieldOf<'display_text'>} />;
  const { key, domId, path } = setup;
  const { onChange, onBlur, onBusyChange, onSkip } = setup.handlers;
  probeRender(key);
  const { value, skipped, error, submitting } = slice;
  const { markerStyle, readOnly, texts } = renderer;

  const entry = FIELD_REGISTRY[field.type];
  const inputId = `${domId}-input`;
  const describedBy = field.description ? (error ? `${domId}-description ${domId}-error` : `${domId}-description`) : error ? `${domId}-error` : undefined;
  const disabled = readOnly || submitting || field.readonly === true || field.disabled === true;
  const Component = entry.Component;

  const control = (
    <Component
      field={field}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      invalid={error !== null}
      inputId={inputId}
      labelId={`${domId}-label`}
      describedBy={describedBy}
      path={path}
      onBusyChange={onBusyChange}
    />
  );
  // The frame is drawn by a plain function (no hooks): one component less per field.
  const frame = fieldFrame({
    field,
    fieldKey: key,
    domId,
    inputId,
    labelMode: entry.labelMode,
    markerStyle,
    texts,
    error,
    skipped,
    onSkip,
    skipDisabled: disabled,
    children: entry.isLazy ? <Suspense fallback={<Loader size="sm" />}>{control}</Suspense> : control,
  });
  if (!renderer.fieldExtras || scope.length > 0) return frame;
  return (
    <div>
      {frame}
      {renderer.fieldExtras(field)}
    </div>
  );
});
