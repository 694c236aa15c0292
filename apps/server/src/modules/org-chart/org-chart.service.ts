import { isPermissionKey, PERMISSION_KEYS } from '@faena/domain';
import type { TCreatePositionRequest, TOrgChart, TPersonSummary, TPosition, TUpdatePositionRequest } from '@faena/contracts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { bothShapes, setChangesOf } from '../../platform/set-changes.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { existingPersonIds, personSummaries } from '../people/index.ts';
import { mergePassportPermissions } from '../permissions/index.ts';
import { notify } from '../notifications/index.ts';
import {
  allPositions,
  changeHolders,
  deletePosition as deletePositionRow,
  findPosition,
  findPositions,
  holdersOf,
  insertPosition,
  listPositions as listPositionRows,
  parentsOf,
  setHolders,
  setParents,
  updatePosition as updatePositionRow,
  wouldCycle,
  type PositionRow,
} from './org-chart.repository.ts';

/** Holders listed with a position: in the list, in the detail, per chart node. */
const PEOPLE_IN_LIST = 5;
const PEOPLE_IN_DETAIL = 100;
const PEOPLE_PER_NODE = 3;
const CODE_IN_USE = 'Code already in use';

/** Spec: default_permissions is an integer — the bit mask of the list over PERMISSION_KEYS order. */
export function permissionMask(keys: readonly string[]): number {
  let mask = 0;
  for (const key of keys) {
    const bit = (PERMISSION_KEYS as readonly string[]).indexOf(key);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask;
}

const notFound = () => new AppError('not-found', 'Position not found.');

/**
 * Privilege ceiling (decision 008): default permissions end up in persons' sets, so only keys
 * the caller holds may be handed out through a position.
 */
export function assertCanGrant(ctx: Ctx, keys: readonly string[]): void {
  const { caller } = signedIn(ctx);
  const missing = keys.filter((key) => !caller.permissions.has(key));
  if (missing.length > 0) throw new AppError('permission-denied', 'You can only hand out permissions you hold yourself.', { required: missing, reason: 'beyond-own' });
}

async function summaries(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, TPersonSummary>> {
  return personSummaries(tx, tenantId, ids);
}

async function toPositions(ctx: Ctx, tx: Drizzle, rows: PositionRow[], peopleLimit: number): Promise<TPosition[]> {
  const ids = rows.map((row) => row.id);
  const [parents, holders] = [await parentsOf(tx, ctx.tenant.id, ids), await holdersOf(tx, ctx.tenant.id, ids, peopleLimit)];
  const people = await summaries(
    tx,
    ctx.tenant.id,
    [...holders.values()].flatMap((entry) => entry.personIds),
  );
  return rows.map((row) => {
    const held = holders.get(row.id);
    return {
      id: row.id,
      title: row.title,
      department: row.department,
      code: row.code,
      is_root: row.isRoot,
      organization: ctx.tenant.id,
      tenant: ctx.tenant.subdomain,
      parents: parents.get(row.id) ?? [],
      people: (held?.personIds ?? []).flatMap((id) => people.get(id) ?? []),
      people_count: held?.count ?? 0,
      default_permission_list: row.defaultPermissionList,
      default_permissions: permissionMask(row.defaultPermissionList),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function listPositions(
  ctx: Ctx,
  query: { page: number; page_size: number; search?: string | undefined; vacant?: 'true' | 'false' | undefined },
): Promise<{ count: number; results: TPosition[] }> {
  return ctx.tx(async (tx) => {
    const vacant = query.vacant === undefined ? undefined : query.vacant === 'true';
    const { count, rows } = await listPositionRows(tx, ctx.tenant.id, { search: query.search, vacant, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { count, results: await toPositions(ctx, tx, rows, PEOPLE_IN_LIST) };
  });
}

export async function getPosition(ctx: Ctx, id: string): Promise<TPosition> {
  if (!isUuid(id)) throw notFound();
  return ctx.tx(async (tx) => {
    const row = await findPosition(tx, ctx.tenant.id, id);
    if (!row) throw notFound();
    return (await toPositions(ctx, tx, [row], PEOPLE_IN_DETAIL))[0]!;
  });
}

/**
 * Gives the persons the position's default permissions (merged into their sets) and tells every
 * process that permissions changed.
 */
export async function grantPositionDefaults(ctx: Ctx, tx: Drizzle, defaults: readonly string[], personIds: readonly string[]): Promise<void> {
  if (defaults.length === 0 || personIds.length === 0) return;
  const people = await personSummaries(tx, ctx.tenant.id, personIds);
  await mergePassportPermissions(
    tx,
    ctx.tenant.id,
    [...people.values()].map((person) => person.passport),
    defaults,
  );
  await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
}

/** Who took or left which positions in one write. */
export interface PositionChange {
  personId: string;
  added: readonly string[];
  removed: readonly string[];
}

/**
 * Tells each person (but the one who made the change) the positions they now hold or no longer
 * hold, in the write's transaction; the notification opens their profile, where their positions
 * and their team show. Persons told the same thing (a position's new holders) share one notify.
 */
export async function tellPositionChanges(ctx: Ctx, tx: Drizzle, changes: readonly PositionChange[]): Promise<void> {
  const { caller } = signedIn(ctx);
  const told = changes.filter((change) => change.personId !== caller.personId && change.added.length + change.removed.length > 0);
  if (told.length === 0) return;
  const titles = new Map((await findPositions(tx, ctx.tenant.id, [...new Set(told.flatMap((change) => [...change.added, ...change.removed]))])).map((row) => [row.id, row.title]));
  const names = (ids: readonly string[]) => ids.map((id) => titles.get(id)).filter((title): title is string => title !== undefined);
  const messages = new Map<string, { title: string; body: string; personIds: string[] }>();
  for (const change of told) {
    const added = names(change.added);
    const removed = names(change.removed);
    const lines = [added.length > 0 ? `Ahora ocupas: ${added.join(', ')}.` : '', removed.length > 0 ? `Ya no ocupas: ${removed.join(', ')}.` : ''].filter(Boolean);
    if (lines.length === 0) continue;
    const title = added.length > 0 ? 'Te asignaron un cargo' : 'Cambiaron tus cargos';
    const body = lines.join(' ');
    const key = `${title}\n${body}`;
    const message = messages.get(key) ?? { title, body, personIds: [] };
    message.personIds.push(change.personId);
    messages.set(key, message);
  }
  for (const { title, body, personIds } of messages.values()) {
    await notify(ctx.platform, tx, { tenantId: ctx.tenant.id, personIds, kind: 'system_update', title, body, context: { type: 'Position', action: 'changed', path: '/profile' } });
  }
}

interface Checked {
  defaults?: string[];
  parents?: string[];
  people?: string[];
  /** The holders changed one by one (`people_added` / `people_removed`). */
  added?: string[];
  removed?: string[];
}

async function check(ctx: Ctx, tx: Drizzle, id: string | null, input: TUpdatePositionRequest, current: PositionRow | null): Promise<Checked> {
  const errors: FieldMessages = {};
  const out: Checked = {};
  if (input.default_permission_list !== undefined) {
    const unknown = input.default_permission_list.filter((key) => !isPermissionKey(key));
    if (unknown.length > 0) errors.default_permission_list = unknown.map((key) => problem('unknown-reference', `Unknown permission: ${key}`));
    out.defaults = [...new Set(input.default_permission_list)].sort();
  }
  if (input.parents !== undefined) {
    const wanted = [...new Set(input.parents)];
    const found = new Set((await findPositions(tx, ctx.tenant.id, wanted.filter(isUuid))).map((row) => row.id));
    const unknown = wanted.filter((parent) => !found.has(parent));
    if (unknown.length > 0) errors.parents = unknown.map((parent) => problem('unknown-reference', `Unknown position: ${parent}`));
    else if (id !== null && (await wouldCycle(tx, ctx.tenant.id, id, wanted))) errors.parents = [problem('cycle', 'A position cannot be placed under itself or under one of the positions below it.')];
    out.parents = wanted;
  }
  const isRoot = input.is_root ?? current?.isRoot ?? false;
  if (isRoot && (out.parents ?? []).length > 0) errors.is_root = [problem('root-with-parents', 'A root position has no parents.')];
  if (input.people !== undefined) {
    const wanted = [...new Set(input.people)];
    const unknown = await unknownPersons(tx, ctx.tenant.id, wanted);
    if (unknown.length > 0) errors.people = unknown.slice(0, 20).map((person) => problem('unknown-reference', `Unknown person: ${person}`));
    out.people = wanted;
  }
  if (input.people_added !== undefined || input.people_removed !== undefined) {
    if (input.people !== undefined) errors.people = [bothShapes('people', 'people_added', 'people_removed')];
    // taking off someone who no longer holds it (or never did) changes nothing
    const { added, removed } = setChangesOf(input.people_added, input.people_removed, isUuid);
    const unknown = await unknownPersons(tx, ctx.tenant.id, added);
    if (unknown.length > 0) errors.people_added = unknown.slice(0, 20).map((person) => problem('unknown-reference', `Unknown person: ${person}`));
    out.added = added;
    out.removed = removed;
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return out;
}

async function unknownPersons(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const found = await existingPersonIds(tx, tenantId, ids.filter(isUuid));
  return ids.filter((person) => !found.has(person));
}

async function writing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldErrors({ code: [problem('in-use', CODE_IN_USE)] });
    throw error;
  }
}

export async function createPosition(ctx: Ctx, input: TCreatePositionRequest): Promise<TPosition> {
  const row = await writing(() =>
    ctx.tx(
      async (tx) => {
        const checked = await check(ctx, tx, null, input, null);
        const defaults = checked.defaults ?? [];
        assertCanGrant(ctx, defaults);
        const created = await insertPosition(tx, {
          tenantId: ctx.tenant.id,
          title: input.title,
          department: input.department?.trim() || null,
          code: input.code?.trim() || null,
          isRoot: input.is_root ?? false,
          defaultPermissionList: defaults,
        });
        if (checked.parents) await setParents(tx, ctx.tenant.id, created.id, checked.parents);
        if (checked.people) {
          const holders = await setHolders(tx, ctx.tenant.id, created.id, checked.people);
          await grantPositionDefaults(ctx, tx, defaults, holders);
          await tellPositionChanges(
            ctx,
            tx,
            holders.map((personId) => ({ personId, added: [created.id], removed: [] })),
          );
        }
        return created;
      },
      { audit: 'org-chart.positions.create' },
    ),
  );
  return getPosition(ctx, row.id);
}

export async function updatePosition(ctx: Ctx, id: string, input: TUpdatePositionRequest): Promise<TPosition> {
  if (!isUuid(id)) throw notFound();
  await writing(() =>
    ctx.tx(
      async (tx) => {
        const current = await findPosition(tx, ctx.tenant.id, id);
        if (!current) throw notFound();
        const checked = await check(ctx, tx, id, input, current);
        if (input.is_root === true && checked.parents === undefined && (await parentsOf(tx, ctx.tenant.id, [id])).has(id)) {
          throw new FieldErrors({ is_root: [problem('root-with-parents', 'A root position has no parents.')] });
        }
        if (checked.defaults) assertCanGrant(ctx, checked.defaults);
        const row = await updatePositionRow(tx, ctx.tenant.id, id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.department !== undefined ? { department: input.department?.trim() || null } : {}),
          ...(input.code !== undefined ? { code: input.code?.trim() || null } : {}),
          ...(input.is_root !== undefined ? { isRoot: input.is_root } : {}),
          ...(checked.defaults ? { defaultPermissionList: checked.defaults } : {}),
        });
        if (checked.parents) await setParents(tx, ctx.tenant.id, id, checked.parents);
        if (checked.people) {
          // whoever assigns people hands out the position's defaults
          assertCanGrant(ctx, row!.defaultPermissionList);
          const left: string[] = [];
          const added = await setHolders(tx, ctx.tenant.id, id, checked.people, left);
          await grantPositionDefaults(ctx, tx, row!.defaultPermissionList, added);
          await tellPositionChanges(ctx, tx, [...added.map((personId) => ({ personId, added: [id], removed: [] })), ...left.map((personId) => ({ personId, added: [], removed: [id] }))]);
        }
        if (checked.added || checked.removed) {
          if ((checked.added ?? []).length > 0) assertCanGrant(ctx, row!.defaultPermissionList);
          const left = await changeHolders(tx, ctx.tenant.id, id, checked.removed ?? [], 'remove');
          const added = await changeHolders(tx, ctx.tenant.id, id, checked.added ?? [], 'add');
          await grantPositionDefaults(ctx, tx, row!.defaultPermissionList, added);
          await tellPositionChanges(ctx, tx, [...added.map((personId) => ({ personId, added: [id], removed: [] })), ...left.map((personId) => ({ personId, added: [], removed: [id] }))]);
        }
      },
      { audit: 'org-chart.positions.update' },
    ),
  );
  return getPosition(ctx, id);
}

export async function removePosition(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await ctx.tx((tx) => deletePositionRow(tx, ctx.tenant.id, id), { audit: 'org-chart.positions.delete' });
  if (!deleted) throw notFound();
}

/** The organisation chart (spec forms §3): every position with up to three holders, and parent → child edges. */
export async function orgChart(ctx: Ctx): Promise<TOrgChart> {
  return ctx.tx(async (tx) => {
    const rows = await allPositions(tx, ctx.tenant.id);
    const [parents, holders] = [await parentsOf(tx, ctx.tenant.id, null), await holdersOf(tx, ctx.tenant.id, null, PEOPLE_PER_NODE)];
    const people = await summaries(
      tx,
      ctx.tenant.id,
      [...holders.values()].flatMap((entry) => entry.personIds),
    );
    return {
      organization_id: ctx.tenant.id,
      organization_name: ctx.tenant.name,
      nodes: rows.map((row) => {
        const held = holders.get(row.id);
        const persons = (held?.personIds ?? []).flatMap((id) => people.get(id) ?? []);
        return { id: row.id, title: row.title, department: row.department, is_root: row.isRoot, persons, additional_count: Math.max(0, (held?.count ?? 0) - persons.length) };
      }),
      edges: [...parents].flatMap(([child, ups]) => ups.map((parent) => ({ from: parent, to: child }))),
    };
  });
}
