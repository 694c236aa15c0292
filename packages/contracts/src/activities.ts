import { COMPLETION_STATUSES, DISPLAY_STATUSES, DURATION_MAX_MINUTES, OCCURRENCE_RANGE_MAX_DAYS, RAW_STATUSES, REMINDER_MAX_MINUTES, REMINDERS_MAX } from '@faena/domain';
import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/**
 * Activities — /api/activities/v3 (API.md §Activities; design in decision 020).
 * "wall" = "YYYY-MM-DDTHH:mm" local to the series' time zone; instants are ISO 8601 with offset;
 * a recurrence id is the occurrence's ORIGINAL start in UTC, basic form "20261207T120000Z".
 */

const WALL = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
export const ZWallTime = z.string().regex(WALL, 'Expected a wall time YYYY-MM-DDTHH:mm');

export const ZNamedRef = z.object({ id: z.string(), name: z.string() });
export type TNamedRef = z.infer<typeof ZNamedRef>;
export const ZPersonRef = z.object({ passport: z.string(), name: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZActivityContent = z.union([
  z.object({ content_type: z.literal('form'), form_id: z.string(), form_version: z.number().int().optional() }),
  /** Completed by submitting an execution of the checklist started from the occurrence (decision 026). */
  z.object({ content_type: z.literal('checklist'), checklist_id: z.string() }),
]);
export type TActivityContent = z.infer<typeof ZActivityContent>;

export const ZRawStatus = z.enum(RAW_STATUSES);
export const ZDisplayStatus = z.enum(DISPLAY_STATUSES);
export const ZCompletionStatus = z.enum(COMPLETION_STATUSES);

/** Activity series view. */
export const ZActivity = z
  .object({
    public_id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    content: ZActivityContent.nullable(),
    venue: ZNamedRef.nullable(),
    location: ZNamedRef.nullable(),
    categories: z.array(ZNamedRef),
    responsibles: z.array(ZPersonRef),
    audience: ZNamedRef.nullable(),
    priority: z.number().int(),
    start: z.string(),
    timezone: z.string(),
    duration_minutes: z.number().int(),
    rrule: z.string().nullable(),
    rdates: z.array(z.string()),
    exdates: z.array(z.string()),
    reminders: z.array(z.number().int()),
    series_group: z.string(),
    related_to: z.string().nullable(),
    created_by: ZPersonRef.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    can_edit: z.boolean(),
  })
  .meta({ id: 'Activity' });
export type TActivity = z.infer<typeof ZActivity>;

export const ZActivityException = z.object({
  recurrence_id: z.string(),
  start: z.string().optional(),
  duration_minutes: z.number().int().optional(),
  title: z.string().optional(),
  priority: z.number().int().optional(),
  responsibles: z.array(ZPersonRef).optional(),
  cancelled: z.boolean(),
});
export type TActivityException = z.infer<typeof ZActivityException>;

export const ZActivityDetail = ZActivity.extend({ exceptions: z.array(ZActivityException) }).meta({ id: 'ActivityDetail' });
export type TActivityDetail = z.infer<typeof ZActivityDetail>;

/** Create, "all" edit and split body. Priority 0–9 is rounded down to an allowed value by the server. */
export const ZActivityWrite = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(100_000).nullable().optional(),
  content: z
    .object({ form_id: z.string().min(1).max(100) })
    .nullable()
    .optional(),
  venue_id: z.string().max(100).nullable().optional(),
  location_id: z.string().max(100).nullable().optional(),
  category_ids: z.array(z.string().max(100)).max(50).optional(),
  responsibles: z.array(z.string().min(1).max(100)).max(500).optional(),
  audience: z.string().max(100).nullable().optional(),
  priority: z.number().int().min(0).max(9).optional(),
  start: ZWallTime,
  timezone: z.string().min(1).max(64).optional(),
  duration_minutes: z.number().int().min(0).max(DURATION_MAX_MINUTES),
  rrule: z.string().max(500).nullable().optional(),
  rdates: z.array(ZWallTime).max(500).optional(),
  exdates: z.array(ZWallTime).max(500).optional(),
  reminders: z.array(z.number().int().min(0).max(REMINDER_MAX_MINUTES)).max(REMINDERS_MAX).optional(),
});
export type TActivityWrite = z.infer<typeof ZActivityWrite>;

export const ZSplitRequest = ZActivityWrite.extend({ recurrence_id: z.string().min(1).max(40) });
export type TSplitRequest = z.infer<typeof ZSplitRequest>;

/** "Solo esta": what an exception changes (absent = as the series). */
export const ZOccurrenceWrite = z.object({
  start: ZWallTime.optional(),
  duration_minutes: z.number().int().min(0).max(DURATION_MAX_MINUTES).optional(),
  title: z.string().trim().min(1).max(200).optional(),
  priority: z.number().int().min(0).max(9).optional(),
  responsibles: z.array(z.string().min(1).max(100)).max(500).optional(),
});
export type TOccurrenceWrite = z.infer<typeof ZOccurrenceWrite>;

export const ZCompletion = z
  .object({
    id: z.string(),
    activity: z.string(),
    recurrence_id: z.string(),
    status: ZRawStatus,
    completed_at: z.string().nullable(),
    description: z.string().nullable(),
    user: ZPersonRef.nullable(),
    response_id: z.string().nullable(),
  })
  .meta({ id: 'ActivityCompletion' });
export type TCompletion = z.infer<typeof ZCompletion>;

export const ZCompletionRequest = z.object({
  status: ZCompletionStatus,
  description: z.string().max(5000).nullable().optional(),
  response: z.record(z.string(), z.unknown()).optional(),
});
export type TCompletionRequest = z.infer<typeof ZCompletionRequest>;

/** Occurrence (spec forms §3 shape). */
export const ZOccurrence = z
  .object({
    id: z.string(),
    public_id: z.string(),
    recurrenceId: z.string(),
    title: z.string(),
    priority: z.number().int(),
    startDate: z.string(),
    dueDate: z.string(),
    duration: z.number().int(),
    venue: ZNamedRef.nullable(),
    location: ZNamedRef.nullable(),
    status: ZDisplayStatus,
    raw_status: ZRawStatus.nullable(),
    responsible: z.array(ZPersonRef),
    categories: z.array(ZNamedRef),
    isReminder: z.boolean(),
    content: z.union([z.object({ content_type: z.literal('form'), form_id: z.string() }), z.object({ content_type: z.literal('checklist'), checklist_id: z.string() })]).nullable(),
    description: z.string().nullable(),
    timezone: z.string(),
    is_exception: z.boolean(),
    completion: ZCompletion.nullable(),
  })
  .meta({ id: 'Occurrence' });
export type TOccurrence = z.infer<typeof ZOccurrence>;

export const ZHistoryEntry = z.object({ at: z.string(), who: ZPersonRef.nullable(), action: z.string(), detail: z.string().nullable() });
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/** A file the activity holds (a checklist's corrective action: the failed item's photos, decision 026); `url` downloads it for whoever sees the activity. */
export const ZActivityFile = z.object({ id: z.string(), name: z.string(), size: z.number().int(), content_type: z.string(), url: z.string() }).meta({ id: 'ActivityFile' });
export type TActivityFile = z.infer<typeof ZActivityFile>;

export const ZOccurrenceDetail = ZOccurrence.extend({ series: ZActivity, history: z.array(ZHistoryEntry), files: z.array(ZActivityFile).optional() }).meta({ id: 'OccurrenceDetail' });
export type TOccurrenceDetail = z.infer<typeof ZOccurrenceDetail>;

const booleanText = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value !== 'false');

/** GET /occurrences/ — from/to are instants (ISO 8601); [from, to) at most 400 days. */
export const ZOccurrenceQuery = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  mine: booleanText,
  status: ZDisplayStatus.optional(),
  venue: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  responsible: z.string().max(100).optional(),
  priority: z.coerce.number().int().min(0).max(9).optional(),
  search: z.string().max(200).optional(),
});
export type TOccurrenceQuery = z.input<typeof ZOccurrenceQuery>;
export const OCCURRENCE_QUERY_MAX_DAYS = OCCURRENCE_RANGE_MAX_DAYS;

export const ZOccurrenceList = z.object({ results: z.array(ZOccurrence) }).meta({ id: 'OccurrenceList' });
export type TOccurrenceList = z.infer<typeof ZOccurrenceList>;

export const ZActivityListQuery = ZPageQuery.extend({ search: z.string().max(200).optional() });
export type TActivityListQuery = z.input<typeof ZActivityListQuery>;

export const ZCategory = z.object({ id: z.string(), name: z.string() }).meta({ id: 'ActivityCategory' });
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = z.object({ results: z.array(ZCategory) });
export const ZCreateCategoryRequest = z.object({ name: z.string().trim().min(1).max(100) });

export const ZCalendarFeed = z.object({ url: z.string() }).meta({ id: 'CalendarFeed' });
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

export const ZRecurrencePreviewRequest = z.object({
  start: ZWallTime,
  timezone: z.string().min(1).max(64).optional(),
  rrule: z.string().max(500).nullable().optional(),
  rdates: z.array(ZWallTime).max(500).optional(),
  exdates: z.array(ZWallTime).max(500).optional(),
  count: z.number().int().min(1).max(10).optional(),
});
export type TRecurrencePreviewRequest = z.infer<typeof ZRecurrencePreviewRequest>;
export const ZRecurrencePreview = z.object({ occurrences: z.array(z.string()) });
export type TRecurrencePreview = z.infer<typeof ZRecurrencePreview>;

/** Coded errors of this module (besides field errors). */
export const ACTIVITY_ERROR_CODES = [
  'recurrence-impossible',
  'invalid-rrule',
  'exdate-not-in-rule',
  'split-at-first',
  'already-completed',
  'occurrence-cancelled',
  'range-too-long',
  'invalid-timezone',
] as const;
export type TActivityErrorCode = (typeof ACTIVITY_ERROR_CODES)[number];
