import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

export interface AudienceRulesValue {
  positions: string[];
  venues: string[];
  business_lines: string[];
  persons: string[];
}

/** A named group of people defined by rules; a person belongs when any rule matches. */
export const audiences = pgTable(
  'audiences',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    rules: jsonb('rules').$type<AudienceRulesValue>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
