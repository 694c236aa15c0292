import { Group } from '@mantine/core';
import { useState } from 'react';
import type { NumberFieldType } from '@faena/domain/forms/field-types';
import { numberFieldRules, parseNumberInput } from '@faena/domain/forms/numbers';
import type { FieldOf } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import type { FieldProps } from '../field-props.ts';
import { useFieldT } from '../renderer-context.ts';
import classes from '../forms.module.css';

/** Characters a number can be typed with (spec §5: non-numeric entry is rejected). */
const NUMBER_CHARS = /[^0-9.,+\-eE]/g;
const INTEGER_CHARS = /[^0-9+-]/g;

function textOf(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  return '';
}

/**
 * What the store holds for typed text: the number (spec §5: integers rounded, empty → null), or
 * the text itself when it is not a number — validation then says "Valor inválido".
 */
function toValue(text: string, kind: NumberFieldType): unknown {
  const parsed = parseNumberInput(text, kind);
  return parsed.ok ? parsed.value : text;
}

interface NumberTextProps {
  kind: NumberFieldType;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  id?: string;
  disabled: boolean;
  invalid: boolean;
  placeholder?: string | undefined;
  describedBy?: string | undefined;
  required?: boolean;
  ariaLabel?: string;
  testId?: string;
}

/** A number typed as text: the entry keeps what the user typed ("3," while typing 3,5). */
export function NumberText({ kind, value, onChange, onBlur, id, disabled, invalid, placeholder, describedBy, required, ariaLabel, testId }: NumberTextProps) {
  const [text, setText] = useState(() => textOf(value));
  const [seen, setSeen] = useState<unknown>(value);
  // The value changed from outside (reset, "No aplica"): show it.
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(toValue(text, kind), value)) setText(textOf(value));
  }
  return (
    <input
      id={id}
      className={classes.input}
      type="text"
      value={text}
      inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(kind === 'integer' ? INTEGER_CHARS : NUMBER_CHARS, '');
        setText(next);
        const parsed = toValue(next, kind);
        setSeen(parsed);
        onChange(parsed);
      }}
      onBlur={() => {
        // Integer fields round to whole numbers (spec §5): the entry shows the number kept.
        const parsed = parseNumberInput(text, kind);
        if (parsed.ok) setText(parsed.value === null ? '' : String(parsed.value));
        onBlur();
      }}
    />
  );
}

function RulesHint({ field, kind }: { field: FieldOf<'integer' | 'float' | 'decimal' | 'num_range'>; kind: NumberFieldType }) {
  const t = useFieldT();
  const rules = numberFieldRules(kind, field);
  const parts: string[] = [];
  if (rules.min !== null && rules.min !== undefined && rules.max !== null && rules.max !== undefined) parts.push(t('forms.number.between', { min: rules.min, max: rules.max }));
  else if (rules.min !== null && rules.min !== undefined) parts.push(t('forms.number.min', { min: rules.min }));
  else if (rules.max !== null && rules.max !== undefined) parts.push(t('forms.number.max', { max: rules.max }));
  if (field.step) parts.push(t('forms.number.step', { step: field.step }));
  if (parts.length === 0) return null;
  return <p className={classes.note}>{parts.join(' · ')}</p>;
}

export function NumberField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'integer' | 'float' | 'decimal'>>) {
  return (
    <>
      <NumberText
        kind={field.type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        id={inputId}
        disabled={disabled}
        invalid={invalid}
        placeholder={field.placeholder ?? undefined}
        describedBy={describedBy}
        required={field.required}
      />
      <RulesHint field={field} kind={field.type} />
    </>
  );
}

/** A range of numbers: {start, end}. */
export function NumRangeField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'num_range'>>) {
  const t = useFieldT();
  const start = ownValue(value, 'start') ?? null;
  const end = ownValue(value, 'end') ?? null;
  const set = (part: 'start' | 'end', next: unknown) => {
    const range = { start: part === 'start' ? next : start, end: part === 'end' ? next : end };
    onChange(range.start === null && range.end === null ? null : range);
  };
  return (
    <>
      <Group gap="sm" grow wrap="nowrap" align="flex-start">
        <NumberText
          kind="float"
          value={start}
          onChange={(next) => set('start', next)}
          onBlur={onBlur}
          id={inputId}
          disabled={disabled}
          invalid={invalid}
          placeholder={t('forms.range.from')}
          ariaLabel={`${field.label || field.name} — ${t('forms.range.from')}`}
          describedBy={describedBy}
          testId="range-start"
        />
        <NumberText
          kind="float"
          value={end}
          onChange={(next) => set('end', next)}
          onBlur={onBlur}
          disabled={disabled}
          invalid={invalid}
          placeholder={t('forms.range.to')}
          ariaLabel={`${field.label || field.name} — ${t('forms.range.to')}`}
          describedBy={describedBy}
          testId="range-end"
        />
      </Group>
      <RulesHint field={field} kind="float" />
    </>
  );
}
