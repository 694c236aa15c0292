import type { TFunction } from 'i18next';
import type { FieldReason } from '@faena/contracts/common';
import { INVALID_DOCUMENT_MESSAGE, INVALID_PHONE_MESSAGE } from '@faena/domain/identity-documents';
import { fieldErrorsOf, type FieldError } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';

/**
 * The shared domain checks' own texts (the form runs them before saving, the server again) by the
 * i18n key that says them in the user's language. The spec's texts ('Invalid RUT', 'Invalid
 * email', 'Email already in use', 'This field is required') are shown as they are in every
 * language (API.md §Web), and so is anything not listed here.
 */
const CHECK_TEXTS: Record<string, string> = {
  [INVALID_DOCUMENT_MESSAGE]: 'people.messages.invalidDocument',
  [INVALID_PHONE_MESSAGE]: 'people.messages.invalidPhone',
};

/** The reasons the people service gives beside a field's text (decision 016). */
const BY_REASON: Partial<Record<FieldReason, string>> = {
  'in-use': 'people.messages.documentInUse',
  'unknown-file': 'people.messages.unknownFile',
  'not-an-image': 'people.messages.photoType',
  'no-email': 'people.messages.noEmailToInvite',
  'unknown-reference': 'people.messages.unknownReference',
  'module-disabled': 'people.messages.moduleDisabled',
};

/** One check text, in the user's language when it is one of ours. */
export function checkMessage(t: TFunction, message: string): string {
  const key = CHECK_TEXTS[message];
  return key ? t(key) : message;
}

/** What the server said of one field, in the user's language: by its reason, else its texts. */
export function serverFieldMessage(t: TFunction, error: FieldError): string {
  const key = error.reason ? BY_REASON[error.reason] : undefined;
  return key ? t(key) : error.texts.map((text) => checkMessage(t, text)).join(' ');
}

/** Why an action on a person was refused, naming them; `fallback` for anything else (a network error included). */
export function refusalText(t: TFunction, error: unknown, name: string, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const reason = error.reason;
  if (reason === 'has-account') return t('people.messages.alreadyHasAccount', { name });
  if (reason === 'disabled' || error.code === 'user-disabled') return t('people.messages.isDisabled', { name });
  if (reason === 'no-account') return t('people.messages.noAccount', { name });
  if (reason === 'self') return t('people.messages.notYourself');
  if (reason === 'disable-self') return t('people.messages.cannotDisableSelf');
  if (reason === 'beyond-own') return t('people.messages.permissionsBeyondOwn');
  if (reason === 'impersonating') return t('people.messages.stopImpersonatingFirst');
  const first = Object.values(fieldErrorsOf(error) ?? {})[0];
  return first ? serverFieldMessage(t, first) : fallback;
}
