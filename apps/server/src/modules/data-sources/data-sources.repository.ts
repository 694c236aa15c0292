import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { dataSourceRows, dataSources } from './data-sources.table.ts';
import { sortKey } from '../catalogs/sort-key.ts';

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
  const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(dataSources).where(where);
  return { count: counted?.total ?? 0, rows: rows.map(({ row, rowsCount: n }) => ({ ...row, rowsCount: n })) };
}

export async function findDataSource(tx: Drizzle, tenantId: string, id: string): Promise<DataSourceRecord | null> {
  const [found] = await tx.select({ row: dataSources, rowsCount }).from(dataSources).where(and(eq(dataSources.tenantId, tenantId), eq(dataSources.id, id))).limit(1);
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

export async function listRows(tx: Drizzle, tenantId: string, dataSourceId: string, query: { search?: string | undefined; isActive: 'true' | 'false' | 'all'; limit: number; offset: number }) {
  const where = and(
    eq(dataSourceRows.tenantId, tenantId),
    eq(dataSourceRows.dataSourceId, dataSourceId),
    active(query.isActive, dataSourceRows.isActive),
    query.search?.trim() ? or(ilike(dataSourceRows.key, pattern(query.search)), ilike(dataSourceRows.label, pattern(query.search))) : undefined,
  );
  const rows = await tx.select().from(dataSourceRows).where(where).orderBy(asc(sortKey(dataSourceRows.label)), asc(dataSourceRows.key)).limit(query.limit).offset(query.offset);
  const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(dataSourceRows).where(where);
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

export async function insertRow(tx: Drizzle, values: typeof dataSourceRows.$inferInsert): Promise<DataSourceRowRecord> {
  const [row] = await tx.insert(dataSourceRows).values(values).returning();
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
