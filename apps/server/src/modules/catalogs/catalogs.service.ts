import type { TCatalog, TCatalogItem, TCatalogUsage, TGenericCatalog, TLocation, TPublicVenue, TVenue } from '@faena/contracts';
import type { z } from 'zod';
import type { ToggleableModule } from '@faena/domain';
import type { ZCreateLocationRequest, ZCreateVenueRequest, ZUpdateCatalogItemRequest, ZUpdateLocationRequest, ZUpdateVenueRequest, ZCreateCatalogItemRequest } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { isModuleDisabled, moduleDisabledDetail, type TenantRecord } from '../../platform/tenancy.ts';
import { holdFiles, NO_ONE } from '../documents/index.ts';
import type { locations, venues } from './catalogs.table.ts';
import {
  activeIds,
  findItem,
  childCounts,
  findLocation,
  findVenue,
  insertItem,
  insertLocation,
  insertVenue,
  isLocationAncestorOrSelf,
  itemNames,
  listItems,
  listLocations,
  listVenues,
  updateItem,
  updateLocation,
  updateVenue,
  venueNames,
  type ItemKind,
  type ItemRow,
  type LocationRow,
  type VenueRow,
  catalogUsageCounts,
} from './catalogs.repository.ts';

type VenueInsert = typeof venues.$inferInsert;
type LocationInsert = typeof locations.$inferInsert;

/** URL segment → item kind of `catalog_items`. */
export const ITEM_KIND: Record<TGenericCatalog, ItemKind> = {
  'venue-categories': 'venue-category',
  'business-lines': 'business-line',
  blueprints: 'blueprint',
  companies: 'company',
  stores: 'store',
};

/** The module toggle (tenant `disabled_modules`, spec forms §6) that hides a catalogue. */
const MODULE_OF: Partial<Record<TCatalog, ToggleableModule>> = { stores: 'store', locations: 'location', companies: 'company', 'business-lines': 'business_line' };

/** 404 `module-disabled` when the tenant has turned the catalogue's module off (decision 008). */
export function assertCatalogEnabled(tenant: Pick<TenantRecord, 'disabledModules'>, catalog: TCatalog): void {
  const module = MODULE_OF[catalog];
  if (module && isModuleDisabled(tenant, module)) throw new AppError('module-disabled', moduleDisabledDetail(module), { module });
}

export const isCatalogEnabled = (tenant: Pick<TenantRecord, 'disabledModules'>, catalog: TCatalog) => {
  const module = MODULE_OF[catalog];
  return !module || !isModuleDisabled(tenant, module);
};

const CODE_IN_USE = 'Code already in use';
const notFound = (what: string) => new AppError('not-found', `${what} not found.`);

/** Runs a write; a unique index on codes turns into the field error. */
async function write<T>(ctx: Ctx, audit: string, fn: (tx: Drizzle) => Promise<T>, details?: Record<string, unknown>): Promise<T> {
  try {
    return await ctx.tx(fn, { audit, ...(details ? { details } : {}) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldErrors({ code: [problem('in-use', CODE_IN_USE)] });
    throw error;
  }
}

const listArgs = (query: { page: number; page_size: number; search?: string | undefined; is_active: 'true' | 'false' | 'all' }) => ({
  search: query.search,
  isActive: query.is_active,
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

const nullIfBlank = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

export function isValidTimezone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
export function isValidCountry(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value)) return false;
  try {
    const name = regions.of(value);
    return Boolean(name) && name !== value && name !== 'Unknown Region';
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------
// Generic items

export function toItem(row: ItemRow): TCatalogItem {
  return { id: row.id, name: row.name, code: row.code, description: row.description, is_active: row.isActive, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export async function listCatalogItems(ctx: Ctx, catalog: TGenericCatalog, query: Parameters<typeof listArgs>[0]): Promise<{ count: number; results: TCatalogItem[] }> {
  assertCatalogEnabled(ctx.tenant, catalog);
  const { count, rows } = await ctx.tx((tx) => listItems(tx, ctx.tenant.id, ITEM_KIND[catalog], listArgs(query)));
  return { count, results: rows.map(toItem) };
}

export async function getCatalogItem(ctx: Ctx, catalog: TGenericCatalog, id: string): Promise<TCatalogItem> {
  assertCatalogEnabled(ctx.tenant, catalog);
  const row = isUuid(id) ? await ctx.tx((tx) => findItem(tx, ctx.tenant.id, ITEM_KIND[catalog], id)) : null;
  if (!row) throw notFound('Item');
  return toItem(row);
}

/** What points at a row of any catalogue (its detail says so, and deleting it warns). */
export async function catalogUsage(ctx: Ctx, catalog: TCatalog, id: string): Promise<TCatalogUsage> {
  assertCatalogEnabled(ctx.tenant, catalog);
  const counts = isUuid(id) ? await ctx.read((db) => catalogUsageCounts(db, ctx.tenant.id, catalog, id)) : null;
  if (!counts) throw notFound('Item');
  return counts;
}

export async function createCatalogItem(ctx: Ctx, catalog: TGenericCatalog, input: z.infer<typeof ZCreateCatalogItemRequest>): Promise<TCatalogItem> {
  assertCatalogEnabled(ctx.tenant, catalog);
  const row = await write(ctx, `catalogs.${catalog}.create`, (tx) =>
    insertItem(tx, { tenantId: ctx.tenant.id, kind: ITEM_KIND[catalog], name: input.name, code: nullIfBlank(input.code) ?? null, description: nullIfBlank(input.description) ?? null }),
  );
  return toItem(row);
}

export async function updateCatalogItem(ctx: Ctx, catalog: TGenericCatalog, id: string, input: z.infer<typeof ZUpdateCatalogItemRequest>): Promise<TCatalogItem> {
  assertCatalogEnabled(ctx.tenant, catalog);
  if (!isUuid(id)) throw notFound('Item');
  const row = await write(ctx, `catalogs.${catalog}.update`, (tx) =>
    updateItem(tx, ctx.tenant.id, ITEM_KIND[catalog], id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.code !== undefined ? { code: nullIfBlank(input.code) ?? null } : {}),
      ...(input.description !== undefined ? { description: nullIfBlank(input.description) ?? null } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
    }),
  );
  if (!row) throw notFound('Item');
  return toItem(row);
}

export async function deleteCatalogItem(ctx: Ctx, catalog: TGenericCatalog, id: string): Promise<void> {
  await updateCatalogItem(ctx, catalog, id, { is_active: false });
}

// ------------------------------------------------------------------------------------------
// Venues

async function toVenues(tx: Drizzle, tenantId: string, rows: VenueRow[]): Promise<TVenue[]> {
  const names = await itemNames(
    tx,
    tenantId,
    'business-line',
    rows.flatMap((row) => (row.businessLineId ? [row.businessLineId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    address: row.address,
    description: row.description,
    legacy_id: row.legacyId,
    business_line: row.businessLineId,
    business_line_name: row.businessLineId ? (names.get(row.businessLineId) ?? null) : null,
    country: row.country,
    timezone: row.timezone,
    gla: row.gla,
    extra_data: row.extraData,
    categories: row.categoryIds,
    image_upload_id: row.imageUploadId,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listAllVenues(ctx: Ctx, query: Parameters<typeof listArgs>[0]): Promise<{ count: number; results: TVenue[] }> {
  return ctx.tx(async (tx) => {
    const { count, rows } = await listVenues(tx, ctx.tenant.id, listArgs(query));
    return { count, results: await toVenues(tx, ctx.tenant.id, rows) };
  });
}

export async function getVenue(ctx: Ctx, id: string): Promise<TVenue> {
  if (!isUuid(id)) throw notFound('Venue');
  return ctx.tx(async (tx) => {
    const row = await findVenue(tx, ctx.tenant.id, id);
    if (!row) throw notFound('Venue');
    return (await toVenues(tx, ctx.tenant.id, [row]))[0]!;
  });
}

/** retrievePublicVenueData: what a public form shows of a venue. */
export async function getPublicVenue(ctx: Ctx, id: string): Promise<TPublicVenue> {
  if (!isUuid(id)) throw notFound('Venue');
  const row = await ctx.tx((tx) => findVenue(tx, ctx.tenant.id, id));
  if (!row || !row.isActive) throw notFound('Venue');
  return { id: row.id, name: row.name, code: row.code, address: row.address };
}

type VenueInput = z.infer<typeof ZUpdateVenueRequest>;

async function venueValues(tx: Drizzle, ctx: Ctx, input: VenueInput): Promise<Partial<VenueInsert>> {
  const errors: FieldMessages = {};
  const values: Partial<VenueInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.code !== undefined) values.code = input.code;
  if (input.address !== undefined) values.address = nullIfBlank(input.address) ?? null;
  if (input.description !== undefined) values.description = nullIfBlank(input.description) ?? null;
  if (input.legacy_id !== undefined) values.legacyId = input.legacy_id;
  if (input.gla !== undefined) values.gla = input.gla;
  if (input.extra_data !== undefined) {
    if (JSON.stringify(input.extra_data).length > 20_000) errors.extra_data = [problem('too-large', 'Too large (20,000 characters at most).')];
    values.extraData = input.extra_data;
  }
  if (input.image_upload_id !== undefined) values.imageUploadId = nullIfBlank(input.image_upload_id) ?? null;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.country !== undefined) {
    const country = nullIfBlank(input.country)?.toUpperCase() ?? null;
    if (country !== null && !isValidCountry(country)) errors.country = [problem('invalid-country', 'Invalid country code (ISO 3166-1 alpha-2, e.g. CL).')];
    values.country = country;
  }
  if (input.timezone !== undefined) {
    const timezone = nullIfBlank(input.timezone) ?? null;
    if (timezone !== null && !isValidTimezone(timezone)) errors.timezone = [problem('invalid-timezone', 'Invalid time zone (IANA, e.g. America/Santiago).')];
    values.timezone = timezone;
  }
  if (input.business_line !== undefined) {
    const id = nullIfBlank(input.business_line) ?? null;
    if (id !== null && !(isUuid(id) && (await activeIds(tx, ctx.tenant.id, 'business-line', [id])).has(id))) errors.business_line = [problem('unknown-reference', 'Unknown business line.')];
    values.businessLineId = id;
  }
  if (input.categories !== undefined) {
    const wanted = [...new Set(input.categories)];
    const known = await activeIds(tx, ctx.tenant.id, 'venue-category', wanted.filter(isUuid));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) errors.categories = unknown.map((id) => problem('unknown-reference', `Unknown venue category: ${id}`));
    values.categoryIds = wanted;
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return values;
}

/** A venue holds its image (decision 032): every member may see it. */
async function holdVenueImage(ctx: Ctx, tx: Drizzle, row: { id: string; imageUploadId: string | null }): Promise<void> {
  await holdFiles(tx, ctx.tenant.id, { kind: 'venue', id: row.id }, row.imageUploadId ? [row.imageUploadId] : [], { by: ctx.caller?.personId ?? NO_ONE, only: true });
}

export async function createVenue(ctx: Ctx, input: z.infer<typeof ZCreateVenueRequest>): Promise<TVenue> {
  const row = await write(ctx, 'catalogs.venues.create', async (tx) => {
    const values = await venueValues(tx, ctx, input);
    const created = await insertVenue(tx, { ...values, tenantId: ctx.tenant.id, name: input.name, code: input.code });
    await holdVenueImage(ctx, tx, created);
    return created;
  });
  return getVenue(ctx, row.id);
}

export async function editVenue(ctx: Ctx, id: string, input: VenueInput): Promise<TVenue> {
  if (!isUuid(id)) throw notFound('Venue');
  const row = await write(ctx, 'catalogs.venues.update', async (tx) => {
    const updated = await updateVenue(tx, ctx.tenant.id, id, await venueValues(tx, ctx, input));
    if (updated) await holdVenueImage(ctx, tx, updated);
    return updated;
  });
  if (!row) throw notFound('Venue');
  return getVenue(ctx, id);
}

// ------------------------------------------------------------------------------------------
// Locations

async function toLocations(tx: Drizzle, tenantId: string, rows: LocationRow[], childrenActive: 'true' | 'false' | 'all' = 'true'): Promise<TLocation[]> {
  const names = await venueNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.venueId ? [row.venueId] : [])),
  );
  const children = await childCounts(
    tx,
    tenantId,
    rows.map((row) => row.id),
    childrenActive,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    legacy_id: row.legacyId,
    parent: row.parentId,
    venue: row.venueId,
    venue_name: row.venueId ? (names.get(row.venueId) ?? null) : null,
    blue_print: row.blueprintId,
    children_count: children.get(row.id) ?? 0,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listAllLocations(
  ctx: Ctx,
  query: Parameters<typeof listArgs>[0] & { venue?: string | undefined; parent?: string | undefined },
): Promise<{ count: number; results: TLocation[] }> {
  assertCatalogEnabled(ctx.tenant, 'locations');
  const roots = query.parent === 'none';
  if ((query.venue && !isUuid(query.venue)) || (query.parent && !roots && !isUuid(query.parent))) return { count: 0, results: [] };
  return ctx.tx(async (tx) => {
    const args = listArgs(query);
    const { count, rows } = await listLocations(tx, ctx.tenant.id, { ...args, venueId: query.venue, parentId: roots ? null : query.parent });
    return { count, results: await toLocations(tx, ctx.tenant.id, rows, args.isActive) };
  });
}

export async function getLocation(ctx: Ctx, id: string): Promise<TLocation> {
  assertCatalogEnabled(ctx.tenant, 'locations');
  if (!isUuid(id)) throw notFound('Location');
  return ctx.tx(async (tx) => {
    const row = await findLocation(tx, ctx.tenant.id, id);
    if (!row) throw notFound('Location');
    return (await toLocations(tx, ctx.tenant.id, [row]))[0]!;
  });
}

type LocationInput = z.infer<typeof ZUpdateLocationRequest>;

async function locationValues(tx: Drizzle, ctx: Ctx, id: string | null, input: LocationInput): Promise<Partial<LocationInsert>> {
  const errors: FieldMessages = {};
  const values: Partial<LocationInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.code !== undefined) values.code = input.code;
  if (input.description !== undefined) values.description = nullIfBlank(input.description) ?? null;
  if (input.legacy_id !== undefined) values.legacyId = input.legacy_id;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  const ref = async (field: 'parent' | 'venue' | 'blue_print', catalog: 'location' | 'venue' | 'blueprint', message: string) => {
    const value = nullIfBlank(input[field]) ?? null;
    if (value !== null && !(isUuid(value) && (await activeIds(tx, ctx.tenant.id, catalog, [value])).has(value))) errors[field] = [problem('unknown-reference', message)];
    return value;
  };
  if (input.parent !== undefined) {
    const parent = await ref('parent', 'location', 'Unknown location.');
    if (parent !== null && id !== null && !errors.parent && (await isLocationAncestorOrSelf(tx, ctx.tenant.id, id, parent)))
      errors.parent = [problem('cycle', 'A location cannot be inside itself or one of its own sub-locations.')];
    values.parentId = parent;
  }
  if (input.venue !== undefined) values.venueId = await ref('venue', 'venue', 'Unknown venue.');
  if (input.blue_print !== undefined) values.blueprintId = await ref('blue_print', 'blueprint', 'Unknown blueprint.');
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return values;
}

export async function createLocation(ctx: Ctx, input: z.infer<typeof ZCreateLocationRequest>): Promise<TLocation> {
  assertCatalogEnabled(ctx.tenant, 'locations');
  const row = await write(ctx, 'catalogs.locations.create', async (tx) => {
    const values = await locationValues(tx, ctx, null, input);
    return insertLocation(tx, { ...values, tenantId: ctx.tenant.id, name: input.name, code: input.code });
  });
  return getLocation(ctx, row.id);
}

export async function editLocation(ctx: Ctx, id: string, input: LocationInput): Promise<TLocation> {
  assertCatalogEnabled(ctx.tenant, 'locations');
  if (!isUuid(id)) throw notFound('Location');
  const row = await write(ctx, 'catalogs.locations.update', async (tx) => updateLocation(tx, ctx.tenant.id, id, await locationValues(tx, ctx, id, input)));
  if (!row) throw notFound('Location');
  return getLocation(ctx, id);
}
