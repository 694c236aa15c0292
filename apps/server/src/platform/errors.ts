import type { FieldReason } from '@faena/contracts/common';

/**
 * One error type for the whole server. A code maps to an HTTP status in one place; handlers
 * throw, the error handler answers `{code, detail}`.
 */
const STATUS_BY_CODE = {
  'bad-request': 400,
  'validation-error': 400,
  'invalid-json': 400,
  'invalid-expression': 400,
  'fetch-target-refused': 400,
  'fetch-failed': 400,
  'file-too-small': 400,
  'upload-length-mismatch': 400,
  'not-signed-in': 401,
  'invalid-credential': 401,
  'invalid-token': 401,
  'permission-denied': 403,
  'not-member': 403,
  'user-disabled': 403,
  'tenant-mismatch': 403,
  'operation-not-allowed': 403,
  'invalid-link': 403,
  'link-expired': 403,
  tenant_not_found: 404,
  'not-found': 404,
  /** A route of a module the tenant has disabled (disabled_modules): for that tenant it does not exist. */
  'module-disabled': 404,
  'method-not-allowed': 405,
  conflict: 409,
  /** A form saved from a version that is no longer the latest (its `current_version` beside). */
  'form-version-conflict': 409,
  'upload-incomplete': 409,
  /** The same Idempotency-Key while its first request still runs (decision 031). */
  'idempotency-in-progress': 409,
  /** A file retention already deleted (an expired export). */
  expired: 410,
  'email-already-in-use': 400,
  'expired-action-code': 400,
  'payload-too-large': 413,
  'file-too-large': 413,
  'upload-exceeds-length': 413,
  'unsupported-media-type': 415,
  /** An Idempotency-Key sent again with another route or body (decision 031). */
  'idempotency-key-reused': 422,
  'unsupported-file-type': 415,
  'range-not-satisfiable': 416,
  'too-many-requests': 429,
  'too-many-uploads': 429,
  'internal-error': 500,
  'service-unavailable': 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly extra: Record<string, unknown> | undefined;
  /** Seconds after which a refused request (429, 503) may be tried again: the Retry-After header. */
  retryAfter: number | undefined;
  constructor(code: ErrorCode, detail?: string, extra?: Record<string, unknown>) {
    super(detail ?? code);
    this.code = code;
    this.detail = detail;
    this.extra = extra;
    this.status = STATUS_BY_CODE[code];
  }
}

/**
 * One field error that a client can put in its own words: a stable `reason` beside the English
 * text (decision 016). Spec texts ('Invalid RUT', 'Email already in use') need none: every
 * language shows them as they are.
 */
export interface FieldProblem {
  reason: FieldReason;
  message: string;
}
export const problem = (reason: FieldReason, message: string): FieldProblem => ({ reason, message });
/** Field errors being gathered: each field's texts, plain or with a reason. */
export type FieldMessages = Record<string, (string | FieldProblem)[]>;

/**
 * Field validation error in the `{errors: {field: [msg]}}` shape (ARCHITECTURE §4), with
 * `reasons: {field: reason}` for the fields whose messages carry one (the first such message's).
 */
export class FieldErrors extends Error {
  override name = 'FieldErrors';
  readonly status = 400;
  readonly errors: Record<string, string[]>;
  readonly reasons: Record<string, FieldReason>;
  constructor(errors: FieldMessages) {
    super('validation error');
    this.errors = {};
    this.reasons = {};
    for (const [field, messages] of Object.entries(errors)) {
      this.errors[field] = messages.map((entry) => (typeof entry === 'string' ? entry : entry.message));
      const reasoned = messages.find((entry) => typeof entry !== 'string');
      if (reasoned) this.reasons[field] = reasoned.reason;
    }
  }
}

/** An answer whose body a contract fixes (e.g. the forms' `non_field_errors`), sent as it is. */
export class BodyError extends Error {
  override name = 'BodyError';
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(`error body ${status}`);
    this.status = status;
    this.body = body;
  }
}

export const notFound = (what = 'Not found.') => new AppError('not-found', what);

/** Turns "no row" into a 404 in one line. */
export function found<T>(value: T | null | undefined, what?: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
