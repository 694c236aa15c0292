import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A link of interest (/links): shown to its audience (null = everyone), grouped by category. */
export const links = pgTable(
  'links',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon').notNull().default('link'),
    category: text('category'),
    audienceId: uuid('audience_id'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('links_order').on(t.tenantId, t.category, t.position)],
);
