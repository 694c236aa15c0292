import { isHttpError } from '../../../shared/api/http-error.ts';

/** An i18n key with its values, or a server text as it came. */
export type Problem = { key: string; values?: Record<string, unknown> } | { text: string };

/** The texts the data-source service answers with (decision 008), in our words and languages. */
const KNOWN_TEXTS: Record<string, string> = {
  'Key already in use': 'dataSources.serverErrors.keyInUse',
};

/** A failed write: a 400's field errors by field, everything else as one general problem. */
export function writeProblems(error: unknown): { fields: Record<string, Problem>; general: Problem | null } {
  if (isHttpError(error) && error.status === 400 && typeof error.body === 'object' && error.body !== null && 'errors' in error.body) {
    const errors = (error.body as { errors: Record<string, unknown> }).errors;
    const fields: Record<string, Problem> = {};
    for (const [path, texts] of Object.entries(errors ?? {})) {
      const text = String(Array.isArray(texts) ? texts[0] : texts);
      fields[path.split('.')[0] ?? path] = KNOWN_TEXTS[text] ? { key: KNOWN_TEXTS[text] } : { text };
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
