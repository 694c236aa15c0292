import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Alert } from '@mantine/core';
import { DatePickerInput, DatesProvider, DateTimePicker, TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { dateFormatProblem, isIsoDate, parseDateTime } from '@faena/domain/forms/dates';
import type { FieldOf } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import type { Validator } from '@faena/domain/forms/validators-schema';
import type { FieldProps } from '../field-props.ts';
import { useFieldT, useRenderer } from '../renderer-context.ts';

/**
 * Dates, times and date-times (their own chunk: the date pickers are large). Values: dates
 * 'YYYY-MM-DD', times 'HH:mm', date-times the user's wall-clock time 'YYYY-MM-DD HH:mm:ss'
 * (converted to UTC ISO on submit, spec §4), ranges {start, end}.
 */

function useDateSettings() {
  const { language } = useRenderer();
  const isEnglish = language === 'en';
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  return {
    // Spec §1/§5: the week starts on Sunday for en-US and Monday for Spanish; d/m/Y in Spanish, m/d/Y in English.
    locale: isEnglish ? 'en' : 'es',
    firstDayOfWeek: (isEnglish ? 0 : 1) as 0 | 1,
    dateFormat: isEnglish ? 'MM/DD/YYYY' : 'DD/MM/YYYY',
    dropdownType: (isMobile ? 'modal' : 'popover') as 'modal' | 'popover',
  };
}

function Dates({ children }: { children: ReactNode }) {
  const settings = useDateSettings();
  return <DatesProvider settings={{ locale: settings.locale, firstDayOfWeek: settings.firstDayOfWeek }}>{children}</DatesProvider>;
}

function bound(validators: readonly Validator[], type: 'min_value' | 'max_value', check: (value: string) => boolean): string | undefined {
  const validator = validators.find((entry) => entry.type === type);
  return validator && (validator.type === 'min_value' || validator.type === 'max_value') && typeof validator.value === 'string' && check(validator.value) ? validator.value : undefined;
}

const isTime = (text: string) => /^\d{2}:\d{2}(:\d{2})?$/.test(text);

export function DateField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'date'>>) {
  const settings = useDateSettings();
  const t = useFieldT();
  const problem = dateFormatProblem(field);
  if (problem) {
    // Spec §3: only the default year-month-day format is supported.
    return (
      <Alert color="yellow" variant="light" data-testid="date-format-unsupported">
        {problem}
      </Alert>
    );
  }
  return (
    <Dates>
      <DatePickerInput
        id={inputId}
        value={isIsoDate(value) ? value : null}
        onChange={(next) => onChange(next ?? null)}
        onDropdownClose={onBlur}
        valueFormat={settings.dateFormat}
        dropdownType={settings.dropdownType}
        clearable
        clearButtonProps={{ 'aria-label': t('forms.clear') }}
        placeholder={field.placeholder ?? settings.dateFormat.toLowerCase()}
        minDate={bound(field.validators, 'min_value', isIsoDate)}
        maxDate={bound(field.validators, 'max_value', isIsoDate)}
        disabled={disabled}
        error={invalid}
        aria-describedby={describedBy}
        popoverProps={{ position: 'bottom-start' }}
      />
    </Dates>
  );
}

/** A stored date-time (ISO, maybe with an offset) as the user's wall-clock text. */
function toWallTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
    const instant = parseDateTime(value);
    return instant === undefined ? null : dayjs(instant).format('YYYY-MM-DD HH:mm:ss');
  }
  return parseDateTime(value) === undefined ? null : value.replace('T', ' ');
}

export function DateTimeField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'datetime'>>) {
  const settings = useDateSettings();
  const t = useFieldT();
  return (
    <Dates>
      <DateTimePicker
        id={inputId}
        value={toWallTime(value)}
        onChange={(next) => onChange(next ?? null)}
        onDropdownClose={onBlur}
        valueFormat={`${settings.dateFormat} HH:mm`}
        dropdownType={settings.dropdownType}
        clearable
        clearButtonProps={{ 'aria-label': t('forms.clear') }}
        placeholder={field.placeholder ?? `${settings.dateFormat.toLowerCase()} hh:mm`}
        disabled={disabled}
        error={invalid}
        aria-describedby={describedBy}
        submitButtonProps={{ 'aria-label': t('forms.confirm') }}
        timePickerProps={{ hoursInputLabel: t('forms.hours'), minutesInputLabel: t('forms.minutes') }}
        popoverProps={{ position: 'bottom-start' }}
      />
    </Dates>
  );
}

export function TimeField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'time'>>) {
  return (
    <TimeInput
      id={inputId}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      onBlur={onBlur}
      minTime={bound(field.validators, 'min_value', isTime)}
      maxTime={bound(field.validators, 'max_value', isTime)}
      disabled={disabled}
      error={invalid}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      maw={180}
    />
  );
}

export function DateRangeField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<FieldOf<'date_range'>>) {
  const settings = useDateSettings();
  const t = useFieldT();
  const start = ownValue(value, 'start');
  const end = ownValue(value, 'end');
  return (
    <Dates>
      <DatePickerInput
        id={inputId}
        type="range"
        allowSingleDateInRange
        value={[isIsoDate(start) ? start : null, isIsoDate(end) ? end : null]}
        onChange={([from, to]) => onChange(from === null && to === null ? null : { start: from, end: to })}
        onDropdownClose={onBlur}
        valueFormat={settings.dateFormat}
        dropdownType={settings.dropdownType}
        clearable
        clearButtonProps={{ 'aria-label': t('forms.clear') }}
        placeholder={field.placeholder ?? t('forms.range.dates')}
        disabled={disabled}
        error={invalid}
        aria-describedby={describedBy}
        popoverProps={{ position: 'bottom-start' }}
      />
    </Dates>
  );
}
