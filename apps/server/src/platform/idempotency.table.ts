import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './db/columns.ts';

/**
 * One row per `Idempotency-Key` a person sent to a route that honours it (decision 031): the
 * request's fingerprint and, once answered with a 2xx, the answer to give again to a replay.
 * `status` null: the first request is still running. Keys are a person's own within a tenant.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    personId: uuid('person_id').notNull(),
    key: text('key').notNull(),
    /** `METHOD /route/:pattern` the key was first used on. */
    route: text('route').notNull(),
    /** sha256 of the path parameters and the body. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.personId, t.key] }), index('idempotency_keys_created').on(t.tenantId, t.createdAt)],
);
