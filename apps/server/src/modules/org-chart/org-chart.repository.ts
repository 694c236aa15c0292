import { and, asc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { positionParents, positionPeople, positions } from './org-chart.table.ts';
import { sortKey } from '../../platform/db/sort-key.ts';

export type PositionRow = typeof positions.$inferSelect;

/** A page of positions by title; `vacant`: only those nobody holds (true) or somebody holds (false). */
export async function listPositions(
  tx: Drizzle,
  tenantId: string,
  query: { search?: string | undefined; vacant?: boolean | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: PositionRow[] }> {
  const search = query.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const held = sql`EXISTS (SELECT 1 FROM ${positionPeople} pp WHERE pp.tenant_id = ${tenantId} AND pp.position_id = ${positions.id})`;
  const where = and(
    eq(positions.tenantId, tenantId),
    pattern ? or(ilike(positions.title, pattern), ilike(positions.department, pattern), ilike(positions.code, pattern)) : undefined,
    query.vacant === undefined ? undefined : query.vacant ? sql`NOT ${held}` : held,
  );
  const rows = await tx
    .select()
    .from(positions)
    .where(where)
    .orderBy(asc(sortKey(positions.title)), asc(positions.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(positions)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

export async function allPositions(tx: Drizzle, tenantId: string): Promise<PositionRow[]> {
  return tx
    .select()
    .from(positions)
    .where(eq(positions.tenantId, tenantId))
    .orderBy(asc(sortKey(positions.title)), asc(positions.id));
}

export async function findPosition(tx: Drizzle, tenantId: string, id: string): Promise<PositionRow | null> {
  const [row] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .limit(1);
  return row ?? null;
}

/** Whether the tenant has any position at all. */
export async function hasPositions(tx: Drizzle, tenantId: string): Promise<boolean> {
  return (await tx.select({ id: positions.id }).from(positions).where(eq(positions.tenantId, tenantId)).limit(1)).length > 0;
}

export async function findPositions(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<PositionRow[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  return tx
    .select()
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, wanted)));
}

export async function insertPosition(tx: Drizzle, values: typeof positions.$inferInsert): Promise<PositionRow> {
  const [row] = await tx.insert(positions).values(values).returning();
  return row!;
}

export async function updatePosition(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof positions.$inferInsert>): Promise<PositionRow | null> {
  const [row] = await tx
    .update(positions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePosition(tx: Drizzle, tenantId: string, id: string): Promise<boolean> {
  await tx.delete(positionParents).where(and(eq(positionParents.tenantId, tenantId), or(eq(positionParents.positionId, id), eq(positionParents.parentId, id))));
  await tx.delete(positionPeople).where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.positionId, id)));
  const deleted = await tx
    .delete(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .returning({ id: positions.id });
  return deleted.length > 0;
}

/** position id → its parents. */
export async function parentsOf(tx: Drizzle, tenantId: string, ids: readonly string[] | null): Promise<Map<string, string[]>> {
  const rows = await tx
    .select({ positionId: positionParents.positionId, parentId: positionParents.parentId })
    .from(positionParents)
    .where(and(eq(positionParents.tenantId, tenantId), ids ? inArray(positionParents.positionId, [...ids]) : undefined))
    .orderBy(asc(positionParents.positionId), asc(positionParents.parentId));
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.positionId, [...(out.get(row.positionId) ?? []), row.parentId]);
  return out;
}

/**
 * True when linking `positionId` under any of `parentIds` would close a cycle: `positionId` is
 * one of them or above one of them.
 */
export async function wouldCycle(tx: Drizzle, tenantId: string, positionId: string, parentIds: readonly string[]): Promise<boolean> {
  if (parentIds.length === 0) return false;
  if (parentIds.includes(positionId)) return true;
  const result = (await tx.execute(sql`
    WITH RECURSIVE up(id) AS (
      SELECT unnest(${sql.param([...parentIds])}::uuid[])
      UNION
      SELECT pp.parent_id FROM position_parents pp JOIN up ON pp.tenant_id = ${tenantId} AND pp.position_id = up.id
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${positionId}::uuid) AS cycle`)) as unknown as { rows: { cycle: boolean }[] };
  return result.rows[0]?.cycle === true;
}

export async function setParents(tx: Drizzle, tenantId: string, positionId: string, parentIds: readonly string[]): Promise<void> {
  await tx.delete(positionParents).where(and(eq(positionParents.tenantId, tenantId), eq(positionParents.positionId, positionId)));
  const unique = [...new Set(parentIds)];
  if (unique.length > 0) await tx.insert(positionParents).values(unique.map((parentId) => ({ tenantId, positionId, parentId })));
}

/** Replaces who holds a position; answers the persons who were added (and, in `removed`, those who left it). */
export async function setHolders(tx: Drizzle, tenantId: string, positionId: string, personIds: readonly string[], removedOut?: string[]): Promise<string[]> {
  const wanted = [...new Set(personIds)];
  const before = await tx
    .select({ personId: positionPeople.personId })
    .from(positionPeople)
    .where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.positionId, positionId)));
  const had = new Set(before.map((row) => row.personId));
  const keep = new Set(wanted);
  const removed = [...had].filter((id) => !keep.has(id));
  const added = wanted.filter((id) => !had.has(id));
  if (removed.length > 0) {
    await tx.delete(positionPeople).where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.positionId, positionId), inArray(positionPeople.personId, removed)));
  }
  if (added.length > 0) await tx.insert(positionPeople).values(added.map((personId) => ({ tenantId, positionId, personId })));
  removedOut?.push(...removed);
  return added;
}

/** Gives the position to these persons, or takes it from them; answers the persons it changed. */
export async function changeHolders(tx: Drizzle, tenantId: string, positionId: string, personIds: readonly string[], action: 'add' | 'remove'): Promise<string[]> {
  if (personIds.length === 0) return [];
  const rows =
    action === 'add'
      ? await tx
          .insert(positionPeople)
          .values([...new Set(personIds)].map((personId) => ({ tenantId, positionId, personId })))
          .onConflictDoNothing()
          .returning({ personId: positionPeople.personId })
      : await tx
          .delete(positionPeople)
          .where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.positionId, positionId), inArray(positionPeople.personId, [...personIds])))
          .returning({ personId: positionPeople.personId });
  return rows.map((row) => row.personId);
}

/** Gives a person these positions and takes those from them, leaving the rest; answers the positions it added and took off. */
export async function changePersonPositions(tx: Drizzle, tenantId: string, personId: string, added: readonly string[], removed: readonly string[]): Promise<{ added: string[]; removed: string[] }> {
  const taken =
    removed.length === 0
      ? []
      : await tx
          .delete(positionPeople)
          .where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.personId, personId), inArray(positionPeople.positionId, [...removed])))
          .returning({ positionId: positionPeople.positionId });
  const given =
    added.length === 0
      ? []
      : await tx
          .insert(positionPeople)
          .values([...new Set(added)].map((positionId) => ({ tenantId, positionId, personId })))
          .onConflictDoNothing()
          .returning({ positionId: positionPeople.positionId });
  return { added: given.map((row) => row.positionId), removed: taken.map((row) => row.positionId) };
}

/** Replaces the positions a person holds: the rest of its positions taken off, the new ones given. */
export async function setPersonPositions(tx: Drizzle, tenantId: string, personId: string, positionIds: readonly string[]): Promise<{ added: string[]; removed: string[] }> {
  const wanted = new Set(positionIds);
  const held = await tx
    .select({ positionId: positionPeople.positionId })
    .from(positionPeople)
    .where(and(eq(positionPeople.tenantId, tenantId), eq(positionPeople.personId, personId)));
  return changePersonPositions(
    tx,
    tenantId,
    personId,
    [...wanted],
    held.map((row) => row.positionId).filter((id) => !wanted.has(id)),
  );
}

/** position id → {count, first `limit` holders by name}. */
export async function holdersOf(tx: Drizzle, tenantId: string, positionIds: readonly string[] | null, limit: number): Promise<Map<string, { count: number; personIds: string[] }>> {
  const result = (await tx.execute(sql`
    SELECT x.position_id, x.total::int AS total, x.person_id FROM (
      SELECT pp.position_id, pp.person_id, count(*) OVER (PARTITION BY pp.position_id) AS total,
             row_number() OVER (PARTITION BY pp.position_id ORDER BY p.sort_name COLLATE "C", p.id) AS n
      FROM position_people pp JOIN persons p ON p.tenant_id = pp.tenant_id AND p.id = pp.person_id
      WHERE pp.tenant_id = ${tenantId} ${positionIds ? sql`AND pp.position_id = ANY(${sql.param([...positionIds])}::uuid[])` : sql``}
    ) x WHERE x.n <= ${limit}
    ORDER BY x.position_id, x.n`)) as unknown as { rows: { position_id: string; total: number; person_id: string }[] };
  const out = new Map<string, { count: number; personIds: string[] }>();
  for (const row of result.rows) {
    const entry = out.get(row.position_id) ?? { count: row.total, personIds: [] };
    entry.personIds.push(row.person_id);
    out.set(row.position_id, entry);
  }
  return out;
}

/** person id → the positions they hold. */
export async function positionsOfPersons(tx: Drizzle, tenantId: string, personIds: readonly string[]): Promise<Map<string, { id: string; title: string }[]>> {
  const out = new Map<string, { id: string; title: string }[]>();
  if (personIds.length === 0) return out;
  const rows = await tx
    .select({ personId: positionPeople.personId, id: positions.id, title: positions.title })
    .from(positionPeople)
    .innerJoin(positions, and(eq(positions.tenantId, positionPeople.tenantId), eq(positions.id, positionPeople.positionId)))
    .where(and(eq(positionPeople.tenantId, tenantId), inArray(positionPeople.personId, [...new Set(personIds)])))
    .orderBy(asc(positions.title));
  for (const row of rows) out.set(row.personId, [...(out.get(row.personId) ?? []), { id: row.id, title: row.title }]);
  return out;
}

/**
 * The positions a person holds as a JSON array of {id, title} ordered by title, for the person
 * whose id is `personId` (a column of the caller's statement): lets a people page bring each
 * person's positions in its own statement.
 */
export function positionsJsonSql(tenantId: string, personId: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object('id', pos.id, 'title', pos.title) ORDER BY pos.title), '[]'::json)
    FROM position_people pp JOIN positions pos ON pos.tenant_id = pp.tenant_id AND pos.id = pp.position_id
    WHERE pp.tenant_id = ${tenantId} AND pp.person_id = ${personId})`;
}

/** The holders of a position, as a subquery of person ids (filters, audiences). */
export function holdersSql(tenantId: string, positionIds: readonly string[]): SQL {
  return sql`SELECT pp.person_id FROM position_people pp WHERE pp.tenant_id = ${tenantId} AND pp.position_id = ANY(${sql.param([...positionIds])}::uuid[])`;
}

/**
 * Position lookups for imports: lower-case code and title → {id, defaults}, one object per
 * position (so a cell naming a position by both is one position). A code wins over another
 * position's title; of two equal titles, the older position.
 */
export async function positionLookup(tx: Drizzle, tenantId: string): Promise<Map<string, { id: string; defaults: string[] }>> {
  const rows = await tx
    .select({ id: positions.id, code: positions.code, title: positions.title, defaults: positions.defaultPermissionList })
    .from(positions)
    .where(eq(positions.tenantId, tenantId))
    .orderBy(asc(positions.createdAt), asc(positions.id));
  const items = rows.map((row) => ({ row, item: { id: row.id, defaults: row.defaults } }));
  const out = new Map<string, { id: string; defaults: string[] }>();
  for (const { row, item } of items) if (!out.has(row.title.toLowerCase())) out.set(row.title.toLowerCase(), item);
  for (const { row, item } of items) if (row.code) out.set(row.code.toLowerCase(), item);
  return out;
}

export interface TeamRows {
  managers: { positionId: string; title: string; people: { id: string; name: string }[] }[];
  reports: { count: number; people: { id: string; name: string; positionId: string; title: string }[] };
}

/**
 * A person's place in the chart: the positions right above theirs with the people holding them
 * (vacant ones too), and the people holding the positions right below theirs (each once, under
 * the first of their titles; the first `limit` by name, and how many in all). Disabled people
 * and the person themselves are left out.
 */
export async function teamOf(tx: Drizzle, tenantId: string, personId: string, limit: number): Promise<TeamRows> {
  const above = (await tx.execute(sql`
    SELECT po.id AS position_id, po.title, pe.id AS person_id, pe.name
    FROM positions po
    LEFT JOIN position_people h ON h.tenant_id = po.tenant_id AND h.position_id = po.id AND h.person_id <> ${personId}
    LEFT JOIN persons pe ON pe.tenant_id = h.tenant_id AND pe.id = h.person_id AND NOT pe.is_disabled
    WHERE po.tenant_id = ${tenantId} AND po.id IN (
      SELECT pa.parent_id FROM position_parents pa JOIN position_people mine ON mine.tenant_id = pa.tenant_id AND mine.position_id = pa.position_id
      WHERE pa.tenant_id = ${tenantId} AND mine.person_id = ${personId})
    ORDER BY po.title, po.id, pe.sort_name COLLATE "C", pe.id`)) as unknown as { rows: { position_id: string; title: string; person_id: string | null; name: string | null }[] };
  const managers: TeamRows['managers'] = [];
  for (const row of above.rows) {
    let manager = managers[managers.length - 1];
    if (manager?.positionId !== row.position_id) {
      manager = { positionId: row.position_id, title: row.title, people: [] };
      managers.push(manager);
    }
    if (row.person_id && row.name !== null) manager.people.push({ id: row.person_id, name: row.name });
  }
  const below = (await tx.execute(sql`
    SELECT x.id, x.name, x.position_id, x.title, count(*) OVER ()::int AS total FROM (
      SELECT DISTINCT ON (pe.id) pe.id, pe.name, pe.sort_name, po.id AS position_id, po.title
      FROM position_parents pa
      JOIN position_people mine ON mine.tenant_id = pa.tenant_id AND mine.position_id = pa.parent_id AND mine.person_id = ${personId}
      JOIN position_people h ON h.tenant_id = pa.tenant_id AND h.position_id = pa.position_id AND h.person_id <> ${personId}
      JOIN persons pe ON pe.tenant_id = h.tenant_id AND pe.id = h.person_id AND NOT pe.is_disabled
      JOIN positions po ON po.tenant_id = pa.tenant_id AND po.id = pa.position_id
      WHERE pa.tenant_id = ${tenantId}
      ORDER BY pe.id, po.title
    ) x
    ORDER BY x.sort_name COLLATE "C", x.id
    LIMIT ${limit}`)) as unknown as { rows: { id: string; name: string; position_id: string; title: string; total: number }[] };
  return {
    managers,
    reports: { count: below.rows[0]?.total ?? 0, people: below.rows.map((row) => ({ id: row.id, name: row.name, positionId: row.position_id, title: row.title })) },
  };
}

/**
 * Set-based holdings for a bulk write of another module (the people import). `source` selects
 * (person_id uuid, position_ids jsonb: an array of position ids as text): the file's list
 * replaces each listed person's positions.
 */
export async function dropHoldingsOutside(tx: Drizzle, tenantId: string, source: SQL): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${positionPeople} pp USING (${source}) s
    WHERE pp.tenant_id = ${tenantId} AND pp.person_id = s.person_id AND NOT (s.position_ids ? pp.position_id::text)`);
}

/** The holdings of `source` (as above) added, as a statement for a `WITH`: RETURNING (position_id, person_id) of those new. */
export function addHoldingsSql(tenantId: string, source: SQL): SQL {
  return sql`
    INSERT INTO ${positionPeople} (tenant_id, position_id, person_id)
    SELECT ${tenantId}, v::uuid, s.person_id FROM (${source}) s CROSS JOIN LATERAL jsonb_array_elements_text(s.position_ids) v
    ON CONFLICT DO NOTHING
    RETURNING position_id, person_id`;
}

/** The default permissions of the positions taken in `added` (a name in the `WITH` of addHoldingsSql): (person_id, key). */
export function takenDefaultsSql(tenantId: string, added: SQL): SQL {
  return sql`SELECT a.person_id, k FROM ${added} a JOIN ${positions} po ON po.tenant_id = ${tenantId} AND po.id = a.position_id CROSS JOIN LATERAL unnest(po.default_permission_list) k`;
}

/** What a file names the positions each person holds by (code, else title), sorted: person id → names. */
export async function positionCodesOfPersons(tx: Drizzle, tenantId: string, personIds: readonly string[]): Promise<Map<string, string[]>> {
  const byPerson = new Map<string, string[]>();
  if (personIds.length === 0) return byPerson;
  const held = (await tx.execute(sql`
    SELECT pp.person_id, COALESCE(po.code, po.title) AS name FROM ${positionPeople} pp JOIN ${positions} po ON po.tenant_id = pp.tenant_id AND po.id = pp.position_id
    WHERE pp.tenant_id = ${tenantId} AND pp.person_id = ANY(${sql.param([...personIds])}::uuid[]) ORDER BY 2`)) as unknown as { rows: { person_id: string; name: string }[] };
  for (const row of held.rows) byPerson.set(row.person_id, [...(byPerson.get(row.person_id) ?? []), row.name]);
  return byPerson;
}

/** A term a word of a position's title can start with: letters and digits (an e-mail or a signed number names no position). */
const TITLE_TERM = /^[a-z0-9]+$/;

/**
 * The positions of the tenant a word of whose title starts with each of `words` (those of
 * letters and digits): word → position ids, only the words that found some. A tenant has
 * thousands of positions at most, so their titles are read whole, once per search; a search that
 * names no position (most: names, e-mails, numbers) then asks nothing more of positions.
 */
export async function positionsTitled(tx: Drizzle, tenantId: string, words: readonly string[]): Promise<Map<string, string[]>> {
  const wanted = [...new Set(words.filter((word) => TITLE_TERM.test(word)))];
  if (wanted.length === 0) return new Map();
  const result = (await tx.execute(sql`
    SELECT w.word, array_agg(pos.id) AS ids FROM ${positions} pos
    CROSS JOIN unnest(${sql.param(wanted)}::text[]) AS w(word)
    WHERE pos.tenant_id = ${tenantId} AND pos.title_words LIKE '% ' || w.word || '%'
    GROUP BY w.word`)) as unknown as { rows: { word: string; ids: string[] }[] };
  return new Map(result.rows.map((row) => [row.word, row.ids]));
}

/** For a query of another module, in SQL: the ids of the positions the person holds, sorted (uuid[]). */
export function heldPositionIdsSql(tenantId: SQL | AnyColumn, personId: SQL | AnyColumn): SQL {
  return sql`ARRAY(SELECT pp.position_id FROM ${positionPeople} pp WHERE pp.tenant_id = ${tenantId} AND pp.person_id = ${personId} ORDER BY 1)`;
}

/** For a query of another module, in SQL: the person (tenant and id columns) holds one of the positions `ids` (a uuid[] expression). */
export function holdsPositionSql(tenantId: SQL | AnyColumn, personId: SQL | AnyColumn, ids: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${positionPeople} pp WHERE pp.tenant_id = ${tenantId} AND pp.person_id = ${personId} AND pp.position_id = ANY(${ids}))`;
}
