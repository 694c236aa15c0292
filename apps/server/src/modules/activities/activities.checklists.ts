import { and, eq, inArray, or } from 'drizzle-orm';
import { displayStatus, formatRecurrenceId, type DisplayStatus } from '@faena/domain';
import type { TActivityWrite } from '@faena/contracts/activities';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { holdFiles } from '../documents/index.ts';
import type { SignedInCtx } from '../../platform/http/context.ts';
import { addHistory, findActivity, insertCompletion, updateActivity } from './activities.repository.ts';
import { ACTIVITY_HOLDER, createActivity, locateOccurrence, occurrencesOf } from './activities.service.ts';
import { activities, activityCompletions, activityExceptions } from './activities.table.ts';

/**
 * What the checklists module asks of activities (decision 026, through this module's face):
 * corrective actions are one-off activities; a series whose content is a checklist is completed by
 * submitting an execution started from one of its occurrences.
 */

/** A context whose transactions are the given one. */
function within(ctx: SignedInCtx, tx: Drizzle): SignedInCtx {
  return { ...ctx, tx: (fn) => fn(tx), read: (fn) => fn(tx) };
}

export interface CreatedOccurrence {
  activityId: string;
  recurrenceId: string;
  startAt: Date;
}

/**
 * A one-off activity (a corrective action) in the caller's transaction; who it is for is told as
 * for any new activity. `files` (upload ids) are held by the activity (decision 032), readable by
 * whoever sees it and listed on its occurrence: the caller hands over files it already holds and
 * the acting person may read (a checklist execution's photos), not ids a person typed.
 */
export async function createOneOffActivity(ctx: SignedInCtx, tx: Drizzle, input: TActivityWrite, files: readonly string[] = []): Promise<CreatedOccurrence> {
  const view = await createActivity(within(ctx, tx), { ...input, rrule: null, rdates: [], exdates: [] });
  const row = await findActivity(tx, ctx.tenant.id, view.public_id);
  if (!row) throw new Error('the activity just created is not there');
  // by: null — the server passes on a holding the caller has checked (the ids come from its own saved record)
  if (files.length > 0) await holdFiles(tx, ctx.tenant.id, { kind: ACTIVITY_HOLDER, id: row.id }, files, { by: null });
  return { activityId: row.id, recurrenceId: formatRecurrenceId(row.firstStartAt.getTime()), startAt: row.firstStartAt };
}

/** Series (one per venue) whose content is a checklist: created as any activity, then marked with the checklist. */
export async function createChecklistSeries(ctx: SignedInCtx, tx: Drizzle, checklistId: string, input: TActivityWrite): Promise<string> {
  const view = await createActivity(within(ctx, tx), { ...input, content: null });
  await updateActivity(tx, ctx.tenant.id, view.public_id, { checklistId });
  return view.public_id;
}

export interface ChecklistOccurrence {
  activityId: string;
  recurrenceId: string;
  checklistId: string | null;
  venueId: string | null;
  completed: boolean;
}

/** An occurrence the caller may see (404 otherwise), with the checklist that is its content. */
export async function checklistOccurrence(ctx: SignedInCtx, tx: Drizzle, activityId: string, recurrenceId: string): Promise<ChecklistOccurrence> {
  const { row, parts } = await locateOccurrence(ctx, tx, activityId, recurrenceId);
  return { activityId: row.id, recurrenceId: parts.recurrenceId, checklistId: row.checklistId, venueId: row.venueId, completed: parts.completion !== null };
}

/** Completes an occurrence with a submitted execution (its id stands as the completion's response_id). */
export async function completeByExecution(ctx: SignedInCtx, tx: Drizzle, activityId: string, recurrenceId: string, executionId: string): Promise<void> {
  const completion = await insertCompletion(tx, ctx.tenant.id, {
    activityId,
    recurrenceId,
    status: 'COMPLETED',
    completedAt: new Date(),
    description: null,
    personId: ctx.caller.personId,
    responseId: executionId,
  });
  if (!completion) throw new BodyError(409, { code: 'already-completed', detail: 'This occurrence already has a completion record.' });
  await addHistory(tx, ctx.tenant.id, { activityId, recurrenceId, personId: ctx.caller.personId, action: 'completed', detail: null });
}

/** Display status of occurrences (pending ones become expired past their due time): three reads however many occurrences. */
export async function occurrenceStatuses(tx: Drizzle, tenantId: string, occurrences: readonly { activityId: string; recurrenceId: string }[], nowMs = Date.now()): Promise<Map<string, DisplayStatus>> {
  const out = new Map<string, DisplayStatus>();
  const wanted = occurrences.filter((occurrence) => isUuid(occurrence.activityId));
  if (wanted.length === 0) return out;
  const key = (row: { activityId: string; recurrenceId: string }) => `${row.activityId}/${row.recurrenceId}`;
  const ids = [...new Set(wanted.map((occurrence) => occurrence.activityId))];
  const rows = new Map(
    (
      await tx
        .select()
        .from(activities)
        .where(and(eq(activities.tenantId, tenantId), inArray(activities.id, ids)))
    ).map((row) => [row.id, row]),
  );
  const pairOf = (table: typeof activityCompletions | typeof activityExceptions) =>
    or(...wanted.map((occurrence) => and(eq(table.activityId, occurrence.activityId), eq(table.recurrenceId, occurrence.recurrenceId))));
  const completions = new Map(
    (
      await tx
        .select()
        .from(activityCompletions)
        .where(and(eq(activityCompletions.tenantId, tenantId), pairOf(activityCompletions)))
    ).map((row) => [key(row), row]),
  );
  const exceptions = new Map(
    (
      await tx
        .select()
        .from(activityExceptions)
        .where(and(eq(activityExceptions.tenantId, tenantId), pairOf(activityExceptions)))
    ).map((row) => [key(row), row]),
  );
  for (const { activityId, recurrenceId } of wanted) {
    const row = rows.get(activityId);
    if (!row) continue;
    const completion = completions.get(key({ activityId, recurrenceId }));
    const exception = exceptions.get(key({ activityId, recurrenceId }));
    const startMs = exception?.startAt?.getTime() ?? row.firstStartAt.getTime();
    const duration = exception?.durationMinutes ?? row.durationMinutes;
    const rawStatus = completion ? completion.status : exception?.cancelled ? 'CANCELLED' : 'NEEDS-ACTION';
    out.set(`${activityId}/${recurrenceId}`, displayStatus({ rawStatus, startMs, dueMs: startMs + duration * 60_000, nowMs }));
  }
  return out;
}

export interface ChecklistSeries {
  public_id: string;
  title: string;
  venue_id: string | null;
  start: string;
  timezone: string;
  rrule: string | null;
  duration_minutes: number;
}

/** The series whose content is this checklist (its schedules). */
export async function checklistSeries(tx: Drizzle, tenantId: string, checklistId: string): Promise<ChecklistSeries[]> {
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.checklistId, checklistId)))
    .orderBy(activities.createdAt);
  return rows.map((row) => ({ public_id: row.id, title: row.title, venue_id: row.venueId, start: row.start, timezone: row.timezone, rrule: row.rrule, duration_minutes: row.durationMinutes }));
}

export interface ScheduledOccurrence {
  activityId: string;
  recurrenceId: string;
  venueId: string | null;
  startMs: number;
  completed: boolean;
  cancelled: boolean;
}

/** The occurrences of a checklist's schedules that start in [fromMs, toMs), optionally at one venue. */
export async function checklistOccurrences(tx: Drizzle, tenantId: string, checklistId: string, fromMs: number, toMs: number, venueId?: string): Promise<ScheduledOccurrence[]> {
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.checklistId, checklistId), venueId ? eq(activities.venueId, venueId) : undefined));
  if (rows.length === 0) return [];
  const parts = await occurrencesOf(tx, tenantId, rows, fromMs, toMs);
  return parts.map((p) => ({
    activityId: p.row.id,
    recurrenceId: p.recurrenceId,
    venueId: p.row.venueId,
    startMs: p.exception?.startAt?.getTime() ?? p.originalStartMs,
    completed: p.completion?.status === 'COMPLETED',
    cancelled: p.completion?.status === 'CANCELLED' || (p.exception?.cancelled ?? false),
  }));
}

export const occurrenceNotFound = () => new AppError('not-found', 'Occurrence not found.');
