import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TCatalog } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { catalogItems, locations, venues } from './catalogs.table.ts';
import { sortKey } from '../../platform/db/sort-key.ts';
import { personsNamingSql } from '../people/index.ts';

export type ItemKind = (typeof catalogItems.$inferSelect)['kind'];
export type VenueRow = typeof venues.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type ItemRow = typeof catalogItems.$inferSelect;

export interface ListQuery {
  search?: string | undefined;
  isActive: 'true' | 'false' | 'all';
  limit: number;
  offset: number;
}

const pattern = (search: string) => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function activeFilter(column: typeof venues.isActive | typeof locations.isActive | typeof catalogItems.isActive, value: ListQuery['isActive']): SQL | undefined {
  if (value === 'all') return undefined;
  return eq(column, value === 'true');
}

async function page<T>(rowsQuery: Promise<T[]>, countQuery: Promise<{ total: number }[]>): Promise<{ count: number; rows: T[] }> {
  const [rows, counted] = [await rowsQuery, await countQuery];
  return { count: counted[0]?.total ?? 0, rows };
}
const total = sql<number>`count(*)`.mapWith(Number);

// ------------------------------------------------------------------------------------------
// Venues

export async function listVenues(tx: Drizzle, tenantId: string, query: ListQuery): Promise<{ count: number; rows: VenueRow[] }> {
  const where = and(
    eq(venues.tenantId, tenantId),
    activeFilter(venues.isActive, query.isActive),
    query.search?.trim() ? or(ilike(venues.name, pattern(query.search)), ilike(venues.code, pattern(query.search))) : undefined,
  );
  return page(
    tx
      .select()
      .from(venues)
      .where(where)
      .orderBy(asc(sortKey(venues.name)), asc(venues.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total }).from(venues).where(where),
  );
}

export async function findVenue(tx: Drizzle, tenantId: string, id: string): Promise<VenueRow | null> {
  const [row] = await tx
    .select()
    .from(venues)
    .where(and(eq(venues.tenantId, tenantId), eq(venues.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertVenue(tx: Drizzle, values: typeof venues.$inferInsert): Promise<VenueRow> {
  const [row] = await tx.insert(venues).values(values).returning();
  return row!;
}

export async function updateVenue(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof venues.$inferInsert>): Promise<VenueRow | null> {
  const [row] = await tx
    .update(venues)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(venues.tenantId, tenantId), eq(venues.id, id)))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------
// Locations

/**
 * `parentId`: a location's children, or `null` for the roots of the tree the list shows: no
 * parent, or a parent the `is_active` filter leaves out (a sub-location of a deleted one).
 */
export async function listLocations(
  tx: Drizzle,
  tenantId: string,
  query: ListQuery & { venueId?: string | undefined; parentId?: string | null | undefined },
): Promise<{ count: number; rows: LocationRow[] }> {
  const shownParent = query.isActive === 'all' ? sql`` : sql` AND pl.is_active = ${query.isActive === 'true'}`;
  const where = and(
    eq(locations.tenantId, tenantId),
    activeFilter(locations.isActive, query.isActive),
    query.venueId ? eq(locations.venueId, query.venueId) : undefined,
    query.parentId ? eq(locations.parentId, query.parentId) : undefined,
    query.parentId === null
      ? sql`(${locations.parentId} IS NULL OR NOT EXISTS (SELECT 1 FROM locations pl WHERE pl.tenant_id = ${locations.tenantId} AND pl.id = ${locations.parentId}${shownParent}))`
      : undefined,
    query.search?.trim() ? or(ilike(locations.name, pattern(query.search)), ilike(locations.code, pattern(query.search))) : undefined,
  );
  return page(
    tx
      .select()
      .from(locations)
      .where(where)
      .orderBy(asc(sortKey(locations.name)), asc(locations.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total }).from(locations).where(where),
  );
}

/** location id → how many sub-locations it has (those with `is_active` as given; every one for 'all'). */
export async function childCounts(tx: Drizzle, tenantId: string, ids: readonly string[], isActive: ListQuery['isActive'] = 'true'): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ parentId: locations.parentId, total })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.parentId, [...new Set(ids)]), activeFilter(locations.isActive, isActive)))
    .groupBy(locations.parentId);
  return new Map(rows.map((row) => [row.parentId!, row.total]));
}

export async function findLocation(tx: Drizzle, tenantId: string, id: string): Promise<LocationRow | null> {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertLocation(tx: Drizzle, values: typeof locations.$inferInsert): Promise<LocationRow> {
  const [row] = await tx.insert(locations).values(values).returning();
  return row!;
}

export async function updateLocation(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof locations.$inferInsert>): Promise<LocationRow | null> {
  const [row] = await tx
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)))
    .returning();
  return row ?? null;
}

/** True when `ancestorId` is `locationId` itself or above it: making it the location's child would close a cycle. */
export async function isLocationAncestorOrSelf(tx: Drizzle, tenantId: string, locationId: string, candidateParentId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT ${candidateParentId}::uuid, 0
      UNION ALL
      SELECT l.parent_id, up.depth + 1 FROM locations l JOIN up ON l.tenant_id = ${tenantId} AND l.id = up.id
      WHERE l.parent_id IS NOT NULL AND up.depth < 1000
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${locationId}::uuid) AS cycle`)) as unknown as { rows: { cycle: boolean }[] };
  return result.rows[0]?.cycle === true;
}

/** id → venue name for the given venues of the tenant. */
export async function venueNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(eq(venues.tenantId, tenantId), inArray(venues.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** id → location name for the given locations of the tenant. */
export async function locationNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What a file names each venue by (its code), for exports and imports of other modules. */
export async function venueCodes(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const found = (await tx.execute(sql`SELECT id, code AS name FROM ${venues} WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(wanted)}::uuid[])`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return new Map(found.rows.map((row) => [row.id, row.name]));
}

// ------------------------------------------------------------------------------------------
// Generic items

export async function listItems(tx: Drizzle, tenantId: string, kind: ItemKind, query: ListQuery): Promise<{ count: number; rows: ItemRow[] }> {
  const where = and(
    eq(catalogItems.tenantId, tenantId),
    eq(catalogItems.kind, kind),
    activeFilter(catalogItems.isActive, query.isActive),
    query.search?.trim() ? or(ilike(catalogItems.name, pattern(query.search)), ilike(catalogItems.code, pattern(query.search))) : undefined,
  );
  return page(
    tx
      .select()
      .from(catalogItems)
      .where(where)
      .orderBy(asc(sortKey(catalogItems.name)), asc(catalogItems.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total }).from(catalogItems).where(where),
  );
}

export async function findItem(tx: Drizzle, tenantId: string, kind: ItemKind, id: string): Promise<ItemRow | null> {
  const [row] = await tx
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.tenantId, tenantId), eq(catalogItems.kind, kind), eq(catalogItems.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertItem(tx: Drizzle, values: typeof catalogItems.$inferInsert): Promise<ItemRow> {
  const [row] = await tx.insert(catalogItems).values(values).returning();
  return row!;
}

export async function updateItem(tx: Drizzle, tenantId: string, kind: ItemKind, id: string, values: Partial<typeof catalogItems.$inferInsert>): Promise<ItemRow | null> {
  const [row] = await tx
    .update(catalogItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(catalogItems.tenantId, tenantId), eq(catalogItems.kind, kind), eq(catalogItems.id, id)))
    .returning();
  return row ?? null;
}

/** id → name for the given items of a kind (inactive ones included: a person keeps showing a retired business line). */
export async function itemNames(tx: Drizzle, tenantId: string, kind: ItemKind, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: catalogItems.id, name: catalogItems.name })
    .from(catalogItems)
    .where(and(eq(catalogItems.tenantId, tenantId), eq(catalogItems.kind, kind), inArray(catalogItems.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The ids among `ids` that are active rows of the given catalogue. */
export async function activeIds(tx: Drizzle, tenantId: string, catalog: ItemKind | 'venue' | 'location', ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  if (catalog === 'venue') {
    const rows = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(and(eq(venues.tenantId, tenantId), eq(venues.isActive, true), inArray(venues.id, wanted)));
    return new Set(rows.map((row) => row.id));
  }
  if (catalog === 'location') {
    const rows = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.tenantId, tenantId), eq(locations.isActive, true), inArray(locations.id, wanted)));
    return new Set(rows.map((row) => row.id));
  }
  const rows = await tx
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(and(eq(catalogItems.tenantId, tenantId), eq(catalogItems.kind, catalog), eq(catalogItems.isActive, true), inArray(catalogItems.id, wanted)));
  return new Set(rows.map((row) => row.id));
}

/** Active rows of a catalogue by code (lower case) and by id: what imports resolve references with. */
export async function codeLookup(tx: Drizzle, tenantId: string, catalog: ItemKind | 'venue' | 'location'): Promise<Map<string, string>> {
  let rows: { id: string; code: string | null; name: string }[];
  if (catalog === 'venue')
    rows = await tx
      .select({ id: venues.id, code: venues.code, name: venues.name })
      .from(venues)
      .where(and(eq(venues.tenantId, tenantId), eq(venues.isActive, true)));
  else if (catalog === 'location')
    rows = await tx
      .select({ id: locations.id, code: locations.code, name: locations.name })
      .from(locations)
      .where(and(eq(locations.tenantId, tenantId), eq(locations.isActive, true)));
  else
    rows = await tx
      .select({ id: catalogItems.id, code: catalogItems.code, name: catalogItems.name })
      .from(catalogItems)
      .where(and(eq(catalogItems.tenantId, tenantId), eq(catalogItems.kind, catalog), eq(catalogItems.isActive, true)));
  const out = new Map<string, string>();
  // names first, so a code that equals another row's name wins
  for (const row of rows) if (!out.has(row.name.toLowerCase())) out.set(row.name.toLowerCase(), row.id);
  for (const row of rows) if (row.code) out.set(row.code.toLowerCase(), row.id);
  return out;
}

/** Where each catalogue's rows are named: which table holds the row, and the counts of what points at it. */
const USAGE: Record<TCatalog, { table: SQL; kind?: string; counts: (id: SQL) => Record<string, SQL> }> = {
  venues: {
    table: sql`venues`,
    counts: (id) => ({
      persons: personsNamingSql(sql`x.tenant_id`, 'venue', id),
      locations: sql`SELECT count(*) FROM locations l WHERE l.tenant_id = x.tenant_id AND l.venue_id = ${id} AND l.is_active`,
    }),
  },
  locations: { table: sql`locations`, counts: (id) => ({ locations: sql`SELECT count(*) FROM locations l WHERE l.tenant_id = x.tenant_id AND l.parent_id = ${id} AND l.is_active` }) },
  'business-lines': {
    table: sql`catalog_items`,
    kind: 'business-line',
    counts: (id) => ({
      persons: personsNamingSql(sql`x.tenant_id`, 'business-line', id),
      venues: sql`SELECT count(*) FROM venues v WHERE v.tenant_id = x.tenant_id AND v.business_line_id = ${id} AND v.is_active`,
    }),
  },
  companies: { table: sql`catalog_items`, kind: 'company', counts: (id) => ({ persons: personsNamingSql(sql`x.tenant_id`, 'company', id) }) },
  'venue-categories': {
    table: sql`catalog_items`,
    kind: 'venue-category',
    counts: (id) => ({ venues: sql`SELECT count(*) FROM venues v WHERE v.tenant_id = x.tenant_id AND v.category_ids @> ARRAY[${id}] AND v.is_active` }),
  },
  blueprints: {
    table: sql`catalog_items`,
    kind: 'blueprint',
    counts: (id) => ({ locations: sql`SELECT count(*) FROM locations l WHERE l.tenant_id = x.tenant_id AND l.blueprint_id = ${id} AND l.is_active` }),
  },
  stores: { table: sql`catalog_items`, kind: 'store', counts: () => ({}) },
};

/** What points at a catalogue row, in one statement; null when the row is not the tenant's. */
export async function catalogUsageCounts(tx: Drizzle, tenantId: string, catalog: TCatalog, rowId: string): Promise<Record<string, number> | null> {
  const spec = USAGE[catalog];
  const id = sql`${rowId}::uuid`;
  const counts = Object.entries(spec.counts(id));
  const columns =
    counts.length > 0
      ? sql.join(
          counts.map(([name, count]) => sql`(${count})::int AS ${sql.identifier(name)}`),
          sql`, `,
        )
      : sql`1 AS found`;
  const result = (await tx.execute(sql`
    SELECT ${columns} FROM ${spec.table} x
    WHERE x.tenant_id = ${tenantId} AND x.id = ${id} ${spec.kind ? sql`AND x.kind = ${spec.kind}` : sql``}`)) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0];
  if (!row) return null;
  return Object.fromEntries(counts.map(([name]) => [name, Number(row[name] ?? 0)]));
}

/** What a file names each catalog item by (its code, else its name), whatever its kind. */
export async function itemCodes(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const found = (await tx.execute(sql`SELECT id, COALESCE(code, name) AS name FROM ${catalogItems} WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(wanted)}::uuid[])`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return new Map(found.rows.map((row) => [row.id, row.name]));
}

/** For a query of another module (a form's references), in SQL: the active venues among `ids` (within `onlyVenues` when given), as `SELECT id` (text). */
export function activeVenueIdsSql(tenantId: string, ids: SQL, onlyVenues: readonly string[] | null): SQL {
  return sql`
        SELECT v.id::text AS id FROM ${venues} v
        WHERE v.tenant_id = ${tenantId} AND v.id = ANY(${ids}) AND v.is_active
          ${onlyVenues ? sql`AND v.id = ANY(${sql.param([...onlyVenues])}::uuid[])` : sql``}`;
}

/** For a query of another module (a form's references), in SQL: the active locations among `ids` (of `onlyVenues` when given), as `SELECT id` (text). */
export function activeLocationIdsSql(tenantId: string, ids: SQL, onlyVenues: readonly string[] | null): SQL {
  return sql`
        SELECT l.id::text AS id FROM ${locations} l
        WHERE l.tenant_id = ${tenantId} AND l.id = ANY(${ids}) AND l.is_active
          ${onlyVenues ? sql`AND l.venue_id = ANY(${sql.param([...onlyVenues])}::uuid[])` : sql``}`;
}
