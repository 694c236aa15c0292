import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A member of the organisation. A person with user_id set can sign in to the tenant. */
export const persons = pgTable(
  'persons',
  {
    tenantId: tenantId(),
    id: id(),
    passport: text('passport').notNull(),
    name: text('name').notNull(),
    primaryEmail: text('primary_email'),
    userId: uuid('user_id'),
    picture: text('picture'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** Directory fields the full people module fills (documents, phones, address, ...). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('persons_passport').on(t.tenantId, t.passport),
    uniqueIndex('persons_primary_email').on(t.tenantId, t.primaryEmail),
    uniqueIndex('persons_user').on(t.tenantId, t.userId),
    index('persons_name').on(t.tenantId, sql`lower(${t.name})`, t.id),
  ],
);
