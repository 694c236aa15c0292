import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, updatedAt } from '../../platform/db/columns.ts';

/** The permission set of one person, keyed by passport (spec shell §6: get or create). */
export const personPermissions = pgTable(
  'person_permissions',
  {
    tenantId: tenantId(),
    passport: text('passport').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isStaff: boolean('is_staff').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.passport] })],
);
