import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TExecutionExport, TExecutionFilters } from '@faena/contracts/checklists';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineTabularExport, EXPORT_RETENTION_DAYS, exportExpiresAt, exportState, sendExportFile, type ExportPlan } from '../../platform/tabular-export.ts';
import { notify } from '../notifications/index.ts';
import { findTenantById } from '../tenants/index.ts';
import { CHECKLISTS_BASE } from '@faena/contracts/checklists';
import { manages } from './checklists.service.ts';
import { checklistExecutions, checklistExports } from './checklists.table.ts';
import { executionFilters, executionNames, executionSummary, EXECUTIONS_TIMEZONE } from './executions.service.ts';

/**
 * Export of the executions list (CSV or XLSX) as a background job with progress, like the
 * directory's: the filters and the caller's scope are kept with the export, the job pages through
 * the list by (started_at, id) and streams the file into storage, then tells who asked.
 */
export const CHECKLIST_EXPORT_QUEUE = 'checklists.export';
const PAGE = 1000;
const RETRY_LIMIT = 3;

type ExportRow = typeof checklistExports.$inferSelect;

const fileName = (row: ExportRow) => `ejecuciones-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
const storageKey = (tenantId: string, id: string, format: string) => `tenants/${tenantId}/checklist-exports/${id}.${format}`;

function toExport(row: ExportRow): TExecutionExport {
  return {
    ...exportState(row, fileName(row), row.status === 'DONE' ? `${CHECKLISTS_BASE}/executions/exports/${row.id}/download` : null),
    expires_at: exportExpiresAt(row, EXPORT_RETENTION_DAYS),
  };
}

export const EXPORT_HEADER = [
  'Id',
  'Checklist',
  'Versión',
  'Categoría',
  'Sede',
  'Ubicación',
  'Ejecutado por',
  'Identificador',
  'Inicio',
  'Envío',
  'Estado',
  'Puntaje',
  'Resultado',
  'Ítems reprobados',
  'Crítico reprobado',
  'Acciones abiertas',
];

/** A moment as the organisation's local 'YYYY-MM-DD HH:MM' (decision 020). */
function localTimes(timeZone: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return (iso) => (iso ? format.format(new Date(iso)) : '');
}

export function defineChecklistExportJobs(platform: Platform): Promise<void> {
  return defineTabularExport(platform, {
    queue: CHECKLIST_EXPORT_QUEUE,
    table: checklistExports,
    retryLimit: RETRY_LIMIT,
    label: 'checklist executions export',
    plan: (row, job) => planExport(platform, row, job.tenantId),
    // the file is deleted after 7 days (the platform's export expiry); its download then answers 410 expired
    retentionDays: EXPORT_RETENTION_DAYS,
  });
}

export async function startExport(ctx: Ctx, input: { format: 'csv' | 'xlsx'; filters: TExecutionFilters }): Promise<TExecutionExport> {
  const signed = signedIn(ctx);
  const scope = manages(signed) && input.filters.mine !== 'true' ? null : signed.caller.personId;
  const row = await ctx.tx(
    async (tx) => {
      const [created] = await tx
        .insert(checklistExports)
        .values({ tenantId: ctx.tenant.id, format: input.format, filters: input.filters, personScope: scope, createdByPersonId: signed.caller.personId })
        .returning();
      await ctx.platform.jobs.send(tx, CHECKLIST_EXPORT_QUEUE, { tenantId: ctx.tenant.id, exportId: created!.id });
      return created!;
    },
    { audit: 'checklists.export', subject: (created) => created.id, details: { format: input.format, filters: input.filters } },
  );
  ctx.platform.jobs.wake(CHECKLIST_EXPORT_QUEUE);
  return toExport(row);
}

/** An export of the caller's (MANAGE: any export of the tenant). */
async function findExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const signed = signedIn(ctx);
  const [row] = isUuid(id)
    ? await ctx.read((db) =>
        db
          .select()
          .from(checklistExports)
          .where(and(eq(checklistExports.tenantId, ctx.tenant.id), eq(checklistExports.id, id)))
          .limit(1),
      )
    : [];
  if (!row || (!manages(signed) && row.createdByPersonId !== signed.caller.personId)) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getExport(ctx: Ctx, id: string): Promise<TExecutionExport> {
  return toExport(await findExport(ctx, id));
}

export async function exportDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await findExport(ctx, id);
  return sendExportFile(ctx.platform.storage, reply, row, fileName(row));
}

/** The executions the export's filters and scope select, newest first, a page at a time (each its own transaction). */
async function planExport(platform: Platform, row: ExportRow, tenantId: string): Promise<ExportPlan<typeof checklistExports>> {
  const { where, total, when } = await platform.db.transaction(tenantId, async (tx) => {
    // days and times in the organisation's zone, as the list shows them
    const timeZone = (await findTenantById(tx, tenantId))?.timezone ?? EXECUTIONS_TIMEZONE;
    const when = localTimes(timeZone);
    const where = await executionFilters(tx, tenantId, row.filters as Partial<TExecutionFilters>, row.personScope, timeZone);
    if (!where) return { where: null, total: 0, when };
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(checklistExecutions)
      .where(where);
    return { where, total: counted?.n ?? 0, when };
  });
  // the cursor keeps started_at to the microsecond (a JS Date keeps milliseconds: rows within the
  // last row's millisecond would be skipped)
  let after: { startedAt: string; id: string } | null = null;
  const e = checklistExecutions;
  return {
    format: row.format,
    key: storageKey(tenantId, row.id, row.format),
    sheet: 'Ejecuciones',
    header: EXPORT_HEADER,
    total,
    pageSize: PAGE,
    nextPage: async () => {
      if (!where) return [];
      const cursor = after;
      // the keyset as `started_at <= c AND (started_at < c OR id < i)`: the first half is a range of the
      // (tenant, …, started_at) indexes; the row comparison alone was a filter, so every page walked the
      // list from the newest execution (quadratic in the export), as workflows' export did (d9c5572)
      const keyset = cursor ? sql`${e.startedAt} <= ${cursor.startedAt}::timestamptz AND (${e.startedAt} < ${cursor.startedAt}::timestamptz OR ${e.id} < ${cursor.id}::uuid)` : undefined;
      const page = await platform.db.transaction(tenantId, async (tx) => {
        const rows = await tx
          .select({ ...getTableColumns(e), cursorAt: sql<string>`to_char(${e.startedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
          .from(e)
          .where(and(where, keyset))
          .orderBy(desc(e.startedAt), desc(e.id))
          .limit(PAGE);
        return { rows, names: await executionNames(tx, tenantId, rows) };
      });
      const last = page.rows[page.rows.length - 1];
      if (last) after = { startedAt: last.cursorAt, id: last.id };
      return page.rows.map((execution) => {
        const s = executionSummary(execution, page.names);
        return [
          s.id,
          s.checklist.name,
          String(s.checklist.version),
          s.category?.name ?? '',
          s.venue?.name ?? '',
          s.location?.name ?? '',
          s.executed_by?.name ?? '',
          s.executed_by?.passport ?? '',
          when(s.started_at),
          when(s.submitted_at),
          s.status === 'submitted' ? 'enviada' : 'borrador',
          s.score === null ? '' : String(s.score),
          s.result ?? '',
          String(s.failed_count),
          s.critical_failed ? 'sí' : 'no',
          String(s.actions_open),
        ];
      });
    },
    stored: (file) => ({ storageKey: file.key, size: file.size }),
    finished: async (tx, file) => {
      if (row.createdByPersonId)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdByPersonId],
          kind: 'system_update',
          title: 'La exportación de ejecuciones está lista',
          body: `${file.rows} ejecuciones en ${fileName(row)}.`,
          context: { type: 'ChecklistExport', action: 'DONE', id: row.id },
        });
    },
  };
}
