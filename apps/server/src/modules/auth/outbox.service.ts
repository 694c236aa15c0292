import { desc, eq, sql } from 'drizzle-orm';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { mailOutbox } from '../../platform/mail/outbox.table.ts';

export const REDACTED = '[oculto: contiene un código de acceso]';

/**
 * The tenant's sent e-mail, newest first. A message carrying a sign-in secret is shown only
 * when the outbox is its delivery (no SMTP) and the reader is internal staff: otherwise an
 * administrator could request a code for someone else and sign in as them.
 */
export async function readOutbox(ctx: Ctx, query: { page: number; page_size: number }) {
  const { caller } = signedIn(ctx);
  const rows = await ctx.tx((tx) =>
    tx
      .select({ row: mailOutbox, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(mailOutbox)
      .where(eq(mailOutbox.tenantId, ctx.tenant.id))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  );
  return {
    count: rows[0]?.total ?? 0,
    results: rows.map(({ row }) => {
      const hidden = row.isSensitive && !(row.transport === 'outbox' && caller.isStaff);
      return {
        id: row.id,
        recipient: row.recipient,
        subject: hidden ? REDACTED : row.subject,
        text: hidden ? REDACTED : row.text,
        transport: row.transport,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
        error: row.error,
      };
    }),
  };
}
