import { and, eq, sql } from 'drizzle-orm';
import type { TChecklistSchedule, TChecklistStatsPoint, ZChecklistScheduleCreate, ZChecklistStatsQuery } from '@faena/contracts/checklists';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError, FieldErrors, problem } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { checklistOccurrences, checklistSeries, createChecklistSeries } from '../activities/index.ts';
import { findVenue, venueNames } from '../catalogs/index.ts';
import { checklistNotFound, findChecklist } from './checklists.service.ts';
import { checklistExecutions } from './checklists.table.ts';

type ScheduleCreate = z.output<typeof ZChecklistScheduleCreate>;
type StatsQuery = z.output<typeof ZChecklistStatsQuery>;

async function schedulesOf(tx: Drizzle, tenantId: string, checklistId: string): Promise<TChecklistSchedule[]> {
  const series = await checklistSeries(tx, tenantId, checklistId);
  const venues = await venueNames(
    tx,
    tenantId,
    series.flatMap((s) => (s.venue_id ? [s.venue_id] : [])),
  );
  return series.map((s) => ({
    public_id: s.public_id,
    title: s.title,
    venue: s.venue_id ? { id: s.venue_id, name: venues.get(s.venue_id) ?? '' } : null,
    start: s.start,
    timezone: s.timezone,
    rrule: s.rrule,
    duration_minutes: s.duration_minutes,
  }));
}

export async function listSchedules(ctx: Ctx, checklistId: string): Promise<{ results: TChecklistSchedule[] }> {
  return ctx.tx(async (tx) => {
    if (!(await findChecklist(tx, ctx.tenant.id, checklistId))) throw checklistNotFound();
    return { results: await schedulesOf(tx, ctx.tenant.id, checklistId) };
  });
}

/** One recurring activity per chosen venue whose content is the checklist (the activities module checks the rule and people). */
export async function createSchedules(ctx: Ctx, checklistId: string, input: ScheduleCreate): Promise<{ results: TChecklistSchedule[] }> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const checklist = await findChecklist(tx, tenantId, checklistId);
      if (!checklist || checklist.archivedAt) throw checklistNotFound();
      const venues = [...new Set(input.venues)];
      for (const venue of venues) if (!(isUuid(venue) && (await findVenue(tx, tenantId, venue)))) throw new FieldErrors({ venues: [problem('unknown-reference', `Unknown venue: ${venue}`)] });
      const outside = venues.filter((venue) => checklist.venueIds.length > 0 && !checklist.venueIds.includes(venue));
      if (outside.length > 0)
        throw new BodyError(400, { code: 'place-not-allowed', detail: 'Choose among the checklist’s venues.', errors: { venues: outside.map((venue) => `Not a venue of this checklist: ${venue}`) } });
      const created: string[] = [];
      for (const venue of venues.length > 0 ? venues : [null]) {
        created.push(
          await createChecklistSeries(signed, tx, checklist.id, {
            title: input.title ?? checklist.name,
            start: input.start,
            ...(input.timezone ? { timezone: input.timezone } : {}),
            duration_minutes: input.duration_minutes,
            rrule: input.rrule ?? null,
            venue_id: venue,
            responsibles: input.responsibles,
            audience: input.audience ?? null,
            ...(input.reminders ? { reminders: input.reminders } : {}),
          }),
        );
      }
      const all = await schedulesOf(tx, tenantId, checklist.id);
      return { results: all.filter((s) => created.includes(s.public_id)) };
    },
    { audit: 'checklists.schedule.create' },
  );
}

const DAY_MS = 86_400_000;
const STATS_MAX_DAYS = 400;

/** The bucket (its first day) of a day: itself, the Monday of its week, or the first of its month. */
export function bucketOf(day: string, bucket: 'day' | 'week' | 'month'): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  return monday.toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
function dayIn(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => format.format(new Date(ms));
}

/**
 * Numbers of a checklist per day, week or month (in the organisation's time zone): submitted executions,
 * their average score, occurrences its schedules planned (cancelled ones aside) and the share of
 * those completed by an execution. Default range: the last 30 days.
 */
export async function checklistStats(ctx: Ctx, checklistId: string, query: StatsQuery, nowMs = Date.now()): Promise<{ results: TChecklistStatsPoint[] }> {
  const zone = ctx.tenant.timezone;
  const localDay = dayIn(zone);
  const to = query.to ?? localDay(nowMs);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (!(days >= 0) || days > STATS_MAX_DAYS) throw new BodyError(400, { code: 'range-too-long', detail: `from must be before to, at most ${STATS_MAX_DAYS} days apart.` });
  if (query.venue !== undefined && !isUuid(query.venue)) return { results: [] };
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    if (!(await findChecklist(tx, tenantId, checklistId))) throw checklistNotFound();
    const bounds = (await tx.execute(sql`SELECT (${from}::date::timestamp AT TIME ZONE ${zone}) AS start, ((${to}::date + 1)::timestamp AT TIME ZONE ${zone}) AS stop`)) as unknown as {
      rows: { start: string | Date; stop: string | Date }[];
    };
    const start = new Date(bounds.rows[0]!.start);
    const stop = new Date(bounds.rows[0]!.stop);
    const e = checklistExecutions;
    const rows = await tx
      .select({
        day: sql<string>`to_char(${e.submittedAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`,
        n: sql<number>`count(*)`.mapWith(Number),
        scoreSum: sql<number>`coalesce(sum(${e.score}), 0)`.mapWith(Number),
        scored: sql<number>`count(${e.score})`.mapWith(Number),
      })
      .from(e)
      .where(
        and(
          eq(e.tenantId, tenantId),
          eq(e.checklistId, checklistId),
          eq(e.status, 'submitted'),
          sql`${e.submittedAt} >= ${start.toISOString()}::timestamptz AND ${e.submittedAt} < ${stop.toISOString()}::timestamptz`,
          query.venue ? eq(e.venueId, query.venue) : undefined,
        ),
      )
      .groupBy(sql`1`);
    const occurrences = await checklistOccurrences(tx, tenantId, checklistId, start.getTime(), stop.getTime(), query.venue);
    const points = new Map<string, { executions: number; scoreSum: number; scored: number; scheduled: number; completed: number }>();
    for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
      const key = bucketOf(new Date(ms).toISOString().slice(0, 10), query.bucket);
      if (!points.has(key)) points.set(key, { executions: 0, scoreSum: 0, scored: 0, scheduled: 0, completed: 0 });
    }
    for (const row of rows) {
      const point = points.get(bucketOf(row.day, query.bucket));
      if (!point) continue;
      point.executions += row.n;
      point.scoreSum += row.scoreSum;
      point.scored += row.scored;
    }
    for (const occurrence of occurrences) {
      if (occurrence.cancelled) continue;
      const point = points.get(bucketOf(localDay(occurrence.startMs), query.bucket));
      if (!point) continue;
      point.scheduled += 1;
      if (occurrence.completed) point.completed += 1;
    }
    return {
      results: [...points.entries()].map(([bucket, p]) => ({
        bucket,
        executions: p.executions,
        scheduled: p.scheduled,
        completion_rate: p.scheduled > 0 ? Math.round((p.completed / p.scheduled) * 10_000) / 10_000 : null,
        average_score: p.scored > 0 ? Math.round((p.scoreSum / p.scored) * 100) / 100 : null,
      })),
    };
  });
}
