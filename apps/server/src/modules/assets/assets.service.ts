import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { resolveFlags, validateResponse, type FormField } from '@faena/domain';
import {
  assetNotFoundDetail,
  type TAsset,
  type TAssetCategory,
  type TAssetFile,
  type TAssetFilters,
  type TAssetOverview,
  type TAssetRef,
  type TAssetScan,
  type TAssetSummary,
  type TAssetType,
  type TStatusReason,
  type ZAssetCategoryUpdate,
  type ZAssetCategoryWrite,
  type ZAssetListQuery,
  type ZAssetTypeUpdate,
  type ZAssetTypeWrite,
  type ZAssetUpdate,
  type ZAssetWrite,
} from '@faena/contracts';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { findLocation, findVenue, locationNames, venueNames } from '../catalogs/index.ts';
import { assertFilesAttachable, findStoredFiles, holdFiles, NO_ONE, storedFileLink, uploadIdsIn } from '../documents/index.ts';
import { ASSET_HOLDER } from './assets.files.ts';
import { getForm } from '../forms/index.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { workflowTypeRefs } from '../workflows/index.ts';
import { inUse, notFound } from './assets.guard.ts';
import { tellNewResponsible } from './assets.notify.ts';
import { assetCategories, assetRelations, assetScans, assetTypes, assets } from './assets.table.ts';

export type AssetRow = typeof assets.$inferSelect;
export type TypeRow = typeof assetTypes.$inferSelect;
type CategoryWrite = z.output<typeof ZAssetCategoryWrite>;
type CategoryUpdate = z.output<typeof ZAssetCategoryUpdate>;
type TypeWrite = z.output<typeof ZAssetTypeWrite>;
type TypeUpdate = z.output<typeof ZAssetTypeUpdate>;
type AssetWrite = z.output<typeof ZAssetWrite>;
type AssetUpdate = z.output<typeof ZAssetUpdate>;
export type AssetListQuery = z.output<typeof ZAssetListQuery>;

export const assetNotFound = (code: string) => new BodyError(404, { code: 'asset-not-found', detail: assetNotFoundDetail(code) });
const duplicateCode = (code: string) => new BodyError(409, { code: 'duplicate-code', detail: `Another asset already has the code ${code}.`, field: 'code' });
/** 128 random bits, URL-safe: what a label's public address carries. */
export const newLabelToken = () => randomBytes(16).toString('base64url');
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null) => d?.toISOString() ?? null;

// ------------------------------------------------------------------------------------------ categories

async function categoryCounts(tx: Drizzle, tenantId: string): Promise<{ types: Map<string, number>; assets: Map<string, number> }> {
  const types = await tx.select({ id: assetTypes.categoryId, n: count() }).from(assetTypes).where(eq(assetTypes.tenantId, tenantId)).groupBy(assetTypes.categoryId);
  const owned = await tx.select({ id: assets.categoryId, n: count() }).from(assets).where(eq(assets.tenantId, tenantId)).groupBy(assets.categoryId);
  return { types: new Map(types.map((r) => [r.id, r.n])), assets: new Map(owned.map((r) => [r.id, r.n])) };
}

const categoryView = (row: typeof assetCategories.$inferSelect, counts: { types: Map<string, number>; assets: Map<string, number> }): TAssetCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type_count: counts.types.get(row.id) ?? 0,
  asset_count: counts.assets.get(row.id) ?? 0,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function findCategory(tx: Drizzle, tenantId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(assetCategories)
    .where(and(eq(assetCategories.tenantId, tenantId), eq(assetCategories.id, id)));
  return row ?? null;
}

async function nameTaken(tx: Drizzle, table: typeof assetCategories | typeof assetTypes, tenantId: string, name: string, except: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), sql`lower(${table.name}) = lower(${name})`, except ? sql`${table.id} <> ${except}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function listCategories(ctx: Ctx): Promise<{ results: TAssetCategory[] }> {
  return ctx.tx(async (tx) => {
    const rows = await tx.select().from(assetCategories).where(eq(assetCategories.tenantId, ctx.tenant.id)).orderBy(asc(assetCategories.name));
    const counts = await categoryCounts(tx, ctx.tenant.id);
    return { results: rows.map((row) => categoryView(row, counts)) };
  });
}

async function oneCategory(tx: Drizzle, tenantId: string, id: string): Promise<TAssetCategory> {
  const row = await findCategory(tx, tenantId, id);
  if (!row) throw notFound('Asset category');
  return categoryView(row, await categoryCounts(tx, tenantId));
}

const nameInUse = () => new FieldErrors({ name: [problem('in-use', 'This name is already in use.')] });

export async function createCategory(ctx: Ctx, input: CategoryWrite): Promise<TAssetCategory> {
  return ctx.tx(
    async (tx) => {
      if (await nameTaken(tx, assetCategories, ctx.tenant.id, input.name, null)) throw nameInUse();
      const [row] = await tx.insert(assetCategories).values({ tenantId: ctx.tenant.id, name: input.name, description: input.description }).returning();
      return oneCategory(tx, ctx.tenant.id, row!.id);
    },
    { audit: 'assets.category.create', subject: (c) => c.id },
  );
}

export async function updateCategory(ctx: Ctx, id: string, input: CategoryUpdate): Promise<TAssetCategory> {
  return ctx.tx(
    async (tx) => {
      const row = await findCategory(tx, ctx.tenant.id, id);
      if (!row) throw notFound('Asset category');
      if (input.name !== undefined && (await nameTaken(tx, assetCategories, ctx.tenant.id, input.name, id))) throw nameInUse();
      await tx
        .update(assetCategories)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: new Date() })
        .where(and(eq(assetCategories.tenantId, ctx.tenant.id), eq(assetCategories.id, id)));
      return oneCategory(tx, ctx.tenant.id, id);
    },
    { audit: 'assets.category.update' },
  );
}

export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const row = await findCategory(tx, ctx.tenant.id, id);
      if (!row) throw notFound('Asset category');
      const [used] = await tx
        .select({ id: assetTypes.id })
        .from(assetTypes)
        .where(and(eq(assetTypes.tenantId, ctx.tenant.id), eq(assetTypes.categoryId, id)))
        .limit(1);
      if (used) throw inUse('This category still has asset types: move or delete them first.');
      await tx.delete(assetCategories).where(and(eq(assetCategories.tenantId, ctx.tenant.id), eq(assetCategories.id, id)));
    },
    { audit: 'assets.category.delete' },
  );
}

// ------------------------------------------------------------------------------------------ types

async function typeViews(tx: Drizzle, tenantId: string, rows: readonly TypeRow[]): Promise<TAssetType[]> {
  if (rows.length === 0) return [];
  const categories = await tx
    .select({ id: assetCategories.id, name: assetCategories.name })
    .from(assetCategories)
    .where(and(eq(assetCategories.tenantId, tenantId), inArray(assetCategories.id, [...new Set(rows.map((r) => r.categoryId))])));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const workflows = await workflowTypeRefs(
    tx,
    tenantId,
    rows.flatMap((r) => [...r.maintenanceWorkflowTypeIds, ...(r.correctiveWorkflowTypeId ? [r.correctiveWorkflowTypeId] : [])]),
  );
  const counts = await tx
    .select({ id: assets.typeId, n: count() })
    .from(assets)
    .where(
      and(
        eq(assets.tenantId, tenantId),
        inArray(
          assets.typeId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(assets.typeId);
  const countOf = new Map(counts.map((c) => [c.id, c.n]));
  const wf = (id: string) => ({ id, name: workflows.get(id)?.name ?? '' });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category: { id: row.categoryId, name: categoryName.get(row.categoryId) ?? '' },
    icon: row.icon,
    color: row.color,
    form_id: row.formId,
    maintenance_workflow_types: row.maintenanceWorkflowTypeIds.map(wf),
    corrective_workflow_type: row.correctiveWorkflowTypeId ? wf(row.correctiveWorkflowTypeId) : null,
    asset_count: countOf.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function findType(tx: Drizzle, tenantId: string, id: string): Promise<TypeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(assetTypes)
    .where(and(eq(assetTypes.tenantId, tenantId), eq(assetTypes.id, id)));
  return row ?? null;
}

export async function listTypes(ctx: Ctx, query: { category?: string | undefined; search?: string | undefined }): Promise<{ results: TAssetType[] }> {
  if (query.category !== undefined && !isUuid(query.category)) return { results: [] };
  return ctx.tx(async (tx) => {
    const rows = await tx
      .select()
      .from(assetTypes)
      .where(
        and(
          eq(assetTypes.tenantId, ctx.tenant.id),
          query.category ? eq(assetTypes.categoryId, query.category) : undefined,
          query.search ? ilike(assetTypes.name, escapeLike(query.search)) : undefined,
        ),
      )
      .orderBy(asc(assetTypes.name));
    return { results: await typeViews(tx, ctx.tenant.id, rows) };
  });
}

export async function getType(ctx: Ctx, id: string): Promise<TAssetType> {
  return ctx.tx(async (tx) => {
    const row = await findType(tx, ctx.tenant.id, id);
    if (!row) throw notFound('Asset type');
    return (await typeViews(tx, ctx.tenant.id, [row]))[0]!;
  });
}

interface TypeFields {
  name: string;
  category: string;
  icon: string;
  color: string;
  form_id: string | null;
  maintenance_workflow_types: string[];
  corrective_workflow_type: string | null;
}

/** The form's fields, read before a write's transaction opens (the forms module reads in its own); null when there is no such form. */
async function formFields(ctx: Ctx, formId: string | null | undefined): Promise<FormField[] | null> {
  if (!formId || !isUuid(formId)) return null;
  const form = await getForm(ctx, formId).catch(() => null);
  return form ? form.description : null;
}

async function checkType(ctx: Ctx, tx: Drizzle, fields: TypeFields, except: string | null, formFound: boolean): Promise<void> {
  const errors: FieldMessages = {};
  if (await nameTaken(tx, assetTypes, ctx.tenant.id, fields.name, except)) errors.name = [problem('in-use', 'This name is already in use.')];
  if (!(await findCategory(tx, ctx.tenant.id, fields.category))) errors.category = [problem('unknown-reference', 'Unknown asset category.')];
  if (fields.form_id !== null && !formFound) errors.form_id = [problem('unknown-reference', 'Unknown form.')];
  const workflows = await workflowTypeRefs(tx, ctx.tenant.id, [...fields.maintenance_workflow_types, ...(fields.corrective_workflow_type ? [fields.corrective_workflow_type] : [])]);
  const unknown = fields.maintenance_workflow_types.filter((id) => !workflows.has(id));
  if (unknown.length > 0) errors.maintenance_workflow_types = unknown.map((id) => problem('unknown-reference', `Unknown workflow type: ${id}`));
  if (fields.corrective_workflow_type && !workflows.has(fields.corrective_workflow_type)) errors.corrective_workflow_type = [problem('unknown-reference', 'Unknown workflow type.')];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

export async function createType(ctx: Ctx, input: TypeWrite): Promise<TAssetType> {
  const formFound = (await formFields(ctx, input.form_id)) !== null;
  return ctx.tx(
    async (tx) => {
      const fields = { ...input, maintenance_workflow_types: [...new Set(input.maintenance_workflow_types)] };
      await checkType(ctx, tx, fields, null, formFound);
      const [row] = await tx
        .insert(assetTypes)
        .values({
          tenantId: ctx.tenant.id,
          categoryId: fields.category,
          name: fields.name,
          icon: fields.icon,
          color: fields.color.toLowerCase(),
          formId: fields.form_id,
          maintenanceWorkflowTypeIds: fields.maintenance_workflow_types,
          correctiveWorkflowTypeId: fields.corrective_workflow_type,
        })
        .returning();
      return (await typeViews(tx, ctx.tenant.id, [row!]))[0]!;
    },
    { audit: 'assets.type.create', subject: (t) => t.id },
  );
}

export async function updateType(ctx: Ctx, id: string, input: TypeUpdate): Promise<TAssetType> {
  const formFound = (await formFields(ctx, input.form_id)) !== null;
  return ctx.tx(
    async (tx) => {
      const row = await findType(tx, ctx.tenant.id, id);
      if (!row) throw notFound('Asset type');
      const fields: TypeFields = {
        name: input.name ?? row.name,
        category: input.category ?? row.categoryId,
        icon: input.icon ?? row.icon,
        color: (input.color ?? row.color).toLowerCase(),
        form_id: input.form_id !== undefined ? input.form_id : row.formId,
        maintenance_workflow_types: input.maintenance_workflow_types ? [...new Set(input.maintenance_workflow_types)] : row.maintenanceWorkflowTypeIds,
        corrective_workflow_type: input.corrective_workflow_type !== undefined ? input.corrective_workflow_type : row.correctiveWorkflowTypeId,
      };
      await checkType(ctx, tx, fields, id, input.form_id === undefined || input.form_id === null || formFound);
      const [updated] = await tx
        .update(assetTypes)
        .set({
          name: fields.name,
          categoryId: fields.category,
          icon: fields.icon,
          color: fields.color,
          formId: fields.form_id,
          maintenanceWorkflowTypeIds: fields.maintenance_workflow_types,
          correctiveWorkflowTypeId: fields.corrective_workflow_type,
          updatedAt: new Date(),
        })
        .where(and(eq(assetTypes.tenantId, ctx.tenant.id), eq(assetTypes.id, id)))
        .returning();
      // the assets of a type that moved to another category move with it
      if (fields.category !== row.categoryId)
        await tx
          .update(assets)
          .set({ categoryId: fields.category })
          .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.typeId, id)));
      return (await typeViews(tx, ctx.tenant.id, [updated!]))[0]!;
    },
    { audit: 'assets.type.update' },
  );
}

export async function deleteType(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const row = await findType(tx, ctx.tenant.id, id);
      if (!row) throw notFound('Asset type');
      const [used] = await tx
        .select({ id: assets.id })
        .from(assets)
        .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.typeId, id)))
        .limit(1);
      if (used) throw inUse('Assets of this type exist: change their type or delete them first.');
      await tx.delete(assetTypes).where(and(eq(assetTypes.tenantId, ctx.tenant.id), eq(assetTypes.id, id)));
    },
    { audit: 'assets.type.delete' },
  );
}

// ------------------------------------------------------------------------------------------ asset views

interface Refs {
  types: Map<string, TypeRow>;
  categories: Map<string, string>;
  venues: Map<string, string>;
  locations: Map<string, string>;
  persons: Map<string, { passport: string; name: string }>;
  files: Map<string, TAssetFile>;
}

export async function loadRefs(tx: Drizzle, tenantId: string, rows: readonly AssetRow[], allFiles: boolean): Promise<Refs> {
  const typeIds = [...new Set(rows.map((r) => r.typeId))];
  const typeRows =
    typeIds.length > 0
      ? await tx
          .select()
          .from(assetTypes)
          .where(and(eq(assetTypes.tenantId, tenantId), inArray(assetTypes.id, typeIds)))
      : [];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const categoryRows =
    categoryIds.length > 0
      ? await tx
          .select({ id: assetCategories.id, name: assetCategories.name })
          .from(assetCategories)
          .where(and(eq(assetCategories.tenantId, tenantId), inArray(assetCategories.id, categoryIds)))
      : [];
  const venues = await venueNames(
    tx,
    tenantId,
    rows.flatMap((r) => (r.venueId ? [r.venueId] : [])),
  );
  const locations = await locationNames(
    tx,
    tenantId,
    rows.flatMap((r) => (r.locationId ? [r.locationId] : [])),
  );
  const people = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((r) => (r.responsiblePersonId ? [r.responsiblePersonId] : [])),
  );
  const fileIds = rows.flatMap((r) => (allFiles ? [...r.photoIds, ...r.documentIds] : r.photoIds.slice(0, 1)));
  const files = new Map((await findStoredFiles(tx, tenantId, [...new Set(fileIds)])).map((f) => [f.id, storedFileLink(f)]));
  return {
    types: new Map(typeRows.map((t) => [t.id, t])),
    categories: new Map(categoryRows.map((c) => [c.id, c.name])),
    venues,
    locations,
    persons: new Map([...people.values()].map((p) => [p.id, { passport: p.passport, name: p.name }])),
    files,
  };
}

export function toSummary(row: AssetRow, refs: Refs): TAssetSummary {
  const type = refs.types.get(row.typeId);
  const photo = row.photoIds[0] ? (refs.files.get(row.photoIds[0]) ?? null) : null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    manufacturer: row.manufacturer,
    model: row.model,
    type: { id: row.typeId, name: type?.name ?? '', icon: type?.icon ?? 'box', color: type?.color ?? '#228be6' },
    category: { id: row.categoryId, name: refs.categories.get(row.categoryId) ?? '' },
    venue: row.venueId ? { id: row.venueId, name: refs.venues.get(row.venueId) ?? '' } : null,
    location: row.locationId ? { id: row.locationId, name: refs.locations.get(row.locationId) ?? '' } : null,
    responsible: row.responsiblePersonId ? (refs.persons.get(row.responsiblePersonId) ?? null) : null,
    maintenance_status: row.maintenanceStatus,
    status_reason: (row.statusReason as TStatusReason | null) ?? null,
    last_maintenance_at: iso(row.lastMaintenanceAt),
    photo,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function refsOf(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<TAssetRef[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: assets.id, code: assets.code, name: assets.name })
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), inArray(assets.id, [...ids])))
    .orderBy(asc(assets.code));
  return rows;
}

export async function assetView(ctx: Ctx, tx: Drizzle, row: AssetRow): Promise<TAsset> {
  const tenantId = ctx.tenant.id;
  const refs = await loadRefs(tx, tenantId, [row], true);
  const files = (ids: string[]) => ids.map((id) => refs.files.get(id)).filter((f): f is TAssetFile => f !== undefined);
  const children = await tx
    .select({ id: assets.id, code: assets.code, name: assets.name })
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), eq(assets.parentId, row.id)))
    .orderBy(asc(assets.code));
  const relatedIds = (
    await tx
      .select({ id: assetRelations.relatedId })
      .from(assetRelations)
      .where(and(eq(assetRelations.tenantId, tenantId), eq(assetRelations.assetId, row.id)))
  ).map((r) => r.id);
  const [parent] = row.parentId ? await refsOf(tx, tenantId, [row.parentId]) : [];
  return {
    ...toSummary(row, refs),
    description: row.description,
    parent: parent ?? null,
    children,
    related: await refsOf(tx, tenantId, relatedIds),
    purchase_date: row.purchaseDate,
    purchase_cost: row.purchaseCost,
    useful_life_years: row.usefulLifeYears,
    salvage_value: row.salvageValue,
    gps: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    extra: row.extra,
    photos: files(row.photoIds),
    documents: files(row.documentIds),
    label_token: row.labelToken,
    public_url: `${ctx.origin}/public/assets/${row.labelToken}`,
    can_manage: ctx.caller?.permissions.has('MANAGE_ASSETS') ?? false,
  };
}

// ------------------------------------------------------------------------------------------ asset writes

export async function findAsset(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<AssetRow | null> {
  if (!isUuid(id)) return null;
  const query = tx
    .select()
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), eq(assets.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findAssetByCode(tx: Drizzle, tenantId: string, code: string): Promise<AssetRow | null> {
  const [row] = await tx
    .select()
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), eq(assets.code, code)))
    .limit(1);
  return row ?? null;
}

interface AssetFields {
  code: string;
  name: string;
  manufacturer: string;
  model: string;
  type: string;
  venue: string | null;
  location: string | null;
  responsible: string | null;
  parent: string | null;
  related: string[];
  description: string;
  purchase_date: string | null;
  purchase_cost: number | null;
  useful_life_years: number | null;
  salvage_value: number | null;
  gps: { lat: number; lng: number } | null;
  extra: Record<string, unknown>;
  photos: string[];
  documents: string[];
}

interface Checked {
  type: TypeRow;
  responsiblePersonId: string | null;
}

/** Checks every reference against the tenant's data; field errors name every problem at once. */
async function checkAsset(ctx: Ctx, tx: Drizzle, fields: AssetFields, self: string | null, form: FormField[] | null): Promise<Checked> {
  const tenantId = ctx.tenant.id;
  const errors: FieldMessages = {};
  const type = await findType(tx, tenantId, fields.type);
  if (!type) errors.type = [problem('unknown-reference', 'Unknown asset type.')];
  const venue = fields.venue ? (isUuid(fields.venue) ? await findVenue(tx, tenantId, fields.venue) : null) : null;
  if (fields.venue && !venue) errors.venue = [problem('unknown-reference', 'Unknown venue.')];
  if (fields.location) {
    const location = isUuid(fields.location) ? await findLocation(tx, tenantId, fields.location) : null;
    if (!location) errors.location = [problem('unknown-reference', 'Unknown location.')];
    else if (fields.venue && location.venueId !== fields.venue) errors.location = [problem('unknown-reference', 'This location is not in the chosen venue.')];
  }
  let responsiblePersonId: string | null = null;
  if (fields.responsible) {
    const person = await findPersonByPassport(tx, tenantId, fields.responsible);
    if (!person) errors.responsible = [problem('unknown-reference', 'Unknown person.')];
    else responsiblePersonId = person.id;
  }
  if (fields.parent) {
    if (fields.parent === self) errors.parent = [problem('cycle', 'An asset cannot be its own parent.')];
    else if (!(await findAsset(tx, tenantId, fields.parent))) errors.parent = [problem('unknown-reference', 'Unknown parent asset.')];
    else if (self) {
      // no cycles: the new parent may not be one of this asset's descendants
      const found = (await tx.execute(sql`
        WITH RECURSIVE up(id, depth) AS (
          SELECT parent_id, 1 FROM assets WHERE tenant_id = ${tenantId} AND id = ${fields.parent}
          UNION ALL SELECT a.parent_id, up.depth + 1 FROM assets a JOIN up ON a.tenant_id = ${tenantId} AND a.id = up.id WHERE up.depth < 100)
        SELECT 1 AS hit FROM up WHERE id = ${self} LIMIT 1`)) as unknown as { rows: unknown[] };
      if (found.rows.length > 0) errors.parent = [problem('cycle', 'The parent would be one of this asset’s own elements.')];
    }
  }
  const related = fields.related.filter((id) => id !== self);
  if (related.length > 0) {
    const existing = new Set((await refsOf(tx, tenantId, related.filter(isUuid))).map((r) => r.id));
    const unknown = related.filter((id) => !existing.has(id));
    if (unknown.length > 0) errors.related = unknown.map((id) => problem('unknown-reference', `Unknown asset: ${id}`));
  }
  const stored = new Map((await findStoredFiles(tx, tenantId, [...new Set([...fields.photos, ...fields.documents])])).map((f) => [f.id, f]));
  for (const id of fields.photos) {
    const file = stored.get(id);
    if (!file) (errors.photos ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
    else if (!file.contentType.startsWith('image/')) (errors.photos ??= []).push(problem('not-an-image', `${file.name} is not an image.`));
  }
  for (const id of fields.documents) if (!stored.has(id)) (errors.documents ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
  if (fields.salvage_value !== null && fields.purchase_cost !== null && fields.salvage_value > fields.purchase_cost) errors.salvage_value = ['The salvage value cannot exceed the purchase cost.'];
  if (type) {
    if (type.formId && form) {
      const problems = validateResponse(form, fields.extra, { flags: resolveFlags(ctx.tenant.featureFlags) });
      for (const p of problems) (errors[`extra.${p.path.join('.')}`] ??= []).push(p.message);
    } else if (!type.formId && Object.keys(fields.extra).length > 0) errors.extra = ['This asset type has no extra fields.'];
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { type: type!, responsiblePersonId };
}

async function codeTaken(tx: Drizzle, tenantId: string, code: string, except: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), eq(assets.code, code), except ? sql`${assets.id} <> ${except}` : undefined))
    .limit(1);
  return row !== undefined;
}

function columnsOf(fields: AssetFields, checked: Checked) {
  return {
    code: fields.code,
    name: fields.name,
    manufacturer: fields.manufacturer,
    model: fields.model,
    typeId: checked.type.id,
    categoryId: checked.type.categoryId,
    venueId: fields.venue,
    locationId: fields.location,
    responsiblePersonId: checked.responsiblePersonId,
    parentId: fields.parent,
    description: fields.description,
    purchaseDate: fields.purchase_date,
    purchaseCost: fields.purchase_cost,
    usefulLifeYears: fields.useful_life_years,
    salvageValue: fields.salvage_value,
    lat: fields.gps?.lat ?? null,
    lng: fields.gps?.lng ?? null,
    extra: fields.extra,
    photoIds: [...new Set(fields.photos)],
    documentIds: [...new Set(fields.documents)],
  };
}

async function setRelated(tx: Drizzle, tenantId: string, assetId: string, related: readonly string[]): Promise<void> {
  await tx.delete(assetRelations).where(and(eq(assetRelations.tenantId, tenantId), or(eq(assetRelations.assetId, assetId), eq(assetRelations.relatedId, assetId))));
  const ids = [...new Set(related)].filter((id) => id !== assetId);
  if (ids.length === 0) return;
  await tx.insert(assetRelations).values(
    ids.flatMap((id) => [
      { tenantId, assetId, relatedId: id },
      { tenantId, assetId: id, relatedId: assetId },
    ]),
  );
}

/** A unique-index refusal (a concurrent write took the code first). */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The form of a type's extra fields, read before the write's transaction. */
async function typeForm(ctx: Ctx, typeId: string): Promise<FormField[] | null> {
  const type = await ctx.read((db) => findType(db, ctx.tenant.id, typeId));
  return formFields(ctx, type?.formId);
}

/** An asset holds its photos, documents and the files of its extra fields (decision 032). */
const holdAssetFiles = (ctx: Ctx, tx: Drizzle, row: AssetRow, admitted: ReadonlySet<string>) =>
  holdFiles(tx, ctx.tenant.id, { kind: ASSET_HOLDER, id: row.id }, uploadIdsIn([row.photoIds, row.documentIds, row.extra]), { by: ctx.caller?.personId ?? NO_ONE, only: true, admitted });

/** Files a write names that the caller may attach (decision 032: the download rule); others are 400 unknown-file. */
const attachable = (ctx: Ctx, assetId: string | null, input: { photos?: string[] | undefined; documents?: string[] | undefined; extra?: unknown }) =>
  assertFilesAttachable(signedIn(ctx), assetId ? { kind: ASSET_HOLDER, id: assetId } : null, {
    photos: input.photos ?? [],
    documents: input.documents ?? [],
    extra: uploadIdsIn(input.extra ?? null),
  });

export async function createAsset(ctx: Ctx, input: AssetWrite): Promise<TAsset> {
  signedIn(ctx);
  const form = await typeForm(ctx, input.type);
  const admitted = await attachable(ctx, null, input);
  try {
    return await ctx.tx(
      async (tx) => {
        if (await codeTaken(tx, ctx.tenant.id, input.code, null)) throw duplicateCode(input.code);
        const checked = await checkAsset(ctx, tx, input, null, form);
        const [row] = await tx
          .insert(assets)
          .values({ tenantId: ctx.tenant.id, ...columnsOf(input, checked), labelToken: newLabelToken() })
          .returning();
        await holdAssetFiles(ctx, tx, row!, admitted);
        await setRelated(tx, ctx.tenant.id, row!.id, input.related);
        await tellNewResponsible(ctx.platform, tx, ctx.tenant.id, row!, null, ctx.caller?.personId ?? null);
        return assetView(ctx, tx, row!);
      },
      { audit: 'assets.create', subject: (a) => a.id, details: (a) => ({ code: a.code }) },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(input.code);
    throw error;
  }
}

export async function updateAsset(ctx: Ctx, id: string, input: AssetUpdate): Promise<TAsset> {
  signedIn(ctx);
  const current = await ctx.read((db) => findAsset(db, ctx.tenant.id, id));
  const form = await typeForm(ctx, input.type ?? current?.typeId ?? '');
  const admitted = await attachable(ctx, current ? id : null, input);
  try {
    return await ctx.tx(
      async (tx) => {
        const row = await findAsset(tx, ctx.tenant.id, id, { lock: true });
        if (!row) throw notFound('Asset');
        const relatedNow = (
          await tx
            .select({ id: assetRelations.relatedId })
            .from(assetRelations)
            .where(and(eq(assetRelations.tenantId, ctx.tenant.id), eq(assetRelations.assetId, id)))
        ).map((r) => r.id);
        const person = row.responsiblePersonId ? (await personSummaries(tx, ctx.tenant.id, [row.responsiblePersonId])).get(row.responsiblePersonId) : undefined;
        const fields: AssetFields = {
          code: input.code ?? row.code,
          name: input.name ?? row.name,
          manufacturer: input.manufacturer ?? row.manufacturer,
          model: input.model ?? row.model,
          type: input.type ?? row.typeId,
          venue: input.venue !== undefined ? input.venue : row.venueId,
          location: input.location !== undefined ? input.location : row.locationId,
          responsible: input.responsible !== undefined ? input.responsible : (person?.passport ?? null),
          parent: input.parent !== undefined ? input.parent : row.parentId,
          related: input.related ?? relatedNow,
          description: input.description ?? row.description,
          purchase_date: input.purchase_date !== undefined ? input.purchase_date : row.purchaseDate,
          purchase_cost: input.purchase_cost !== undefined ? input.purchase_cost : row.purchaseCost,
          useful_life_years: input.useful_life_years !== undefined ? input.useful_life_years : row.usefulLifeYears,
          salvage_value: input.salvage_value !== undefined ? input.salvage_value : row.salvageValue,
          gps: input.gps !== undefined ? input.gps : row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
          // a new type starts its extra fields afresh unless new answers come with it
          extra: input.extra ?? (input.type && input.type !== row.typeId ? {} : row.extra),
          photos: input.photos ?? row.photoIds,
          documents: input.documents ?? row.documentIds,
        };
        if (fields.code !== row.code && (await codeTaken(tx, ctx.tenant.id, fields.code, id))) throw duplicateCode(fields.code);
        const checked = await checkAsset(ctx, tx, fields, id, form);
        const [updated] = await tx
          .update(assets)
          .set({ ...columnsOf(fields, checked), updatedAt: new Date() })
          .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.id, id)))
          .returning();
        await holdAssetFiles(ctx, tx, updated!, admitted);
        if (input.related) await setRelated(tx, ctx.tenant.id, id, input.related);
        await tellNewResponsible(ctx.platform, tx, ctx.tenant.id, updated!, row.responsiblePersonId, ctx.caller?.personId ?? null);
        return assetView(ctx, tx, updated!);
      },
      { audit: 'assets.update' },
    );
  } catch (error) {
    if (isUniqueViolation(error) && input.code) throw duplicateCode(input.code);
    throw error;
  }
}

/** Deleting an asset detaches its children (they keep existing, without a parent) and its relations. */
export async function deleteAsset(ctx: Ctx, id: string, onDelete: (tx: Drizzle, assetId: string) => Promise<void>): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const row = await findAsset(tx, ctx.tenant.id, id, { lock: true });
      if (!row) throw notFound('Asset');
      await onDelete(tx, id);
      await tx
        .update(assets)
        .set({ parentId: null, updatedAt: new Date() })
        .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.parentId, id)));
      await tx.delete(assetRelations).where(and(eq(assetRelations.tenantId, ctx.tenant.id), or(eq(assetRelations.assetId, id), eq(assetRelations.relatedId, id))));
      await tx.delete(assetScans).where(and(eq(assetScans.tenantId, ctx.tenant.id), eq(assetScans.assetId, id)));
      await tx.delete(assets).where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.id, id)));
    },
    { audit: 'assets.delete', details: {} },
  );
}

// ------------------------------------------------------------------------------------------ list

const ORDER: Record<AssetListQuery['ordering'], SQL[]> = {
  code: [asc(assets.code)],
  '-code': [desc(assets.code)],
  name: [asc(assets.name), asc(assets.code)],
  '-name': [desc(assets.name), asc(assets.code)],
  created_at: [asc(assets.createdAt), asc(assets.code)],
  '-created_at': [desc(assets.createdAt), asc(assets.code)],
  last_maintenance_at: [sql`${assets.lastMaintenanceAt} ASC NULLS FIRST`, asc(assets.code)],
  '-last_maintenance_at': [sql`${assets.lastMaintenanceAt} DESC NULLS LAST`, asc(assets.code)],
  maintenance_status: [asc(assets.maintenanceStatus), asc(assets.code)],
  '-maintenance_status': [desc(assets.maintenanceStatus), asc(assets.code)],
};

/**
 * The filters as one condition, or null when a filter names something that cannot match (an id
 * that is not a uuid, an unknown passport): the answer is then empty.
 */
export async function filtersWhere(tx: Drizzle, tenantId: string, filters: TAssetFilters): Promise<SQL | null> {
  const where: (SQL | undefined)[] = [eq(assets.tenantId, tenantId)];
  for (const [value, column] of [
    [filters.type, assets.typeId],
    [filters.category, assets.categoryId],
    [filters.parent, assets.parentId],
  ] as const) {
    if (value === undefined) continue;
    if (!isUuid(value)) return null;
    where.push(eq(column, value));
  }
  if (filters.venue !== undefined) {
    if (filters.venue === 'none') where.push(isNull(assets.venueId));
    else if (!isUuid(filters.venue)) return null;
    else where.push(eq(assets.venueId, filters.venue));
  }
  if (filters.status) where.push(eq(assets.maintenanceStatus, filters.status));
  if (filters.responsible) {
    const person = await findPersonByPassport(tx, tenantId, filters.responsible);
    if (!person) return null;
    where.push(eq(assets.responsiblePersonId, person.id));
  }
  if (filters.search) {
    const like = escapeLike(filters.search);
    where.push(or(ilike(assets.code, like), ilike(assets.name, like), ilike(assets.manufacturer, like), ilike(assets.model, like)));
  }
  return and(...where)!;
}

export async function listAssets(ctx: Ctx, query: AssetListQuery): Promise<{ count: number; results: TAssetSummary[] }> {
  return ctx.read(async (db) => {
    const where = await filtersWhere(db, ctx.tenant.id, query);
    if (!where) return { count: 0, results: [] };
    const [total] = await db.select({ n: count() }).from(assets).where(where);
    const rows = await db
      .select()
      .from(assets)
      .where(where)
      .orderBy(...ORDER[query.ordering])
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const refs = await loadRefs(db, ctx.tenant.id, rows, false);
    return { count: total?.n ?? 0, results: rows.map((row) => toSummary(row, refs)) };
  });
}

export async function overview(ctx: Ctx): Promise<TAssetOverview> {
  return ctx.read(async (db) => {
    const tenantId = ctx.tenant.id;
    const byStatus = await db.select({ status: assets.maintenanceStatus, n: count() }).from(assets).where(eq(assets.tenantId, tenantId)).groupBy(assets.maintenanceStatus);
    const byType = await db.select({ id: assets.typeId, n: count() }).from(assets).where(eq(assets.tenantId, tenantId)).groupBy(assets.typeId);
    const byCategory = await db.select({ id: assets.categoryId, n: count() }).from(assets).where(eq(assets.tenantId, tenantId)).groupBy(assets.categoryId);
    const byVenue = await db.select({ id: assets.venueId, n: count() }).from(assets).where(eq(assets.tenantId, tenantId)).groupBy(assets.venueId);
    const types = await db.select().from(assetTypes).where(eq(assetTypes.tenantId, tenantId));
    const categories = await db.select({ id: assetCategories.id, name: assetCategories.name }).from(assetCategories).where(eq(assetCategories.tenantId, tenantId));
    const venues = await venueNames(
      db,
      tenantId,
      byVenue.flatMap((v) => (v.id ? [v.id] : [])),
    );
    const typeById = new Map(types.map((t) => [t.id, t]));
    const categoryName = new Map(categories.map((c) => [c.id, c.name]));
    const statusCount = new Map(byStatus.map((s) => [s.status, s.n]));
    const desc = <T extends { count: number }>(list: T[]) => list.sort((a, b) => b.count - a.count);
    return {
      total: byStatus.reduce((sum, s) => sum + s.n, 0),
      by_status: (['ok', 'maintenance_needed'] as const).map((status) => ({ status, count: statusCount.get(status) ?? 0 })),
      by_type: desc(byType.map((t) => ({ id: t.id, name: typeById.get(t.id)?.name ?? '', color: typeById.get(t.id)?.color ?? '#228be6', icon: typeById.get(t.id)?.icon ?? 'box', count: t.n }))),
      by_category: desc(byCategory.map((c) => ({ id: c.id, name: categoryName.get(c.id) ?? '', count: c.n }))),
      by_venue: desc(byVenue.map((v) => ({ id: v.id, name: v.id ? (venues.get(v.id) ?? '') : null, count: v.n }))),
    };
  });
}

// ------------------------------------------------------------------------------------------ by code and scans

export async function getByCode(ctx: Ctx, code: string, refresh: (tx: Drizzle, row: AssetRow) => Promise<AssetRow>): Promise<TAsset> {
  return ctx.tx(async (tx) => {
    const row = await findAssetByCode(tx, ctx.tenant.id, code);
    if (!row) throw assetNotFound(code);
    return assetView(ctx, tx, await refresh(tx, row));
  });
}

/** A label's QR carries its public address (…/public/assets/{token}): a scan of it finds the asset by its token. */
const LABEL_ADDRESS = /\/public\/assets\/([A-Za-z0-9_-]{22})\/?$/;

export async function scan(ctx: Ctx, code: string, refresh: (tx: Drizzle, row: AssetRow) => Promise<AssetRow>): Promise<TAsset> {
  const { caller } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const token = LABEL_ADDRESS.exec(code)?.[1];
      const [byToken] = token
        ? await tx
            .select()
            .from(assets)
            .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.labelToken, token)))
            .limit(1)
        : [];
      const row = byToken ?? (await findAssetByCode(tx, ctx.tenant.id, code));
      if (!row) throw assetNotFound(code);
      await tx.insert(assetScans).values({ tenantId: ctx.tenant.id, personId: caller.personId, assetId: row.id, code: row.code });
      return assetView(ctx, tx, await refresh(tx, row));
    },
    { audit: 'assets.scan', subject: (a) => a.id },
  );
}

export async function myScans(ctx: Ctx, query: { page: number; page_size: number }): Promise<{ count: number; results: TAssetScan[] }> {
  const { caller } = signedIn(ctx);
  return ctx.read(async (db) => {
    const where = and(eq(assetScans.tenantId, ctx.tenant.id), eq(assetScans.personId, caller.personId));
    const [total] = await db.select({ n: count() }).from(assetScans).where(where);
    const scans = await db
      .select()
      .from(assetScans)
      .where(where)
      .orderBy(desc(assetScans.scannedAt), desc(assetScans.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const ids = [...new Set(scans.map((s) => s.assetId))];
    const rows =
      ids.length > 0
        ? await db
            .select()
            .from(assets)
            .where(and(eq(assets.tenantId, ctx.tenant.id), inArray(assets.id, ids)))
        : [];
    const refs = await loadRefs(db, ctx.tenant.id, rows, false);
    const byId = new Map(rows.map((r) => [r.id, toSummary(r, refs)]));
    return { count: total?.n ?? 0, results: scans.map((s) => ({ id: s.id, code: s.code, scanned_at: s.scannedAt.toISOString(), asset: byId.get(s.assetId) ?? null })) };
  });
}
