import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLines } from './csv.ts';
import type { Drizzle } from './db/database.ts';
import { AppError } from './errors.ts';
import type { JobInfo } from './jobs.ts';
import type { Platform } from './platform.ts';
import { scheduleRecurring } from './recurring.ts';
import type { ObjectStorage } from './storage/storage.ts';

/**
 * A list exported as a CSV or XLSX file by a background job, with progress (the people, assets,
 * checklist executions and workflow executions exports). The module keeps its table of exports,
 * its columns, its filters and what it does with the finished file; this file holds the rest:
 * the job, the export's state (PENDING → RUNNING → DONE | FAILED), the file written page by page
 * into storage (the CSV's BOM and formula-safe cells, exceljs's streaming writer for XLSX) and the
 * download.
 */

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The columns every table of exports has. */
export type ExportTable = PgTable & { tenantId: PgColumn; id: PgColumn; status: PgColumn; percent: PgColumn; rows: PgColumn; error: PgColumn; finishedAt: PgColumn };

/** The finished file, as stored. */
export interface ExportFile {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  rows: number;
}

/** One run of an export: what the module reads once, after the export is claimed. */
export interface ExportPlan<T extends ExportTable> {
  format: ExportFormat;
  /** Where the file goes in storage. */
  key: string;
  /** The XLSX sheet's name. */
  sheet: string;
  header: readonly string[];
  /** How many rows the file will have (what the percent counts against). */
  total: number;
  /** The rows a full page has: a shorter page is the last. */
  pageSize: number;
  /** The next page's cells (the module keeps its cursor); none when the list is done. */
  nextPage(): Promise<string[][]>;
  /** The columns that point at the finished file (the storage key and size, or a document's id). */
  stored(file: ExportFile): Partial<T['$inferInsert']>;
  /** In the transaction that marks the export DONE: what else the module records (the notification, a document). */
  finished(tx: Drizzle, file: ExportFile): Promise<void>;
}

export interface TabularExport<T extends ExportTable> {
  queue: string;
  table: T;
  retryLimit: number;
  /** Names the export in the log when its last try fails ("persons export"). */
  label: string;
  plan(row: T['$inferSelect'], job: { tenantId: string; exportId: string }): Promise<ExportPlan<T>>;
  /**
   * Days a finished file is kept: then the platform's export expiry deletes it and the export
   * becomes EXPIRED (its download answers 410 `expired`). Left out, the module keeps its files
   * itself (the people export has its own retention).
   */
  retentionDays?: number;
  /** Where the finished file is, for the expiry; left out, the table's own `storage_key` and `size`. */
  file?: ExportFileRef;
}

/**
 * How the expiry finds and deletes a kind's finished file: the column naming it, what the export
 * row keeps once it is gone, and how it is deleted (workflows: a document of the document manager,
 * which only the documents module deletes). Deleting must be idempotent: a pass cut short is done
 * again.
 */
export interface ExportFileRef {
  column: PgColumn;
  cleared: Record<string, unknown>;
  remove(platform: Platform, file: { tenantId: string; exportId: string; value: string }): Promise<void>;
}

export interface ExportJobData {
  tenantId: string;
  exportId: string;
}

const defined = new WeakMap<object, Map<string, Promise<void>>>();

/** Defines the export's queue once per job runner (tests build several apps over one platform). */
export function defineTabularExport<T extends ExportTable>(platform: Platform, kind: TabularExport<T>): Promise<void> {
  let byQueue = defined.get(platform.jobs);
  if (!byQueue) {
    byQueue = new Map();
    defined.set(platform.jobs, byQueue);
  }
  let done = byQueue.get(kind.queue);
  if (!done) {
    done = platform.jobs.define<ExportJobData>(kind.queue, (data, info) => runExport(platform, kind, data, info), {
      retryLimit: kind.retryLimit,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 3600,
      concurrency: 1,
      pollingIntervalSeconds: 1,
    });
    byQueue.set(kind.queue, done);
  }
  if (kind.retentionDays !== undefined) return Promise.all([done, keepExpiring(platform, kind)]).then(() => undefined);
  return done;
}

/* ------------------------------------------------------------------------------ expiry */

/** The default retention of export files, in days (a module may choose another). */
export const EXPORT_RETENTION_DAYS = 7;
export const EXPORT_EXPIRY_QUEUE = 'platform.export-expiry';
const EXPIRE_BATCH = 100;

/** An exports table whose finished file is in object storage. */
export type StoredExportTable = ExportTable & { storageKey: PgColumn; size: PgColumn };

interface Expiring {
  table: ExportTable;
  retentionDays: number;
  label: string;
  file: ExportFileRef;
}
const expiringByJobs = new WeakMap<object, { kinds: Map<string, Expiring>; scheduled: Promise<void> }>();

/** The file of a table with `storage_key` and `size`: deleted from storage. */
function storedFileRef(table: ExportTable, label: string): ExportFileRef {
  if (!('storageKey' in table && 'size' in table)) throw new Error(`${label}: retentionDays needs a storage_key and size, or a file`);
  return {
    column: (table as StoredExportTable).storageKey,
    cleared: { storageKey: null, size: null },
    remove: (platform, file) => platform.storage.delete(file.value),
  };
}

function keepExpiring<T extends ExportTable>(platform: Platform, kind: TabularExport<T>): Promise<void> {
  let entry = expiringByJobs.get(platform.jobs);
  if (!entry) {
    const kinds = new Map<string, Expiring>();
    entry = {
      kinds,
      scheduled: scheduleRecurring(platform, {
        queue: EXPORT_EXPIRY_QUEUE,
        everySeconds: 3600,
        firstAfterSeconds: 120,
        run: async () => {
          const expired = await expireExports(platform);
          if (expired > 0) platform.log.info({ expired }, 'export files past retention: deleted');
        },
      }),
    };
    expiringByJobs.set(platform.jobs, entry);
  }
  entry.kinds.set(kind.queue, { table: kind.table, retentionDays: kind.retentionDays ?? EXPORT_RETENTION_DAYS, label: kind.label, file: kind.file ?? storedFileRef(kind.table, kind.label) });
  return entry.scheduled;
}

/**
 * Deletes the files of finished exports older than their retention, in every tenant (an operator
 * task: the exports are read as the owner, each change made in its tenant). The export stays,
 * EXPIRED, with no file: its download answers 410. The row is marked first so no download starts
 * on a file about to go; a pass cut short leaves a marked row whose file the next pass deletes
 * again (deleting is idempotent). Answers how many exports it expired.
 */
export async function expireExports(platform: Platform, now = new Date()): Promise<number> {
  let handled = 0;
  for (const { table, retentionDays, file } of expiringByJobs.get(platform.jobs)?.kinds.values() ?? []) {
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    for (;;) {
      const batch = (await platform.db.ownerDrizzle((db) =>
        db
          .select({ tenantId: table.tenantId, id: table.id, file: file.column })
          .from(table)
          .where(sql`(${table.status} = 'DONE' AND ${table.finishedAt} < ${before.toISOString()}::timestamptz) OR (${table.status} = 'EXPIRED' AND ${file.column} IS NOT NULL)`)
          .limit(EXPIRE_BATCH),
      )) as { tenantId: string; id: string; file: string | null }[];
      for (const row of batch) {
        await update(platform, table, row.tenantId, row.id, { status: 'EXPIRED' });
        if (row.file) await file.remove(platform, { tenantId: row.tenantId, exportId: row.id, value: row.file });
        await update(platform, table, row.tenantId, row.id, file.cleared);
      }
      handled += batch.length;
      if (batch.length < EXPIRE_BATCH) break;
    }
  }
  return handled;
}

/** The state fields every export answers with. */
export function exportState<F extends string, S extends string>(
  row: { id: string; format: F; status: S; percent: number; rows: number; error: string | null; createdAt: Date; finishedAt: Date | null },
  fileName: string,
  downloadUrl: string | null,
) {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    percent: row.percent,
    rows: row.rows,
    file_name: fileName,
    download_url: downloadUrl,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Until when a finished export's file can be downloaded (DONE), or when it was deleted (EXPIRED),
 * as ISO text: its finish plus the retention its module defines with. null before it is finished
 * (or when it failed).
 */
export function exportExpiresAt(row: { status: string; finishedAt: Date | null }, retentionDays: number): string | null {
  if ((row.status !== 'DONE' && row.status !== 'EXPIRED') || !row.finishedAt) return null;
  return new Date(row.finishedAt.getTime() + retentionDays * 86_400_000).toISOString();
}

/** The file of a finished export as an attachment; 409 while it is not ready. */
export async function sendExportFile(storage: ObjectStorage, reply: FastifyReply, row: { status: string; format: ExportFormat; storageKey: string | null }, fileName: string): Promise<FastifyReply> {
  return sendJobFile(storage, reply, row, fileName, row.format === 'csv' ? 'text/csv; charset=utf-8' : EXPORT_CONTENT_TYPES.xlsx);
}

/** The file a background job wrote (an export, a label sheet) as a private attachment; 409 while it is not ready, 410 `expired` once its retention deleted it. */
export async function sendJobFile(storage: ObjectStorage, reply: FastifyReply, row: { status: string; storageKey: string | null }, fileName: string, contentType: string): Promise<FastifyReply> {
  if (row.status === 'EXPIRED') throw new AppError('expired', 'This file was deleted when its retention ended: make a new one.', { status: row.status });
  if (row.status !== 'DONE' || !row.storageKey) throw new AppError('conflict', 'The file is not ready yet.', { status: row.status });
  const stream = await storage.get(row.storageKey);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

function matches(table: ExportTable, tenantId: string, exportId: string) {
  return and(eq(table.tenantId, tenantId), eq(table.id, exportId));
}

async function update(platform: Platform, table: ExportTable, tenantId: string, exportId: string, values: Record<string, unknown>): Promise<void> {
  await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(table)
      .set(values)
      .where(matches(table, tenantId, exportId)),
  );
}

const COALESCE_BYTES = 256 * 1024;

/**
 * The stream storage reads: exceljs's zip writer emits many small chunks, so they are hashed and
 * passed on in 256 KiB pieces, and storage writes a few large blocks instead of one per chunk.
 */
function fileStream(): { out: Transform; sha256: () => string } {
  const hash = createHash('sha256');
  let held: Buffer[] = [];
  let heldBytes = 0;
  const out = new Transform({
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < COALESCE_BYTES) return callback();
      const piece = Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      callback(null, piece);
    },
    flush(callback) {
      callback(null, heldBytes > 0 ? Buffer.concat(held, heldBytes) : undefined);
    },
  });
  return { out, sha256: () => hash.digest('hex') };
}

/** Writes rows to the file: CSV (BOM, formula-safe cells) or XLSX (exceljs's streaming writer). */
interface RowWriter {
  add(lines: readonly (readonly string[])[]): Promise<void>;
  end(): Promise<void>;
}

async function rowWriter(out: Transform, format: ExportFormat, sheetName: string, header: readonly string[]): Promise<RowWriter> {
  if (format === 'csv') {
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    await write(`${CSV_BOM}${csvLines([header])}`);
    return { add: (lines) => write(csvLines(lines)), end: async () => void out.end() };
  }
  // loaded on the first XLSX export: server start-up does not pay for exceljs (issue 2)
  const { default: Excel } = await import('exceljs');
  const book: ExcelJS.stream.xlsx.WorkbookWriter = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow([...header]).commit();
  return {
    add: async (lines) => {
      for (const line of lines) sheet.addRow([...line]).commit();
    },
    end: async () => {
      sheet.commit();
      await book.commit();
    },
  };
}

async function runExport<T extends ExportTable>(platform: Platform, kind: TabularExport<T>, data: ExportJobData, info: JobInfo): Promise<void> {
  const { tenantId, exportId } = data;
  // the module's own table, seen through the columns every export table has
  const table: ExportTable = kind.table;
  const [row] = (await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(table)
      .set({ status: 'RUNNING', percent: 0, rows: 0, error: null })
      .where(and(matches(table, tenantId, exportId), sql`${table.status} IN ('PENDING', 'RUNNING')`))
      .returning(),
  )) as T['$inferSelect'][];
  if (!row) return;
  const { out, sha256 } = fileStream();
  let stored: Promise<{ size: number }> | null = null;
  try {
    const plan = await kind.plan(row, data);
    const contentType = EXPORT_CONTENT_TYPES[plan.format];
    stored = platform.storage.put(plan.key, out, { contentType });
    stored.catch(() => undefined);
    const writer = await rowWriter(out, plan.format, plan.sheet, plan.header);
    let written = 0;
    for (;;) {
      if (info.signal.aborted) throw new Error('the server is stopping');
      const lines = await plan.nextPage();
      if (lines.length === 0) break;
      await writer.add(lines);
      written += lines.length;
      await update(platform, table, tenantId, exportId, { rows: written, percent: Math.min(99, Math.floor((written / Math.max(1, plan.total)) * 100)) });
      if (lines.length < plan.pageSize) break;
    }
    await writer.end();
    const { size } = await stored;
    const file: ExportFile = { key: plan.key, size, sha256: sha256(), contentType, rows: written };
    await platform.db.transaction(tenantId, async (tx) => {
      await tx
        .update(table)
        .set({ status: 'DONE', percent: 100, rows: written, finishedAt: new Date(), ...plan.stored(file) })
        .where(matches(table, tenantId, exportId));
      await plan.finished(tx, file);
    });
  } catch (error) {
    out.destroy(error as Error);
    await stored?.catch(() => undefined);
    if (info.signal.aborted || info.retryCount < kind.retryLimit) throw error;
    platform.log.error({ err: error, tenantId, exportId }, `${kind.label} failed`);
    await update(platform, table, tenantId, exportId, { status: 'FAILED', error: 'No se pudo generar el archivo.', finishedAt: new Date() });
  }
}
