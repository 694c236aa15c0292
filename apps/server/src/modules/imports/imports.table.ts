import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from '../../platform/db/columns.ts';
import type { RowError } from './importer.ts';

/** A bulk-import job (spec forms §3/§4). `scope` narrows the kind (the data source's id). */
export const importJobs = pgTable(
  'import_jobs',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    scope: text('scope'),
    mode: text('mode', { enum: ['upsert', 'replace'] }).notNull(),
    fileUid: text('file_uid').notNull(),
    fileName: text('file_name'),
    /** The file's header cell of each column it brought, as written (column name → header), once validation has read it. */
    fileColumns: jsonb('file_columns').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('PENDING'),
    errorCode: text('error_code'),
    failDescription: text('fail_description'),
    phase: text('phase').notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    createdBy: uuid('created_by'),
    /** The run holding the job: a second delivery of the same step sees a live lease and stands down. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    /** When retention removed the job's staged rows (its counts stay): the preview has none since. */
    rowsPurgedAt: timestamp('rows_purged_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('import_jobs_kind').on(t.tenantId, t.kind, t.scope, t.createdAt)],
);

/** Staged rows of a job: what the preview lists and what the apply step reads. */
export const importRows = pgTable(
  'import_rows',
  {
    tenantId: tenantId(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    id: integer('id').notNull(),
    /** The row in the sheet (the header is row 1); null for rows that replace mode deletes. */
    row: integer('row'),
    key: text('key').notNull(),
    /** A second identity of the row that must be unique too (a person's document when the key is the e-mail). */
    altKey: text('alt_key'),
    label: text('label').notNull(),
    operation: text('operation').notNull(),
    errorCode: text('error_code'),
    errorColumn: text('error_column'),
    /** Every problem of the row with its column and value, the first being `error_code`: those its checks found, or the one the diff found (null without any, and on rows staged before migration 0025). */
    errors: jsonb('errors').$type<RowError[]>(),
    /** False when the row failed the importer's own checks: the diff leaves it in ERROR. */
    parsedOk: boolean('parsed_ok').notNull().default(true),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    targetId: uuid('target_id'),
    /** An UPDATE's or UNDELETE's columns of the file whose values differ from the stored ones (importers that know them; null otherwise). */
    changes: text('changes').array(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.jobId, t.id] }), index('import_rows_key').on(t.tenantId, t.jobId, t.key)],
);
