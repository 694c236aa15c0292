import { buffer as readAll } from 'node:stream/consumers';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { REPORT_MAIL_MAX_RECIPIENTS, type TReportMailSent, type ZReportMailRequest } from '@faena/contracts/checklists';
import type { z } from 'zod';
import { AppError, BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { checklistReportMails } from './checklists.table.ts';
import { executionNotFound, findExecution } from './executions.service.ts';
import { renderExecutionReport } from './report.service.ts';

type ReportMailRequest = z.output<typeof ZReportMailRequest>;

/** How many report e-mails one person may send in REPORT_MAIL_WINDOW_SECONDS (each to up to 10 addresses). */
export const REPORT_MAILS_PER_WINDOW = 10;
export const REPORT_MAIL_WINDOW_SECONDS = 3600;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

function tooMany(retryAfter: number): AppError {
  const error = new AppError('too-many-requests', `At most ${REPORT_MAILS_PER_WINDOW} reports by e-mail per hour: try again later.`, { retry_after: retryAfter });
  error.retryAfter = retryAfter;
  return error;
}

/**
 * Sends one execution's PDF report by e-mail (issue 43 point 3): to people of the directory (their
 * e-mail) and typed addresses, at most 10 together, with an optional message; one message per
 * recipient (no one sees the others' addresses) through the mailer, the PDF attached. Who may see
 * the execution may send it (their own; MANAGE any), only once submitted, at most
 * REPORT_MAILS_PER_WINDOW sends per person per hour (429 with Retry-After). Checked and recorded
 * (with the audit row) before anything is sent; an unknown person or one with no e-mail is a field
 * error and nothing is sent.
 */
export async function mailExecutionReport(ctx: Ctx, id: string, input: ReportMailRequest): Promise<TReportMailSent> {
  const signed = signedIn(ctx);
  const tenantId = ctx.tenant.id;
  const personId = signed.caller.personId;
  const record = await ctx.tx(
    async (tx) => {
      const row = await findExecution(tx, tenantId, id);
      if (!row || (row.executedByPersonId !== personId && !signed.caller.permissions.has('MANAGE_CHECKLISTS'))) throw executionNotFound();
      if (row.status !== 'submitted') throw new BodyError(409, { code: 'not-submitted', detail: 'Only a submitted execution has a report to send.' });

      const errors: FieldMessages = {};
      const addresses = new Map<string, string>();
      for (const [index, passport] of input.people.entries()) {
        const person = await findPersonByPassport(tx, tenantId, passport);
        if (!person) (errors[`people.${index}`] ??= []).push(problem('unknown-reference', `Unknown person: ${passport}`));
        else if (!person.primaryEmail) (errors[`people.${index}`] ??= []).push(problem('no-email', `${person.name} has no e-mail address.`));
        else addresses.set(person.primaryEmail.toLowerCase(), person.primaryEmail);
      }
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      for (const email of input.emails) if (!addresses.has(email.toLowerCase())) addresses.set(email.toLowerCase(), email);
      if (addresses.size === 0) throw new BodyError(400, { code: 'recipients-required', detail: 'Choose at least one person or type an address.' });
      if (addresses.size > REPORT_MAIL_MAX_RECIPIENTS)
        throw new BodyError(400, { code: 'too-many-recipients', detail: `At most ${REPORT_MAIL_MAX_RECIPIENTS} recipients.`, max: REPORT_MAIL_MAX_RECIPIENTS });

      // one send of a person at a time: two racing requests cannot both see room under the limit
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`checklist_report_mails:${tenantId}:${personId}`}))`);
      const since = new Date(Date.now() - REPORT_MAIL_WINDOW_SECONDS * 1000);
      const [sent] = await tx
        .select({ n: count(), oldest: min(checklistReportMails.createdAt) })
        .from(checklistReportMails)
        .where(and(eq(checklistReportMails.tenantId, tenantId), eq(checklistReportMails.sentByPersonId, personId), gt(checklistReportMails.createdAt, since)));
      if ((sent?.n ?? 0) >= REPORT_MAILS_PER_WINDOW) {
        const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : Date.now();
        throw tooMany(Math.max(1, Math.ceil((oldest + REPORT_MAIL_WINDOW_SECONDS * 1000 - Date.now()) / 1000)));
      }
      const [created] = await tx
        .insert(checklistReportMails)
        .values({ tenantId, executionId: row.id, sentByPersonId: personId, recipients: [...addresses.values()], message: input.message || null })
        .returning();
      const sender = (await personSummaries(tx, tenantId, [personId])).get(personId)?.name ?? '';
      return { ...created!, sender };
    },
    { audit: 'checklists.report.mail', subject: () => id, details: (created) => ({ recipients: created.recipients, report_mail: created.id }) },
  );

  const { execution, pdf, name } = await renderExecutionReport(ctx, id, { submittedOnly: true });
  const content = await readAll(pdf);
  const when = new Intl.DateTimeFormat('es-CL', { timeZone: ctx.tenant.timezone, dateStyle: 'long', timeStyle: 'short' }).format(new Date(execution.submitted_at ?? execution.started_at));
  const checklist = oneLine(execution.checklist.name);
  const result = execution.score === null ? '' : ` Puntaje: ${execution.score} %${execution.result ? ` (${execution.result})` : ''}.`;
  const text = [
    ...(record.message ? [record.message, ''] : []),
    `${record.sender || 'Alguien'} te envía el informe del checklist «${checklist}»${execution.venue ? ` en ${oneLine(execution.venue.name)}` : ''}, ejecutado por ${execution.executed_by?.name ?? '—'} el ${when}.${result}`,
    '',
    `El informe va adjunto en PDF (${name}).`,
  ].join('\n');
  const outboxIds: string[] = [];
  let delivered = 0;
  for (const to of record.recipients) {
    const message = await ctx.platform.mailer.send(tenantId, {
      to,
      subject: `Informe de checklist: ${checklist}`,
      text,
      attachments: [{ filename: name, contentType: 'application/pdf', content }],
    });
    outboxIds.push(message.id);
    if (message.delivered) delivered += 1;
  }
  await ctx.tx((tx) =>
    tx
      .update(checklistReportMails)
      .set({ outboxIds })
      .where(and(eq(checklistReportMails.tenantId, tenantId), eq(checklistReportMails.id, record.id))),
  );
  if (ctx.platform.mailer.transportName === 'smtp' && delivered === 0) throw new AppError('service-unavailable', 'The e-mail could not be sent: try again later.');
  return { id: record.id, recipients: record.recipients, file_name: name, sent_at: record.createdAt.toISOString(), delivery: ctx.platform.mailer.transportName };
}
