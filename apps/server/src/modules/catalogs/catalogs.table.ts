import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';
import { sortKey } from '../../platform/db/sort-key.ts';

/** A venue (spec forms §3 "Full venue"). Codes are unique among the tenant's active venues. */
export const venues = pgTable(
  'venues',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    address: text('address'),
    description: text('description'),
    legacyId: integer('legacy_id'),
    businessLineId: uuid('business_line_id'),
    country: text('country'),
    timezone: text('timezone'),
    gla: doublePrecision('gla'),
    extraData: jsonb('extra_data').$type<Record<string, unknown>>().notNull().default({}),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    imageUploadId: text('image_upload_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('venues_code')
      .on(t.tenantId, t.code)
      .where(sql`is_active`),
    // a code's rows whatever their state: an import matches a deleted row to bring it back (the unique index above is partial)
    index('venues_code_any').on(t.tenantId, t.code),
    index('venues_name').on(t.tenantId, sortKey(t.name)),
  ],
);

/** A location (spec forms §3): a tree through `parent_id` (cycles refused), in a venue, on a blueprint. */
export const locations = pgTable(
  'locations',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    legacyId: integer('legacy_id'),
    parentId: uuid('parent_id'),
    venueId: uuid('venue_id'),
    blueprintId: uuid('blueprint_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('locations_code')
      .on(t.tenantId, t.code)
      .where(sql`is_active`),
    index('locations_code_any').on(t.tenantId, t.code),
    index('locations_name').on(t.tenantId, sortKey(t.name)),
    index('locations_venue').on(t.tenantId, t.venueId),
    index('locations_parent').on(t.tenantId, t.parentId),
  ],
);

/**
 * The catalogues with the generic item shape (spec forms §3 "Catalogue item"): venue categories,
 * business lines, blueprints, companies and stores, told apart by `kind`.
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    tenantId: tenantId(),
    kind: text('kind', { enum: ['venue-category', 'business-line', 'blueprint', 'company', 'store'] }).notNull(),
    id: id(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('catalog_items_code')
      .on(t.tenantId, t.kind, t.code)
      .where(sql`is_active`),
    index('catalog_items_code_any').on(t.tenantId, t.kind, t.code),
    index('catalog_items_name').on(t.tenantId, t.kind, sortKey(t.name)),
  ],
);
