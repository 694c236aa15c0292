import { FIELD_REASONS, type FieldReason } from '@faena/contracts/common';
import { isHttpError } from './http-error.ts';

/** What the server said of one field: its texts (English, or a spec text) and why, when it says (decision 016). */
export interface FieldError {
  texts: string[];
  reason: FieldReason | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isReason = (value: unknown): value is FieldReason => (FIELD_REASONS as readonly unknown[]).includes(value);

/**
 * The field errors of a 400 `{errors: {field: [text]}, reasons?: {field: reason}}` by field path
 * (`identity_documents.0.number`), or null when the error is anything else.
 */
export function fieldErrorsOf(error: unknown): Record<string, FieldError> | null {
  if (!isHttpError(error) || error.status !== 400 || !isRecord(error.body) || !isRecord(error.body.errors)) return null;
  const reasons = isRecord(error.body.reasons) ? error.body.reasons : {};
  const out: Record<string, FieldError> = {};
  for (const [path, texts] of Object.entries(error.body.errors)) {
    const reason = reasons[path];
    out[path] = { texts: Array.isArray(texts) ? texts.map(String) : [String(texts)], reason: isReason(reason) ? reason : null };
  }
  return out;
}
