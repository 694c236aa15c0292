import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TChartQuery, TPublicLink, TPublicReport } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError, FieldErrors } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { chartOf } from './reports.service.ts';
import { reportPublicLinks, reportPublicReads, reports } from './reports.table.ts';

/** Signed-out reads allowed per address and minute, per tenant. */
export const PUBLIC_READS_PER_MINUTE = 60;
const PUBLIC_ID = /^[A-Za-z0-9_-]{22,64}$/;

type LinkRow = typeof reportPublicLinks.$inferSelect;

const linkState = (row: Pick<LinkRow, 'revokedAt' | 'expiresAt'>, now: Date): TPublicLink['state'] => (row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active');
const linkView = (row: LinkRow, now: Date): TPublicLink => ({
  id: row.id,
  public_id: row.publicId,
  path: `/reports/${row.publicId}`,
  expires_at: row.expiresAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  state: linkState(row, now),
});

const reportNotFound = () => new AppError('not-found', 'Report not found.');

async function builtinReport(tx: Drizzle, tenantId: string, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select({ id: reports.id, kind: reports.kind })
        .from(reports)
        .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)))
    : [];
  if (!row) throw reportNotFound();
  // an embedded dashboard's token is minted per signed-in viewer: it has no public link
  if (row.kind !== 'builtin') throw new AppError('conflict', 'Only built-in charts can have a public link.', { reason: 'not-builtin' });
  return row;
}

export async function listLinks(ctx: Ctx, reportId: string): Promise<{ results: TPublicLink[] }> {
  const now = new Date();
  return ctx.tx(async (tx) => {
    if (
      !isUuid(reportId) ||
      (
        await tx
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, reportId)))
      ).length === 0
    )
      throw reportNotFound();
    const rows = await tx
      .select()
      .from(reportPublicLinks)
      .where(and(eq(reportPublicLinks.tenantId, ctx.tenant.id), eq(reportPublicLinks.reportId, reportId)))
      .orderBy(desc(reportPublicLinks.createdAt));
    return { results: rows.map((row) => linkView(row, now)) };
  });
}

export async function createLink(ctx: Ctx, reportId: string, input: { expires_at: string | null }): Promise<TPublicLink> {
  const signed = signedIn(ctx);
  const now = new Date();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) throw new FieldErrors({ expires_at: ['The expiry must be in the future.'] });
  return ctx.tx(
    async (tx) => {
      await builtinReport(tx, ctx.tenant.id, reportId);
      const [row] = await tx
        .insert(reportPublicLinks)
        .values({ tenantId: ctx.tenant.id, reportId, publicId: randomBytes(18).toString('base64url'), expiresAt, createdByPersonId: signed.caller.personId })
        .returning();
      return linkView(row!, now);
    },
    { audit: 'reports.link.create', subject: reportId },
  );
}

/** Revoking is for good: the address answers 410 report-link-revoked from then on. */
export async function revokeLink(ctx: Ctx, reportId: string, linkId: string): Promise<TPublicLink> {
  const now = new Date();
  if (!isUuid(reportId) || !isUuid(linkId)) throw new AppError('not-found', 'Link not found.');
  return ctx.tx(
    async (tx) => {
      const [row] = await tx
        .update(reportPublicLinks)
        .set({ revokedAt: sql`coalesce(${reportPublicLinks.revokedAt}, now())` })
        .where(and(eq(reportPublicLinks.tenantId, ctx.tenant.id), eq(reportPublicLinks.reportId, reportId), eq(reportPublicLinks.id, linkId)))
        .returning();
      if (!row) throw new AppError('not-found', 'Link not found.');
      return linkView(row, now);
    },
    { audit: 'reports.link.revoke', subject: reportId },
  );
}

/**
 * A public report, read signed out: its chart and title only. Each read counts against its
 * address (hashed): more than PUBLIC_READS_PER_MINUTE a minute → 429. A revoked or expired link →
 * 410 with its own code, and no data.
 */
export async function readPublic(ctx: Ctx, publicId: string, address: string, query: TChartQuery): Promise<TPublicReport> {
  const now = new Date();
  const addressHash = createHash('sha256').update(`${ctx.tenant.id}:${address}`).digest('hex');
  // counted in a transaction of its own: a refused or failed read (a guessed address) counts too
  await ctx.tx(async (tx) => {
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reportPublicReads)
      .where(and(eq(reportPublicReads.tenantId, ctx.tenant.id), eq(reportPublicReads.addressHash, addressHash), gte(reportPublicReads.at, new Date(now.getTime() - 60_000))));
    if (Number(recent?.n ?? 0) >= PUBLIC_READS_PER_MINUTE) {
      const error = new AppError('too-many-requests', 'Too many reads of public reports from this address: try again in a minute.');
      error.retryAfter = 60;
      throw error;
    }
    await tx.insert(reportPublicReads).values({ tenantId: ctx.tenant.id, addressHash });
    // old counts are of no use: trimmed as reads come
    await tx
      .delete(reportPublicReads)
      .where(and(eq(reportPublicReads.tenantId, ctx.tenant.id), eq(reportPublicReads.addressHash, addressHash), lt(reportPublicReads.at, new Date(now.getTime() - 120_000))));
  });
  return ctx.tx(async (tx) => {
    const [link] = PUBLIC_ID.test(publicId)
      ? await tx
          .select()
          .from(reportPublicLinks)
          .where(and(eq(reportPublicLinks.tenantId, ctx.tenant.id), eq(reportPublicLinks.publicId, publicId)))
      : [];
    if (!link) throw new AppError('not-found', 'This public report does not exist.');
    const state = linkState(link, now);
    if (state === 'revoked') throw new BodyError(410, { code: 'report-link-revoked', detail: 'This public link was revoked.' });
    if (state === 'expired') throw new BodyError(410, { code: 'report-link-expired', detail: 'This public link has expired.' });
    const [row] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, link.reportId)));
    if (!row || row.kind !== 'builtin') throw new AppError('not-found', 'This public report does not exist.');
    // a viewer may change the days and the grouping, never the report
    return { title: row.title, description: row.description, organization: ctx.tenant.name, chart: await chartOf(tx, ctx.tenant.id, row, query, now.getTime()) };
  });
}
