import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';
import { sortKey } from '../../platform/db/sort-key.ts';

/** A key/label catalogue that data_source form fields pick from. */
export const dataSources = pgTable(
  'data_sources',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    /** 'label' (alphabetical) or 'manual' (by the rows' position; decision 018). */
    rowOrder: text('row_order').notNull().default('label'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('data_sources_name').on(t.tenantId, sortKey(t.name))],
);

/** Key/label rows (spec forms §3). A key is unique in its source whatever its state: an import that brings a deleted key back undeletes the row. */
export const dataSourceRows = pgTable(
  'data_source_rows',
  {
    tenantId: tenantId(),
    dataSourceId: uuid('data_source_id').notNull(),
    id: id(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** Place in a manually ordered source: unique among the source's rows, new rows at the end. */
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('data_source_rows_key').on(t.tenantId, t.dataSourceId, t.key),
    index('data_source_rows_label').on(t.tenantId, t.dataSourceId, sortKey(t.label)),
    index('data_source_rows_position').on(t.tenantId, t.dataSourceId, t.position),
  ],
);
