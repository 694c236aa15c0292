import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';
// A foreign key is a constraint of the one database schema, not a read or write: the one import of another module's table a table file may make.
import { persons } from '../people/people.table.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per person and notification (spec shell §3). `seq` numbers a person's notifications
 * 1, 2, 3, ... in commit order (allocated under the row lock of the person's inbox counter): it
 * is the event id of the stream, so `seq > Last-Event-ID` is exactly what a client missed.
 */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantId(),
    id: id(),
    personId: uuid('person_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    priority: smallint('priority').notNull().default(3),
    visibility: smallint('visibility').notNull().default(0),
    contextType: text('context_type').notNull(),
    contextAction: text('context_action').notNull(),
    contextId: text('context_id'),
    /** Where the notification opens in the app (an app-relative path), when its module says. */
    contextPath: text('context_path'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    checkedAt: at('checked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('notifications_person_seq').on(t.tenantId, t.personId, t.seq),
    index('notifications_person_unread')
      .on(t.tenantId, t.personId, t.seq)
      .where(sql`${t.checkedAt} IS NULL`),
    foreignKey({ name: 'notifications_person_fk', columns: [t.tenantId, t.personId], foreignColumns: [persons.tenantId, persons.id] }).onDelete('cascade'),
    check('notifications_kind', sql`${t.kind} IN ('new_activity', 'new_incident', 'new_post', 'new_report', 'system_update', 'test')`),
    check('notifications_priority', sql`${t.priority} BETWEEN 1 AND 5`),
    check('notifications_visibility', sql`${t.visibility} BETWEEN -1 AND 1`),
  ],
);

/**
 * A person's inbox counters: the last `seq` handed out, and the totals the inbox answers with,
 * kept in the same transactions that add or check notifications (no count over 100k rows).
 */
export const notificationInboxes = pgTable(
  'notification_inboxes',
  {
    tenantId: tenantId(),
    personId: uuid('person_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.personId] }),
    foreignKey({ name: 'notification_inboxes_person_fk', columns: [t.tenantId, t.personId], foreignColumns: [persons.tenantId, persons.id] }).onDelete('cascade'),
  ],
);

/**
 * A device that receives push (spec shell §3: device info plus token). `token_hash` identifies
 * it: the sha-256 of a native token, or of a browser subscription's endpoint (a browser that
 * re-subscribes with new keys is the same device).
 */
export const notificationDevices = pgTable(
  'notification_devices',
  {
    tenantId: tenantId(),
    id: id(),
    personId: uuid('person_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    token: text('token').notNull(),
    transport: text('transport').notNull(),
    platform: text('platform').notNull(),
    deviceInfo: jsonb('device_info').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSuccessAt: at('last_success_at'),
    lastFailureAt: at('last_failure_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('notification_devices_token').on(t.tenantId, t.tokenHash),
    index('notification_devices_person').on(t.tenantId, t.personId),
    foreignKey({ name: 'notification_devices_person_fk', columns: [t.tenantId, t.personId], foreignColumns: [persons.tenantId, persons.id] }).onDelete('cascade'),
    check('notification_devices_transport', sql`${t.transport} IN ('web_push', 'fcm')`),
  ],
);
