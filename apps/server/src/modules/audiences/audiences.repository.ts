import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { audiences, type AudienceRulesValue } from './audiences.table.ts';
import { sortKey } from '../../platform/db/sort-key.ts';
import { holdsPositionSql } from '../org-chart/index.ts';
import type { AudienceMatch } from '@faena/contracts';

export type AudienceRow = typeof audiences.$inferSelect;

export async function listAudiences(tx: Drizzle, tenantId: string, query: { search?: string | undefined; limit: number; offset: number }) {
  const search = query.search?.trim();
  const where = and(eq(audiences.tenantId, tenantId), search ? ilike(audiences.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const rows = await tx
    .select()
    .from(audiences)
    .where(where)
    .orderBy(asc(sortKey(audiences.name)), asc(audiences.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(audiences)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

/** `lock`: the row stays locked (FOR UPDATE) until the transaction ends. */
export async function findAudience(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<AudienceRow | null> {
  const query = tx
    .select()
    .from(audiences)
    .where(and(eq(audiences.tenantId, tenantId), eq(audiences.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** id → name of the given audiences of the tenant (absent ones are simply missing). */
export async function audienceNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: audiences.id, name: audiences.name })
    .from(audiences)
    .where(and(eq(audiences.tenantId, tenantId), inArray(audiences.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
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
  return (
    (
      await tx
        .delete(audiences)
        .where(and(eq(audiences.tenantId, tenantId), eq(audiences.id, id)))
        .returning({ id: audiences.id })
    ).length > 0
  );
}

/**
 * What each rule of an audience means for a person `p`, given the rule's ids as a uuid[]
 * expression: one definition, read both ways (an audience's persons, a person's audiences). The
 * match names are the contract's AUDIENCE_MATCHES.
 */
const RULES: readonly { rule: keyof AudienceRulesValue; match: AudienceMatch; holds: (ids: SQL) => SQL }[] = [
  { rule: 'positions', match: 'position', holds: (ids) => holdsPositionSql(sql`p.tenant_id`, sql`p.id`, ids) },
  { rule: 'venues', match: 'venue', holds: (ids) => sql`p.workspace_ids && ${ids}` },
  { rule: 'business_lines', match: 'business_line', holds: (ids) => sql`p.business_line_ids && ${ids}` },
  { rule: 'persons', match: 'person', holds: (ids) => sql`p.id = ANY(${ids})` },
];

/**
 * The enabled persons an audience's rules match (any rule), as a subquery of person ids. Empty
 * rules match nobody.
 */
export function audiencePersonsSql(tenantId: string, rules: AudienceRulesValue): SQL {
  const matches = RULES.filter(({ rule }) => rules[rule].length > 0).map(({ rule, holds }) => holds(sql`${sql.param([...rules[rule]])}::uuid[]`));
  if (matches.length === 0) return sql`SELECT NULL::uuid WHERE false`;
  return sql`SELECT p.id FROM persons p WHERE p.tenant_id = ${tenantId} AND NOT p.is_disabled AND (${sql.join(matches, sql` OR `)})`;
}

/**
 * The audiences an enabled person belongs to, by name, each with the rules that take them in
 * (in AUDIENCE_MATCHES order). A disabled person belongs to none.
 */
export async function audiencesOfPerson(tx: Drizzle, tenantId: string, personId: string): Promise<{ id: string; name: string; matched_by: AudienceMatch[] }[]> {
  const matched = RULES.map(({ rule, match, holds }) => sql`CASE WHEN ${holds(sql`ARRAY(SELECT jsonb_array_elements_text(a.rules->${rule}))::uuid[]`)} THEN ${match}::text END`);
  const result = (await tx.execute(sql`
    SELECT id, name, matched_by FROM (
      SELECT a.id, a.name, array_remove(ARRAY[${sql.join(matched, sql`, `)}]::text[], NULL) AS matched_by
      FROM audiences a JOIN persons p ON p.tenant_id = a.tenant_id AND p.id = ${personId}
      WHERE a.tenant_id = ${tenantId} AND NOT p.is_disabled
    ) audience
    WHERE cardinality(matched_by) > 0
    ORDER BY name, id`)) as unknown as { rows: { id: string; name: string; matched_by: AudienceMatch[] }[] };
  return result.rows;
}
