import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

/** An export of a workflow type's executions (myExecutionsExport), made by a background job. */
export const workflowExports = pgTable(
  'workflow_exports',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    /** csv | xlsx */
    format: text('format').notNull(),
    /** The executions list's filters (status, …) as asked. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** PENDING | RUNNING | DONE | FAILED | EXPIRED (its file deleted after the retention) */
    status: text('status').notNull().default('PENDING'),
    percent: integer('percent').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    /** The file in the document manager (stored_files upload id) once DONE; null again once EXPIRED. */
    fileId: text('file_id'),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_exports_type').on(t.tenantId, t.typeId, t.createdAt)],
);
