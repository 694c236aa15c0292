import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { audiences, type AudienceRulesValue } from './audiences.table.ts';
import { sortKey } from '../catalogs/sort-key.ts';

export type AudienceRow = typeof audiences.$inferSelect;

export async function listAudiences(tx: Drizzle, tenantId: string, query: { search?: string | undefined; limit: number; offset: number }) {
  const search = query.search?.trim();
  const where = and(eq(audiences.tenantId, tenantId), search ? ilike(audiences.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const rows = await tx.select().from(audiences).where(where).orderBy(asc(sortKey(audiences.name)), asc(audiences.id)).limit(query.limit).offset(query.offset);
  const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(audiences).where(where);
  return { count: counted?.total ?? 0, rows };
}

export async function findAudience(tx: Drizzle, tenantId: string, id: string): Promise<AudienceRow | null> {
  const [row] = await tx.select().from(audiences).where(and(eq(audiences.tenantId, tenantId), eq(audiences.id, id))).limit(1);
  return row ?? null;
}

export async function insertAudience(tx: Drizzle, values: typeof audiences.$inferInsert): Promise<AudienceRow> {
  const [row] = await tx.insert(audiences).values(values).returning();
  return row!;
}

export async function updateAudience(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof audiences.$inferInsert>): Promise<AudienceRow | null> {
  const [row] = await tx
    .update(audiences)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(audiences.tenantId, tenantId), eq(audiences.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAudience(tx: Drizzle, tenantId: string, id: string): Promise<boolean> {
  return (await tx.delete(audiences).where(and(eq(audiences.tenantId, tenantId), eq(audiences.id, id))).returning({ id: audiences.id })).length > 0;
}

/**
 * The enabled persons an audience's rules match (any rule), as a subquery of person ids. Empty
 * rules match nobody.
 */
export function audiencePersonsSql(tenantId: string, rules: AudienceRulesValue): SQL {
  const ids = (values: readonly string[]) => sql.param([...values]);
  const matches: SQL[] = [];
  if (rules.positions.length > 0) matches.push(sql`EXISTS (SELECT 1 FROM position_people pp WHERE pp.tenant_id = p.tenant_id AND pp.person_id = p.id AND pp.position_id = ANY(${ids(rules.positions)}::uuid[]))`);
  if (rules.venues.length > 0) matches.push(sql`p.workspace_ids && ${ids(rules.venues)}::uuid[]`);
  if (rules.business_lines.length > 0) matches.push(sql`p.business_line_ids && ${ids(rules.business_lines)}::uuid[]`);
  if (rules.persons.length > 0) matches.push(sql`p.id = ANY(${ids(rules.persons)}::uuid[])`);
  if (matches.length === 0) return sql`SELECT NULL::uuid WHERE false`;
  return sql`SELECT p.id FROM persons p WHERE p.tenant_id = ${tenantId} AND NOT p.is_disabled AND (${sql.join(matches, sql` OR `)})`;
}

/**
 * The audiences a person belongs to, by name, with which rules take them in (the rules of
 * `audiencePersonsSql`, read from the other side: one person, every audience). A disabled person
 * belongs to none.
 */
export async function audiencesOfPerson(tx: Drizzle, tenantId: string, personId: string): Promise<{ id: string; name: string; byPosition: boolean; byVenue: boolean; byBusinessLine: boolean; byPerson: boolean }[]> {
  const ids = (key: string) => sql`ARRAY(SELECT jsonb_array_elements_text(a.rules->${key}))::uuid[]`;
  const result = (await tx.execute(sql`
    SELECT id, name, by_position AS "byPosition", by_venue AS "byVenue", by_business_line AS "byBusinessLine", by_person AS "byPerson" FROM (
      SELECT a.id, a.name,
        EXISTS (SELECT 1 FROM position_people pp WHERE pp.tenant_id = p.tenant_id AND pp.person_id = p.id AND pp.position_id = ANY(${ids('positions')})) AS by_position,
        p.workspace_ids && ${ids('venues')} AS by_venue,
        p.business_line_ids && ${ids('business_lines')} AS by_business_line,
        p.id = ANY(${ids('persons')}) AS by_person
      FROM audiences a JOIN persons p ON p.tenant_id = a.tenant_id AND p.id = ${personId}
      WHERE a.tenant_id = ${tenantId} AND NOT p.is_disabled
    ) matched
    WHERE by_position OR by_venue OR by_business_line OR by_person
    ORDER BY name, id`)) as unknown as { rows: { id: string; name: string; byPosition: boolean; byVenue: boolean; byBusinessLine: boolean; byPerson: boolean }[] };
  return result.rows;
}
