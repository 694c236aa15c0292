import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TAssetExport, TAssetFilters } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineTabularExport, EXPORT_RETENTION_DAYS, exportExpiresAt, exportState, sendExportFile, type ExportPlan } from '../../platform/tabular-export.ts';
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
    ...exportState(row, fileName(row), row.status === 'DONE' ? `/api/asset-manager/v3/assets/exports/${row.id}/download` : null),
    expires_at: exportExpiresAt(row, EXPORT_RETENTION_DAYS),
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
  const venues = await venueCodes(
    tx,
    tenantId,
    rows.flatMap((r) => (r.venueId ? [r.venueId] : [])),
  );
  const locations = new Map<string, string>();
  for (const id of new Set(rows.flatMap((r) => (r.locationId ? [r.locationId] : [])))) {
    const location = await findLocation(tx, tenantId, id);
    if (location) locations.set(id, location.code ?? location.name);
  }
  const people = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((r) => (r.responsiblePersonId ? [r.responsiblePersonId] : [])),
  );
  const parentIds = [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
  const parents =
    parentIds.length > 0
      ? await tx
          .select({ id: assets.id, code: assets.code })
          .from(assets)
          .where(and(eq(assets.tenantId, tenantId), inArray(assets.id, parentIds)))
      : [];
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

export function defineAssetExportJobs(platform: Platform): Promise<void> {
  return defineTabularExport(platform, {
    queue: ASSET_EXPORT_QUEUE,
    table: assetExports,
    retryLimit: RETRY_LIMIT,
    label: 'assets export',
    plan: (row, job) => planExport(platform, row, job.tenantId),
    // the file is deleted after 7 days by the platform's export expiry; its download then answers 410 expired
    retentionDays: EXPORT_RETENTION_DAYS,
  });
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
    const rows = await db
      .select()
      .from(assetExports)
      .where(where)
      .orderBy(desc(assetExports.createdAt))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const [counted] = await db.select({ n: count() }).from(assetExports).where(where);
    return { count: counted?.n ?? 0, results: rows.map(toExport) };
  });
}

async function findExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const { caller } = signedIn(ctx);
  const [row] = isUuid(id)
    ? await ctx.read((db) =>
        db
          .select()
          .from(assetExports)
          .where(and(eq(assetExports.tenantId, ctx.tenant.id), eq(assetExports.id, id), eq(assetExports.createdBy, caller.personId)))
          .limit(1),
      )
    : [];
  if (!row) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getExport(ctx: Ctx, id: string): Promise<TAssetExport> {
  return toExport(await findExport(ctx, id));
}

export async function exportDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await findExport(ctx, id);
  return sendExportFile(ctx.platform.storage, reply, row, fileName(row));
}

/** The assets the export's filters select, page by page (keyset on the code), so memory stays flat whatever the count. */
async function planExport(platform: Platform, row: ExportRow, tenantId: string): Promise<ExportPlan<typeof assetExports>> {
  const { where, total } = await platform.db.transaction(tenantId, async (tx) => {
    const where = await filtersWhere(tx, tenantId, row.filters as TAssetFilters);
    return { where, total: where ? ((await tx.select({ n: count() }).from(assets).where(where))[0]?.n ?? 0) : 0 };
  });
  let after: string | null = null;
  return {
    format: row.format,
    key: storageKey(tenantId, row.id, row.format),
    sheet: 'Activos',
    header: ASSET_COLUMNS.map((c) => c.header),
    total,
    pageSize: PAGE,
    nextPage: async () => {
      if (!where) return [];
      const cursor = after;
      const page = await platform.db.transaction(tenantId, async (tx) => {
        const rows = await tx
          .select()
          .from(assets)
          .where(cursor === null ? where : and(where, gt(assets.code, cursor)))
          .orderBy(asc(assets.code))
          .limit(PAGE);
        return { rows, names: await namesOf(tx, tenantId, rows) };
      });
      const last = page.rows[page.rows.length - 1];
      if (last) after = last.code;
      return page.rows.map((asset) => cellsOf(asset, page.names));
    },
    stored: (file) => ({ storageKey: file.key, size: file.size }),
    finished: async (tx, file) => {
      if (row.createdBy)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdBy],
          kind: 'system_update',
          title: 'La exportación de activos está lista',
          body: `${file.rows} activos en ${fileName(row)}.`,
          context: { type: 'AssetExport', action: 'DONE', id: row.id },
        });
    },
  };
}
