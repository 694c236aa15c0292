import { and, desc, eq, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { importJobs, importRows } from './imports.table.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertImportJob(tx: Drizzle, values: typeof importJobs.$inferInsert): Promise<ImportJobRow> {
  const [row] = await tx.insert(importJobs).values(values).returning();
  return row!;
}

export async function findImportJob(tx: Drizzle, tenantId: string, id: number): Promise<ImportJobRow | null> {
  const [row] = await tx.select().from(importJobs).where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id))).limit(1);
  return row ?? null;
}

export async function listImportJobs(tx: Drizzle, tenantId: string, kind: string, scope: string | null, limit: number, offset: number): Promise<{ count: number; rows: ImportJobRow[] }> {
  const where = and(eq(importJobs.tenantId, tenantId), eq(importJobs.kind, kind), scope === null ? sql`${importJobs.scope} IS NULL` : eq(importJobs.scope, scope));
  const rows = await tx.select().from(importJobs).where(where).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit).offset(offset);
  const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(importJobs).where(where);
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

export async function deleteRowRange(tx: Drizzle, tenantId: string, jobId: number, from: number, to: number): Promise<void> {
  await tx.delete(importRows).where(and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), sql`${importRows.id} BETWEEN ${from} AND ${to}`));
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

export async function listRows(tx: Drizzle, tenantId: string, jobId: number, query: { operation?: string | undefined; limit: number; offset: number }) {
  const where = and(eq(importRows.tenantId, tenantId), eq(importRows.jobId, jobId), query.operation ? eq(importRows.operation, query.operation) : undefined);
  const rows = await tx
    .select({ id: importRows.id, row: importRows.row, key: importRows.key, label: importRows.label, operation: importRows.operation, errorCode: importRows.errorCode, errorColumn: importRows.errorColumn })
    .from(importRows)
    .where(where)
    .orderBy(importRows.id)
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(importRows).where(where);
  return { count: counted?.total ?? 0, rows };
}

export interface StagedRow {
  id: number;
  row: number | null;
  key: string;
  altKey: string | null;
  label: string;
  operation: string;
  errorCode: string | null;
  errorColumn: string | null;
  data: Record<string, unknown>;
  parsedOk: boolean;
}

/** Stages a chunk of rows with one statement (INSERT … SELECT FROM unnest). */
export async function stageRows(tx: Drizzle, tenantId: string, jobId: number, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: StagedRow) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO import_rows (tenant_id, job_id, id, row, key, alt_key, label, operation, error_code, error_column, data, parsed_ok)
    SELECT ${tenantId}, ${jobId}, u.* FROM unnest(
      ${column((r) => r.id)}::int[], ${column((r) => r.row)}::int[], ${column((r) => r.key)}::text[], ${column((r) => r.altKey)}::text[],
      ${column((r) => r.label)}::text[], ${column((r) => r.operation)}::text[], ${column((r) => r.errorCode)}::text[],
      ${column((r) => r.errorColumn)}::text[], ${column((r) => JSON.stringify(r.data))}::jsonb[], ${column((r) => r.parsedOk)}::boolean[]
    ) AS u`);
}
