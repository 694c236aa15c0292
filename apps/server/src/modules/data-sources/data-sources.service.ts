import type { TDataSource, TDataSourceRow, TDataSourceRowMove, TDataSourceRowOrder, TDataSourceUsage } from '@faena/contracts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError, FieldErrors, problem } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { formsUsingDataSource } from '../forms/index.ts';
import {
  findDataSource,
  findRow,
  insertDataSource,
  insertRow,
  listDataSources,
  listRows,
  lockDataSource,
  moveRow,
  numberRowsByLabel,
  updateDataSource,
  updateRow,
  type DataSourceRecord,
  type DataSourceRowRecord,
} from './data-sources.repository.ts';

const notFound = (what = 'Data source') => new AppError('not-found', `${what} not found.`);
const KEY_IN_USE = 'Key already in use';

const toDataSource = (row: DataSourceRecord): TDataSource => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_active: row.isActive,
  row_order: row.rowOrder as TDataSourceRowOrder,
  rows_count: row.rowsCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
const toRow = (row: DataSourceRowRecord): TDataSourceRow => ({ id: row.id, key: row.key, label: row.label, is_active: row.isActive });

type ListQuery = { page: number; page_size: number; search?: string | undefined; is_active: 'true' | 'false' | 'all' };
type RowsQuery = ListQuery & { key?: string[] | undefined };
const listArgs = (query: ListQuery) => ({ search: query.search, isActive: query.is_active, limit: query.page_size, offset: (query.page - 1) * query.page_size });

export async function listAll(ctx: Ctx, query: ListQuery): Promise<{ count: number; results: TDataSource[] }> {
  const { count, rows } = await ctx.tx((tx) => listDataSources(tx, ctx.tenant.id, listArgs(query)));
  return { count, results: rows.map(toDataSource) };
}

export async function getDataSource(ctx: Ctx, id: string): Promise<TDataSource> {
  const row = isUuid(id) ? await ctx.tx((tx) => findDataSource(tx, ctx.tenant.id, id)) : null;
  if (!row) throw notFound();
  return toDataSource(row);
}

/** An active data source of the tenant (imports and row writes need one). */
export async function activeDataSource(ctx: Ctx, id: string): Promise<TDataSource> {
  const source = await getDataSource(ctx, id);
  if (!source.is_active) throw notFound();
  return source;
}

export async function createDataSource(ctx: Ctx, input: { name: string; description?: string | null | undefined; row_order?: TDataSourceRowOrder | undefined }): Promise<TDataSource> {
  const row = await ctx.tx((tx) => insertDataSource(tx, { tenantId: ctx.tenant.id, name: input.name, description: input.description?.trim() || null, rowOrder: input.row_order ?? 'label' }), {
    audit: 'data-sources.create',
  });
  return getDataSource(ctx, row.id);
}

export async function editDataSource(
  ctx: Ctx,
  id: string,
  input: { name?: string | undefined; description?: string | null | undefined; is_active?: boolean | undefined; row_order?: TDataSourceRowOrder | undefined },
): Promise<TDataSource> {
  if (!isUuid(id)) throw notFound();
  const row = await ctx.tx(
    async (tx) => {
      // a source put in manual order starts from the alphabetical order its readers saw
      if (input.row_order === 'manual' && (await lockDataSource(tx, ctx.tenant.id, id))?.rowOrder === 'label') await numberRowsByLabel(tx, ctx.tenant.id, id);
      return updateDataSource(tx, ctx.tenant.id, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(input.row_order !== undefined ? { rowOrder: input.row_order } : {}),
      });
    },
    { audit: 'data-sources.update' },
  );
  if (!row) throw notFound();
  return getDataSource(ctx, id);
}

/** Which forms read the data source (the detail says so, and deleting it warns). */
export async function dataSourceUsage(ctx: Ctx, id: string): Promise<TDataSourceUsage> {
  await getDataSource(ctx, id);
  return { forms: await ctx.read((db) => formsUsingDataSource(db, ctx.tenant.id, id)) };
}

export async function listDataSourceRows(ctx: Ctx, id: string, query: RowsQuery): Promise<{ count: number; results: TDataSourceRow[] }> {
  const source = await getDataSource(ctx, id);
  const { count, rows } = await ctx.tx((tx) => listRows(tx, ctx.tenant.id, id, { ...listArgs(query), keys: query.key, order: source.row_order }));
  return { count, results: rows.map(toRow) };
}

async function writeRow<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldErrors({ key: [problem('in-use', KEY_IN_USE)] });
    throw error;
  }
}

/** Locks an active source of the tenant for a write to its rows (404 for any other), answering its order. */
async function lockActiveSource(ctx: Ctx, tx: Drizzle, id: string): Promise<TDataSourceRowOrder> {
  const source = isUuid(id) ? await lockDataSource(tx, ctx.tenant.id, id) : null;
  if (!source?.isActive) throw notFound();
  return source.rowOrder as TDataSourceRowOrder;
}

export async function addRow(ctx: Ctx, id: string, input: { key: string; label: string }): Promise<TDataSourceRow> {
  const row = await writeRow(() =>
    ctx.tx(
      async (tx) => {
        await lockActiveSource(ctx, tx, id);
        return insertRow(tx, { tenantId: ctx.tenant.id, dataSourceId: id, key: input.key, label: input.label });
      },
      { audit: 'data-sources.rows.create' },
    ),
  );
  return toRow(row);
}

/** Moves a row of a manually ordered source (decision 018); a source listed by label refuses (`reason: label-order`). */
export async function moveDataSourceRow(ctx: Ctx, id: string, rowId: string, to: TDataSourceRowMove): Promise<TDataSourceRow> {
  const row = await ctx.tx(
    async (tx) => {
      if ((await lockActiveSource(ctx, tx, id)) !== 'manual')
        throw new AppError('conflict', 'This data source lists its rows by label; put it in manual order to move them.', { reason: 'label-order' });
      if (!isUuid(rowId)) throw notFound('Row');
      const found = await findRow(tx, ctx.tenant.id, id, rowId);
      if (!found) throw notFound('Row');
      if (!found.isActive) throw new AppError('conflict', 'A deleted row has no place in the order; restore it first.', { reason: 'deleted' });
      await moveRow(tx, ctx.tenant.id, found, to);
      return found;
    },
    { audit: 'data-sources.rows.move', details: { to } },
  );
  return toRow(row);
}

export async function editRow(ctx: Ctx, id: string, rowId: string, input: { key?: string | undefined; label?: string | undefined; is_active?: boolean | undefined }): Promise<TDataSourceRow> {
  await activeDataSource(ctx, id);
  if (!isUuid(rowId)) throw notFound('Row');
  const row = await writeRow(() =>
    ctx.tx(
      (tx) =>
        updateRow(tx, ctx.tenant.id, id, rowId, {
          ...(input.key !== undefined ? { key: input.key } : {}),
          ...(input.label !== undefined ? { label: input.label } : {}),
          ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        }),
      { audit: 'data-sources.rows.update' },
    ),
  );
  if (!row) throw notFound('Row');
  return toRow(row);
}

export async function getRow(ctx: Ctx, id: string, rowId: string): Promise<TDataSourceRow> {
  await getDataSource(ctx, id);
  const row = isUuid(rowId) ? await ctx.tx((tx) => findRow(tx, ctx.tenant.id, id, rowId)) : null;
  if (!row) throw notFound('Row');
  return toRow(row);
}
