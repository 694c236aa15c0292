import type { TFunction } from 'i18next';
import { INVALID_DOCUMENT_MESSAGE, INVALID_PHONE_MESSAGE } from '@faena/domain/identity-documents';
import { isHttpError } from '../../../shared/api/http-error.ts';

/**
 * The texts the person checks answer with — the shared domain checks' and the people service's
 * (decision 008) — by the i18n key that says them in the user's language. The spec's own texts
 * ('Invalid RUT', 'Invalid email', 'Email already in use', 'This field is required') are shown as
 * they are in every language (API.md §Web), and so is anything not listed here.
 */
const KNOWN: Record<string, string> = {
  [INVALID_DOCUMENT_MESSAGE]: 'people.messages.invalidDocument',
  [INVALID_PHONE_MESSAGE]: 'people.messages.invalidPhone',
  'Identity document already in use': 'people.messages.documentInUse',
  'Unknown file.': 'people.messages.unknownFile',
  'The photo must be a PNG, JPEG or GIF image.': 'people.messages.photoType',
  'You can only hand out permissions you hold yourself.': 'people.messages.permissionsBeyondOwn',
  'You cannot disable yourself.': 'people.messages.cannotDisableSelf',
  'The person has no e-mail to invite.': 'people.messages.noEmailToInvite',
};

/** References the service did not find answer "Unknown venue: {id}" and the like. */
const UNKNOWN_REFERENCE = /^Unknown (business line|venue|company|position)\b/;

/** A module the organisation has disabled takes no new values ("The company module is disabled for this organization."). */
const MODULE_DISABLED = /^The [a-z ]+ module is disabled for this organization\.$/;

/** One server or check text, in the user's language when it is one of ours. */
export function personMessage(t: TFunction, message: string): string {
  const key = KNOWN[message] ?? (UNKNOWN_REFERENCE.test(message) ? 'people.messages.unknownReference' : MODULE_DISABLED.test(message) ? 'people.messages.moduleDisabled' : undefined);
  return key ? t(key) : message;
}

const reasonOf = (error: unknown): unknown => (isHttpError(error) && typeof error.body === 'object' && error.body !== null ? (error.body as { reason?: unknown }).reason : undefined);

/** Why an action on a person was refused, naming them; `fallback` for anything else (a network error included). */
export function refusalText(t: TFunction, error: unknown, name: string, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const reason = reasonOf(error);
  if (reason === 'has-account') return t('people.messages.alreadyHasAccount', { name });
  if (reason === 'disabled' || error.code === 'user-disabled') return t('people.messages.isDisabled', { name });
  if (reason === 'no-account') return t('people.messages.noAccount', { name });
  if (reason === 'self') return t('people.messages.notYourself');
  if (reason === 'impersonating') return t('people.messages.stopImpersonatingFirst');
  return error.detail ? personMessage(t, error.detail) : fallback;
}
