/** The PostgreSQL error code of an error or of one of its causes (drivers and Drizzle wrap them). */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused the write (two requests racing for one e-mail, code, ...). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/** The name of the constraint or index behind a unique violation, when the driver tells. */
export function violatedConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
