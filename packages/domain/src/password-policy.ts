/** Password policy (spec shell §5): minimum length 6 by default; optional maximum and classes. */
export interface PasswordPolicy {
  minLength: number;
  maxLength?: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumeric?: boolean;
  requireNonAlphanumeric?: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 6 };

/**
 * The least Faena's own identity service accepts (OWASP ASVS): a tenant's policy may ask for more,
 * never less. Clients still read 6 as the default when a provider says nothing (spec §5).
 */
export const SERVER_MIN_PASSWORD_LENGTH = 8;

export type PasswordProblem =
  | 'required'
  | 'too-short'
  | 'too-long'
  | 'missing-lowercase'
  | 'missing-uppercase'
  | 'missing-numeric'
  | 'missing-non-alphanumeric'
  /** One of the common or breached passwords the server refuses (it alone holds the list). */
  | 'common';

export const PASSWORD_REQUIRED_MESSAGE = 'You must enter a password';

export function checkPassword(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < policy.minLength) problems.push('too-short');
  if (policy.maxLength !== undefined && length > policy.maxLength) problems.push('too-long');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push('missing-lowercase');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('missing-uppercase');
  if (policy.requireNumeric && !/\d/.test(password)) problems.push('missing-numeric');
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) problems.push('missing-non-alphanumeric');
  return problems;
}
