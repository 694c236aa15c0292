import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { TFileLanguage, TImportJob, TImportJobRef, TImportRow, TImportStatus } from '@faena/contracts';
import { IMPORT_OPERATIONS } from '@faena/contracts';
import { CSV_BOM, csvLines } from '../../platform/csv.ts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { filesMetadata, findStoredFile, holdFiles, isUploadId } from '../documents/index.ts';
import { IMPORT_HOLDER } from './imports.files.ts';
import { personSummaries } from '../people/index.ts';
import { headerOf, type Importer, type ImportMode, type RowError } from './importer.ts';
import { FILE_ERROR_TEXTS, rowErrorText } from './imports.codes.ts';
import { IMPORT_MAX_BYTES, scheduleStep, RUN_QUEUE } from './imports.engine.ts';
import { deleteImportJob, deleteJobRows, findImportJob, insertImportJob, listImportJobs, listRows, rowsAfter, transitionJob, type ImportJobRow } from './imports.repository.ts';
import { canApply, canDiscard, hasPreview } from './imports.state.ts';

const notFound = () => new AppError('not-found', 'Import not found.');

export interface ImportTarget {
  importer: Importer<unknown>;
  /** The kind's scope (a data source's id), or null. */
  scope: string | null;
}

function toJob(row: ImportJobRow, creators: Map<string, { id: string; name: string }>): TImportJob {
  const counts = Object.fromEntries(IMPORT_OPERATIONS.map((op) => [op, row.counts[op] ?? 0])) as TImportJob['counts'];
  const errorCode = (row.errorCode as TImportJob['error_code']) ?? null;
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    file_uid: row.fileUid,
    file_name: row.fileName,
    file_columns: row.fileColumns,
    data_source: row.kind === 'data-source-rows' ? row.scope : null,
    status: row.status as TImportStatus,
    applied_at: row.appliedAt?.toISOString() ?? null,
    rows_purged_at: row.rowsPurgedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    fail_description: row.failDescription,
    error_code: errorCode,
    error_message: errorCode ? FILE_ERROR_TEXTS[errorCode] : null,
    progress: { phase: row.phase, percent: row.percent, rows: row.rowsRead },
    counts,
    created_by: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
  };
}

async function jobsView(ctx: Ctx, rows: ImportJobRow[]): Promise<TImportJob[]> {
  const creators = await ctx.tx((tx) =>
    personSummaries(
      tx,
      ctx.tenant.id,
      rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
    ),
  );
  return rows.map((row) => toJob(row, creators));
}

const jobId = (value: string): number | null => (/^\d{1,15}$/.test(value) ? Number(value) : null);

/** The job of this family (kind and scope), or 404: one family's routes never reach another's jobs. */
async function ownJob(ctx: Ctx, target: ImportTarget, id: string): Promise<ImportJobRow> {
  const number = jobId(id);
  const row = number === null ? null : await ctx.tx((tx) => findImportJob(tx, ctx.tenant.id, number));
  if (!row || row.kind !== target.importer.kind || row.scope !== target.scope) throw notFound();
  return row;
}

/**
 * The family of a job the caller created (the only person its notifications reach), so a link
 * from a notification can open it where it lives; 404 for anyone else's job.
 */
export async function resolveImport(ctx: Ctx, id: string): Promise<TImportJobRef> {
  const number = jobId(id);
  const row = number === null ? null : await ctx.tx((tx) => findImportJob(tx, ctx.tenant.id, number));
  if (!row || row.createdBy === null || row.createdBy !== signedIn(ctx).caller.personId) throw notFound();
  return { id: row.id, kind: row.kind, data_source: row.kind === 'data-source-rows' ? row.scope : null, status: row.status as TImportStatus };
}

export async function listImports(ctx: Ctx, target: ImportTarget, query: { page: number; page_size: number }): Promise<{ count: number; results: TImportJob[] }> {
  const { count, rows } = await ctx.tx((tx) => listImportJobs(tx, ctx.tenant.id, target.importer.kind, target.scope, query.page_size, (query.page - 1) * query.page_size));
  return { count, results: await jobsView(ctx, rows) };
}

export async function getImport(ctx: Ctx, target: ImportTarget, id: string): Promise<TImportJob> {
  return (await jobsView(ctx, [await ownJob(ctx, target, id)]))[0]!;
}

/**
 * Creates a job for a stored upload and queues its validation. A file over the import limit is
 * refused at once (413); an unknown upload id makes a job that fails with FILE_NOT_REACHABLE, the
 * spec's code for a file the worker cannot read.
 */
export async function createImport(ctx: Ctx, target: ImportTarget, input: { upload_id: string; mode?: ImportMode | undefined }): Promise<TImportJob> {
  const { caller } = signedIn(ctx);
  if (!isUploadId(input.upload_id)) throw new FieldErrors({ upload_id: ['Invalid upload id.'] });
  const mode = input.mode ?? target.importer.defaultMode;
  if (!target.importer.modes.includes(mode)) throw new FieldErrors({ mode: [`This import supports ${target.importer.modes.join(', ')}.`] });
  // a file the caller may not read is not imported (decision 032): its rows would show in the preview
  const readable = (await filesMetadata(ctx, [input.upload_id]))[input.upload_id] !== undefined;
  const row = await ctx.tx(
    async (tx) => {
      const found = await findStoredFile(tx, ctx.tenant.id, input.upload_id);
      if (found && !readable) throw new FieldErrors({ upload_id: ['File not found.'] });
      const file = found;
      if (file && file.size > IMPORT_MAX_BYTES) {
        throw new AppError('file-too-large', `Imports read files of ${IMPORT_MAX_BYTES / 1024 / 1024} MB at most.`, { max_bytes: IMPORT_MAX_BYTES });
      }
      const job = await insertImportJob(tx, {
        tenantId: ctx.tenant.id,
        kind: target.importer.kind,
        scope: target.scope,
        mode,
        fileUid: input.upload_id,
        fileName: file?.name ?? null,
        createdBy: caller.personId,
      });
      await holdFiles(tx, ctx.tenant.id, { kind: IMPORT_HOLDER, id: String(job.id) }, [input.upload_id], { by: caller.personId });
      await scheduleStep(ctx.platform, tx, { tenantId: ctx.tenant.id, importId: job.id, step: 'validate' });
      return job;
    },
    { audit: `imports.${target.importer.kind}.create`, details: { upload_id: input.upload_id, mode } },
  );
  ctx.platform.jobs.wake(RUN_QUEUE);
  return (await jobsView(ctx, [row]))[0]!;
}

/** The user confirms a validated job: APPLYING, and the apply step is queued. */
export async function confirmImport(ctx: Ctx, target: ImportTarget, id: string): Promise<TImportJob> {
  const current = await ownJob(ctx, target, id);
  if (!canApply(current.status as TImportStatus)) {
    throw new AppError('conflict', `Only a validated import (VALIDATION_OK) can be applied; this one is ${current.status}.`, { status: current.status });
  }
  const row = await ctx.tx(
    async (tx) => {
      const moved = await transitionJob(tx, ctx.tenant.id, current.id, ['VALIDATION_OK'], { status: 'APPLYING', phase: 'queued', percent: 0 });
      if (!moved) return null;
      await scheduleStep(ctx.platform, tx, { tenantId: ctx.tenant.id, importId: current.id, step: 'apply' });
      return moved;
    },
    { audit: `imports.${target.importer.kind}.apply` },
  );
  if (!row) throw new AppError('conflict', 'The import changed meanwhile; reload it.');
  ctx.platform.jobs.wake(RUN_QUEUE);
  return (await jobsView(ctx, [row]))[0]!;
}

/** Discards a job that is not running and applied nothing, with its staged rows. */
export async function discardImport(ctx: Ctx, target: ImportTarget, id: string): Promise<void> {
  const current = await ownJob(ctx, target, id);
  if (!canDiscard(current.status as TImportStatus)) throw new AppError('conflict', `An import that is ${current.status} cannot be discarded.`, { status: current.status });
  // rows go in slices (short transactions), the job last: a half-done discard is finished by the next one
  await deleteJobRows(ctx.platform.db, ctx.tenant.id, current.id);
  await ctx.tx(
    async (tx) => {
      const moved = await transitionJob(tx, ctx.tenant.id, current.id, ['VALIDATION_OK', 'VALIDATION_FAILED', 'APPLY_FAILED'], {});
      if (moved) await deleteImportJob(tx, ctx.tenant.id, current.id);
    },
    { audit: `imports.${target.importer.kind}.discard` },
  );
}

/** The preview: staged rows with their operation and error, once validation has ended. */
export async function importRows(
  ctx: Ctx,
  target: ImportTarget,
  id: string,
  query: { page: number; page_size: number; operation?: string | undefined; search?: string | undefined },
): Promise<{ count: number; results: TImportRow[] }> {
  const job = await ownJob(ctx, target, id);
  if (!hasPreview(job.status as TImportStatus) || job.rowsPurgedAt) return { count: 0, results: [] };
  const { count, rows } = await ctx.tx((tx) =>
    listRows(tx, ctx.tenant.id, job.id, { operation: query.operation, search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  );
  const appliedAt = job.status === 'APPLY_OK' ? (job.appliedAt?.toISOString() ?? null) : null;
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      row: row.row,
      key: row.key,
      label: row.label,
      applied_at: appliedAt && row.operation !== 'NO_CHANGE' && row.operation !== 'ERROR' ? appliedAt : null,
      operation: row.operation as TImportRow['operation'],
      error_code: row.errorCode,
      error_message: rowErrorText(row.errorCode),
      error_column: row.errorColumn,
      errors: problemsOf(row).map((problem) => ({ code: problem.code, message: rowErrorText(problem.code), column: problem.column ?? null, value: problem.value ?? null })),
      changes: row.changes ?? null,
    })),
  };
}

/** Every problem of a staged row; a row staged before `errors` existed (migration 0025), and the demo's, has only its `error_code`. */
function problemsOf(row: {
  errorCode: string | null;
  errorColumn: string | null;
  errors: readonly RowError[] | null;
}): readonly { code: string; column?: string | undefined; value?: string | undefined }[] {
  if (row.errors && row.errors.length > 0) return row.errors;
  return row.errorCode ? [{ code: row.errorCode, column: row.errorColumn ?? undefined }] : [];
}

const FILE_PAGE = 5000;
/**
 * The preview file's columns (Spanish, like the error texts; `valor`: the cell's offending value;
 * `cambios`: an update's columns, as on screen). One line per staged row, except that a row with
 * several problems has a line for each: the file is the list of what to fix in the sheet.
 */
export const ROWS_FILE_HEADER = ['fila', 'clave', 'etiqueta', 'operacion', 'columna', 'codigo_error', 'error', 'valor', 'cambios'];

/**
 * The preview as a CSV file — every row, or one operation's (ERROR: the list of what to fix in
 * the sheet) — streamed a page at a time, cells neutralised against formulas.
 */
export async function importRowsFile(ctx: Ctx, target: ImportTarget, id: string, filter: { operation?: string | undefined; search?: string | undefined }, reply: FastifyReply): Promise<FastifyReply> {
  const { operation } = filter;
  const job = await ownJob(ctx, target, id);
  if (!hasPreview(job.status as TImportStatus)) throw new AppError('conflict', 'The import is still being validated.', { status: job.status });
  if (job.rowsPurgedAt) throw new AppError('expired', 'The row-by-row detail of this import was deleted when its retention period ended.');
  const tenantId = ctx.tenant.id;
  // columns named as the file's header wrote them, as on screen
  const written = (column: string) => job.fileColumns[column] ?? column;
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_BOM}${csvLines([ROWS_FILE_HEADER])}`;
    for (let after = 0; ;) {
      const rows = await ctx.tx((tx) => rowsAfter(tx, tenantId, job.id, after, FILE_PAGE, filter));
      yield csvLines(
        rows.flatMap((row) => {
          const line = (problem: { code?: string; column?: string | undefined; value?: string | undefined }) => [
            row.row === null ? '' : String(row.row),
            row.key,
            row.label,
            row.operation,
            problem.column ? written(problem.column) : '',
            problem.code ?? '',
            rowErrorText(problem.code ?? null) ?? '',
            problem.value ?? '',
            row.changes?.map(written).join('; ') ?? '',
          ];
          const problems = problemsOf(row);
          return problems.length > 0 ? problems.map(line) : [line({})];
        }),
      );
      if (rows.length < FILE_PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  }
  const name = `importacion-${job.id}${operation ? `-${operation.toLowerCase()}` : ''}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(lines()));
}

/** A file name's date (the tenant-neutral UTC day): `venues-2026-11-27.csv`. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The target's current records in its importer's columns, as a CSV file to edit and upload back
 * (Importer.current): the header row is the columns' headers in `language`, so the file is its
 * own template.
 */
export async function currentRecordsFile(ctx: Ctx, target: ImportTarget, language: TFileLanguage, reply: FastifyReply): Promise<FastifyReply> {
  const query: SQL | undefined = target.importer.current?.({ tenantId: ctx.tenant.id, scope: target.scope });
  if (!query) throw new AppError('not-found', 'This kind of import offers no download of the current records.');
  const names = target.importer.columns.map((column) => column.name);
  const header = target.importer.columns.map((column) => headerOf(column, language));
  const result = (await ctx.read((db) => db.execute(query))) as unknown as { rows: Record<string, unknown>[] };
  const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const body = `${CSV_BOM}${csvLines([header])}${csvLines(result.rows.map((row) => names.map((name) => cell(row[name]))))}`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${target.importer.kind}-${today()}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
