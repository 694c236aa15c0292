import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TDataSourceRowMove, TDataSourceRowOrder } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { dataSourceRows, dataSources } from './data-sources.table.ts';
import { sortKey } from '../../platform/db/sort-key.ts';

export type DataSourceRecord = typeof dataSources.$inferSelect & { rowsCount: number };
export type DataSourceRowRecord = typeof dataSourceRows.$inferSelect;

const pattern = (search: string) => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const active = (value: 'true' | 'false' | 'all', column: typeof dataSources.isActive | typeof dataSourceRows.isActive) => (value === 'all' ? undefined : eq(column, value === 'true'));
const rowsCount = sql<number>`(SELECT count(*) FROM data_source_rows r WHERE r.tenant_id = "data_sources"."tenant_id" AND r.data_source_id = "data_sources"."id" AND r.is_active)`.mapWith(Number);

export async function listDataSources(tx: Drizzle, tenantId: string, query: { search?: string | undefined; isActive: 'true' | 'false' | 'all'; limit: number; offset: number }) {
  const where = and(eq(dataSources.tenantId, tenantId), active(query.isActive, dataSources.isActive), query.search?.trim() ? ilike(dataSources.name, pattern(query.search)) : undefined);
  const rows = await tx
    .select({ row: dataSources, rowsCount })
    .from(dataSources)
    .where(where)
    .orderBy(asc(sortKey(dataSources.name)), asc(dataSources.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(dataSources)
    .where(where);
  return { count: counted?.total ?? 0, rows: rows.map(({ row, rowsCount: n }) => ({ ...row, rowsCount: n })) };
}

export async function findDataSource(tx: Drizzle, tenantId: string, id: string): Promise<DataSourceRecord | null> {
  const [found] = await tx
    .select({ row: dataSources, rowsCount })
    .from(dataSources)
    .where(and(eq(dataSources.tenantId, tenantId), eq(dataSources.id, id)))
    .limit(1);
  return found ? { ...found.row, rowsCount: found.rowsCount } : null;
}

export async function insertDataSource(tx: Drizzle, values: typeof dataSources.$inferInsert) {
  const [row] = await tx.insert(dataSources).values(values).returning();
  return row!;
}

export async function updateDataSource(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof dataSources.$inferInsert>) {
  const [row] = await tx
    .update(dataSources)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(dataSources.tenantId, tenantId), eq(dataSources.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Locks the source's row for this transaction, so its rows' positions are handed out one writer at
 * a time; answers what the writers check under that lock (null: not a source of the tenant).
 */
export async function lockDataSource(tx: Drizzle, tenantId: string, id: string): Promise<{ rowOrder: string; isActive: boolean } | null> {
  const [source] = await tx
    .select({ rowOrder: dataSources.rowOrder, isActive: dataSources.isActive })
    .from(dataSources)
    .where(and(eq(dataSources.tenantId, tenantId), eq(dataSources.id, id)))
    .for('update');
  return source ?? null;
}

/** The position after the source's last row (call under lockDataSource). */
export const nextRowPosition = (tenantId: string, dataSourceId: string) =>
  sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM data_source_rows WHERE tenant_id = ${tenantId} AND data_source_id = ${dataSourceId}::uuid)`;

/** Numbers the source's rows in their alphabetical order, so a switch to manual order starts from what readers saw. */
export async function numberRowsByLabel(tx: Drizzle, tenantId: string, dataSourceId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE data_source_rows d SET position = o.n
    FROM (SELECT id, row_number() OVER (ORDER BY ${sortKey(sql.raw('label'))}, key) AS n FROM data_source_rows WHERE tenant_id = ${tenantId} AND data_source_id = ${dataSourceId}::uuid) o
    WHERE d.tenant_id = ${tenantId} AND d.id = o.id`);
}

/**
 * Moves an active row among the source's active rows (call under lockDataSource): up or down
 * swaps it with its neighbour, first and last put it before or after every row. False when it
 * is already there.
 */
export async function moveRow(tx: Drizzle, tenantId: string, row: DataSourceRowRecord, to: TDataSourceRowMove): Promise<boolean> {
  const source = and(eq(dataSourceRows.tenantId, tenantId), eq(dataSourceRows.dataSourceId, row.dataSourceId));
  if (to === 'first' || to === 'last') {
    const [edge] = await tx
      .select({ id: dataSourceRows.id, position: dataSourceRows.position })
      .from(dataSourceRows)
      .where(and(source, eq(dataSourceRows.isActive, true)))
      .orderBy(to === 'first' ? asc(dataSourceRows.position) : desc(dataSourceRows.position))
      .limit(1);
    if (!edge || edge.id === row.id) return false;
    const position =
      to === 'first' ? sql`(SELECT min(position) - 1 FROM data_source_rows WHERE tenant_id = ${tenantId} AND data_source_id = ${row.dataSourceId}::uuid)` : nextRowPosition(tenantId, row.dataSourceId);
    await tx
      .update(dataSourceRows)
      .set({ position, updatedAt: new Date() })
      .where(and(source, eq(dataSourceRows.id, row.id)));
    return true;
  }
  const [neighbour] = await tx
    .select({ id: dataSourceRows.id, position: dataSourceRows.position })
    .from(dataSourceRows)
    .where(and(source, eq(dataSourceRows.isActive, true), to === 'up' ? lt(dataSourceRows.position, row.position) : gt(dataSourceRows.position, row.position)))
    .orderBy(to === 'up' ? desc(dataSourceRows.position) : asc(dataSourceRows.position))
    .limit(1);
  if (!neighbour) return false;
  const now = new Date();
  await tx
    .update(dataSourceRows)
    .set({ position: neighbour.position, updatedAt: now })
    .where(and(source, eq(dataSourceRows.id, row.id)));
  await tx
    .update(dataSourceRows)
    .set({ position: row.position, updatedAt: now })
    .where(and(source, eq(dataSourceRows.id, neighbour.id)));
  return true;
}

export async function listRows(
  tx: Drizzle,
  tenantId: string,
  dataSourceId: string,
  query: { search?: string | undefined; keys?: string[] | undefined; isActive: 'true' | 'false' | 'all'; limit: number; offset: number; order: TDataSourceRowOrder },
) {
  const where = and(
    eq(dataSourceRows.tenantId, tenantId),
    eq(dataSourceRows.dataSourceId, dataSourceId),
    active(query.isActive, dataSourceRows.isActive),
    query.keys ? (query.keys.length > 0 ? inArray(dataSourceRows.key, query.keys) : sql`false`) : undefined,
    query.search?.trim() ? or(ilike(dataSourceRows.key, pattern(query.search)), ilike(dataSourceRows.label, pattern(query.search))) : undefined,
  );
  const order = query.order === 'manual' ? [asc(dataSourceRows.position), asc(dataSourceRows.key)] : [asc(sortKey(dataSourceRows.label)), asc(dataSourceRows.key)];
  const rows = await tx
    .select()
    .from(dataSourceRows)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(dataSourceRows)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

export async function findRow(tx: Drizzle, tenantId: string, dataSourceId: string, id: string): Promise<DataSourceRowRecord | null> {
  const [row] = await tx
    .select()
    .from(dataSourceRows)
    .where(and(eq(dataSourceRows.tenantId, tenantId), eq(dataSourceRows.dataSourceId, dataSourceId), eq(dataSourceRows.id, id)))
    .limit(1);
  return row ?? null;
}

/** A new row goes after the source's last one (writers hold lockDataSource). */
export async function insertRow(tx: Drizzle, values: Omit<typeof dataSourceRows.$inferInsert, 'position'>): Promise<DataSourceRowRecord> {
  const [row] = await tx
    .insert(dataSourceRows)
    .values({ ...values, position: nextRowPosition(values.tenantId, values.dataSourceId) })
    .returning();
  return row!;
}

export async function updateRow(tx: Drizzle, tenantId: string, dataSourceId: string, id: string, values: Partial<typeof dataSourceRows.$inferInsert>): Promise<DataSourceRowRecord | null> {
  const [row] = await tx
    .update(dataSourceRows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(dataSourceRows.tenantId, tenantId), eq(dataSourceRows.dataSourceId, dataSourceId), eq(dataSourceRows.id, id)))
    .returning();
  return row ?? null;
}

/** For a query of another module (a form's references), in SQL: the keys among `keys` of active rows of an active source, as `SELECT id`. */
export function activeRowKeysSql(tenantId: string, dataSourceId: string, keys: readonly string[]): SQL {
  return sql`
      SELECT r.key AS id FROM ${dataSourceRows} r
      JOIN ${dataSources} s ON s.tenant_id = r.tenant_id AND s.id = r.data_source_id AND s.is_active
      WHERE r.tenant_id = ${tenantId} AND r.data_source_id = ${dataSourceId} AND r.is_active AND r.key = ANY(${sql.param([...keys])}::text[])`;
}
