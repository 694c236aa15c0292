import type { CatalogRecord, FieldDef } from './catalog-defs.ts';

/** One entry of `extra_data`: the text typed, and the value it came with (kept when not edited). */
export interface KeyValueRow {
  /** Stable identity for React lists. */
  id: string;
  key: string;
  text: string;
  /** The stored value when it was not a string (numbers, objects): kept as is while `text` is unchanged. */
  original?: unknown;
}

export type FormValue = string | string[] | KeyValueRow[] | null;
export type FormValues = Record<string, FormValue>;

/** An error to show under a field: an i18n key with its values, or a server text as it came. */
export type FieldProblem = { key: string; values?: Record<string, unknown> } | { text: string };

let rowSeq = 0;
export const newRowId = () => `kv-${++rowSeq}`;

/** How a stored extra_data value reads in its text box. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The form's values for a record (edit) or a new one (create, with optional preset references). */
export function initialValues(fields: readonly FieldDef[], record: CatalogRecord | null, preset: Record<string, string> = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = record ? record[field.name] : undefined;
    switch (field.type) {
      case 'refs':
        values[field.name] = Array.isArray(stored) ? stored.map(String) : [];
        break;
      case 'keyValue':
        values[field.name] = Object.entries((stored as Record<string, unknown> | null | undefined) ?? {}).map(([key, value]) => ({
          id: newRowId(),
          key,
          text: valueText(value),
          ...(typeof value === 'string' ? {} : { original: value }),
        }));
        break;
      case 'ref':
      case 'country':
      case 'timezone':
      case 'image':
        values[field.name] = stored === null || stored === undefined || stored === '' ? (preset[field.name] ?? null) : String(stored);
        break;
      default:
        values[field.name] = textOf(stored);
    }
  }
  return values;
}

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+([.,]\d+)?$/;
const MAX_INTEGER = 2_147_483_647;
const MAX_DECIMAL = 1e9;

/** The client's own checks (the server checks again; its 400s land on the same fields). */
export function validate(fields: readonly FieldDef[], values: FormValues): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value === 'string' || value === null) {
      const text = (value ?? '').trim();
      if (field.required && text === '') problems[field.name] = { key: 'catalogs.form.required' };
      else if (field.max && text.length > field.max) problems[field.name] = { key: 'catalogs.form.tooLong', values: { max: field.max } };
      else if (field.type === 'integer' && text !== '' && (!INTEGER.test(text) || Number(text) > MAX_INTEGER)) problems[field.name] = { key: 'catalogs.form.integer' };
      else if (field.type === 'decimal' && text !== '' && (!DECIMAL.test(text) || Number(text.replace(',', '.')) > MAX_DECIMAL)) problems[field.name] = { key: 'catalogs.form.decimal' };
    }
    if (field.type === 'keyValue' && Array.isArray(value)) {
      const rows = (value as KeyValueRow[]).filter((row) => row.key.trim() !== '' || row.text.trim() !== '');
      const keys = rows.map((row) => row.key.trim());
      if (keys.some((key) => key === '')) problems[field.name] = { key: 'catalogs.form.keyRequired' };
      else if (keys.some((key) => key.length > 100)) problems[field.name] = { key: 'catalogs.form.keyTooLong', values: { max: 100 } };
      else {
        const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
        if (duplicate !== undefined) problems[field.name] = { key: 'catalogs.form.keyDuplicate', values: { key: duplicate } };
      }
    }
  }
  return problems;
}

/** The API value of one field. */
function apiValue(field: FieldDef, value: FormValue): unknown {
  switch (field.type) {
    case 'refs':
      return value ?? [];
    case 'keyValue': {
      const out: Record<string, unknown> = {};
      for (const row of (value as KeyValueRow[] | null) ?? []) {
        const key = row.key.trim();
        if (key === '' && row.text.trim() === '') continue;
        out[key] = row.original !== undefined && row.text === valueText(row.original) ? row.original : row.text;
      }
      return out;
    }
    case 'integer': {
      const text = ((value as string | null) ?? '').trim();
      return text === '' ? null : Number(text);
    }
    case 'decimal': {
      const text = ((value as string | null) ?? '').trim();
      return text === '' ? null : Number(text.replace(',', '.'));
    }
    case 'text':
    case 'textarea': {
      const text = ((value as string | null) ?? '').trim();
      // A required text is never null; an optional one empties to null.
      return text === '' && !field.required ? null : text;
    }
    default:
      return value === '' ? null : value;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The request body: every field on create; on edit only what changed (a PATCH that leaves
 * untouched fields alone, so two people editing different fields do not undo each other).
 */
export function toPayload(fields: readonly FieldDef[], values: FormValues, initial: FormValues | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = apiValue(field, values[field.name] ?? null);
    if (initial && same(value, apiValue(field, initial[field.name] ?? null))) continue;
    if (!initial && (value === null || (Array.isArray(value) && value.length === 0) || (field.type === 'keyValue' && Object.keys(value as object).length === 0))) continue;
    body[field.name] = value;
  }
  return body;
}

/** Whether the form differs from what it started with (the unsaved-changes guard). */
export function isDirty(fields: readonly FieldDef[], values: FormValues, initial: FormValues): boolean {
  return fields.some((field) => !same(apiValue(field, values[field.name] ?? null), apiValue(field, initial[field.name] ?? null)));
}
