import type { TFunction } from 'i18next';
import type { PasswordPolicy, PasswordProblem } from '@faena/domain/password-policy';

/** Spec §5 password policy problems in words ('You must enter a password' verbatim). */
export function passwordProblemText(problem: PasswordProblem, policy: PasswordPolicy, t: TFunction): string {
  switch (problem) {
    case 'required':
      return t('validation.passwordRequired');
    case 'too-short':
      return t('validation.passwordTooShort', { count: policy.minLength });
    case 'too-long':
      return t('validation.passwordTooLong', { count: policy.maxLength ?? 0 });
    case 'missing-lowercase':
      return t('validation.passwordLowercase');
    case 'missing-uppercase':
      return t('validation.passwordUppercase');
    case 'missing-numeric':
      return t('validation.passwordNumeric');
    case 'missing-non-alphanumeric':
      return t('validation.passwordSymbol');
    case 'common':
      return t('validation.passwordCommon');
  }
}
