import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TPostState } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { postRecipients, posts } from './posts.table.ts';

export type PostRow = typeof posts.$inferSelect;
export type RecipientRow = typeof postRecipients.$inferSelect;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The state a post is in at `now` (decision 023): draft, scheduled, published or expired. */
export function stateSql(at: Date): Record<TPostState, SQL> {
  const now = sql`${at.toISOString()}::timestamptz`;
  return {
    draft: sql`${posts.status} = 'draft'`,
    scheduled: sql`${posts.status} = 'published' AND ${posts.publishAt} > ${now}`,
    published: sql`${posts.status} = 'published' AND ${posts.publishAt} <= ${now} AND (${posts.expiresAt} IS NULL OR ${posts.expiresAt} > ${now})`,
    expired: sql`${posts.status} = 'published' AND ${posts.publishAt} <= ${now} AND ${posts.expiresAt} <= ${now}`,
  };
}

export function stateOf(row: Pick<PostRow, 'status' | 'publishAt' | 'expiresAt'>, now: Date): TPostState {
  if (row.status === 'draft') return 'draft';
  if (row.publishAt && row.publishAt > now) return 'scheduled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'published';
}

/** A member sees a post published (not expired) for everyone or for one of their audiences. */
function visibleTo(audienceIds: readonly string[], now: Date): SQL {
  const audience = audienceIds.length > 0 ? or(isNull(posts.audienceId), inArray(posts.audienceId, [...audienceIds]))! : isNull(posts.audienceId);
  return and(stateSql(now).published, audience)!;
}

export async function insertPost(tx: Drizzle, values: typeof posts.$inferInsert): Promise<PostRow> {
  const [row] = await tx.insert(posts).values(values).returning();
  return row!;
}

export async function updatePost(tx: Drizzle, tenantId: string, id: string, values: Partial<typeof posts.$inferInsert>): Promise<PostRow | null> {
  const [row] = await tx
    .update(posts)
    .set({ updatedAt: new Date(), ...values })
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePost(tx: Drizzle, tenantId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .returning({ id: posts.id });
  if (deleted.length === 0) return false;
  await tx.delete(postRecipients).where(and(eq(postRecipients.tenantId, tenantId), eq(postRecipients.postId, id)));
  return true;
}

export async function findPost(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<PostRow | null> {
  const query = tx
    .select()
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The post if the member may see it (published, not expired, for them). */
export async function findVisiblePost(tx: Drizzle, tenantId: string, id: string, audienceIds: readonly string[], now: Date): Promise<PostRow | null> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id), visibleTo(audienceIds, now)))
    .limit(1);
  return row ?? null;
}

export type FeedRow = PostRow & { readAt: Date | null; acknowledgedAt: Date | null };

/**
 * A member's feed: pinned posts first, then the ones still asking for something (unread, or
 * awaiting their "Leído y entendido"), then the newest.
 */
export async function listFeed(tx: Drizzle, tenantId: string, personId: string, audienceIds: readonly string[], query: { search?: string | undefined; limit: number; offset: number; now: Date }) {
  const where = and(eq(posts.tenantId, tenantId), visibleTo(audienceIds, query.now), query.search ? ilike(posts.title, escapeLike(query.search)) : undefined);
  const join = and(eq(postRecipients.tenantId, posts.tenantId), eq(postRecipients.postId, posts.id), eq(postRecipients.personId, personId));
  const pending = sql`(${postRecipients.readAt} IS NULL OR (${posts.requiresAck} AND ${postRecipients.acknowledgedAt} IS NULL))`;
  const rows = await tx
    .select({ post: posts, readAt: postRecipients.readAt, acknowledgedAt: postRecipients.acknowledgedAt })
    .from(posts)
    .leftJoin(postRecipients, join)
    .where(where)
    .orderBy(desc(posts.isPinned), desc(pending), desc(posts.publishAt), asc(posts.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(posts)
    .where(where);
  const [unread] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(posts)
    .leftJoin(postRecipients, join)
    .where(and(where, pending));
  return { count: counted?.total ?? 0, pending: unread?.total ?? 0, rows: rows.map((r): FeedRow => ({ ...r.post, readAt: r.readAt, acknowledgedAt: r.acknowledgedAt })) };
}

/** Every post of the tenant (the authors' list), newest change first. */
export async function listManaged(tx: Drizzle, tenantId: string, query: { state?: TPostState | undefined; search?: string | undefined; limit: number; offset: number; now: Date }) {
  const where = and(eq(posts.tenantId, tenantId), query.state ? stateSql(query.now)[query.state] : undefined, query.search ? ilike(posts.title, escapeLike(query.search)) : undefined);
  const rows = await tx.select().from(posts).where(where).orderBy(desc(posts.updatedAt), asc(posts.id)).limit(query.limit).offset(query.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(posts)
    .where(where);
  return { count: counted?.total ?? 0, rows };
}

export async function findReceipt(tx: Drizzle, tenantId: string, postId: string, personId: string): Promise<RecipientRow | null> {
  const [row] = await tx
    .select()
    .from(postRecipients)
    .where(and(eq(postRecipients.tenantId, tenantId), eq(postRecipients.postId, postId), eq(postRecipients.personId, personId)))
    .limit(1);
  return row ?? null;
}

/** Marks the post read (the first time only) and, with `ack`, acknowledged; a row is added for someone who joined the audience later. */
export async function markReceipt(tx: Drizzle, tenantId: string, postId: string, personId: string, at: Date, ack: boolean): Promise<RecipientRow> {
  const [row] = await tx
    .insert(postRecipients)
    .values({ tenantId, postId, personId, readAt: at, acknowledgedAt: ack ? at : null })
    .onConflictDoUpdate({
      target: [postRecipients.tenantId, postRecipients.postId, postRecipients.personId],
      set: {
        readAt: sql`COALESCE(${postRecipients.readAt}, excluded.read_at)`,
        acknowledgedAt: ack ? sql`COALESCE(${postRecipients.acknowledgedAt}, excluded.acknowledged_at)` : sql`${postRecipients.acknowledgedAt}`,
      },
    })
    .returning();
  return row!;
}

/**
 * The persons a post goes to, as a subquery of ids: its audience's (the audiences module's SQL),
 * or every enabled person of the tenant when it is for everyone (a read of the people table,
 * like the audience's own SQL).
 */
export function everyoneSql(tenantId: string): SQL {
  return sql`SELECT p.id FROM persons p WHERE p.tenant_id = ${tenantId} AND NOT p.is_disabled`;
}

export async function countPersons(tx: Drizzle, persons: SQL): Promise<number> {
  const result = (await tx.execute(sql`SELECT count(*)::int AS n FROM (${persons}) t`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Whether a set of persons holds anyone: stops at the first (a publish need not count ten thousand). */
export async function anyPerson(tx: Drizzle, persons: SQL): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT EXISTS (${persons}) AS any`)) as unknown as { rows: { any: boolean }[] };
  return result.rows[0]?.any === true;
}

/** Adds the recipients not there yet and answers only those (the primary key makes it once per person). */
export async function addRecipients(tx: Drizzle, tenantId: string, postId: string, persons: SQL, at: Date): Promise<string[]> {
  const result = (await tx.execute(sql`
    INSERT INTO post_recipients (tenant_id, post_id, person_id, notified_at)
    SELECT ${tenantId}::uuid, ${postId}::uuid, t.id, ${at.toISOString()}::timestamptz FROM (${persons}) t(id)
    ON CONFLICT (tenant_id, post_id, person_id) DO UPDATE SET notified_at = excluded.notified_at
      WHERE post_recipients.notified_at IS NULL AND post_recipients.read_at IS NULL
    RETURNING person_id`)) as unknown as { rows: { person_id: string }[] };
  return result.rows.map((row) => row.person_id);
}

const RECEIPT_FILTER: Record<string, SQL | undefined> = {
  all: undefined,
  read: sql`r.read_at IS NOT NULL`,
  unread: sql`r.read_at IS NULL`,
  acknowledged: sql`r.acknowledged_at IS NOT NULL`,
  unacknowledged: sql`r.acknowledged_at IS NULL`,
};

/** A page of a post's receipts, those still to read (or acknowledge) first, then by name. */
export async function listReceipts(tx: Drizzle, tenantId: string, postId: string, query: { filter: string; limit: number; offset: number }) {
  const filter = RECEIPT_FILTER[query.filter];
  const where = sql`r.tenant_id = ${tenantId} AND r.post_id = ${postId}${filter ? sql` AND ${filter}` : sql``}`;
  const rows = (await tx.execute(sql`
    SELECT r.person_id, coalesce(p.name, '') AS name, r.notified_at, r.read_at, r.acknowledged_at
    FROM post_recipients r LEFT JOIN persons p ON p.tenant_id = r.tenant_id AND p.id = r.person_id
    WHERE ${where}
    ORDER BY (r.read_at IS NULL) DESC, (r.acknowledged_at IS NULL) DESC, lower(p.name), r.person_id
    LIMIT ${query.limit} OFFSET ${query.offset}`)) as unknown as {
    rows: { person_id: string; name: string; notified_at: string | Date | null; read_at: string | Date | null; acknowledged_at: string | Date | null }[];
  };
  const totals = (await tx.execute(sql`
    SELECT count(*)::int AS recipients, count(r.read_at)::int AS read, count(r.acknowledged_at)::int AS acknowledged,
      count(*) FILTER (WHERE ${filter ?? sql`true`})::int AS filtered
    FROM post_recipients r WHERE r.tenant_id = ${tenantId} AND r.post_id = ${postId}`)) as unknown as { rows: { recipients: number; read: number; acknowledged: number; filtered: number }[] };
  const t = totals.rows[0] ?? { recipients: 0, read: 0, acknowledged: 0, filtered: 0 };
  return { rows: rows.rows, totals: { recipients: Number(t.recipients), read: Number(t.read), acknowledged: Number(t.acknowledged) }, count: Number(t.filtered) };
}

/** The recipients still to read it (or, when it asks for one, to acknowledge it); marks them reminded. */
export async function remindPending(tx: Drizzle, tenantId: string, postId: string, requiresAck: boolean, at: Date): Promise<string[]> {
  const pending = requiresAck ? sql`acknowledged_at IS NULL` : sql`read_at IS NULL`;
  const result = (await tx.execute(sql`
    UPDATE post_recipients SET reminded_at = ${at.toISOString()}::timestamptz
    WHERE tenant_id = ${tenantId} AND post_id = ${postId} AND ${pending}
    RETURNING person_id`)) as unknown as { rows: { person_id: string }[] };
  return result.rows.map((row) => row.person_id);
}
