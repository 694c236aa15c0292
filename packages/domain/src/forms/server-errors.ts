import type { FieldError } from './validate.ts';

/**
 * The server contract for a response that breaks the form's rules (API.md Forms):
 * 400 {"non_field_errors":[{"type":"assertion_error","loc":["response","<field name>"],"msg":"…"}]},
 * one entry per failing field; and the way back for the renderer (spec §5: mapped onto the
 * matching fields, the form scrolls to the first one; other errors go to a general handler).
 */

export interface AssertionError {
  type: 'assertion_error';
  loc: string[];
  msg: string;
}

export interface AssertionErrorBody {
  non_field_errors: AssertionError[];
}

export const RESPONSE_LOC_ROOT = 'response';

export function toAssertionErrors(errors: readonly FieldError[]): AssertionError[] {
  return errors.map((error) => ({ type: 'assertion_error', loc: [RESPONSE_LOC_ROOT, ...error.path], msg: error.message }));
}

export function toAssertionErrorBody(errors: readonly FieldError[]): AssertionErrorBody {
  return { non_field_errors: toAssertionErrors(errors) };
}

/** Key of a field in the renderer's error map: its path joined by '.' ("sub.child"). */
export function fieldErrorKey(path: readonly string[]): string {
  return path.join('.');
}

export interface MappedServerErrors {
  /** Field key (fieldErrorKey) → message; the first message per field wins. */
  fields: Map<string, string>;
  /** The field to scroll to: the first in `order` if given, else the first in the reply. */
  first: string | undefined;
}

function isAssertionError(entry: unknown): entry is AssertionError {
  if (typeof entry !== 'object' || entry === null) return false;
  const { type, loc, msg } = entry as Record<string, unknown>;
  return type === 'assertion_error' && typeof msg === 'string' && Array.isArray(loc) && loc.length >= 2 && loc.every((part) => typeof part === 'string' || typeof part === 'number');
}

/**
 * A 400 body → field messages, or undefined when the body is not made of assertion errors
 * (the caller's general handler takes it then). `order` lists field keys in form order.
 */
export function fromAssertionErrors(body: unknown, order?: readonly string[]): MappedServerErrors | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const entries = (body as Record<string, unknown>).non_field_errors;
  if (!Array.isArray(entries) || entries.length === 0 || !entries.every(isAssertionError)) return undefined;
  const fields = new Map<string, string>();
  for (const entry of entries) {
    const loc = entry.loc.map(String);
    const path = loc[0] === RESPONSE_LOC_ROOT ? loc.slice(1) : loc;
    const key = fieldErrorKey(path);
    if (!fields.has(key)) fields.set(key, entry.msg);
  }
  const first = order?.find((key) => fields.has(key)) ?? fields.keys().next().value;
  return { fields, first };
}

/** Client-side errors in the same shape as mapped server errors (first per field). */
export function fieldErrorMap(errors: readonly FieldError[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const error of errors) {
    const key = fieldErrorKey(error.path);
    if (!map.has(key)) map.set(key, error.message);
  }
  return map;
}
