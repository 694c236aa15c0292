import type { TFunction } from 'i18next';
import { REPORT_MAIL_MAX_RECIPIENTS, REPORT_MAIL_MESSAGE_MAX } from '@faena/contracts/checklists';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';

/** Where the report-mail form shows a refusal: under the people, under the addresses, or above the buttons. */
export interface ReportMailErrors {
  people?: string | undefined;
  emails?: string | undefined;
  form?: string | undefined;
}

/**
 * A refusal of POST /executions/{id}/report-mail/ in the reader's words (report-mail.service.ts):
 * each code and field reason the route answers has its own text, with the name or address it is
 * about taken from what was sent; the server's (English) text only for what is not known here.
 */
export function reportMailErrors(error: unknown, t: TFunction, sent: { people: readonly { passport: string; name: string }[]; emails: readonly string[] }): ReportMailErrors {
  const fields = fieldErrorsOf(error);
  if (fields) {
    const out: { people: string[]; emails: string[]; form: string[] } = { people: [], emails: [], form: [] };
    for (const [path, { texts, reason }] of Object.entries(fields)) {
      const [field, index] = path.split('.');
      const at = index === undefined ? -1 : Number(index);
      if (field === 'people') {
        const person = sent.people[at];
        const name = person?.name || person?.passport || '';
        if (at < 0) out.people.push(t('checklists.mail.tooMany', { max: REPORT_MAIL_MAX_RECIPIENTS }));
        else if (reason === 'unknown-reference') out.people.push(t('checklists.mail.errors.unknownPerson', { name }));
        else if (reason === 'no-email') out.people.push(t('checklists.mail.errors.noEmail', { name }));
        else out.people.push(...texts);
      } else if (field === 'emails') {
        out.emails.push(at < 0 ? t('checklists.mail.tooMany', { max: REPORT_MAIL_MAX_RECIPIENTS }) : t('checklists.mail.invalidEmail', { email: sent.emails[at] ?? '' }));
      } else if (field === 'message') out.form.push(t('checklists.mail.errors.messageTooLong', { max: REPORT_MAIL_MESSAGE_MAX }));
      else out.form.push(...texts);
    }
    const joined = (texts: string[]) => (texts.length > 0 ? [...new Set(texts)].join(' ') : undefined);
    return { people: joined(out.people), emails: joined(out.emails), form: joined(out.form) };
  }
  if (!isHttpError(error)) return { form: t('checklists.mail.failed') };
  if (error.status === 429 || error.code === 'too-many-requests') return { form: t('checklists.mail.limited') };
  switch (error.code) {
    case 'recipients-required':
      return { form: t('checklists.mail.required') };
    case 'too-many-recipients':
      return { form: t('checklists.mail.tooMany', { max: REPORT_MAIL_MAX_RECIPIENTS }) };
    case 'not-submitted':
      return { form: t('checklists.mail.errors.notSubmitted') };
    case 'not-found':
      return { form: t('checklists.executions.notFound') };
    case 'permission-denied':
      return { form: t('checklists.mail.errors.forbidden') };
    case 'service-unavailable':
      return { form: t('checklists.mail.errors.unavailable') };
    default:
      return { form: error.detail ?? t('checklists.mail.failed') };
  }
}
