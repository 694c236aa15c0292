import { and, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Drizzle, Engine } from '../../platform/db/database.ts';
import { foldKey } from '../../platform/db/sort-key.ts';
import type { RowError } from './importer.ts';
import { importJobs, importRows } from './imports.table.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertImportJob(tx: Drizzle, values: typeof importJobs.$inferInsert): Promise<ImportJobRow> {
  const [row] = await tx.insert(importJobs).values(values).returning();
  return row!;
}

export async function findImportJob(tx: Drizzle, tenantId: string, id: number): Promise<ImportJobRow | null> {
  const [row] = await tx
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listImportJobs(tx: Drizzle, tenantId: string, kind: string, scope: string | null, limit: number, offset: number): Promise<{ count: number; rows: ImportJobRow[] }> {
  const where = and(eq(importJobs.tenantId, tenantId), eq(importJobs.kind, kind), scope === null ? sql`${importJobs.scope} IS NULL` : eq(importJobs.scope, scope));
  const rows = await tx.select().from(importJobs).where(where).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit).offset(offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(importJobs)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

/** Moves a job from one status to another; null when it was not in `from` (someone else moved it). */
export async function transitionJob(tx: Drizzle, tenantId: string, id: number, from: readonly string[], values: Partial<typeof importJobs.$inferInsert>): Promise<ImportJobRow | null> {
  const [row] = await tx
    .update(importJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id), sql`${importJobs.status} = ANY(${sql.param([...from])}::text[])`))
    .returning();
  return row ?? null;
}

export async function deleteImportJob(tx: Drizzle, tenantId: string, id: number): Promise<void> {
  await tx.delete(importJobs).where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
}

/** The highest staged row id of a job (0 when none). */
export async function maxRowId(tx: Drizzle, tenantId: string, jobId: number, fileRowsOnly = false): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${importRows.id}), 0)`.mapWith(Number) })
    .from(importRows)
    .where(and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), fileRowsOnly ? sql`${importRows.row} IS NOT NULL` : undefined));
  return row?.max ?? 0;
}

/**
 * Staged rows per statement on PGlite, in every step (staging, diff, an apply's writes through
 * `ImportRunContext.inRanges`, deleting a job's rows): the engine runs on the server's thread and
 * holds the one connection, and 2,000 rows keep a statement under about a fifth of a second.
 * PostgreSQL takes 5,000 per statement (20,000 per delete) and an apply's write in one.
 */
export const PGLITE_ROWS = 2000;

/**
 * Deletes every staged row of a job, a slice of ids per transaction: no statement holds the
 * database long, and a run cut short is finished by the next one (it is idempotent).
 */
export async function deleteJobRows(db: Database, tenantId: string, jobId: number): Promise<void> {
  const slice = db.engine === 'pglite' ? PGLITE_ROWS : 20_000;
  const last = await db.transaction(tenantId, (tx) => maxRowId(tx, tenantId, jobId));
  for (let from = 1; from <= last; from += slice) {
    await db.transaction(tenantId, (tx) =>
      tx.delete(importRows).where(and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), sql`${importRows.id} BETWEEN ${from} AND ${from + slice - 1}`)),
    );
  }
}

export async function countOperations(tx: Drizzle, tenantId: string, jobId: number): Promise<Record<string, number>> {
  const rows = await tx
    .select({ operation: importRows.operation, total: sql<number>`count(*)`.mapWith(Number) })
    .from(importRows)
    .where(and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId)))
    .groupBy(importRows.operation);
  const counts: Record<string, number> = { ADD: 0, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 0 };
  for (const row of rows) counts[row.operation] = row.total;
  return counts;
}

/**
 * Rows whose label or key contains the search, without case or accents ("sofia" finds "Sofía"),
 * or, for a number, the sheet's row of that number.
 */
function rowsMatching(search: string): SQL {
  const text = search.trim();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: AnyColumn) => sql`${foldKey(column)} LIKE ${foldKey(sql`${pattern}`)}`;
  const byText = or(like(importRows.label), like(importRows.key))!;
  return /^\d{1,9}$/.test(text) ? or(eq(importRows.row, Number(text)), byText)! : byText;
}

/** A preview's filters: one operation's rows, rows matching a search. */
const rowFilters = (filter: { operation?: string | undefined; search?: string | undefined }) => [
  filter.operation ? eq(importRows.operation, filter.operation) : undefined,
  filter.search?.trim() ? rowsMatching(filter.search) : undefined,
];

/** What the preview shows of a staged row. */
const PREVIEW_COLUMNS = {
  id: importRows.id,
  row: importRows.row,
  key: importRows.key,
  label: importRows.label,
  operation: importRows.operation,
  errorCode: importRows.errorCode,
  errorColumn: importRows.errorColumn,
  errors: importRows.errors,
  changes: importRows.changes,
};

export async function listRows(tx: Drizzle, tenantId: string, jobId: number, query: { operation?: string | undefined; search?: string | undefined; limit: number; offset: number }) {
  const where = and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), ...rowFilters(query));
  const rows = await tx.select(PREVIEW_COLUMNS).from(importRows).where(where).orderBy(importRows.id).limit(query.limit).offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(importRows)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

/** Staged rows after `afterId` in id order (keyset pages for the preview's file), of one operation or all. */
export async function rowsAfter(tx: Drizzle, tenantId: string, jobId: number, afterId: number, limit: number, filter: { operation?: string | undefined; search?: string | undefined } = {}) {
  return tx
    .select(PREVIEW_COLUMNS)
    .from(importRows)
    .where(and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), sql`${importRows.id} > ${afterId}`, ...rowFilters(filter)))
    .orderBy(importRows.id)
    .limit(limit);
}

export interface StagedRow {
  id: number;
  row: number | null;
  key: string;
  altKey: string | null;
  label: string;
  operation: string;
  targetId: string | null;
  errorCode: string | null;
  errorColumn: string | null;
  /** Every problem the row's checks found (the first is `errorCode`), null without any. */
  errors: readonly RowError[] | null;
  data: Record<string, unknown>;
  parsedOk: boolean;
}

/**
 * A chunk of staged rows as the UTF-8 text of a JSON array, written row by row into one buffer
 * that is reused from chunk to chunk. Each row is serialised as soon as it is parsed, so its
 * objects die young, and what waits for the database lives outside the JavaScript heap: the
 * garbage a 100,000-row import leaves behind stays small (peak memory).
 */
export class StagedChunk {
  private buffer = Buffer.alloc(4 * 1024 * 1024);
  private length = 0;
  rows = 0;

  add(r: StagedRow): void {
    // a row without problems carries no `errors` key at all (json_to_recordset reads it as NULL)
    const json = JSON.stringify({
      id: r.id,
      row: r.row,
      key: r.key,
      alt_key: r.altKey,
      label: r.label,
      operation: r.operation,
      target_id: r.targetId,
      error_code: r.errorCode,
      error_column: r.errorColumn,
      errors: r.errors ?? undefined,
      data: r.data,
      parsed_ok: r.parsedOk,
    });
    const needed = this.length + Buffer.byteLength(json) + 2;
    if (needed > this.buffer.length) {
      const larger = Buffer.alloc(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.buffer[this.length++] = this.rows === 0 ? 0x5b /* [ */ : 0x2c; /* , */
    this.length += this.buffer.write(json, this.length);
    this.rows++;
  }

  /** The array's bytes (valid until the next `add` or `clear`). */
  bytes(): Buffer {
    this.buffer[this.length] = 0x5d; /* ] */
    return this.buffer.subarray(0, this.length + 1);
  }

  clear(): void {
    this.length = 0;
    this.rows = 0;
  }
}

/**
 * Stages a chunk of rows with one statement: the chunk travels as one JSON text and
 * `json_to_recordset` spreads it into rows (faster on both sides than ten array parameters, whose
 * literals the driver escapes and the server parses element by element). On PostgreSQL the text
 * goes as its bytes (a binary parameter, no copy into the heap); PGlite hex-encodes byte
 * parameters in JavaScript, five times slower than a string, so there it goes as a string.
 */
export async function stageRows(tx: Drizzle, tenantId: string, jobId: number, chunk: StagedChunk, engine: Engine): Promise<void> {
  if (chunk.rows === 0) return;
  const json = engine === 'pglite' ? sql`${chunk.bytes().toString('utf8')}::json` : sql`convert_from(${chunk.bytes()}::bytea, 'UTF8')::json`;
  await tx.execute(sql`
    INSERT INTO import_rows (tenant_id, job_id, id, row, key, alt_key, label, operation, target_id, error_code, error_column, errors, data, parsed_ok)
    SELECT ${tenantId}, ${jobId}, u.id, u.row, u.key, u.alt_key, u.label, u.operation, u.target_id, u.error_code, u.error_column, u.errors, u.data, u.parsed_ok
    FROM json_to_recordset(${json}) AS u(id int, row int, key text, alt_key text, label text, operation text, target_id uuid, error_code text, error_column text, errors jsonb, data jsonb, parsed_ok boolean)`);
}

/**
 * Finished jobs (a final status) left alone since before `before` whose rows are still kept,
 * oldest first, and jobs already marked whose rows a cut-short pass left behind.
 */
export async function jobsPastRetention(tx: Drizzle, tenantId: string, before: Date, limit: number): Promise<number[]> {
  const rows = (await tx.execute(sql`
    SELECT j.id FROM import_jobs j
    WHERE j.tenant_id = ${tenantId} AND j.status IN ('VALIDATION_FAILED', 'APPLY_OK', 'APPLY_FAILED')
      AND CASE WHEN j.rows_purged_at IS NULL THEN j.updated_at < ${before.toISOString()}::timestamptz
               ELSE EXISTS (SELECT 1 FROM import_rows r WHERE r.tenant_id = j.tenant_id AND r.job_id = j.id) END
    ORDER BY j.updated_at, j.id
    LIMIT ${limit}`)) as unknown as { rows: { id: number | string }[] };
  return rows.rows.map((row) => Number(row.id));
}

/** Marks a finished job's rows as removed (first, so its preview never shows half of them); keeps the first mark. */
export async function markRowsPurged(tx: Drizzle, tenantId: string, id: number): Promise<void> {
  await tx
    .update(importJobs)
    .set({ rowsPurgedAt: sql`coalesce(${importJobs.rowsPurgedAt}, now())` })
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
}
