import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide secrets generated on first start (token signing key, VAPID keys, ...). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
