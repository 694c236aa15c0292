import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

/** Whether a workflow type's start event may be started without signing in (off by default: no row). */
export const workflowPublicLinks = pgTable(
  'workflow_public_links',
  {
    tenantId: tenantId(),
    typeId: uuid('type_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.typeId] })],
);

/** Every public start attempt (valid or not): what the per-address and per-type limits count. */
export const workflowPublicAttempts = pgTable(
  'workflow_public_attempts',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    /** SHA-256 of the client address (the address itself is not kept). */
    addressHash: text('address_hash').notNull(),
    at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_public_attempts_type').on(t.tenantId, t.typeId, t.at),
    index('workflow_public_attempts_address').on(t.tenantId, t.addressHash, t.at),
  ],
);

/** An execution started through a public link, found again by its tracking code. */
export const workflowPublicStarts = pgTable(
  'workflow_public_starts',
  {
    tenantId: tenantId(),
    code: text('code').notNull(),
    executionId: uuid('execution_id').notNull(),
    typeId: uuid('type_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] }), index('workflow_public_starts_execution').on(t.tenantId, t.executionId)],
);
