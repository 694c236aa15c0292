import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ChecklistItem, ChecklistSection, FailedItem, SectionScore } from '@faena/domain/checklists/index';
import type { FormField } from '@faena/domain';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A category of checklists ("Operaciones de tienda"), ordered, archivable (decision 026). */
export const checklistCategories = pgTable(
  'checklist_categories',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export interface ChecklistExecutors {
  persons: string[];
  positions: string[];
  audiences: string[];
}

/**
 * A checklist: what does not change with versions (who may execute it and where, supervisors)
 * and its current version. The content of each version lives in checklist_versions.
 */
export const checklists = pgTable(
  'checklists',
  {
    tenantId: tenantId(),
    id: id(),
    categoryId: uuid('category_id'),
    name: text('name').notNull(),
    description: text('description'),
    currentVersion: integer('current_version').notNull().default(1),
    itemCount: integer('item_count').notNull().default(0),
    passMark: real('pass_mark'),
    executors: jsonb('executors').$type<ChecklistExecutors>().notNull().default({ persons: [], positions: [], audiences: [] }),
    venueIds: jsonb('venue_ids').$type<string[]>().notNull().default([]),
    locationIds: jsonb('location_ids').$type<string[]>().notNull().default([]),
    supervisorIds: jsonb('supervisor_ids').$type<string[]>().notNull().default([]),
    archivedAt: instant('archived_at'),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('checklists_category').on(t.tenantId, t.categoryId)],
);

/** One version's content: the form definition, sections, item settings, pass mark, signatures. Never changed once executed. */
export const checklistVersions = pgTable(
  'checklist_versions',
  {
    tenantId: tenantId(),
    checklistId: uuid('checklist_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sections: jsonb('sections').$type<ChecklistSection[]>().notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    items: jsonb('items').$type<ChecklistItem[]>().notNull(),
    passMark: real('pass_mark'),
    signatureExecutor: boolean('signature_executor').notNull().default(false),
    signatureSecond: boolean('signature_second').notNull().default(false),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.checklistId, t.version] })],
);

/**
 * An execution: a draft saved as the person goes (revision counts the saves), then submitted once
 * with its score. Denormalised for the list's filters: category, venue, failed count, critical.
 */
export const checklistExecutions = pgTable(
  'checklist_executions',
  {
    tenantId: tenantId(),
    id: id(),
    checklistId: uuid('checklist_id').notNull(),
    version: integer('version').notNull(),
    categoryId: uuid('category_id'),
    status: text('status').$type<'draft' | 'submitted'>().notNull().default('draft'),
    executedByPersonId: uuid('executed_by_person_id').notNull(),
    venueId: uuid('venue_id'),
    locationId: uuid('location_id'),
    activityId: uuid('activity_id'),
    recurrenceId: text('recurrence_id'),
    /** The asset inspected (assets module): failed items open corrective maintenances of it. */
    assetId: uuid('asset_id'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    photos: jsonb('photos').$type<Record<string, string[]>>().notNull().default({}),
    currentSection: text('current_section'),
    revision: integer('revision').notNull().default(0),
    signatureExecutor: text('signature_executor'),
    signatureSecond: text('signature_second'),
    signatureSecondName: text('signature_second_name'),
    score: real('score'),
    result: text('result').$type<'aprobado' | 'reprobado'>(),
    failedCount: integer('failed_count').notNull().default(0),
    criticalFailed: boolean('critical_failed').notNull().default(false),
    failedItems: jsonb('failed_items').$type<FailedItem[]>().notNull().default([]),
    sectionScores: jsonb('section_scores').$type<SectionScore[]>().notNull().default([]),
    supervisorsNotifiedAt: instant('supervisors_notified_at'),
    startedAt: instant('started_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
    submittedAt: instant('submitted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('checklist_executions_recent').on(t.tenantId, t.status, t.startedAt.desc()),
    index('checklist_executions_checklist').on(t.tenantId, t.checklistId, t.startedAt.desc()),
    index('checklist_executions_person').on(t.tenantId, t.executedByPersonId, t.startedAt.desc()),
    index('checklist_executions_venue').on(t.tenantId, t.venueId, t.startedAt.desc()),
    index('checklist_executions_category').on(t.tenantId, t.categoryId, t.startedAt.desc()),
    index('checklist_executions_asset')
      .on(t.tenantId, t.assetId, t.startedAt.desc())
      .where(sql`asset_id IS NOT NULL`),
    index('checklist_executions_failed')
      .on(t.tenantId, t.startedAt.desc())
      .where(sql`failed_count > 0`),
    // one open draft per person, checklist and occurrence (two taps on "Ejecutar" resume the same one)
    uniqueIndex('checklist_executions_open_draft')
      .on(t.tenantId, t.checklistId, t.executedByPersonId, sql`coalesce(activity_id::text || recurrence_id, '')`)
      .where(sql`status = 'draft'`),
    // an occurrence is completed by one submitted execution
    uniqueIndex('checklist_executions_occurrence')
      .on(t.tenantId, t.activityId, t.recurrenceId)
      .where(sql`status = 'submitted' AND activity_id IS NOT NULL`),
  ],
);

/** A corrective action: an activity raised from a failed item of an execution. */
export const checklistActions = pgTable(
  'checklist_actions',
  {
    tenantId: tenantId(),
    id: id(),
    executionId: uuid('execution_id').notNull(),
    fieldKey: text('field_key').notNull(),
    activityId: uuid('activity_id').notNull(),
    recurrenceId: text('recurrence_id').notNull(),
    title: text('title').notNull(),
    responsiblePersonId: uuid('responsible_person_id'),
    dueAt: instant('due_at').notNull(),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('checklist_actions_execution').on(t.tenantId, t.executionId), index('checklist_actions_activity').on(t.tenantId, t.activityId)],
);

/** A background export of the executions list (CSV / XLSX), like the directory's. */
export const checklistExports = pgTable(
  'checklist_exports',
  {
    tenantId: tenantId(),
    id: id(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** The caller's scope when it was asked: null = every execution (MANAGE), else only this person's. */
    personScope: uuid('person_scope'),
    status: text('status').$type<'PENDING' | 'RUNNING' | 'DONE' | 'FAILED' | 'EXPIRED'>().notNull().default('PENDING'),
    percent: integer('percent').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** An execution's PDF report sent by e-mail: who sent it, to whom (what the per-person limit counts). */
export const checklistReportMails = pgTable(
  'checklist_report_mails',
  {
    tenantId: tenantId(),
    id: id(),
    executionId: uuid('execution_id').notNull(),
    sentByPersonId: uuid('sent_by_person_id').notNull(),
    /** The addresses it went to (people of the directory resolved to their e-mail, and typed ones). */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    message: text('message'),
    /** The outbox messages it made, one per recipient. */
    outboxIds: jsonb('outbox_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('checklist_report_mails_sender').on(t.tenantId, t.sentByPersonId, t.createdAt)],
);
