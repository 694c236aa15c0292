import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { LINKS_MAX } from '@faena/contracts';
import { links } from './links.table.ts';

export type LinkRow = typeof links.$inferSelect;

/** The tenant's links (all of them, or those for everyone and `audienceIds`), by category, position and title. */
export async function listLinks(tx: Drizzle, tenantId: string, audienceIds: readonly string[] | null): Promise<LinkRow[]> {
  const audience = audienceIds === null ? undefined : audienceIds.length > 0 ? or(isNull(links.audienceId), inArray(links.audienceId, [...audienceIds])) : isNull(links.audienceId);
  return tx
    .select()
    .from(links)
    .where(and(eq(links.tenantId, tenantId), audience))
    .orderBy(sql`${links.category} IS NULL`, asc(sql`lower(${links.category})`), asc(links.position), asc(sql`lower(${links.title})`), asc(links.id))
    .limit(LINKS_MAX);
}

export async function countLinks(tx: Drizzle, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(links)
    .where(eq(links.tenantId, tenantId));
  return row?.total ?? 0;
}

/** The next position in a category: new links go last. */
export async function nextPosition(tx: Drizzle, tenantId: string, category: string | null): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${links.position}) + 1, 0)`.mapWith(Number) })
    .from(links)
    .where(and(eq(links.tenantId, tenantId), category === null ? isNull(links.category) : eq(links.category, category)));
  return row?.next ?? 0;
}

export async function insertLink(tx: Drizzle, values: typeof links.$inferInsert): Promise<LinkRow> {
  const [row] = await tx.insert(links).values(values).returning();
  return row!;
}

export async function findLink(tx: Drizzle, tenantId: string, id: string): Promise<LinkRow | null> {
  const [row] = await tx
    .select()
    .from(links)
    .where(and(eq(links.tenantId, tenantId), eq(links.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateLink(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof links.$inferInsert>): Promise<LinkRow | null> {
  const [row] = await tx
    .update(links)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(links.tenantId, tenantId), eq(links.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteLink(tx: Drizzle, tenantId: string, id: string): Promise<boolean> {
  return (
    (
      await tx
        .delete(links)
        .where(and(eq(links.tenantId, tenantId), eq(links.id, id)))
        .returning({ id: links.id })
    ).length > 0
  );
}
