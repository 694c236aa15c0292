export const INVALID_EMAIL_MESSAGE = 'Invalid email';

// Pragmatic address check: one @, a dotted domain, no spaces. RFC 5322 is far wider than what
// people type; the mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
