import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';

/** An i18n key with its values, or a server text as it came. */
export type Problem = { key: string; values?: Record<string, unknown> } | { text: string };

/** A failed write: a 400's field errors by field, everything else as one general problem. */
export function writeProblems(error: unknown): { fields: Record<string, Problem>; general: Problem | null } {
  const errors = fieldErrorsOf(error);
  if (errors) {
    const fields: Record<string, Problem> = {};
    for (const [path, fieldError] of Object.entries(errors)) {
      // the one reason the data-source service gives (decision 016): a key another row holds
      fields[path.split('.')[0] ?? path] = fieldError.reason === 'in-use' ? { key: 'dataSources.serverErrors.keyInUse' } : { text: fieldError.texts[0] ?? '' };
    }
    return { fields, general: null };
  }
  return { fields: {}, general: generalProblem(error) };
}

/** One message for a request that failed other than by field validation. */
export function generalProblem(error: unknown): Problem {
  if (!isHttpError(error)) return { key: 'dataSources.errors.network' };
  if (error.status === 403) return { key: 'dataSources.errors.forbidden' };
  if (error.status === 404) return { key: 'dataSources.errors.notFound' };
  if (error.status === 400) return { key: 'dataSources.errors.invalid' };
  return { key: 'dataSources.errors.generic' };
}
