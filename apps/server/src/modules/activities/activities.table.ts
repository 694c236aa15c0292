import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/**
 * An activity series (decision 020). Occurrences are computed from start + timezone + rrule +
 * rdates − exdates; `first_start_at` and `last_start_at` (null: no end) bound them so a listing
 * reads only the series that can have an occurrence in its window.
 */
export const activities = pgTable(
  'activities',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    formId: uuid('form_id'),
    /** Content {content_type:'checklist'}: an occurrence is completed by submitting an execution of this checklist (decision 026). */
    checklistId: uuid('checklist_id'),
    venueId: uuid('venue_id'),
    locationId: uuid('location_id'),
    audienceId: uuid('audience_id'),
    priority: integer('priority').notNull().default(5),
    /** Wall time "YYYY-MM-DDTHH:mm" in `timezone`. */
    start: text('start').notNull(),
    timezone: text('timezone').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    rrule: text('rrule'),
    rdates: jsonb('rdates').$type<string[]>().notNull().default([]),
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    /** Minutes before each occurrence's start. */
    reminders: jsonb('reminders').$type<number[]>().notNull().default([]),
    seriesGroup: uuid('series_group').notNull(),
    relatedTo: uuid('related_to'),
    firstStartAt: timestamp('first_start_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastStartAt: timestamp('last_start_at', { withTimezone: true, mode: 'date' }),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('activities_audience').on(t.tenantId, t.audienceId),
    index('activities_span').on(t.tenantId, t.firstStartAt, t.lastStartAt),
    index('activities_updated').on(t.tenantId, t.updatedAt),
  ],
);

/** Responsible people of a series, by person. */
export const activityResponsibles = pgTable(
  'activity_responsibles',
  {
    tenantId: tenantId(),
    activityId: uuid('activity_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.personId] }), index('activity_responsibles_person').on(t.tenantId, t.personId)],
);

/** The tenant's activity categories. */
export const activityCategories = pgTable(
  'activity_categories',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('activity_categories_name').on(t.tenantId, t.name)],
);

export const activityCategoryLinks = pgTable(
  'activity_category_links',
  {
    tenantId: tenantId(),
    activityId: uuid('activity_id').notNull(),
    categoryId: uuid('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.categoryId] }), index('activity_category_links_category').on(t.tenantId, t.categoryId)],
);

/**
 * A per-occurrence exception ("solo esta"), keyed by recurrence id: moved, retimed, retitled,
 * reprioritised, reassigned or cancelled. Null fields keep the series' value.
 */
export const activityExceptions = pgTable(
  'activity_exceptions',
  {
    tenantId: tenantId(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id').notNull(),
    /** The moved start: wall time in the series' zone, and its instant. */
    start: text('start'),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }),
    durationMinutes: integer('duration_minutes'),
    title: text('title'),
    priority: integer('priority'),
    /** Person ids; null keeps the series' responsibles. */
    responsibles: jsonb('responsibles').$type<string[]>(),
    cancelled: boolean('cancelled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.recurrenceId] }), index('activity_exceptions_start').on(t.tenantId, t.startAt)],
);

/** A completion record per occurrence: one per activity and recurrence id (the second completer is told). */
export const activityCompletions = pgTable(
  'activity_completions',
  {
    tenantId: tenantId(),
    id: id(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id').notNull(),
    status: text('status').$type<'NEEDS-ACTION' | 'COMPLETED' | 'CANCELLED'>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    description: text('description'),
    personId: uuid('person_id'),
    responseId: uuid('response_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('activity_completions_occurrence').on(t.tenantId, t.activityId, t.recurrenceId)],
);

/** What happened to a series or one of its occurrences (the occurrence screen's history). */
export const activityHistory = pgTable(
  'activity_history',
  {
    tenantId: tenantId(),
    id: id(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id'),
    personId: uuid('person_id'),
    action: text('action').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('activity_history_activity').on(t.tenantId, t.activityId, t.at)],
);

/**
 * A person's secret calendar feed. The token is an HMAC of (tenant, person, generation) under a
 * server secret, so the address can be shown again; only its SHA-256 is kept here, for the lookup.
 * A reset moves to the next generation: the old address dies.
 */
export const activityFeedTokens = pgTable(
  'activity_feed_tokens',
  {
    tenantId: tenantId(),
    personId: uuid('person_id').notNull(),
    generation: integer('generation').notNull().default(1),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.personId] }), uniqueIndex('activity_feed_tokens_hash').on(t.tenantId, t.tokenHash)],
);

/** Reminders already sent: one per occurrence and offset, however many jobs wake for it. */
export const activityRemindersSent = pgTable(
  'activity_reminders_sent',
  {
    tenantId: tenantId(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id').notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.recurrenceId, t.offsetMinutes] })],
);

/**
 * Reminder jobs already enqueued, per occurrence, offset and the start they were scheduled for:
 * a sweep that runs again (or on another process) enqueues nothing twice; a moved occurrence has
 * a new start, so it gets a job of its own.
 */
export const activityRemindersScheduled = pgTable(
  'activity_reminders_scheduled',
  {
    tenantId: tenantId(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id').notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.recurrenceId, t.offsetMinutes, t.startAt] }), index('activity_reminders_scheduled_created').on(t.tenantId, t.createdAt)],
);
