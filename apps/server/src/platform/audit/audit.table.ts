import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../db/columns.ts';

/** One row per write: who did it, and who was really at the keyboard when impersonating. */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: id(),
    actorUserId: uuid('actor_user_id'),
    actorPersonId: uuid('actor_person_id'),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorPersonId: uuid('impersonator_person_id'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    requestId: text('request_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The record the write was about (a person, a position…), for its history; null when none. */
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_created').on(t.tenantId, t.createdAt),
    index('audit_log_subject')
      .on(t.tenantId, t.subjectId, t.createdAt)
      .where(sql`subject_id IS NOT NULL`),
  ],
);
