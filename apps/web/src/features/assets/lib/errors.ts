import { isHttpError } from '../../../shared/api/http-error.ts';

/** The server's `{code}` of a refusal (duplicate-code, in-use, too-many-labels…), or null. */
export function errorCode(error: unknown): string | null {
  return isHttpError(error) ? (error.code ?? null) : null;
}

/** The field errors of a 400 (`{errors: {field: [messages]}}`), as field → first message. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error) || error.status !== 400) return {};
  const body = error.body as { errors?: Record<string, unknown> } | null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body?.errors ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
    else if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') out[key] = first.message;
  }
  return out;
}
