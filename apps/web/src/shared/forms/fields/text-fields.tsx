import { Textarea } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { useRenderer } from '../renderer-context.ts';
import { IconScan, spriteIcon } from './icon-sprite.tsx';
import classes from '../forms.module.css';

const CodeScanner = lazy(() => import('./code-scanner.tsx').then((module) => ({ default: module.CodeScanner })));

const LONG_TEXT = 255;

function isLongText(field: FieldOf<'text'>): boolean {
  if (field.style_class?.split(/\s+/).some((name) => name === 'textarea' || name === 'multiline')) return true;
  return field.validators.some((validator) => validator.type === 'max_length' && validator.limit_value > LONG_TEXT);
}

function inputModeOf(field: FieldOf<'text' | 'code'>): 'email' | 'text' {
  return field.validators.some((validator) => validator.type === 'email') ? 'email' : 'text';
}

export function TextField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'text'>>) {
  const text = typeof value === 'string' ? value : '';
  const common = {
    id: inputId,
    value: text,
    placeholder: field.placeholder ?? undefined,
    disabled,
    error: invalid,
    onBlur,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    'aria-invalid': invalid || undefined,
  };
  if (isLongText(field)) {
    return <Textarea {...common} autosize minRows={3} maxRows={12} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  // A native input (the frame draws label and message): a long form renders much faster.
  const { error: _error, ...native } = common;
  return <input {...native} className={classes.input} type="text" inputMode={inputModeOf(field)} autoComplete="off" onChange={(event) => onChange(event.currentTarget.value)} />;
}

/** A code, typed or scanned with the camera (barcodes and QR codes). */
export function CodeField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'code'>>) {
  const { t, uid } = useRenderer();
  const [scanning, setScanning] = useState(false);
  const text = typeof value === 'string' ? value : '';
  return (
    <>
      <div className={classes.inputWithAction}>
        <input
          id={inputId}
          className={classes.input}
          data-monospace
          type="text"
          value={text}
          placeholder={field.placeholder ?? undefined}
          disabled={disabled}
          onBlur={onBlur}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={describedBy}
          aria-required={field.required || undefined}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {/* A native button drawn like the library's ActionIcon (subtle, lg). */}
        <button
          type="button"
          className={`${classes.inputAction} ${classes.iconButton}`}
          aria-label={t('forms.code.scan')}
          title={t('forms.code.scan')}
          disabled={disabled}
          onClick={() => setScanning(true)}
          data-testid="code-scan"
        >
          {spriteIcon(uid, IconScan, 2)}
        </button>
      </div>
      {scanning && (
        <Suspense fallback={null}>
          <CodeScanner
            onClose={() => setScanning(false)}
            onCode={(code) => {
              onChange(code);
              setScanning(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
