import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { renamedFields, type FormField } from '@faena/domain';
import { checkChecklistConfig, maxReachableScore, type ChecklistItem, type ChecklistSection } from '@faena/domain/checklists/index';
import type {
  TChecklistCategory,
  TChecklistCategoryCreate,
  TChecklistCategoryUpdate,
  TChecklistDetail,
  TChecklistSummary,
  TChecklistVersion,
  TChecklistVersionContent,
  ZChecklistWrite,
} from '@faena/contracts/checklists';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { audiencesOfPerson, findAudience } from '../audiences/index.ts';
import { findLocation, findVenue, venueNames } from '../catalogs/index.ts';
import { findPositions, positionsOfPersons } from '../org-chart/index.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { checklistCategories, checklistExecutions, checklists, checklistVersions, type ChecklistExecutors } from './checklists.table.ts';

export type ChecklistRow = typeof checklists.$inferSelect;
export type VersionRow = typeof checklistVersions.$inferSelect;
type CategoryRow = typeof checklistCategories.$inferSelect;
type ChecklistWrite = z.output<typeof ZChecklistWrite>;

export const checklistNotFound = () => new AppError('not-found', 'Checklist not found.');
const categoryNotFound = () => new AppError('not-found', 'Category not found.');

/** A context whose transactions are the given one (another service joins our write). */
export function within(ctx: Ctx, tx: Drizzle): Ctx {
  return { ...ctx, tx: (fn) => fn(tx), read: (fn) => fn(tx) };
}

export function manages(ctx: SignedInCtx): boolean {
  return ctx.caller.permissions.has('MANAGE_CHECKLISTS');
}

/** Who is asking: their person, positions and audiences (to tell which checklists they may execute). */
export interface Executor {
  personId: string;
  manages: boolean;
  positions: Set<string>;
  audiences: Set<string>;
}

export async function executorOf(ctx: SignedInCtx, tx: Drizzle): Promise<Executor> {
  const personId = ctx.caller.personId;
  const positions = (await positionsOfPersons(tx, ctx.tenant.id, [personId])).get(personId) ?? [];
  const audiences = await audiencesOfPerson(tx, ctx.tenant.id, personId);
  return { personId, manages: manages(ctx), positions: new Set(positions.map((p) => p.id)), audiences: new Set(audiences.map((a) => a.id)) };
}

/** Executors all empty = everyone with VIEW_CHECKLISTS; otherwise the person, one of their positions or audiences is named. */
export function canExecute(executor: Executor, executors: ChecklistExecutors): boolean {
  if (executors.persons.length === 0 && executors.positions.length === 0 && executors.audiences.length === 0) return true;
  return executors.persons.includes(executor.personId) || executors.positions.some((id) => executor.positions.has(id)) || executors.audiences.some((id) => executor.audiences.has(id));
}

/* ------------------------------------------------------------------------------ categories */

async function categoryCounts(tx: Drizzle, tenantId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ categoryId: checklists.categoryId, n: count() })
    .from(checklists)
    .where(and(eq(checklists.tenantId, tenantId), isNull(checklists.archivedAt)))
    .groupBy(checklists.categoryId);
  return new Map(rows.flatMap((row) => (row.categoryId ? [[row.categoryId, row.n] as const] : [])));
}

const toCategory = (row: CategoryRow, counts: Map<string, number>): TChecklistCategory => ({
  id: row.id,
  name: row.name,
  order: row.position,
  archived: row.archivedAt !== null,
  checklist_count: counts.get(row.id) ?? 0,
});

export async function listCategories(ctx: Ctx, query: { archived?: 'true' | 'false' | undefined }): Promise<{ results: TChecklistCategory[] }> {
  const signed = signedIn(ctx);
  const withArchived = query.archived === 'true' && manages(signed);
  return ctx.read(async (db) => {
    const rows = await db
      .select()
      .from(checklistCategories)
      .where(and(eq(checklistCategories.tenantId, ctx.tenant.id), withArchived ? undefined : isNull(checklistCategories.archivedAt)))
      .orderBy(asc(checklistCategories.position), asc(checklistCategories.name));
    const counts = await categoryCounts(db, ctx.tenant.id);
    return { results: rows.map((row) => toCategory(row, counts)) };
  });
}

async function findCategory(tx: Drizzle, tenantId: string, id: string): Promise<CategoryRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(checklistCategories)
    .where(and(eq(checklistCategories.tenantId, tenantId), eq(checklistCategories.id, id)))
    .limit(1);
  return row ?? null;
}

export async function createCategory(ctx: Ctx, input: TChecklistCategoryCreate): Promise<TChecklistCategory> {
  return ctx.tx(
    async (tx) => {
      let position = input.order;
      if (position === undefined) {
        const [last] = await tx
          .select({ max: sql<number>`coalesce(max(${checklistCategories.position}), -1)`.mapWith(Number) })
          .from(checklistCategories)
          .where(eq(checklistCategories.tenantId, ctx.tenant.id));
        position = (last?.max ?? -1) + 1;
      }
      const [row] = await tx.insert(checklistCategories).values({ tenantId: ctx.tenant.id, name: input.name, position }).returning();
      return toCategory(row!, new Map());
    },
    { audit: 'checklists.category.create', subject: (view) => view.id },
  );
}

export async function updateCategory(ctx: Ctx, id: string, input: TChecklistCategoryUpdate): Promise<TChecklistCategory> {
  return ctx.tx(
    async (tx) => {
      const row = await findCategory(tx, ctx.tenant.id, id);
      if (!row) throw categoryNotFound();
      const [updated] = await tx
        .update(checklistCategories)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.order !== undefined ? { position: input.order } : {}),
          ...(input.archived !== undefined ? { archivedAt: input.archived ? (row.archivedAt ?? new Date()) : null } : {}),
        })
        .where(and(eq(checklistCategories.tenantId, ctx.tenant.id), eq(checklistCategories.id, id)))
        .returning();
      return toCategory(updated!, await categoryCounts(tx, ctx.tenant.id));
    },
    { audit: 'checklists.category.update' },
  );
}

/** Deletes an empty category; one that holds checklists (archived ones too) is archived instead of losing them: 409 category-in-use. */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const row = await findCategory(tx, ctx.tenant.id, id);
      if (!row) throw categoryNotFound();
      const [used] = await tx
        .select({ n: count() })
        .from(checklists)
        .where(and(eq(checklists.tenantId, ctx.tenant.id), eq(checklists.categoryId, id)));
      if ((used?.n ?? 0) > 0) throw new BodyError(409, { code: 'category-in-use', detail: 'The category holds checklists: archive it instead ({"archived": true}).' });
      await tx.delete(checklistCategories).where(and(eq(checklistCategories.tenantId, ctx.tenant.id), eq(checklistCategories.id, id)));
    },
    { audit: 'checklists.category.delete' },
  );
}

/* ------------------------------------------------------------------------------ checklists */

interface ResolvedWrite {
  categoryId: string;
  executors: ChecklistExecutors;
  venueIds: string[];
  locationIds: string[];
  supervisorIds: string[];
  sections: ChecklistSection[];
  items: ChecklistItem[];
}

async function personIdsOf(tx: Drizzle, tenantId: string, passports: readonly string[], key: string, errors: FieldMessages): Promise<string[]> {
  const ids: string[] = [];
  for (const passport of new Set(passports)) {
    const person = await findPersonByPassport(tx, tenantId, passport);
    if (!person) (errors[key] ??= []).push(problem('unknown-reference', `Unknown person: ${passport}`));
    else ids.push(person.id);
  }
  return ids;
}

async function knownPositionIds(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await findPositions(tx, tenantId, ids.filter(isUuid))).map((row) => row.id));
}

/** Checks a write against the tenant's data and the checklist rules: field errors, or coded 400s naming the field. */
async function resolveWrite(ctx: SignedInCtx, tx: Drizzle, input: ChecklistWrite): Promise<ResolvedWrite> {
  const tenantId = ctx.tenant.id;
  const errors: FieldMessages = {};
  const category = await findCategory(tx, tenantId, input.category);
  if (!category) errors.category = [problem('unknown-reference', `Unknown category: ${input.category}`)];
  const persons = await personIdsOf(tx, tenantId, input.executors.persons, 'executors.persons', errors);
  const positions = [...new Set(input.executors.positions)];
  const knownPositions = await knownPositionIds(tx, tenantId, positions);
  for (const id of positions) if (!knownPositions.has(id)) (errors['executors.positions'] ??= []).push(problem('unknown-reference', `Unknown position: ${id}`));
  const audiences = [...new Set(input.executors.audiences)];
  for (const id of audiences) if (!(isUuid(id) && (await findAudience(tx, tenantId, id)))) (errors['executors.audiences'] ??= []).push(problem('unknown-reference', `Unknown audience: ${id}`));
  const venues = [...new Set(input.places.venues)];
  for (const id of venues) if (!(isUuid(id) && (await findVenue(tx, tenantId, id)))) (errors['places.venues'] ??= []).push(problem('unknown-reference', `Unknown venue: ${id}`));
  const locations = [...new Set(input.places.locations)];
  for (const id of locations) if (!(isUuid(id) && (await findLocation(tx, tenantId, id)))) (errors['places.locations'] ??= []).push(problem('unknown-reference', `Unknown location: ${id}`));
  const supervisors = await personIdsOf(tx, tenantId, input.supervisors, 'supervisors', errors);
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const definition = { fields: input.fields, sections: input.sections, items: input.items, pass_mark: input.pass_mark };
  const issues = checkChecklistConfig(definition);
  if (issues.length > 0) {
    const first = issues[0]!;
    const byPath: Record<string, string[]> = {};
    for (const issue of issues.filter((entry) => entry.code === first.code)) (byPath[issue.path] ??= []).push(issue.message);
    throw new BodyError(400, { code: first.code, detail: first.message, errors: byPath });
  }
  return { categoryId: category!.id, executors: { persons, positions, audiences }, venueIds: venues, locationIds: locations, supervisorIds: supervisors, sections: input.sections, items: input.items };
}

function itemCountOf(fields: readonly FormField[]): number {
  return fields.filter((field) => field.type !== 'display_text').length;
}

export function versionContent(row: VersionRow): TChecklistVersionContent {
  return {
    version: row.version,
    sections: row.sections,
    fields: row.fields,
    items: row.items,
    pass_mark: row.passMark,
    signatures: { executor: row.signatureExecutor, second: row.signatureSecond },
    max_score: maxReachableScore({ fields: row.fields, items: row.items }),
  };
}

export async function findChecklist(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<ChecklistRow | null> {
  if (!isUuid(id)) return null;
  const query = tx
    .select()
    .from(checklists)
    .where(and(eq(checklists.tenantId, tenantId), eq(checklists.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findVersion(tx: Drizzle, tenantId: string, checklistId: string, version: number): Promise<VersionRow | null> {
  const [row] = await tx
    .select()
    .from(checklistVersions)
    .where(and(eq(checklistVersions.tenantId, tenantId), eq(checklistVersions.checklistId, checklistId), eq(checklistVersions.version, version)))
    .limit(1);
  return row ?? null;
}

async function categoryNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: checklistCategories.id, name: checklistCategories.name })
    .from(checklistCategories)
    .where(and(eq(checklistCategories.tenantId, tenantId), inArray(checklistCategories.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
export { categoryNames as checklistCategoryNames };

function toSummary(row: ChecklistRow, categories: Map<string, string>, executable: boolean): TChecklistSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.categoryId ? { id: row.categoryId, name: categories.get(row.categoryId) ?? '' } : null,
    version: row.currentVersion,
    item_count: row.itemCount,
    pass_mark: row.passMark,
    archived: row.archivedAt !== null,
    updated_at: row.updatedAt.toISOString(),
    can_execute: executable && row.archivedAt === null,
  };
}

async function hasExecutions(tx: Drizzle, tenantId: string, checklistId: string, version: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: checklistExecutions.id })
    .from(checklistExecutions)
    .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.checklistId, checklistId), eq(checklistExecutions.version, version)))
    .limit(1);
  return row !== undefined;
}

async function detailOf(tx: Drizzle, ctx: SignedInCtx, row: ChecklistRow, executor: Executor): Promise<TChecklistDetail> {
  const [detail] = await detailsOf(tx, ctx, [row], executor);
  if (!detail) throw checklistNotFound();
  return detail;
}

/**
 * The details of several checklists with their current versions, the names they point at read
 * once for all of them (the list's read-ahead asks for up to 100 at a time). A checklist whose
 * current version is missing is left out.
 */
async function detailsOf(tx: Drizzle, ctx: SignedInCtx, rows: readonly ChecklistRow[], executor: Executor): Promise<TChecklistDetail[]> {
  if (rows.length === 0) return [];
  const tenantId = ctx.tenant.id;
  const current = sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.currentVersion}::int)`),
    sql`, `,
  );
  const versionRows = await tx
    .select()
    .from(checklistVersions)
    .where(
      and(
        eq(checklistVersions.tenantId, tenantId),
        inArray(
          checklistVersions.checklistId,
          rows.map((row) => row.id),
        ),
        sql`(${checklistVersions.checklistId}, ${checklistVersions.version}) IN (${current})`,
      ),
    );
  const versions = new Map(versionRows.map((version) => [version.checklistId, version]));
  // whether each current version was executed (drafts included): one probe of the (checklist) index per checklist
  const executedRows = (await tx.execute(
    sql`SELECT v.id::text AS id FROM (VALUES ${current}) AS v(id, version) WHERE EXISTS (SELECT 1 FROM ${checklistExecutions} e WHERE e.tenant_id = ${tenantId} AND e.checklist_id = v.id AND e.version = v.version)`,
  )) as unknown as { rows: { id: string }[] };
  const executed = new Set(executedRows.rows.map((entry) => entry.id));
  const categories = await categoryNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])),
  );
  const people = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((row) => [...row.executors.persons, ...row.supervisorIds]),
  );
  const person = (id: string) => {
    const found = people.get(id);
    return found ? [{ passport: found.passport, name: found.name }] : [];
  };
  const positions = new Map(
    (
      await findPositions(
        tx,
        tenantId,
        rows.flatMap((row) => row.executors.positions),
      )
    ).map((p) => [p.id, { id: p.id, name: p.title }]),
  );
  const audiences = new Map<string, { id: string; name: string }>();
  for (const id of new Set(rows.flatMap((row) => row.executors.audiences))) {
    const audience = await findAudience(tx, tenantId, id);
    if (audience) audiences.set(id, { id: audience.id, name: audience.name });
  }
  const venues = await venueNames(
    tx,
    tenantId,
    rows.flatMap((row) => row.venueIds),
  );
  const locations = new Map<string, { id: string; name: string }>();
  for (const id of new Set(rows.flatMap((row) => row.locationIds))) {
    const location = await findLocation(tx, tenantId, id);
    if (location) locations.set(id, { id: location.id, name: location.name });
  }
  const known =
    <T>(map: Map<string, T>) =>
    (id: string) =>
      map.has(id) ? [map.get(id)!] : [];
  return rows.flatMap((row) => {
    const version = versions.get(row.id);
    if (!version) return [];
    return [
      {
        ...toSummary(row, categories, canExecute(executor, row.executors)),
        ...versionContent(version),
        description: row.description,
        executors: {
          persons: row.executors.persons.flatMap(person),
          positions: row.executors.positions.flatMap(known(positions)),
          audiences: row.executors.audiences.flatMap(known(audiences)),
        },
        places: { venues: row.venueIds.flatMap((id) => (venues.has(id) ? [{ id, name: venues.get(id)! }] : [])), locations: row.locationIds.flatMap(known(locations)) },
        supervisors: row.supervisorIds.flatMap(person),
        created_at: row.createdAt.toISOString(),
        has_executions: executed.has(row.id),
        can_edit: executor.manages,
      },
    ];
  });
}

export async function createChecklist(ctx: Ctx, input: ChecklistWrite): Promise<TChecklistDetail> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const resolved = await resolveWrite(signed, tx, input);
      const [row] = await tx
        .insert(checklists)
        .values({
          tenantId: ctx.tenant.id,
          categoryId: resolved.categoryId,
          name: input.name,
          description: input.description ?? null,
          currentVersion: 1,
          itemCount: itemCountOf(input.fields),
          passMark: input.pass_mark,
          executors: resolved.executors,
          venueIds: resolved.venueIds,
          locationIds: resolved.locationIds,
          supervisorIds: resolved.supervisorIds,
          createdByPersonId: signed.caller.personId,
        })
        .returning();
      await tx.insert(checklistVersions).values({
        tenantId: ctx.tenant.id,
        checklistId: row!.id,
        version: 1,
        name: input.name,
        description: input.description ?? null,
        sections: resolved.sections,
        fields: input.fields,
        items: resolved.items,
        passMark: input.pass_mark,
        signatureExecutor: input.signatures.executor,
        signatureSecond: input.signatures.second,
        createdByPersonId: signed.caller.personId,
      });
      return detailOf(tx, signed, row!, await executorOf(signed, tx));
    },
    { audit: 'checklists.create', subject: (view) => view.id },
  );
}

/**
 * Saves a checklist: in place while its current version has no execution (drafts included),
 * otherwise as a new version. A field keeps its name across versions.
 */
export async function updateChecklist(ctx: Ctx, id: string, input: ChecklistWrite): Promise<TChecklistDetail> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const row = await findChecklist(tx, ctx.tenant.id, id, { lock: true });
      if (!row) throw checklistNotFound();
      if (input.base_version !== undefined && input.base_version !== row.currentVersion) {
        throw new BodyError(409, {
          code: 'version-conflict',
          detail: `Someone saved version ${row.currentVersion} since you opened version ${input.base_version}.`,
          current_version: row.currentVersion,
        });
      }
      const current = await findVersion(tx, ctx.tenant.id, row.id, row.currentVersion);
      if (!current) throw checklistNotFound();
      const renamed = renamedFields(current.fields, input.fields);
      if (renamed.length > 0) {
        const errors = Object.fromEntries(renamed.map((change) => [`fields.${change.ids.join('.')}.name`, [`A field's name cannot change (${change.from} → ${change.to}).`]]));
        throw new BodyError(400, { code: 'field-renamed', detail: 'A field keeps its name across versions: add a new field instead.', errors });
      }
      const resolved = await resolveWrite(signed, tx, input);
      const content = {
        name: input.name,
        description: input.description ?? null,
        sections: resolved.sections,
        fields: input.fields,
        items: resolved.items,
        passMark: input.pass_mark,
        signatureExecutor: input.signatures.executor,
        signatureSecond: input.signatures.second,
        createdByPersonId: signed.caller.personId,
      };
      let version = row.currentVersion;
      if (await hasExecutions(tx, ctx.tenant.id, row.id, row.currentVersion)) {
        version += 1;
        await tx.insert(checklistVersions).values({ tenantId: ctx.tenant.id, checklistId: row.id, version, ...content });
      } else {
        await tx
          .update(checklistVersions)
          .set(content)
          .where(and(eq(checklistVersions.tenantId, ctx.tenant.id), eq(checklistVersions.checklistId, row.id), eq(checklistVersions.version, version)));
      }
      const [updated] = await tx
        .update(checklists)
        .set({
          categoryId: resolved.categoryId,
          name: input.name,
          description: input.description ?? null,
          currentVersion: version,
          itemCount: itemCountOf(input.fields),
          passMark: input.pass_mark,
          executors: resolved.executors,
          venueIds: resolved.venueIds,
          locationIds: resolved.locationIds,
          supervisorIds: resolved.supervisorIds,
          updatedAt: new Date(),
        })
        .where(and(eq(checklists.tenantId, ctx.tenant.id), eq(checklists.id, row.id)))
        .returning();
      return detailOf(tx, signed, updated!, await executorOf(signed, tx));
    },
    { audit: 'checklists.update' },
  );
}

export async function archiveChecklist(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const row = await findChecklist(tx, ctx.tenant.id, id);
      if (!row) throw checklistNotFound();
      if (!row.archivedAt)
        await tx
          .update(checklists)
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(checklists.tenantId, ctx.tenant.id), eq(checklists.id, id)));
    },
    { audit: 'checklists.archive' },
  );
}

/** A checklist the caller may see: MANAGE sees all; VIEW only those they may execute (403 otherwise). */
async function visibleChecklist(ctx: SignedInCtx, tx: Drizzle, id: string): Promise<{ row: ChecklistRow; executor: Executor }> {
  const row = await findChecklist(tx, ctx.tenant.id, id);
  if (!row) throw checklistNotFound();
  const executor = await executorOf(ctx, tx);
  if (!executor.manages && (row.archivedAt || !canExecute(executor, row.executors))) {
    if (row.archivedAt) throw checklistNotFound();
    throw new BodyError(403, { code: 'not-an-executor', detail: 'This checklist is for other people.' });
  }
  return { row, executor };
}

export async function getChecklist(ctx: Ctx, id: string): Promise<TChecklistDetail> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const { row, executor } = await visibleChecklist(signed, tx, id);
    return detailOf(tx, signed, row, executor);
  });
}

/** Most checklist definitions one read-ahead asks for. */
export const DEFINITIONS_MAX = 100;

/**
 * The definitions (detail with the current version, as GET /checklists/{id}/ answers) of the
 * asked checklists the caller may execute, in the asked order: the checklists list reads them
 * ahead in one request so each can be started offline (decision 031). Unknown, archived, another
 * tenant's and other people's checklists are left out, not refused (the list may be older than
 * they are); MANAGE does not widen it: only what the caller may execute.
 */
export async function checklistDefinitions(ctx: Ctx, ids: readonly string[]): Promise<{ results: TChecklistDetail[] }> {
  const signed = signedIn(ctx);
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return { results: [] };
  return ctx.read(async (db) => {
    const rows = await db
      .select()
      .from(checklists)
      .where(and(eq(checklists.tenantId, ctx.tenant.id), inArray(checklists.id, wanted), isNull(checklists.archivedAt)));
    const executor = await executorOf(signed, db);
    const order = new Map(wanted.map((id, index) => [id, index]));
    const executable = rows.filter((row) => canExecute(executor, row.executors)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { results: await detailsOf(db, signed, executable, executor) };
  });
}

export async function getChecklistVersion(ctx: Ctx, id: string, version: number): Promise<TChecklistVersion> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const { row } = await visibleChecklist(signed, tx, id);
    const found = await findVersion(tx, ctx.tenant.id, row.id, version);
    if (!found) throw new AppError('not-found', 'Version not found.');
    return { ...versionContent(found), id: row.id, name: found.name, description: found.description, created_at: found.createdAt.toISOString() };
  });
}

export async function listChecklists(
  ctx: Ctx,
  query: { page: number; page_size: number; category?: string | undefined; search?: string | undefined; archived?: 'true' | 'false' | undefined },
): Promise<{ count: number; results: TChecklistSummary[] }> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const executor = await executorOf(signed, tx);
    if (query.category !== undefined && !isUuid(query.category)) return { count: 0, results: [] };
    const search = query.search?.trim();
    const rows = await tx
      .select()
      .from(checklists)
      .where(
        and(
          eq(checklists.tenantId, ctx.tenant.id),
          query.archived === 'true' && executor.manages ? undefined : isNull(checklists.archivedAt),
          query.category ? eq(checklists.categoryId, query.category) : undefined,
          search ? sql`${checklists.name} ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        ),
      )
      .orderBy(asc(checklists.name), asc(checklists.id));
    const visible = rows.filter((row) => executor.manages || canExecute(executor, row.executors));
    const page = visible.slice((query.page - 1) * query.page_size, query.page * query.page_size);
    const categories = await categoryNames(
      tx,
      ctx.tenant.id,
      page.flatMap((row) => (row.categoryId ? [row.categoryId] : [])),
    );
    return { count: visible.length, results: page.map((row) => toSummary(row, categories, canExecute(executor, row.executors))) };
  });
}

/** The most recently updated first, for the home of the module. */
export const checklistOrder = desc(checklists.updatedAt);
