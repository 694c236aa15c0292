import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { TAssetExport, TAssetFilters } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { JobInfo } from '../../platform/jobs.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { CSV_BOM, csvLines } from '../../platform/csv.ts';
import { findLocation, venueCodes } from '../catalogs/index.ts';
import { notify } from '../notifications/index.ts';
import { personSummaries } from '../people/index.ts';
import { filtersWhere, type AssetRow } from './assets.service.ts';
import { assetCategories, assetExports, assetTypes, assets } from './assets.table.ts';

export const ASSET_EXPORT_QUEUE = 'assets.export';
const PAGE = 2000;
const RETRY_LIMIT = 3;

type ExportRow = typeof assetExports.$inferSelect;

/**
 * The file's columns: the assets import's (decision 028), in its order and with its Spanish
 * headers, so an export can be edited and loaded back; then what the import does not read.
 */
export const ASSET_COLUMNS = [
  { name: 'code', header: 'Código' },
  { name: 'name', header: 'Nombre' },
  { name: 'type', header: 'Tipo' },
  { name: 'manufacturer', header: 'Fabricante' },
  { name: 'model', header: 'Modelo' },
  { name: 'venue', header: 'Sede' },
  { name: 'responsible', header: 'Responsable' },
  { name: 'parent', header: 'Elemento padre' },
  { name: 'description', header: 'Descripción' },
  { name: 'purchase_date', header: 'Fecha de compra' },
  { name: 'purchase_cost', header: 'Costo de compra' },
  { name: 'useful_life_years', header: 'Vida útil (años)' },
  { name: 'salvage_value', header: 'Valor residual' },
  { name: 'latitude', header: 'Latitud' },
  { name: 'longitude', header: 'Longitud' },
  { name: 'category', header: 'Categoría' },
  { name: 'location', header: 'Ubicación' },
  { name: 'maintenance_status', header: 'Estado de mantención' },
  { name: 'last_maintenance_at', header: 'Última mantención' },
] as const;

const STATUS_WORDS = { ok: 'OK', maintenance_needed: 'Requiere mantención' } as const;
const fileName = (row: ExportRow) => `activos-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
const storageKey = (tenantId: string, id: string, format: string) => `tenants/${tenantId}/exports/assets-${id}.${format}`;

function toExport(row: ExportRow): TAssetExport {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    percent: row.percent,
    rows: row.rows,
    file_name: fileName(row),
    download_url: row.status === 'DONE' ? `/api/asset-manager/v3/assets/exports/${row.id}/download` : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: null,
  };
}

interface Names {
  types: Map<string, string>;
  categories: Map<string, string>;
  venues: Map<string, string>;
  locations: Map<string, string>;
  persons: Map<string, string>;
  parents: Map<string, string>;
}

async function namesOf(tx: Drizzle, tenantId: string, rows: readonly AssetRow[]): Promise<Names> {
  const types = await tx.select({ id: assetTypes.id, name: assetTypes.name }).from(assetTypes).where(eq(assetTypes.tenantId, tenantId));
  const categories = await tx.select({ id: assetCategories.id, name: assetCategories.name }).from(assetCategories).where(eq(assetCategories.tenantId, tenantId));
  const venues = await venueCodes(tx, tenantId, rows.flatMap((r) => (r.venueId ? [r.venueId] : [])));
  const locations = new Map<string, string>();
  for (const id of new Set(rows.flatMap((r) => (r.locationId ? [r.locationId] : [])))) {
    const location = await findLocation(tx, tenantId, id);
    if (location) locations.set(id, location.code ?? location.name);
  }
  const people = await personSummaries(tx, tenantId, rows.flatMap((r) => (r.responsiblePersonId ? [r.responsiblePersonId] : [])));
  const parentIds = [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
  const parents = parentIds.length > 0 ? await tx.select({ id: assets.id, code: assets.code }).from(assets).where(and(eq(assets.tenantId, tenantId), inArray(assets.id, parentIds))) : [];
  return {
    types: new Map(types.map((t) => [t.id, t.name])),
    categories: new Map(categories.map((c) => [c.id, c.name])),
    venues,
    locations,
    persons: new Map([...people.values()].map((p) => [p.id, p.passport])),
    parents: new Map(parents.map((p) => [p.id, p.code])),
  };
}

function cellsOf(row: AssetRow, names: Names): string[] {
  const num = (value: number | null) => (value === null ? '' : String(value));
  return [
    row.code,
    row.name,
    names.types.get(row.typeId) ?? '',
    row.manufacturer,
    row.model,
    row.venueId ? (names.venues.get(row.venueId) ?? '') : '',
    row.responsiblePersonId ? (names.persons.get(row.responsiblePersonId) ?? '') : '',
    row.parentId ? (names.parents.get(row.parentId) ?? '') : '',
    row.description,
    row.purchaseDate ?? '',
    num(row.purchaseCost),
    num(row.usefulLifeYears),
    num(row.salvageValue),
    num(row.lat),
    num(row.lng),
    names.categories.get(row.categoryId) ?? '',
    row.locationId ? (names.locations.get(row.locationId) ?? '') : '',
    STATUS_WORDS[row.maintenanceStatus],
    row.lastMaintenanceAt?.toISOString() ?? '',
  ];
}

const defined = new WeakMap<object, Promise<void>>();

export function defineAssetExportJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<{ tenantId: string; exportId: string }>(ASSET_EXPORT_QUEUE, (data, info) => runExport(platform, data, info), {
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

export async function startExport(ctx: Ctx, input: { format: 'csv' | 'xlsx'; filters: TAssetFilters }): Promise<TAssetExport> {
  const { caller } = signedIn(ctx);
  const row = await ctx.tx(
    async (tx) => {
      const [created] = await tx.insert(assetExports).values({ tenantId: ctx.tenant.id, format: input.format, filters: input.filters, createdBy: caller.personId }).returning();
      await ctx.platform.jobs.send(tx, ASSET_EXPORT_QUEUE, { tenantId: ctx.tenant.id, exportId: created!.id });
      return created!;
    },
    { audit: 'assets.export', subject: (r) => r.id, details: { format: input.format, filters: input.filters } },
  );
  ctx.platform.jobs.wake(ASSET_EXPORT_QUEUE);
  return toExport(row);
}

/** The caller's own exports, newest first (an export holds what its maker could see). */
export async function listExports(ctx: Ctx, query: { page: number; page_size: number }): Promise<{ count: number; results: TAssetExport[] }> {
  const { caller } = signedIn(ctx);
  return ctx.read(async (db) => {
    const where = and(eq(assetExports.tenantId, ctx.tenant.id), eq(assetExports.createdBy, caller.personId));
    const rows = await db.select().from(assetExports).where(where).orderBy(desc(assetExports.createdAt)).limit(query.page_size).offset((query.page - 1) * query.page_size);
    const [counted] = await db.select({ n: count() }).from(assetExports).where(where);
    return { count: counted?.n ?? 0, results: rows.map(toExport) };
  });
}

async function findExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const { caller } = signedIn(ctx);
  const [row] = isUuid(id)
    ? await ctx.read((db) => db.select().from(assetExports).where(and(eq(assetExports.tenantId, ctx.tenant.id), eq(assetExports.id, id), eq(assetExports.createdBy, caller.personId))).limit(1))
    : [];
  if (!row) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getExport(ctx: Ctx, id: string): Promise<TAssetExport> {
  return toExport(await findExport(ctx, id));
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

async function update(platform: Platform, tenantId: string, id: string, values: Partial<typeof assetExports.$inferInsert>): Promise<void> {
  await platform.db.transaction(tenantId, (tx) => tx.update(assetExports).set(values).where(and(eq(assetExports.tenantId, tenantId), eq(assetExports.id, id))));
}

async function write(stream: PassThrough, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Writes the file page by page (keyset on the code), so memory stays flat whatever the count. */
async function runExport(platform: Platform, data: { tenantId: string; exportId: string }, info: JobInfo): Promise<void> {
  const { tenantId, exportId } = data;
  const [row] = await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(assetExports)
      .set({ status: 'RUNNING', percent: 0, rows: 0, error: null })
      .where(and(eq(assetExports.tenantId, tenantId), eq(assetExports.id, exportId), sql`${assetExports.status} IN ('PENDING', 'RUNNING')`))
      .returning(),
  );
  if (!row) return;
  const key = storageKey(tenantId, exportId, row.format);
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const stored = platform.storage.put(key, out, { contentType: row.format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  stored.catch(() => undefined);
  try {
    const header = ASSET_COLUMNS.map((c) => c.header);
    let sheet: ExcelJS.Worksheet | null = null;
    let book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
    if (row.format === 'csv') await write(out, `${CSV_BOM}${csvLines([header])}`);
    else {
      const { default: Excel } = await import('exceljs');
      book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      sheet = book.addWorksheet('Activos');
      sheet.addRow(header).commit();
    }
    const total = await platform.db.transaction(tenantId, async (tx) => {
      const where = await filtersWhere(tx, tenantId, row.filters as TAssetFilters);
      return where ? ((await tx.select({ n: count() }).from(assets).where(where))[0]?.n ?? 0) : 0;
    });
    let after: string | null = null;
    let written = 0;
    for (;;) {
      if (info.signal.aborted) throw new Error('the server is stopping');
      const page = await platform.db.transaction(tenantId, async (tx) => {
        const where = await filtersWhere(tx, tenantId, row.filters as TAssetFilters);
        if (!where) return { rows: [] as AssetRow[], names: null };
        const rows = await tx
          .select()
          .from(assets)
          .where(after === null ? where : and(where, gt(assets.code, after)))
          .orderBy(asc(assets.code))
          .limit(PAGE);
        return { rows, names: await namesOf(tx, tenantId, rows) };
      });
      if (page.rows.length === 0 || !page.names) break;
      const names = page.names;
      const lines = page.rows.map((asset) => cellsOf(asset, names));
      if (sheet) for (const line of lines) sheet.addRow(line).commit();
      else await write(out, csvLines(lines));
      written += page.rows.length;
      after = page.rows[page.rows.length - 1]!.code;
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
        .update(assetExports)
        .set({ status: 'DONE', percent: 100, rows: written, storageKey: key, size, finishedAt: new Date() })
        .where(and(eq(assetExports.tenantId, tenantId), eq(assetExports.id, exportId)));
      if (row.createdBy)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdBy],
          kind: 'system_update',
          title: 'La exportación de activos está lista',
          body: `${written} activos en ${fileName(row)}.`,
          context: { type: 'AssetExport', action: 'DONE', id: exportId },
        });
    });
  } catch (error) {
    out.destroy(error as Error);
    await stored.catch(() => undefined);
    if (info.signal.aborted || info.retryCount < RETRY_LIMIT) throw error;
    platform.log.error({ err: error, tenantId, exportId }, 'assets export failed');
    await update(platform, tenantId, exportId, { status: 'FAILED', error: 'No se pudo generar el archivo.', finishedAt: new Date() });
  }
}
