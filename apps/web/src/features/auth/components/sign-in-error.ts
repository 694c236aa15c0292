import type { TFunction } from 'i18next';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { HttpError, NetworkError } from '../../../shared/api/http-error.ts';

/** Spec §8 mapping of sign-in answers to what the person reads. */
export function signInErrorMessage(error: unknown, t: TFunction, tenantName: string): { title?: string; message: string } {
  if (error instanceof NetworkError) return { message: t('errors.network') };
  if (!(error instanceof HttpError)) return { message: t('auth.errors.generic') };
  switch (error.code) {
    case 'invalid-credential':
    case 'wrong-password':
    case 'user-not-found':
      return { message: t('auth.errors.invalidCredential') };
    case 'not-member':
      return { title: t('auth.errors.notMemberTitle'), message: t('auth.errors.notMember', { x: tenantName }) };
    case 'user-disabled':
      return { message: t('auth.errors.userDisabled') };
    case 'too-many-requests':
      return { message: t('auth.errors.tooManyRequests') };
    case 'operation-not-allowed':
      return { message: t('auth.errors.passwordUnavailable') };
    case 'expired-action-code':
      return { message: t('auth.errors.expiredCode') };
    case 'validation-error':
      // A new password the server refuses as common or breached (only it holds the list).
      return fieldErrorsOf(error)?.password?.reason === 'common-password' ? { message: t('validation.passwordCommon') } : { message: t('auth.errors.generic') };
    default:
      return { message: t('auth.errors.generic') };
  }
}
