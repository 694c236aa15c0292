import { AUDIENCE_RULE_LISTS, PERMISSIONS, isPermissionKey } from '@faena/domain';
import type { TAudience, TAudienceRuleChanges, TAudienceRules, TPermissionsCalculatorResponse, TPersonAudiences, TPersonListItem, TPersonOptions, TUpdateAudienceRequest } from '@faena/contracts';
import { sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { bothShapes, setChangesOf } from '../../platform/set-changes.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { activeIds } from '../catalogs/index.ts';
import { findPositions, positionsOfPersons } from '../org-chart/index.ts';
import { existingPersonIds, findPerson, listPersonOptions, listPersons, personSummaries, toPersonListItem } from '../people/index.ts';
import { permissionsOfPassports } from '../permissions/index.ts';
import { audiencePersonsSql, audiencesOfPerson, deleteAudience, findAudience, insertAudience, listAudiences, updateAudience, type AudienceRow } from './audiences.repository.ts';
import type { AudienceRulesValue } from './audiences.table.ts';

export { audiencePersonsSql };
const notFound = () => new AppError('not-found', 'Audience not found.');
const personNotFound = () => new AppError('not-found', 'Person not found.');

const toAudience = (row: AudienceRow): TAudience => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rules: row.rules,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The audience resolver other modules call (notifications, forms pickers, workflows): the ids of
 * the enabled persons an audience (by id, or rules) matches, in the caller's transaction.
 * `limit` caps the answer (default: everyone).
 */
export async function resolveAudience(tx: Drizzle, tenantId: string, audience: string | AudienceRulesValue, limit?: number): Promise<string[]> {
  let rules: AudienceRulesValue;
  if (typeof audience === 'string') {
    const row = isUuid(audience) ? await findAudience(tx, tenantId, audience) : null;
    if (!row) return [];
    rules = row.rules;
  } else rules = audience;
  const result = (await tx.execute(sql`SELECT id FROM (${audiencePersonsSql(tenantId, rules)}) a(id) ORDER BY id ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((row) => row.id);
}

/** Rules with every id checked against the tenant's data (unknown ids are field errors). */
async function checkRules(tx: Drizzle, tenantId: string, rules: TAudienceRules): Promise<AudienceRulesValue> {
  const errors: FieldMessages = {};
  const unique = (values: string[]) => [...new Set(values)];
  const clean = { positions: unique(rules.positions), venues: unique(rules.venues), business_lines: unique(rules.business_lines), persons: unique(rules.persons) };
  const check = async (field: keyof typeof clean, known: Set<string>) => {
    const unknown = clean[field].filter((id) => !known.has(id));
    if (unknown.length > 0) errors[`rules.${field}`] = unknown.slice(0, 20).map((id) => problem('unknown-reference', `Unknown id: ${id}`));
  };
  await check('positions', new Set((await findPositions(tx, tenantId, clean.positions.filter(isUuid))).map((row) => row.id)));
  await check('venues', await activeIds(tx, tenantId, 'venue', clean.venues.filter(isUuid)));
  await check('business_lines', await activeIds(tx, tenantId, 'business-line', clean.business_lines.filter(isUuid)));
  await check('persons', await existingPersonIds(tx, tenantId, clean.persons.filter(isUuid)));
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return clean;
}

export async function listAll(ctx: Ctx, query: { page: number; page_size: number; search?: string | undefined }): Promise<{ count: number; results: TAudience[] }> {
  const { count, rows } = await ctx.tx((tx) => listAudiences(tx, ctx.tenant.id, { search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size }));
  return { count, results: rows.map(toAudience) };
}

export async function getAudience(ctx: Ctx, id: string): Promise<TAudience> {
  const row = isUuid(id) ? await ctx.tx((tx) => findAudience(tx, ctx.tenant.id, id)) : null;
  if (!row) throw notFound();
  return toAudience(row);
}

export async function createAudience(ctx: Ctx, input: { name: string; description?: string | null | undefined; rules: TAudienceRules }): Promise<TAudience> {
  const row = await ctx.tx(
    async (tx) => insertAudience(tx, { tenantId: ctx.tenant.id, name: input.name, description: input.description?.trim() || null, rules: await checkRules(tx, ctx.tenant.id, input.rules) }),
    { audit: 'audiences.create' },
  );
  return toAudience(row);
}

/**
 * The audience's rules with `added` put in and `removed` taken off each list, leaving the rest;
 * only the added ids are checked (one already there stays even if it is no longer known).
 */
async function changedRules(tx: Drizzle, tenantId: string, current: AudienceRulesValue, added: TAudienceRuleChanges, removed: TAudienceRuleChanges): Promise<AudienceRulesValue> {
  const checked = await checkRules(tx, tenantId, { positions: added.positions ?? [], venues: added.venues ?? [], business_lines: added.business_lines ?? [], persons: added.persons ?? [] });
  const out = { ...current };
  for (const list of AUDIENCE_RULE_LISTS) {
    const change = setChangesOf(checked[list], removed[list]);
    out[list] = [...new Set([...current[list], ...change.added])].filter((value) => !change.removed.includes(value));
  }
  return out;
}

export async function editAudience(ctx: Ctx, id: string, input: TUpdateAudienceRequest): Promise<TAudience> {
  if (!isUuid(id)) throw notFound();
  const changes = input.rules_added !== undefined || input.rules_removed !== undefined;
  if (changes && input.rules !== undefined) throw new FieldErrors({ rules: [bothShapes('rules', 'rules_added', 'rules_removed')] });
  const row = await ctx.tx(
    async (tx) => {
      let rules: AudienceRulesValue | undefined;
      if (changes) {
        // the lists change under the row's lock: two edits at once each keep the other's
        const current = await findAudience(tx, ctx.tenant.id, id, { lock: true });
        if (!current) return null;
        rules = await changedRules(tx, ctx.tenant.id, current.rules, input.rules_added ?? {}, input.rules_removed ?? {});
      } else if (input.rules !== undefined) rules = await checkRules(tx, ctx.tenant.id, input.rules);
      return updateAudience(tx, ctx.tenant.id, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
        ...(rules !== undefined ? { rules } : {}),
      });
    },
    { audit: 'audiences.update' },
  );
  if (!row) throw notFound();
  return toAudience(row);
}

export async function removeAudience(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id) || !(await ctx.tx((tx) => deleteAudience(tx, ctx.tenant.id, id), { audit: 'audiences.delete' }))) throw notFound();
}

/** A page of the persons an audience (or draft rules) resolves to. */
export async function audienceMembers(
  ctx: Ctx,
  audience: string | TAudienceRules,
  query: { page: number; page_size: number; search?: string | undefined },
): Promise<{ count: number; results: TPersonListItem[] }> {
  return ctx.tx(async (tx) => {
    let rules: AudienceRulesValue;
    if (typeof audience === 'string') {
      const row = isUuid(audience) ? await findAudience(tx, ctx.tenant.id, audience) : null;
      if (!row) throw notFound();
      rules = row.rules;
    } else rules = await checkRules(tx, ctx.tenant.id, audience);
    const { count, rows } = await listPersons(tx, ctx.tenant.id, {
      search: query.search,
      idIn: audiencePersonsSql(ctx.tenant.id, rules),
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return { count, results: rows.map(toPersonListItem) };
  });
}

/**
 * The people pickers' options (any member, decision 008): names and position titles of enabled
 * persons found by name, of an audience when one is given; or the persons `ids` names back.
 */
export async function personOptions(ctx: Ctx, query: { search?: string | undefined; audience?: string | undefined; ids?: string[] | undefined; page_size: number }): Promise<TPersonOptions> {
  // the audience, then the page: reads with no common snapshot to keep (decision 013)
  return ctx.read(async (tx) => {
    let idIn;
    if (query.audience !== undefined && !query.ids) {
      const row = isUuid(query.audience) ? await findAudience(tx, ctx.tenant.id, query.audience) : null;
      if (!row) throw notFound();
      idIn = audiencePersonsSql(ctx.tenant.id, row.rules);
    }
    const ids = query.ids?.filter(isUuid);
    if (ids?.length === 0) return { more: false, results: [] };
    const { more, rows } = await listPersonOptions(tx, ctx.tenant.id, { search: query.search, idIn, ids, limit: ids ? ids.length : query.page_size });
    return { more, results: rows.map((row) => ({ id: row.id, name: row.name, positions: row.positions.map((position) => position.title), is_disabled: row.is_disabled })) };
  });
}

/** The audiences a person belongs to, and by which rules (VIEW_PEOPLE, like the person). */
export async function personAudiences(ctx: Ctx, personId: string): Promise<TPersonAudiences> {
  if (!isUuid(personId)) throw personNotFound();
  return ctx.tx(async (tx) => {
    if (!(await findPerson(tx, ctx.tenant.id, personId))) throw personNotFound();
    return { results: await audiencesOfPerson(tx, ctx.tenant.id, personId) };
  });
}

/** Persons an audience adds to the calculator, at most. */
const CALCULATOR_PERSONS = 10_000;
const SOURCES_SHOWN = 20;

/**
 * The permissions calculator (/calculadora-permisos): for positions, persons and an audience's
 * persons, every permission key they end up with and which source grants it — a person's own
 * set, or a position's defaults (for persons: the positions they hold).
 */
export async function calculatePermissions(
  ctx: Ctx,
  input: { positions?: string[] | undefined; persons?: string[] | undefined; audience?: string | undefined },
): Promise<TPermissionsCalculatorResponse> {
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const personIds = new Set((input.persons ?? []).filter(isUuid));
    if (input.audience !== undefined) {
      if (!isUuid(input.audience) || !(await findAudience(tx, tenantId, input.audience))) throw new FieldErrors({ audience: [problem('unknown-reference', 'Unknown audience.')] });
      for (const id of await resolveAudience(tx, tenantId, input.audience, CALCULATOR_PERSONS)) personIds.add(id);
    }
    const unknownPersons = (input.persons ?? []).filter((id) => !isUuid(id));
    const people = await personSummaries(tx, tenantId, [...personIds]);
    if (unknownPersons.length > 0 || people.size < personIds.size) {
      const missing = [...unknownPersons, ...[...personIds].filter((id) => !people.has(id))];
      throw new FieldErrors({ persons: missing.slice(0, 20).map((id) => problem('unknown-reference', `Unknown person: ${id}`)) });
    }
    const positionIds = [...new Set(input.positions ?? [])];
    const positions = await findPositions(tx, tenantId, positionIds.filter(isUuid));
    if (positions.length < positionIds.length) {
      const found = new Set(positions.map((row) => row.id));
      throw new FieldErrors({ positions: positionIds.filter((id) => !found.has(id)).map((id) => problem('unknown-reference', `Unknown position: ${id}`)) });
    }
    const sources = new Map<string, { type: 'person' | 'position'; id: string; name: string }[]>();
    const grant = (key: string, source: { type: 'person' | 'position'; id: string; name: string }) => {
      if (!isPermissionKey(key)) return;
      const list = sources.get(key) ?? [];
      if (!list.some((s) => s.type === source.type && s.id === source.id)) list.push(source);
      sources.set(key, list);
    };
    for (const position of positions) for (const key of position.defaultPermissionList) grant(key, { type: 'position', id: position.id, name: position.title });
    const sets = await permissionsOfPassports(
      tx,
      tenantId,
      [...people.values()].map((person) => person.passport),
    );
    for (const person of people.values()) for (const key of sets.get(person.passport) ?? []) grant(key, { type: 'person', id: person.id, name: person.name });
    // why a person holds a key: positions they hold whose defaults include it
    const held = await positionsOfPersons(tx, tenantId, [...people.keys()]);
    const heldPositions = await findPositions(tx, tenantId, [...new Set([...held.values()].flat().map((p) => p.id))]);
    const byId = new Map(heldPositions.map((row) => [row.id, row]));
    for (const [personId, list] of held) {
      const keys = new Set(sets.get(people.get(personId)!.passport) ?? []);
      for (const { id } of list) for (const key of byId.get(id)?.defaultPermissionList ?? []) if (keys.has(key)) grant(key, { type: 'position', id, name: byId.get(id)!.title });
    }
    return {
      persons_count: people.size,
      positions_count: positions.length,
      permissions: Object.keys(PERMISSIONS)
        .filter((key) => sources.has(key))
        .map((key) => ({ key, meaning: PERMISSIONS[key as keyof typeof PERMISSIONS], granted_count: sources.get(key)!.length, granted_by: sources.get(key)!.slice(0, SOURCES_SHOWN) })),
    };
  });
}
