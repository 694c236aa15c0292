import { isHttpError } from '../../../shared/api/http-error.ts';

/** The permission keys a 403 `permission-denied` says the caller lacks (decision 008: the privilege ceiling), or null. */
export function missingPermissionsOf(error: unknown): string[] | null {
  if (!isHttpError(error) || error.status !== 403 || error.code !== 'permission-denied') return null;
  const required = (error.body as { required?: unknown } | null)?.required;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}
