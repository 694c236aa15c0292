import { memo, Suspense, useCallback, useMemo } from 'react';
import { Loader } from '@mantine/core';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { fieldErrorKey } from '@faena/domain/forms/server-errors';
import { isInputField } from '@faena/domain/forms/values';
import { FieldFrame } from './field-frame.tsx';
import { FIELD_REGISTRY } from './field-registry.tsx';
import { DisplayTextField } from './fields/display-text-field.tsx';
import { useFieldError, useFieldSkipped, useFieldValue, useFieldVisible, useSubmitting } from './form-store.ts';
import { probeRender, useRenderer } from './renderer-context.ts';
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

const FieldHost = memo(function FieldHost({ field, fields, scope }: { field: FormField; fields: readonly FormField[]; scope: readonly string[] }) {
  const { store } = useRenderer();
  // A hidden field is neither validated nor submitted (spec §4); it is not rendered either.
  const visible = useFieldVisible(store, fields, scope, field);
  if (!visible) return null;
  if (!isInputField(field)) return <DisplayTextField field={field} />;
  return <InputHost field={field} scope={scope} />;
});

function InputHost({ field, scope }: { field: InputField; scope: readonly string[] }) {
  const { store, uid, markerStyle, readOnly, validateField, texts } = useRenderer();
  const path = useMemo(() => [...scope, field.name], [scope, field.name]);
  const key = fieldErrorKey(path);
  probeRender(key);
  const value = useFieldValue(store, scope, field.name);
  const skipped = useFieldSkipped(store, scope, field.name);
  const error = useFieldError(store, key);
  const submitting = useSubmitting(store);

  const onChange = useCallback((next: unknown) => store.setValue(scope, field, next), [store, scope, field]);
  const onBlur = useCallback(() => validateField(scope, field.name), [validateField, scope, field.name]);
  const onBusyChange = useCallback((busy: boolean) => store.setBusy(key, busy), [store, key]);
  const onSkip = useCallback((next: boolean) => {
    store.setSkipped(scope, field, next);
    if (!next) validateField(scope, field.name);
  }, [store, scope, field, validateField]);

  const entry = FIELD_REGISTRY[field.type];
  const domId = `${uid}-${key.replace(/[^\w-]/g, '_')}`;
  const inputId = `${domId}-input`;
  const describedBy = [field.description ? `${domId}-description` : null, error ? `${domId}-error` : null].filter(Boolean).join(' ') || undefined;
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
  return (
    <FieldFrame
      field={field}
      fieldKey={key}
      domId={domId}
      inputId={inputId}
      labelMode={entry.labelMode}
      markerStyle={markerStyle}
      texts={texts}
      error={error}
      skipped={skipped}
      onSkip={onSkip}
      skipDisabled={disabled}
    >
      {entry.isLazy ? <Suspense fallback={<Loader size="sm" />}>{control}</Suspense> : control}
    </FieldFrame>
  );
}
