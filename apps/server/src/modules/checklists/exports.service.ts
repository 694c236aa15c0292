import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { and, desc, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { TExecutionExport, TExecutionFilters } from '@faena/contracts/checklists';
import { CSV_BOM, csvLines } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { JobInfo } from '../../platform/jobs.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { notify } from '../notifications/index.ts';
import { CHECKLISTS_BASE } from '@faena/contracts/checklists';
import { manages } from './checklists.service.ts';
import { checklistExecutions, checklistExports } from './checklists.table.ts';
import { executionFilters, executionNames, executionSummary, EXECUTIONS_TIMEZONE, type ExecutionRow } from './executions.service.ts';

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
    id: row.id,
    format: row.format,
    status: row.status,
    percent: row.percent,
    rows: row.rows,
    file_name: fileName(row),
    download_url: row.status === 'DONE' ? `${CHECKLISTS_BASE}/executions/exports/${row.id}/download` : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
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

const localTime = new Intl.DateTimeFormat('sv-SE', { timeZone: EXECUTIONS_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const when = (iso: string | null) => (iso ? localTime.format(new Date(iso)) : '');

const defined = new WeakMap<object, Promise<void>>();

export function defineChecklistExportJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<{ tenantId: string; exportId: string }>(CHECKLIST_EXPORT_QUEUE, (data, info) => runExport(platform, data, info), {
      retryLimit: RETRY_LIMIT,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 3600,
      concurrency: 1,
      pollingIntervalSeconds: 1,
    });
    defined.set(platform.jobs, done);
  }
  return done;
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
  const [row] = isUuid(id) ? await ctx.read((db) => db.select().from(checklistExports).where(and(eq(checklistExports.tenantId, ctx.tenant.id), eq(checklistExports.id, id))).limit(1)) : [];
  if (!row || (!manages(signed) && row.createdByPersonId !== signed.caller.personId)) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getExport(ctx: Ctx, id: string): Promise<TExecutionExport> {
  return toExport(await findExport(ctx, id));
}

export async function listMyExports(ctx: Ctx): Promise<TExecutionExport[]> {
  const signed = signedIn(ctx);
  const rows = await ctx.read((db) =>
    db.select().from(checklistExports).where(and(eq(checklistExports.tenantId, ctx.tenant.id), eq(checklistExports.createdByPersonId, signed.caller.personId))).orderBy(desc(checklistExports.createdAt)).limit(20),
  );
  return rows.map(toExport);
}

export async function exportDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await findExport(ctx, id);
  if (row.status !== 'DONE' || !row.storageKey) throw new AppError('conflict', 'The export is not ready yet.', { status: row.status });
  const stream = await ctx.platform.storage.get(row.storageKey);
  return reply
    .header('content-type', row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName(row)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

async function update(platform: Platform, tenantId: string, id: string, values: Partial<typeof checklistExports.$inferInsert>): Promise<void> {
  await platform.db.transaction(tenantId, (tx) => tx.update(checklistExports).set(values).where(and(eq(checklistExports.tenantId, tenantId), eq(checklistExports.id, id))));
}

async function write(stream: PassThrough, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function runExport(platform: Platform, data: { tenantId: string; exportId: string }, info: JobInfo): Promise<void> {
  const { tenantId, exportId } = data;
  const [row] = await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(checklistExports)
      .set({ status: 'RUNNING', percent: 0, rows: 0, error: null })
      .where(and(eq(checklistExports.tenantId, tenantId), eq(checklistExports.id, exportId), sql`${checklistExports.status} IN ('PENDING', 'RUNNING')`))
      .returning(),
  );
  if (!row) return;
  const key = storageKey(tenantId, exportId, row.format);
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const stored = platform.storage.put(key, out, { contentType: row.format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  stored.catch(() => undefined);
  try {
    const { where, total } = await platform.db.transaction(tenantId, async (tx) => {
      const where = await executionFilters(tx, tenantId, row.filters as Partial<TExecutionFilters>, row.personScope);
      if (!where) return { where: null, total: 0 };
      const [counted] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(checklistExecutions).where(where);
      return { where, total: counted?.n ?? 0 };
    });
    let sheet: ExcelJS.Worksheet | null = null;
    let book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
    if (row.format === 'csv') await write(out, `${CSV_BOM}${csvLines([EXPORT_HEADER])}`);
    else {
      const { default: Excel } = await import('exceljs');
      book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      sheet = book.addWorksheet('Ejecuciones');
      sheet.addRow(EXPORT_HEADER).commit();
    }
    let after: { startedAt: Date; id: string } | null = null;
    let written = 0;
    while (where) {
      if (info.signal.aborted) throw new Error('the server is stopping');
      const cursor: { startedAt: Date; id: string } | null = after;
      const page: { rows: ExecutionRow[]; names: Awaited<ReturnType<typeof executionNames>> } = await platform.db.transaction(tenantId, async (tx) => {
        const rows: ExecutionRow[] = await tx
          .select()
          .from(checklistExecutions)
          .where(and(where, cursor ? sql`(${checklistExecutions.startedAt}, ${checklistExecutions.id}) < (${cursor.startedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)` : undefined))
          .orderBy(desc(checklistExecutions.startedAt), desc(checklistExecutions.id))
          .limit(PAGE);
        return { rows, names: await executionNames(tx, tenantId, rows) };
      });
      if (page.rows.length === 0) break;
      const lines = page.rows.map((execution) => {
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
      if (sheet) for (const line of lines) sheet.addRow(line).commit();
      else await write(out, csvLines(lines));
      written += page.rows.length;
      const last: ExecutionRow = page.rows[page.rows.length - 1]!;
      after = { startedAt: last.startedAt, id: last.id };
      await update(platform, tenantId, exportId, { rows: written, percent: Math.min(99, Math.floor((written / Math.max(1, total)) * 100)) });
      if (page.rows.length < PAGE) break;
    }
    if (book && sheet) {
      sheet.commit();
      await book.commit();
    } else out.end();
    const { size } = await stored;
    await platform.db.transaction(tenantId, async (tx) => {
      await tx
        .update(checklistExports)
        .set({ status: 'DONE', percent: 100, rows: written, storageKey: key, size, finishedAt: new Date() })
        .where(and(eq(checklistExports.tenantId, tenantId), eq(checklistExports.id, exportId)));
      if (row.createdByPersonId)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdByPersonId],
          kind: 'system_update',
          title: 'La exportación de ejecuciones está lista',
          body: `${written} ejecuciones en ${fileName(row)}.`,
          context: { type: 'ChecklistExport', action: 'DONE', id: exportId },
        });
    });
  } catch (error) {
    out.destroy(error as Error);
    await stored.catch(() => undefined);
    if (info.signal.aborted || info.retryCount < RETRY_LIMIT) throw error;
    platform.log.error({ err: error, tenantId, exportId }, 'checklist executions export failed');
    await update(platform, tenantId, exportId, { status: 'FAILED', error: 'No se pudo generar el archivo.', finishedAt: new Date() });
  }
}
