import { boolean, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantId, updatedAt } from '../../platform/db/columns.ts';
// A foreign key is a constraint of the one database schema, not a read or write: the one import of another module's table a table file may make.
import { persons } from '../people/people.table.ts';

/**
 * A person's choice per notification kind (spec shell §3 kinds): whether it also comes as push.
 * The inbox always keeps it (nothing a person muted is lost); no row = push on. Notifications a
 * person must see (someone entered their account) ignore it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: tenantId(),
    personId: uuid('person_id').notNull(),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.personId, t.kind] }),
    foreignKey({ name: 'notification_preferences_person_fk', columns: [t.tenantId, t.personId], foreignColumns: [persons.tenantId, persons.id] }).onDelete('cascade'),
  ],
);
