import type { ComponentType } from 'react';
import { IconBuildingStore, IconBuildingWarehouse, IconBriefcase, IconCategory, IconMapPin, IconMap2, IconBuildingCommunity } from '@tabler/icons-react';
import type { ToggleableModule } from '@faena/domain/feature-flags';
import { ACCESS, type AccessRule } from '../../../shared/access/access.ts';

/**
 * Every catalogue screen (spec forms §2: venues, locations, business lines, blueprints, companies,
 * stores, plus the venue categories venues are tagged with) is one generic list / detail / form
 * driven by these definitions: the API path, the module that can switch it off, and its fields.
 */
export type CatalogKey = 'venues' | 'venue-categories' | 'locations' | 'business-lines' | 'blueprints' | 'companies' | 'stores';

export type FieldType =
  /** One line of text. */
  | 'text'
  | 'textarea'
  /** A whole number ≥ 0 (legacy ids). */
  | 'integer'
  /** A decimal ≥ 0 (areas). */
  | 'decimal'
  /** ISO 3166-1 alpha-2, picked by name. */
  | 'country'
  /** IANA time zone. */
  | 'timezone'
  /** The id of a row of another catalogue (`ref`). */
  | 'ref'
  /** Ids of rows of another catalogue. */
  | 'refs'
  /** An image upload id (shown and picked as a photo). */
  | 'image'
  /** A free map of text keys to values (`extra_data`). */
  | 'keyValue';

export interface FieldDef {
  /** The API's name of the field (and of its 400 errors). */
  name: string;
  type: FieldType;
  required?: boolean;
  /** Longest text the server accepts. */
  max?: number;
  /** The catalogue `ref`/`refs` fields point into; the field hides when that catalogue is disabled. */
  ref?: CatalogKey;
  /** Only on wide layouts' second column of the form (purely visual). */
  wide?: boolean;
}

export interface CatalogDef {
  key: CatalogKey;
  /** The screen's base route (spec §2), e.g. /venues. */
  path: string;
  /** The resource's collection URL. */
  api: string;
  /** `catalogs.kinds.{i18n}.*` texts. */
  i18n: string;
  access: AccessRule;
  /** The tenant module that hides the catalogue (decision 008 `disabled_modules`). */
  module?: ToggleableModule;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  fields: readonly FieldDef[];
  /** Extra list columns after name and code (field names; `*_name` read from the record). */
  columns: readonly string[];
  /** The import kind of `/imports/{catalog}/` (the catalogue's URL segment). */
  importKind: string;
  /** The list is a tree (locations: parent). */
  tree?: boolean;
  /** The people list's filter by this catalogue's rows (the persons its usage counts), if any. */
  peopleFilter?: 'workspace' | 'business_line' | 'company';
}

export const ORGANIZATION_API = '/api/organization/v3';

const name: FieldDef = { name: 'name', type: 'text', required: true, max: 200 };
const requiredCode: FieldDef = { name: 'code', type: 'text', required: true, max: 100 };
const optionalCode: FieldDef = { name: 'code', type: 'text', max: 100 };
const description: FieldDef = { name: 'description', type: 'textarea', max: 2000 };
const legacyId: FieldDef = { name: 'legacy_id', type: 'integer' };

/** A catalogue of the generic item shape (spec forms §3 "Catalogue item": name, code, description). */
function generic(key: CatalogKey, i18n: string, access: AccessRule, icon: CatalogDef['icon'], module?: ToggleableModule): CatalogDef {
  return {
    key,
    path: `/${key}`,
    api: `${ORGANIZATION_API}/${key}`,
    i18n,
    access,
    ...(module ? { module } : {}),
    icon,
    fields: [name, optionalCode, description],
    columns: ['description'],
    importKind: key,
  };
}

export const CATALOGS: Record<CatalogKey, CatalogDef> = {
  venues: {
    key: 'venues',
    path: '/venues',
    api: `${ORGANIZATION_API}/venues`,
    i18n: 'venues',
    access: ACCESS.venues,
    icon: IconBuildingCommunity,
    fields: [
      requiredCode,
      name,
      { name: 'address', type: 'text', max: 500 },
      { name: 'country', type: 'country' },
      { name: 'timezone', type: 'timezone' },
      { name: 'gla', type: 'decimal' },
      { name: 'business_line', type: 'ref', ref: 'business-lines' },
      { name: 'categories', type: 'refs', ref: 'venue-categories' },
      description,
      legacyId,
      { name: 'image_upload_id', type: 'image', wide: true },
      { name: 'extra_data', type: 'keyValue', wide: true },
    ],
    columns: ['address', 'business_line_name'],
    importKind: 'venues',
    peopleFilter: 'workspace',
  },
  'venue-categories': generic('venue-categories', 'venueCategories', ACCESS.venues, IconCategory),
  locations: {
    key: 'locations',
    path: '/locations',
    api: `${ORGANIZATION_API}/locations`,
    i18n: 'locations',
    access: ACCESS.locations,
    module: 'location',
    icon: IconMapPin,
    fields: [
      requiredCode,
      name,
      { name: 'venue', type: 'ref', ref: 'venues' },
      { name: 'parent', type: 'ref', ref: 'locations' },
      { name: 'blue_print', type: 'ref', ref: 'blueprints' },
      description,
      legacyId,
    ],
    columns: ['venue_name'],
    importKind: 'locations',
    tree: true,
  },
  'business-lines': { ...generic('business-lines', 'businessLines', ACCESS.businessLines, IconBriefcase, 'business_line'), peopleFilter: 'business_line' },
  blueprints: generic('blueprints', 'blueprints', ACCESS.blueprints, IconMap2),
  companies: { ...generic('companies', 'companies', ACCESS.companies, IconBuildingWarehouse, 'company'), peopleFilter: 'company' },
  stores: generic('stores', 'stores', ACCESS.stores, IconBuildingStore, 'store'),
};

/** The order of the catalogue tabs. */
export const CATALOG_ORDER: readonly CatalogKey[] = ['venues', 'venue-categories', 'locations', 'business-lines', 'blueprints', 'companies', 'stores'];

/** A catalogue the tenant has not switched off. */
export function isCatalogEnabled(key: CatalogKey, disabledModules: readonly string[]): boolean {
  const module = CATALOGS[key].module;
  return !module || !disabledModules.includes(module);
}

/** The fields the form and the detail show: references into a disabled catalogue are hidden. */
export function visibleFields(def: CatalogDef, disabledModules: readonly string[]): FieldDef[] {
  return def.fields.filter((field) => !field.ref || isCatalogEnabled(field.ref, disabledModules));
}

/** Any row of any catalogue, as the API answers it. */
export interface CatalogRecord {
  id: string;
  name: string;
  code: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}
