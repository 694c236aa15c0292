import { isHttpError } from '../../../shared/api/http-error.ts';
import type { FieldProblem } from './form-model.ts';

/** The texts the catalogue service answers with (decision 008), in our words and languages. */
const KNOWN_TEXTS: Record<string, string> = {
  'Code already in use': 'catalogs.serverErrors.codeInUse',
  'Unknown business line.': 'catalogs.serverErrors.unknownReference',
  'Unknown venue.': 'catalogs.serverErrors.unknownReference',
  'Unknown location.': 'catalogs.serverErrors.unknownReference',
  'Unknown blueprint.': 'catalogs.serverErrors.unknownReference',
  'A location cannot be inside itself or one of its own sub-locations.': 'catalogs.serverErrors.parentCycle',
  'Invalid country code (ISO 3166-1 alpha-2, e.g. CL).': 'catalogs.serverErrors.country',
  'Invalid time zone (IANA, e.g. America/Santiago).': 'catalogs.serverErrors.timezone',
  'Too large (20,000 characters at most).': 'catalogs.serverErrors.extraDataTooLarge',
};

function problemOf(text: string): FieldProblem {
  const key = KNOWN_TEXTS[text] ?? (text.startsWith('Unknown venue category:') ? 'catalogs.serverErrors.unknownReference' : undefined);
  return key ? { key } : { text };
}

export interface ServerProblems {
  /** Errors that belong to a field of the form. */
  fields: Record<string, FieldProblem>;
  /** What belongs to no field (shown above the buttons). */
  general: FieldProblem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A failed save, as the form shows it: a 400 `{errors: {field: [text]}}` lands on its fields
 * (`extra_data.x` on `extra_data`), everything else is one general message by HTTP status and code.
 */
export function serverProblems(error: unknown, fieldNames: readonly string[]): ServerProblems {
  const fields: Record<string, FieldProblem> = {};
  const general: FieldProblem[] = [];
  if (isHttpError(error) && error.status === 400 && isRecord(error.body) && isRecord(error.body.errors)) {
    for (const [path, texts] of Object.entries(error.body.errors)) {
      const list = Array.isArray(texts) ? texts.map(String) : [String(texts)];
      const field = path.split('.')[0] ?? path;
      const problem = problemOf(list[0] ?? '');
      if (fieldNames.includes(field)) fields[field] ??= problem;
      else general.push(problem);
    }
    if (general.length === 0 && Object.keys(fields).length === 0) general.push({ key: 'catalogs.errors.invalid' });
    return { fields, general };
  }
  general.push(generalProblem(error));
  return { fields, general };
}

/** One message for a failed request that is not a field validation. */
export function generalProblem(error: unknown): FieldProblem {
  if (!isHttpError(error)) return { key: 'catalogs.errors.network' };
  if (error.code === 'module-disabled') return { key: 'catalogs.errors.moduleDisabled' };
  if (error.status === 403) return { key: 'catalogs.errors.forbidden' };
  if (error.status === 404) return { key: 'catalogs.errors.notFound' };
  if (error.status === 400) return { key: 'catalogs.errors.invalid' };
  return { key: 'catalogs.errors.generic' };
}
