import { isHttpError } from '../../../shared/api/http-error.ts';

/** `{errors: {field: [msg]}}` of a 400, or null. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!isHttpError(error) || error.status !== 400) return null;
  const body = error.body as { errors?: unknown } | null;
  if (!body || typeof body.errors !== 'object' || body.errors === null) return null;
  return body.errors as Record<string, string[]>;
}

/** The permission keys a 403 `permission-denied` says the caller lacks (decision 008: the privilege ceiling), or null. */
export function missingPermissionsOf(error: unknown): string[] | null {
  if (!isHttpError(error) || error.status !== 403 || error.code !== 'permission-denied') return null;
  const required = (error.body as { required?: unknown } | null)?.required;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}
