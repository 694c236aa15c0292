import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import {
  activities,
  activityCategories,
  activityCategoryLinks,
  activityCompletions,
  activityExceptions,
  activityFeedTokens,
  activityHistory,
  activityRemindersScheduled,
  activityRemindersSent,
  activityResponsibles,
} from './activities.table.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityValues = Omit<typeof activities.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
export type ExceptionRow = typeof activityExceptions.$inferSelect;
export type CompletionRow = typeof activityCompletions.$inferSelect;
export type HistoryRow = typeof activityHistory.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column = ANY($1::uuid[])`: one array parameter instead of one parameter per id (a thousand series). */
const anyOf = (column: AnyColumn, ids: readonly string[]) => sql`${column} = ANY(${`{${ids.join(',')}}`}::uuid[])`;

export async function insertActivity(tx: Drizzle, tenantId: string, values: ActivityValues): Promise<ActivityRow> {
  const [row] = await tx
    .insert(activities)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateActivity(tx: Drizzle, tenantId: string, id: string, values: Partial<ActivityValues>): Promise<ActivityRow | null> {
  const [row] = await tx
    .update(activities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id)))
    .returning();
  return row ?? null;
}

export async function findActivity(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<ActivityRow | null> {
  const query = tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The series among `ids` (any order; absent ones are simply missing). */
export async function findActivities(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), anyOf(activities.id, ids)));
}

/** Removes a series and everything stored under it. */
export async function deleteActivity(tx: Drizzle, tenantId: string, id: string): Promise<boolean> {
  for (const table of [activityResponsibles, activityCategoryLinks, activityExceptions, activityCompletions, activityHistory, activityRemindersSent, activityRemindersScheduled]) {
    await tx.delete(table).where(and(eq(table.tenantId, tenantId), eq(table.activityId, id)));
  }
  const removed = await tx
    .delete(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id)))
    .returning({ id: activities.id });
  return removed.length > 0;
}

export async function listActivities(tx: Drizzle, tenantId: string, query: { search?: string | undefined; limit: number; offset: number }): Promise<{ count: number; rows: ActivityRow[] }> {
  const where = and(eq(activities.tenantId, tenantId), query.search ? ilike(activities.title, `%${escapeLike(query.search)}%`) : undefined);
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(where);
  const rows = await tx.select().from(activities).where(where).orderBy(desc(activities.updatedAt), asc(activities.id)).limit(query.limit).offset(query.offset);
  return { count: total?.n ?? 0, rows };
}

// ------------------------------------------------------------------------------- responsibles, categories

export async function setResponsibles(tx: Drizzle, tenantId: string, activityId: string, personIds: readonly string[]): Promise<void> {
  await tx.delete(activityResponsibles).where(and(eq(activityResponsibles.tenantId, tenantId), eq(activityResponsibles.activityId, activityId)));
  if (personIds.length > 0) await tx.insert(activityResponsibles).values(personIds.map((personId) => ({ tenantId, activityId, personId })));
}

export async function setCategoryLinks(tx: Drizzle, tenantId: string, activityId: string, categoryIds: readonly string[]): Promise<void> {
  await tx.delete(activityCategoryLinks).where(and(eq(activityCategoryLinks.tenantId, tenantId), eq(activityCategoryLinks.activityId, activityId)));
  if (categoryIds.length > 0) await tx.insert(activityCategoryLinks).values(categoryIds.map((categoryId) => ({ tenantId, activityId, categoryId })));
}

/** Responsible person ids and category ids of each series. */
export async function seriesLinks(tx: Drizzle, tenantId: string, activityIds: readonly string[]): Promise<{ responsibles: Map<string, string[]>; categories: Map<string, string[]> }> {
  const responsibles = new Map<string, string[]>();
  const categories = new Map<string, string[]>();
  if (activityIds.length === 0) return { responsibles, categories };
  const people = await tx
    .select({ activityId: activityResponsibles.activityId, personId: activityResponsibles.personId })
    .from(activityResponsibles)
    .where(and(eq(activityResponsibles.tenantId, tenantId), anyOf(activityResponsibles.activityId, activityIds)));
  for (const row of people) (responsibles.get(row.activityId) ?? responsibles.set(row.activityId, []).get(row.activityId)!).push(row.personId);
  const links = await tx
    .select({ activityId: activityCategoryLinks.activityId, categoryId: activityCategoryLinks.categoryId })
    .from(activityCategoryLinks)
    .where(and(eq(activityCategoryLinks.tenantId, tenantId), anyOf(activityCategoryLinks.activityId, activityIds)));
  for (const row of links) (categories.get(row.activityId) ?? categories.set(row.activityId, []).get(row.activityId)!).push(row.categoryId);
  return { responsibles, categories };
}

export async function listCategories(tx: Drizzle, tenantId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: activityCategories.id, name: activityCategories.name }).from(activityCategories).where(eq(activityCategories.tenantId, tenantId)).orderBy(asc(activityCategories.name));
}

export async function categoryNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: activityCategories.id, name: activityCategories.name })
    .from(activityCategories)
    .where(and(eq(activityCategories.tenantId, tenantId), inArray(activityCategories.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A new category; null when the name is taken. */
export async function insertCategory(tx: Drizzle, tenantId: string, name: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx.insert(activityCategories).values({ tenantId, name }).onConflictDoNothing().returning({ id: activityCategories.id, name: activityCategories.name });
  return row ?? null;
}

// ------------------------------------------------------------------------------------- occurrences

/**
 * The series that can have an occurrence starting in [from, to): by their bounds, or by an
 * exception moved into the window. `mine` limits them to the person's (responsible, member of
 * the audience, or responsible of one of its occurrences).
 */
export async function seriesInWindow(
  tx: Drizzle,
  tenantId: string,
  from: Date,
  to: Date,
  filters: {
    mine?: { personId: string; audienceIds: readonly string[] } | undefined;
    venueId?: string | undefined;
    categoryId?: string | undefined;
    responsibleId?: string | undefined;
    search?: string | undefined;
  },
): Promise<ActivityRow[]> {
  const conditions: (SQL | undefined)[] = [eq(activities.tenantId, tenantId)];
  conditions.push(
    or(
      and(lt(activities.firstStartAt, to), or(isNull(activities.lastStartAt), gte(activities.lastStartAt, from))),
      sql`EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = ${activities.tenantId} AND e.activity_id = ${activities.id} AND e.start_at >= ${from} AND e.start_at < ${to})`,
    ),
  );
  if (filters.mine) {
    const { personId, audienceIds } = filters.mine;
    conditions.push(
      or(
        sql`EXISTS (SELECT 1 FROM activity_responsibles r WHERE r.tenant_id = ${activities.tenantId} AND r.activity_id = ${activities.id} AND r.person_id = ${personId})`,
        audienceIds.length > 0 ? inArray(activities.audienceId, [...audienceIds]) : undefined,
        sql`EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = ${activities.tenantId} AND e.activity_id = ${activities.id} AND e.responsibles ? ${personId})`,
      ),
    );
  }
  if (filters.venueId) conditions.push(eq(activities.venueId, filters.venueId));
  if (filters.categoryId) {
    conditions.push(sql`EXISTS (SELECT 1 FROM activity_category_links c WHERE c.tenant_id = ${activities.tenantId} AND c.activity_id = ${activities.id} AND c.category_id = ${filters.categoryId})`);
  }
  if (filters.responsibleId) {
    conditions.push(
      sql`(EXISTS (SELECT 1 FROM activity_responsibles r WHERE r.tenant_id = ${activities.tenantId} AND r.activity_id = ${activities.id} AND r.person_id = ${filters.responsibleId}) OR EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = ${activities.tenantId} AND e.activity_id = ${activities.id} AND e.responsibles ? ${filters.responsibleId}))`,
    );
  }
  if (filters.search)
    conditions.push(
      sql`(${activities.title} ILIKE ${`%${escapeLike(filters.search)}%`} OR EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = ${activities.tenantId} AND e.activity_id = ${activities.id} AND e.title ILIKE ${`%${escapeLike(filters.search)}%`}))`,
    );
  return tx
    .select()
    .from(activities)
    .where(and(...conditions));
}

/**
 * Exceptions of these series whose original start (recurrence id, sortable text) or moved start
 * lies in [from, to). Recurrence ids are UTC basic form, so text order is time order.
 */
export async function exceptionsInWindow(tx: Drizzle, tenantId: string, activityIds: readonly string[], fromId: string, toId: string, from: Date, to: Date): Promise<ExceptionRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(activityExceptions)
    .where(
      and(
        eq(activityExceptions.tenantId, tenantId),
        anyOf(activityExceptions.activityId, activityIds),
        or(and(gte(activityExceptions.recurrenceId, fromId), lt(activityExceptions.recurrenceId, toId)), and(gte(activityExceptions.startAt, from), lt(activityExceptions.startAt, to))),
      ),
    );
}

export async function completionsFor(
  tx: Drizzle,
  tenantId: string,
  activityIds: readonly string[],
  fromId: string,
  toId: string,
  extra: readonly { activityId: string; recurrenceId: string }[] = [],
): Promise<CompletionRow[]> {
  if (activityIds.length === 0) return [];
  const extraConditions = extra.map((e) => and(eq(activityCompletions.activityId, e.activityId), eq(activityCompletions.recurrenceId, e.recurrenceId)));
  return tx
    .select()
    .from(activityCompletions)
    .where(
      and(
        eq(activityCompletions.tenantId, tenantId),
        or(and(anyOf(activityCompletions.activityId, activityIds), gte(activityCompletions.recurrenceId, fromId), lt(activityCompletions.recurrenceId, toId)), ...extraConditions),
      ),
    );
}

export async function exceptionsOf(tx: Drizzle, tenantId: string, activityId: string): Promise<ExceptionRow[]> {
  return tx
    .select()
    .from(activityExceptions)
    .where(and(eq(activityExceptions.tenantId, tenantId), eq(activityExceptions.activityId, activityId)))
    .orderBy(asc(activityExceptions.recurrenceId));
}

export async function findException(tx: Drizzle, tenantId: string, activityId: string, recurrenceId: string): Promise<ExceptionRow | null> {
  const [row] = await tx
    .select()
    .from(activityExceptions)
    .where(and(eq(activityExceptions.tenantId, tenantId), eq(activityExceptions.activityId, activityId), eq(activityExceptions.recurrenceId, recurrenceId)))
    .limit(1);
  return row ?? null;
}

/** An occurrence of a series: its series and its recurrence id. */
export interface OccurrenceKey {
  activityId: string;
  recurrenceId: string;
}

/** `activity_id = ANY(…) AND recurrence_id = ANY(…)`: a superset of the keys' rows, which the caller picks by key. */
const keysOf = (table: typeof activityExceptions | typeof activityCompletions, keys: readonly OccurrenceKey[]) =>
  and(anyOf(table.activityId, [...new Set(keys.map((k) => k.activityId))]), sql`${table.recurrenceId} = ANY(${`{${[...new Set(keys.map((k) => k.recurrenceId))].join(',')}}`}::text[])`);

/** The rows of `table` at each of the occurrences: `activityId/recurrenceId` → its row (an exception, a completion). */
async function rowsAt<T extends typeof activityExceptions | typeof activityCompletions>(
  tx: Drizzle,
  table: T,
  tenantId: string,
  keys: readonly OccurrenceKey[],
): Promise<Map<string, T['$inferSelect']>> {
  if (keys.length === 0) return new Map();
  const rows = (await tx
    .select()
    .from(table as typeof activityExceptions)
    .where(and(eq(table.tenantId, tenantId), keysOf(table, keys)))) as T['$inferSelect'][];
  return new Map(rows.map((row) => [`${row.activityId}/${row.recurrenceId}`, row]));
}

/** findException for many occurrences at once. */
export const exceptionsAt = (tx: Drizzle, tenantId: string, keys: readonly OccurrenceKey[]): Promise<Map<string, ExceptionRow>> => rowsAt(tx, activityExceptions, tenantId, keys);

export async function upsertException(tx: Drizzle, tenantId: string, values: Omit<typeof activityExceptions.$inferInsert, 'tenantId' | 'updatedAt'>): Promise<ExceptionRow> {
  const { activityId: _a, recurrenceId: _r, ...changes } = values;
  const [row] = await tx
    .insert(activityExceptions)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({ target: [activityExceptions.tenantId, activityExceptions.activityId, activityExceptions.recurrenceId], set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteExceptions(tx: Drizzle, tenantId: string, activityId: string, recurrenceIds: readonly string[]): Promise<void> {
  if (recurrenceIds.length === 0) return;
  await tx
    .delete(activityExceptions)
    .where(and(eq(activityExceptions.tenantId, tenantId), eq(activityExceptions.activityId, activityId), inArray(activityExceptions.recurrenceId, [...recurrenceIds])));
}

export async function moveExceptions(tx: Drizzle, tenantId: string, fromActivityId: string, toActivityId: string, recurrenceIds: readonly string[]): Promise<void> {
  if (recurrenceIds.length === 0) return;
  await tx
    .update(activityExceptions)
    .set({ activityId: toActivityId })
    .where(and(eq(activityExceptions.tenantId, tenantId), eq(activityExceptions.activityId, fromActivityId), inArray(activityExceptions.recurrenceId, [...recurrenceIds])));
}

// ------------------------------------------------------------------------------------ completions

export async function completionsOf(tx: Drizzle, tenantId: string, activityId: string): Promise<CompletionRow[]> {
  return tx
    .select()
    .from(activityCompletions)
    .where(and(eq(activityCompletions.tenantId, tenantId), eq(activityCompletions.activityId, activityId)));
}

export async function findCompletion(tx: Drizzle, tenantId: string, activityId: string, recurrenceId: string): Promise<CompletionRow | null> {
  const [row] = await tx
    .select()
    .from(activityCompletions)
    .where(and(eq(activityCompletions.tenantId, tenantId), eq(activityCompletions.activityId, activityId), eq(activityCompletions.recurrenceId, recurrenceId)))
    .limit(1);
  return row ?? null;
}

/** findCompletion for many occurrences at once. */
export const completionsAt = (tx: Drizzle, tenantId: string, keys: readonly OccurrenceKey[]): Promise<Map<string, CompletionRow>> => rowsAt(tx, activityCompletions, tenantId, keys);

/** The completion, or null when the occurrence already has one (the unique index decides, under concurrency too). */
export async function insertCompletion(tx: Drizzle, tenantId: string, values: Omit<typeof activityCompletions.$inferInsert, 'tenantId' | 'id' | 'createdAt'>): Promise<CompletionRow | null> {
  const [row] = await tx
    .insert(activityCompletions)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteCompletions(tx: Drizzle, tenantId: string, activityId: string, recurrenceIds: readonly string[]): Promise<void> {
  if (recurrenceIds.length === 0) return;
  await tx
    .delete(activityCompletions)
    .where(and(eq(activityCompletions.tenantId, tenantId), eq(activityCompletions.activityId, activityId), inArray(activityCompletions.recurrenceId, [...recurrenceIds])));
}

export async function moveCompletions(tx: Drizzle, tenantId: string, fromActivityId: string, toActivityId: string, recurrenceIds: readonly string[]): Promise<void> {
  if (recurrenceIds.length === 0) return;
  await tx
    .update(activityCompletions)
    .set({ activityId: toActivityId })
    .where(and(eq(activityCompletions.tenantId, tenantId), eq(activityCompletions.activityId, fromActivityId), inArray(activityCompletions.recurrenceId, [...recurrenceIds])));
}

// --------------------------------------------------------------------------------------- history

export async function addHistory(
  tx: Drizzle,
  tenantId: string,
  entry: { activityId: string; recurrenceId?: string | null; personId: string | null; action: string; detail?: string | null },
): Promise<void> {
  await tx
    .insert(activityHistory)
    .values({ tenantId, activityId: entry.activityId, recurrenceId: entry.recurrenceId ?? null, personId: entry.personId, action: entry.action, detail: entry.detail ?? null });
}

/** A series' history and one occurrence's: the series-wide rows and that occurrence's, newest first. */
export async function historyOf(tx: Drizzle, tenantId: string, activityId: string, recurrenceId: string): Promise<HistoryRow[]> {
  return (await historiesOf(tx, tenantId, [{ activityId, recurrenceId }]))[0]!;
}

/**
 * The history of each occurrence (the series' entries and the occurrence's own, newest first, at
 * most 200) in one statement, a lateral read per key, in the order of `keys`.
 */
export async function historiesOf(tx: Drizzle, tenantId: string, keys: readonly OccurrenceKey[]): Promise<HistoryRow[][]> {
  if (keys.length === 0) return [];
  const result = (await tx.execute(sql`
    SELECT k.n::int AS n, h.id, h.activity_id, h.recurrence_id, h.person_id, h.action, h.detail, floor(extract(epoch FROM h.at) * 1000)::float8 AS at_ms
    FROM unnest(${`{${keys.map((k) => k.activityId).join(',')}}`}::uuid[], ${`{${keys.map((k) => k.recurrenceId).join(',')}}`}::text[]) WITH ORDINALITY AS k(activity_id, recurrence_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM activity_history h
      WHERE h.tenant_id = ${tenantId} AND h.activity_id = k.activity_id AND (h.recurrence_id IS NULL OR h.recurrence_id = k.recurrence_id)
      ORDER BY h.at DESC, h.id DESC
      LIMIT 200
    ) h
    ORDER BY k.n, h.at DESC, h.id DESC`)) as unknown as {
    rows: { n: number; id: string; activity_id: string; recurrence_id: string | null; person_id: string | null; action: string; detail: string | null; at_ms: number }[];
  };
  const out: HistoryRow[][] = keys.map(() => []);
  for (const row of result.rows) {
    out[Number(row.n) - 1]!.push({
      tenantId,
      id: row.id,
      activityId: row.activity_id,
      recurrenceId: row.recurrence_id,
      personId: row.person_id,
      action: row.action,
      detail: row.detail,
      at: new Date(Number(row.at_ms)),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------- calendar feed

export async function feedToken(tx: Drizzle, tenantId: string, personId: string): Promise<{ generation: number; tokenHash: string } | null> {
  const [row] = await tx
    .select({ generation: activityFeedTokens.generation, tokenHash: activityFeedTokens.tokenHash })
    .from(activityFeedTokens)
    .where(and(eq(activityFeedTokens.tenantId, tenantId), eq(activityFeedTokens.personId, personId)))
    .limit(1);
  return row ?? null;
}

export async function saveFeedToken(tx: Drizzle, tenantId: string, personId: string, generation: number, tokenHash: string): Promise<void> {
  await tx
    .insert(activityFeedTokens)
    .values({ tenantId, personId, generation, tokenHash })
    .onConflictDoUpdate({ target: [activityFeedTokens.tenantId, activityFeedTokens.personId], set: { generation, tokenHash, createdAt: new Date() } });
}

export async function personOfFeed(tx: Drizzle, tenantId: string, tokenHash: string): Promise<string | null> {
  const [row] = await tx
    .select({ personId: activityFeedTokens.personId })
    .from(activityFeedTokens)
    .where(and(eq(activityFeedTokens.tenantId, tenantId), eq(activityFeedTokens.tokenHash, tokenHash)))
    .limit(1);
  return row?.personId ?? null;
}

// -------------------------------------------------------------------------------------- reminders

/** Series with reminders that can have an occurrence starting in [from, to). */
export async function seriesWithReminders(tx: Drizzle, tenantId: string, from: Date, to: Date): Promise<ActivityRow[]> {
  return tx
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.tenantId, tenantId),
        sql`jsonb_array_length(${activities.reminders}) > 0`,
        or(
          and(lt(activities.firstStartAt, to), or(isNull(activities.lastStartAt), gte(activities.lastStartAt, from))),
          sql`EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = ${activities.tenantId} AND e.activity_id = ${activities.id} AND e.start_at >= ${from} AND e.start_at < ${to})`,
        ),
      ),
    );
}

/** Marks a reminder sent; false when it already was (once per occurrence and offset). */
export async function markReminderSent(tx: Drizzle, tenantId: string, activityId: string, recurrenceId: string, offsetMinutes: number): Promise<boolean> {
  const rows = await tx.insert(activityRemindersSent).values({ tenantId, activityId, recurrenceId, offsetMinutes }).onConflictDoNothing().returning({ activityId: activityRemindersSent.activityId });
  return rows.length > 0;
}

/** Records a reminder job as enqueued; false when it already was (for this occurrence, offset and start). */
export async function markReminderScheduled(tx: Drizzle, tenantId: string, activityId: string, recurrenceId: string, offsetMinutes: number, startAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(activityRemindersScheduled)
    .values({ tenantId, activityId, recurrenceId, offsetMinutes, startAt })
    .onConflictDoNothing()
    .returning({ activityId: activityRemindersScheduled.activityId });
  return rows.length > 0;
}

/** One series as the .ics feed writes it: the fields it uses, its category names and its exceptions. */
export interface FeedSeriesRow {
  id: string;
  title: string;
  description: string | null;
  priority: number;
  start: string;
  timezone: string;
  durationMinutes: number;
  rrule: string | null;
  rdates: string[];
  exdates: string[];
  relatedTo: string | null;
  venueId: string | null;
  locationId: string | null;
  updatedAt: Date;
  categories: string[];
  exceptions: FeedExceptionRow[];
}
export type FeedExceptionRow = Pick<ExceptionRow, 'recurrenceId' | 'start' | 'durationMinutes' | 'title' | 'priority' | 'cancelled' | 'updatedAt'>;

type FeedJson = Omit<FeedSeriesRow, 'updatedAt' | 'exceptions'> & { updatedAt: number; exceptions: (Omit<FeedExceptionRow, 'updatedAt'> & { updatedAt: number })[] };

/**
 * Every series of a person's calendar feed (responsible, in one of their audiences, or named on
 * one of its exceptions), in one statement answering one JSON text: a thousand series come back
 * as one value instead of a thousand rows of twenty-odd columns, and their category names and
 * exceptions ride along instead of three more reads.
 */
export async function feedSeries(tx: Drizzle, tenantId: string, personId: string, audienceIds: readonly string[]): Promise<FeedSeriesRow[]> {
  const result = (await tx.execute(sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'title', a.title, 'description', a.description, 'priority', a.priority, 'start', a.start, 'timezone', a.timezone,
      'durationMinutes', a.duration_minutes, 'rrule', a.rrule, 'rdates', a.rdates, 'exdates', a.exdates, 'relatedTo', a.related_to,
      'venueId', a.venue_id, 'locationId', a.location_id, 'updatedAt', floor(extract(epoch FROM a.updated_at) * 1000),
      'categories', (SELECT coalesce(json_agg(c.name ORDER BY c.name), '[]') FROM activity_category_links k JOIN activity_categories c ON c.tenant_id = k.tenant_id AND c.id = k.category_id WHERE k.tenant_id = a.tenant_id AND k.activity_id = a.id),
      'exceptions', (SELECT coalesce(json_agg(json_build_object('recurrenceId', e.recurrence_id, 'start', e.start, 'durationMinutes', e.duration_minutes, 'title', e.title, 'priority', e.priority, 'cancelled', e.cancelled, 'updatedAt', floor(extract(epoch FROM e.updated_at) * 1000)) ORDER BY e.recurrence_id), '[]') FROM activity_exceptions e WHERE e.tenant_id = a.tenant_id AND e.activity_id = a.id)
    ) ORDER BY a.first_start_at, a.id), '[]')::text AS series
    FROM activities a
    WHERE a.tenant_id = ${tenantId} AND (
      EXISTS (SELECT 1 FROM activity_responsibles r WHERE r.tenant_id = a.tenant_id AND r.activity_id = a.id AND r.person_id = ${personId})
      OR a.audience_id = ANY(${`{${audienceIds.join(',')}}`}::uuid[])
      OR EXISTS (SELECT 1 FROM activity_exceptions e WHERE e.tenant_id = a.tenant_id AND e.activity_id = a.id AND e.responsibles ? ${personId}))`)) as unknown as { rows: { series: string }[] };
  return (JSON.parse(result.rows[0]!.series) as FeedJson[]).map((row) => ({
    ...row,
    updatedAt: new Date(row.updatedAt),
    exceptions: row.exceptions.map((e) => ({ ...e, updatedAt: new Date(e.updatedAt) })),
  }));
}
