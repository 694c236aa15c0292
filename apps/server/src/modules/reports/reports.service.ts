import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TBiProvider, TChartData, TChartKind, TChartQuery, TReport, TReportCategory, TReportList, TReportView } from '@faena/contracts';
import type { z } from 'zod';
import type { ZReportUpdate, ZReportWrite } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { audiencePersonsSql, audiencesOfPerson, findAudience } from '../audiences/index.ts';
import { notify } from '../notifications/index.ts';
import { CHARTS, isZone, rangeOf } from './reports.charts.ts';
import { loadConnection, prepareSecretsKey } from './reports.connections.ts';
import { allowedHosts, embedHostNotAllowed, embedTarget, mintEmbed } from './reports.embed.ts';
import { reportCategories, reportRecipients, reports } from './reports.table.ts';

export type ReportRow = typeof reports.$inferSelect;
type ReportWrite = z.output<typeof ZReportWrite>;
type ReportUpdate = z.output<typeof ZReportUpdate>;

/** The durable job that tells a new report's audience about it, once per person. */
export const NOTIFY_QUEUE = 'reports.notify';
export interface NotifyJob {
  tenantId: string;
  reportId: string;
}

const reportNotFound = () => new AppError('not-found', 'Report not found.');
const categoryNotFound = () => new AppError('not-found', 'Report category not found.');
const manages = (ctx: SignedInCtx) => ctx.caller.permissions.has('MANAGE_REPORTS');

// ------------------------------------------------------------------------------ categories

async function categoryRows(tx: Drizzle, tenantId: string): Promise<TReportCategory[]> {
  const rows = await tx
    .select({
      id: reportCategories.id,
      name: reportCategories.name,
      position: reportCategories.position,
      n: sql<number>`(SELECT count(*)::int FROM reports r WHERE r.tenant_id = report_categories.tenant_id AND r.category_id = report_categories.id)`,
    })
    .from(reportCategories)
    .where(eq(reportCategories.tenantId, tenantId))
    .orderBy(asc(reportCategories.position), asc(reportCategories.name));
  return rows.map((row) => ({ id: row.id, name: row.name, position: row.position, report_count: Number(row.n) }));
}

export async function listCategories(ctx: Ctx): Promise<{ results: TReportCategory[] }> {
  return ctx.tx(async (tx) => ({ results: await categoryRows(tx, ctx.tenant.id) }));
}

export async function createCategory(ctx: Ctx, input: { name: string; position?: number | undefined }): Promise<TReportCategory> {
  return ctx.tx(
    async (tx) => {
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${reportCategories.position}), -1)::int` })
        .from(reportCategories)
        .where(eq(reportCategories.tenantId, ctx.tenant.id));
      const [row] = await tx
        .insert(reportCategories)
        .values({ tenantId: ctx.tenant.id, name: input.name, position: input.position ?? Number(last?.max ?? -1) + 1 })
        .returning();
      return { id: row!.id, name: row!.name, position: row!.position, report_count: 0 };
    },
    { audit: 'reports.category.create', subject: (category) => category.id },
  );
}

export async function updateCategory(ctx: Ctx, id: string, input: { name: string; position?: number | undefined }): Promise<TReportCategory> {
  if (!isUuid(id)) throw categoryNotFound();
  return ctx.tx(
    async (tx) => {
      const [row] = await tx
        .update(reportCategories)
        .set({ name: input.name, ...(input.position !== undefined ? { position: input.position } : {}), updatedAt: new Date() })
        .where(and(eq(reportCategories.tenantId, ctx.tenant.id), eq(reportCategories.id, id)))
        .returning();
      if (!row) throw categoryNotFound();
      return (await categoryRows(tx, ctx.tenant.id)).find((c) => c.id === id)!;
    },
    { audit: 'reports.category.update' },
  );
}

/** A category with reports is not deleted (409 in-use): its reports would be lost. */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw categoryNotFound();
  await ctx.tx(
    async (tx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.categoryId, id)));
      if (Number(used?.n ?? 0) > 0) throw new AppError('conflict', 'The category still has reports: move or delete them first.', { reason: 'in-use' });
      const deleted = await tx
        .delete(reportCategories)
        .where(and(eq(reportCategories.tenantId, ctx.tenant.id), eq(reportCategories.id, id)))
        .returning({ id: reportCategories.id });
      if (deleted.length === 0) throw categoryNotFound();
    },
    { audit: 'reports.category.delete' },
  );
}

/** The categories in the given order (ids not given keep their order after them). */
export async function orderCategories(ctx: Ctx, ids: readonly string[]): Promise<{ results: TReportCategory[] }> {
  return ctx.tx(
    async (tx) => {
      const current = await categoryRows(tx, ctx.tenant.id);
      const known = new Set(current.map((c) => c.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new FieldErrors({ ids: [problem('unknown-reference', `Unknown categories: ${unknown.join(', ')}`)] });
      const ordered = [...new Set(ids), ...current.map((c) => c.id).filter((id) => !ids.includes(id))];
      for (const [position, id] of ordered.entries()) {
        await tx
          .update(reportCategories)
          .set({ position, updatedAt: new Date() })
          .where(and(eq(reportCategories.tenantId, ctx.tenant.id), eq(reportCategories.id, id)));
      }
      return { results: await categoryRows(tx, ctx.tenant.id) };
    },
    { audit: 'reports.category.order' },
  );
}

// ------------------------------------------------------------------------------ reports

export function chartKinds(): { results: TChartKind[] } {
  return { results: [...CHARTS.values()].map((spec) => ({ key: spec.key, groupings: [...spec.groupings], default_grouping: spec.defaultGrouping })) };
}

async function toReports(tx: Drizzle, tenantId: string, rows: readonly ReportRow[]): Promise<TReport[]> {
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const categories =
    categoryIds.length > 0
      ? await tx
          .select({ id: reportCategories.id, name: reportCategories.name })
          .from(reportCategories)
          .where(and(eq(reportCategories.tenantId, tenantId), inArray(reportCategories.id, categoryIds)))
      : [];
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const audiences = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.audienceId).filter((v): v is string => v !== null))) {
    const audience = await findAudience(tx, tenantId, id);
    if (audience) audiences.set(id, audience.name);
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    category: { id: row.categoryId, name: categoryNames.get(row.categoryId) ?? '' },
    kind: row.kind,
    chart: row.chart,
    params: row.params,
    embed: row.embed,
    audience: row.audienceId ? { id: row.audienceId, name: audiences.get(row.audienceId) ?? '' } : null,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** What a member may see: reports for everyone or for one of their audiences; MANAGE_REPORTS sees all. */
async function visibility(tx: Drizzle, ctx: SignedInCtx): Promise<SQL | undefined> {
  if (manages(ctx)) return undefined;
  const mine = (await audiencesOfPerson(tx, ctx.tenant.id, ctx.caller.personId)).map((a) => a.id);
  return mine.length > 0 ? or(isNull(reports.audienceId), inArray(reports.audienceId, mine)) : isNull(reports.audienceId);
}

export async function listReports(ctx: Ctx, query: { category?: string | undefined }): Promise<TReportList> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const conditions: (SQL | undefined)[] = [eq(reports.tenantId, ctx.tenant.id), await visibility(tx, signed)];
    if (query.category) conditions.push(isUuid(query.category) ? eq(reports.categoryId, query.category) : sql`false`);
    const rows = await tx
      .select()
      .from(reports)
      .where(and(...conditions))
      .orderBy(asc(reports.position), asc(reports.title))
      .limit(1000);
    const results = await toReports(tx, ctx.tenant.id, rows);
    const categories = await categoryRows(tx, ctx.tenant.id);
    // a member sees the categories that hold a report of theirs; a manager every one
    const shown = manages(signed) ? categories : categories.filter((c) => results.some((r) => r.category.id === c.id));
    return { categories: shown.map((c) => ({ ...c, report_count: results.filter((r) => r.category.id === c.id).length })), results };
  });
}

async function findVisible(tx: Drizzle, ctx: SignedInCtx, id: string): Promise<ReportRow> {
  if (!isUuid(id)) throw reportNotFound();
  const [row] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, id), await visibility(tx, ctx)));
  if (!row) throw reportNotFound();
  return row;
}

export async function getReport(ctx: Ctx, id: string): Promise<TReport> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => (await toReports(tx, ctx.tenant.id, [await findVisible(tx, signed, id)]))[0]!);
}

interface Content {
  title: string;
  description: string;
  categoryId: string;
  kind: ReportRow['kind'];
  chart: string | null;
  params: ReportRow['params'];
  embed: ReportRow['embed'];
  audienceId: string | null;
}

/** Checks a report's references and kind against the tenant's data; every problem at once, nothing written. */
async function checkContent(tx: Drizzle, tenantId: string, content: Content): Promise<void> {
  const errors: FieldMessages = {};
  if (
    !isUuid(content.categoryId) ||
    (
      await tx
        .select({ id: reportCategories.id })
        .from(reportCategories)
        .where(and(eq(reportCategories.tenantId, tenantId), eq(reportCategories.id, content.categoryId)))
    ).length === 0
  ) {
    errors.category_id = [problem('unknown-reference', 'Unknown category.')];
  }
  if (content.audienceId !== null && (!isUuid(content.audienceId) || !(await findAudience(tx, tenantId, content.audienceId)))) {
    errors.audience_id = [problem('unknown-reference', 'Unknown audience.')];
  }
  if (content.kind === 'builtin') {
    const spec = content.chart ? CHARTS.get(content.chart) : undefined;
    if (!spec) errors.chart = [`Choose one of the built-in charts: ${[...CHARTS.keys()].join(', ')}.`];
    else if (!spec.groupings.includes(content.params.grouping)) errors['params.grouping'] = [`This chart groups by ${spec.groupings.join(', ')}.`];
  } else if (!content.embed) {
    errors.embed = ['An embedded dashboard needs its address.'];
  } else if (!embedTarget(content.kind, content.embed)) {
    errors.embed = [
      content.kind === 'powerbi'
        ? 'A Power BI report address with reportId and groupId, and its dataset id as resource_id.'
        : content.kind === 'superset'
          ? 'The embedded dashboard id (resource_id) from Superset’s embed settings.'
          : content.kind === 'tableau'
            ? 'A Tableau view address (…/views/…).'
            : 'A Metabase dashboard or question address (…/dashboard/12).',
    ];
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  // after the fields: the host must be one of the tenant's configured tools (400 embed-host-not-allowed)
  if (content.kind !== 'builtin' && content.embed) {
    const connection = await loadConnection(tx, tenantId, content.kind, null);
    const host = new URL(content.embed.url).host.toLowerCase();
    if (!connection || !allowedHosts(connection).has(host)) throw embedHostNotAllowed(host);
  }
}

function contentOf(input: ReportWrite): Content {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    kind: input.kind,
    chart: input.kind === 'builtin' ? input.chart : null,
    params: input.params,
    embed: input.kind === 'builtin' ? null : input.embed,
    audienceId: input.audience_id,
  };
}

export async function createReport(ctx: Ctx, input: ReportWrite): Promise<TReport> {
  const signed = signedIn(ctx);
  const content = contentOf(input);
  const report = await ctx.tx(
    async (tx) => {
      await checkContent(tx, ctx.tenant.id, content);
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${reports.position}), -1)::int` })
        .from(reports)
        .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.categoryId, content.categoryId)));
      const [row] = await tx
        .insert(reports)
        .values({ tenantId: ctx.tenant.id, ...content, position: Number(last?.max ?? -1) + 1, createdByPersonId: signed.caller.personId })
        .returning();
      await ctx.platform.jobs.send<NotifyJob>(tx, NOTIFY_QUEUE, { tenantId: ctx.tenant.id, reportId: row!.id });
      return (await toReports(tx, ctx.tenant.id, [row!]))[0]!;
    },
    { audit: 'reports.create', subject: (r) => r.id },
  );
  ctx.platform.jobs.wake(NOTIFY_QUEUE);
  return report;
}

export async function updateReport(ctx: Ctx, id: string, input: ReportUpdate): Promise<TReport> {
  if (!isUuid(id)) throw reportNotFound();
  let audienceChanged = false;
  const report = await ctx.tx(
    async (tx) => {
      const [current] = await tx
        .select()
        .from(reports)
        .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, id)))
        .for('update');
      if (!current) throw reportNotFound();
      const kind = input.kind ?? current.kind;
      const merged: Content = {
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        categoryId: input.category_id ?? current.categoryId,
        kind,
        chart: kind === 'builtin' ? (input.chart !== undefined ? input.chart : current.chart) : null,
        params: input.params ?? current.params,
        embed: kind === 'builtin' ? null : input.embed !== undefined ? input.embed : current.embed,
        audienceId: input.audience_id !== undefined ? input.audience_id : current.audienceId,
      };
      await checkContent(tx, ctx.tenant.id, merged);
      const [row] = await tx
        .update(reports)
        .set({ ...merged, updatedAt: new Date() })
        .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, id)))
        .returning();
      audienceChanged = merged.audienceId !== current.audienceId;
      // a new audience: its new members are told (those told before are not again)
      if (audienceChanged) await ctx.platform.jobs.send<NotifyJob>(tx, NOTIFY_QUEUE, { tenantId: ctx.tenant.id, reportId: id });
      return (await toReports(tx, ctx.tenant.id, [row!]))[0]!;
    },
    { audit: 'reports.update' },
  );
  if (audienceChanged) ctx.platform.jobs.wake(NOTIFY_QUEUE);
  return report;
}

export async function deleteReport(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw reportNotFound();
  await ctx.tx(
    async (tx) => {
      const deleted = await tx
        .delete(reports)
        .where(and(eq(reports.tenantId, ctx.tenant.id), eq(reports.id, id)))
        .returning({ id: reports.id });
      if (deleted.length === 0) throw reportNotFound();
      await tx.delete(reportRecipients).where(and(eq(reportRecipients.tenantId, ctx.tenant.id), eq(reportRecipients.reportId, id)));
      await tx.execute(sql`DELETE FROM report_public_links WHERE tenant_id = ${ctx.tenant.id} AND report_id = ${id}`);
    },
    { audit: 'reports.delete' },
  );
}

/** A built-in chart's data over the report's (or the asked) range and grouping. */
export async function chartOf(tx: Drizzle, tenantId: string, row: Pick<ReportRow, 'chart' | 'params'>, query: TChartQuery, nowMs = Date.now()): Promise<TChartData> {
  const spec = row.chart ? CHARTS.get(row.chart) : undefined;
  if (!spec) throw new AppError('conflict', 'This report’s chart no longer exists.', { reason: 'unknown-chart' });
  const tz = query.tz ?? 'UTC';
  const errors: FieldMessages = {};
  if (!isZone(tz)) errors.tz = [problem('invalid-timezone', 'Unknown time zone.')];
  const grouping = query.grouping ?? row.params.grouping;
  if (!spec.groupings.includes(grouping)) errors.grouping = [`This chart groups by ${spec.groupings.join(', ')}.`];
  if (query.from && query.to && query.from > query.to) errors.to = ['The end comes before the start.'];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const range = rangeOf(query, row.params.range_days, tz, nowMs);
  if (range.toMs - range.fromMs > 367 * 86_400_000) throw new FieldErrors({ from: ['A chart covers at most 366 days.'] });
  return spec.compute(tx, tenantId, range, grouping, nowMs);
}

/** One report for its viewer: a built-in chart's data, or a freshly minted embed (10 minutes). */
export async function viewReport(ctx: Ctx, id: string, query: TChartQuery): Promise<TReportView> {
  const signed = signedIn(ctx);
  await prepareSecretsKey(ctx.platform.db);
  const { row, report, chart, connection } = await ctx.tx(async (tx) => {
    const row = await findVisible(tx, signed, id);
    const report = (await toReports(tx, ctx.tenant.id, [row]))[0]!;
    if (row.kind === 'builtin') return { row, report, chart: await chartOf(tx, ctx.tenant.id, row, query), connection: null };
    return { row, report, chart: null, connection: await loadConnection(tx, ctx.tenant.id, row.kind as TBiProvider, ctx.platform.db) };
  });
  if (row.kind === 'builtin') return { report, chart, embed: null };
  if (!connection) throw embedHostNotAllowed(new URL(row.embed!.url).host);
  // the BI tool is called outside the transaction: a slow tool holds no database connection
  const embed = await mintEmbed(
    connection,
    row.embed!,
    { tenantId: ctx.tenant.id, personId: signed.caller.personId, name: signed.caller.passport },
    { allowLocal: ctx.platform.config.BI_ALLOW_LOCAL_HOSTS },
  );
  return { report, chart: null, embed };
}

/**
 * The notify job: tells the report's audience (holders of VIEW_REPORTS among them) once per
 * person — the recipients' primary key lets each in once — in one transaction with the inbox rows.
 */
export async function deliverReport(platform: Platform, job: NotifyJob): Promise<number> {
  if (!isUuid(job.tenantId) || !isUuid(job.reportId)) return 0;
  return platform.db.transaction(job.tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.tenantId, job.tenantId), eq(reports.id, job.reportId)))
      .for('update');
    if (!row) return 0;
    let persons: SQL;
    if (row.audienceId === null) persons = sql`SELECT p.id FROM persons p WHERE p.tenant_id = ${job.tenantId} AND NOT p.is_disabled`;
    else {
      const audience = await findAudience(tx, job.tenantId, row.audienceId);
      if (!audience) return 0;
      persons = audiencePersonsSql(job.tenantId, audience.rules);
    }
    const result = (await tx.execute(sql`
      INSERT INTO report_recipients (tenant_id, report_id, person_id)
      SELECT ${job.tenantId}::uuid, ${row.id}::uuid, t.id FROM (${persons}) t(id)
      WHERE EXISTS (
        SELECT 1 FROM persons p JOIN person_permissions pp ON pp.tenant_id = p.tenant_id AND pp.passport = p.passport
        WHERE p.tenant_id = ${job.tenantId} AND p.id = t.id AND 'VIEW_REPORTS' = ANY(pp.permissions))
      ON CONFLICT (tenant_id, report_id, person_id) DO NOTHING
      RETURNING person_id`)) as unknown as { rows: { person_id: string }[] };
    const added = result.rows.map((r) => r.person_id);
    if (added.length > 0) {
      await notify(platform, tx, {
        tenantId: job.tenantId,
        personIds: added,
        kind: 'new_report',
        title: row.title,
        body: row.description || 'Nuevo reporte disponible.',
        context: { type: 'Report', action: 'created', id: row.id },
      });
    }
    return added.length;
  });
}
