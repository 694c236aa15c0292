import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/** The catalogues with the generic item shape (spec forms §3 "Catalogue item"), by URL segment. */
export const GENERIC_CATALOGS = ['venue-categories', 'business-lines', 'blueprints', 'companies', 'stores'] as const;
export type TGenericCatalog = (typeof GENERIC_CATALOGS)[number];
export const ALL_CATALOGS = ['venues', 'locations', ...GENERIC_CATALOGS] as const;
export type TCatalog = (typeof ALL_CATALOGS)[number];

const isActiveFilter = z.enum(['true', 'false', 'all']).default('true');
export const ZCatalogListQuery = ZPageQuery.extend({ search: z.string().max(200).optional(), is_active: isActiveFilter });
/** `parent`: a location's id (its children), or `none` for the roots (no parent, or a parent the `is_active` filter leaves out). */
export const ZLocationListQuery = ZCatalogListQuery.extend({ venue: z.string().max(100).optional(), parent: z.string().max(100).optional() });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZCatalogItem = z
  .object({ id: z.string(), name: z.string(), code: z.string().nullable(), description: z.string().nullable(), is_active: z.boolean(), created_at: z.string(), updated_at: z.string() })
  .meta({ id: 'CatalogItem' });
export type TCatalogItem = z.infer<typeof ZCatalogItem>;
export const ZCreateCatalogItemRequest = z.object({ name: z.string().trim().min(1).max(200), code: optionalText(100), description: optionalText(2000) });
export const ZUpdateCatalogItemRequest = ZCreateCatalogItemRequest.partial().extend({ is_active: z.boolean().optional() });

/** Spec forms §3 "Full venue". `business_line` is the business line's id. */
export const ZVenue = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    address: z.string().nullable(),
    description: z.string().nullable(),
    legacy_id: z.number().int().nullable(),
    business_line: z.string().nullable(),
    business_line_name: z.string().nullable(),
    country: z.string().nullable(),
    timezone: z.string().nullable(),
    gla: z.number().nullable(),
    extra_data: z.record(z.string(), z.unknown()),
    categories: z.array(z.string()),
    image_upload_id: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Venue' });
export type TVenue = z.infer<typeof ZVenue>;
export const ZPublicVenue = z.object({ id: z.string(), name: z.string(), code: z.string(), address: z.string().nullable() }).meta({ id: 'PublicVenue' });
export type TPublicVenue = z.infer<typeof ZPublicVenue>;

export const ZCreateVenueRequest = z.object({
  name: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(100),
  address: optionalText(500),
  description: optionalText(2000),
  legacy_id: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  business_line: z.string().max(100).nullable().optional(),
  country: z.string().trim().max(2).nullable().optional(),
  timezone: z.string().trim().max(64).nullable().optional(),
  gla: z.number().min(0).max(1e9).nullable().optional(),
  extra_data: z.record(z.string().max(100), z.unknown()).optional(),
  categories: z.array(z.string().max(100)).max(50).optional(),
  image_upload_id: z.string().max(100).nullable().optional(),
});
export const ZUpdateVenueRequest = ZCreateVenueRequest.partial().extend({ is_active: z.boolean().optional() });

/** Spec forms §3 "Location". `blue_print` is the blueprint's id. */
export const ZLocation = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    description: z.string().nullable(),
    legacy_id: z.number().int().nullable(),
    parent: z.string().nullable(),
    venue: z.string().nullable(),
    venue_name: z.string().nullable(),
    blue_print: z.string().nullable(),
    /** Sub-locations: those the list's `is_active` filter keeps (active ones outside a list). */
    children_count: z.number().int(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Location' });
export type TLocation = z.infer<typeof ZLocation>;
export const ZCreateLocationRequest = z.object({
  name: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(100),
  description: optionalText(2000),
  legacy_id: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  parent: z.string().max(100).nullable().optional(),
  venue: z.string().max(100).nullable().optional(),
  blue_print: z.string().max(100).nullable().optional(),
});
export const ZUpdateLocationRequest = ZCreateLocationRequest.partial().extend({ is_active: z.boolean().optional() });

/**
 * What still names a catalogue row (decision 008): how many persons, active venues and active
 * locations point at it — they keep pointing at it once it is deleted. Only the kinds that can.
 */
export const ZCatalogUsage = z.object({ persons: z.number().int().optional(), venues: z.number().int().optional(), locations: z.number().int().optional() }).meta({ id: 'CatalogUsage' });
export type TCatalogUsage = z.infer<typeof ZCatalogUsage>;
