import type { FieldReason } from '@faena/contracts/common';
import { fieldErrorsOf, type FieldError } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import type { FieldProblem } from './form-model.ts';

/** The reasons the catalogue service gives (decision 016), in our words and languages. */
const BY_REASON: Partial<Record<FieldReason, string>> = {
  'in-use': 'catalogs.serverErrors.codeInUse',
  'unknown-reference': 'catalogs.serverErrors.unknownReference',
  cycle: 'catalogs.serverErrors.parentCycle',
  'invalid-country': 'catalogs.serverErrors.country',
  'invalid-timezone': 'catalogs.serverErrors.timezone',
  'too-large': 'catalogs.serverErrors.extraDataTooLarge',
};

function problemOf(error: FieldError): FieldProblem {
  const key = error.reason ? BY_REASON[error.reason] : undefined;
  return key ? { key } : { text: error.texts[0] ?? '' };
}

export interface ServerProblems {
  /** Errors that belong to a field of the form. */
  fields: Record<string, FieldProblem>;
  /** What belongs to no field (shown above the buttons). */
  general: FieldProblem[];
}

/**
 * A failed save, as the form shows it: a 400 `{errors: {field: [text]}}` lands on its fields
 * (`extra_data.x` on `extra_data`), everything else is one general message by HTTP status and code.
 */
export function serverProblems(error: unknown, fieldNames: readonly string[]): ServerProblems {
  const fields: Record<string, FieldProblem> = {};
  const general: FieldProblem[] = [];
  const errors = fieldErrorsOf(error);
  if (errors) {
    for (const [path, fieldError] of Object.entries(errors)) {
      const field = path.split('.')[0] ?? path;
      const problem = problemOf(fieldError);
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
