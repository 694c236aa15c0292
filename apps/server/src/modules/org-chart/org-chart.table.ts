import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';
import { searchWordsKey, sortKey } from '../../platform/db/sort-key.ts';

/** A position of the organisation chart (spec forms §3). */
export const positions = pgTable(
  'positions',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    /** The title's words as the people search compares them (searchWordsKey), kept by the database. */
    titleWords: text('title_words')
      .notNull()
      .generatedAlwaysAs((): SQL => searchWordsKey(positions.title)),
    department: text('department'),
    code: text('code'),
    isRoot: boolean('is_root').notNull().default(false),
    /** Merged into a person's permission set when the person takes the position. */
    defaultPermissionList: text('default_permission_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('positions_code').on(t.tenantId, t.code), index('positions_title').on(t.tenantId, sortKey(t.title))],
);

/** Edges of the chart: `parent_id` is above `position_id`. A position may have several parents (a DAG; cycles are refused). */
export const positionParents = pgTable(
  'position_parents',
  {
    tenantId: tenantId(),
    positionId: uuid('position_id').notNull(),
    parentId: uuid('parent_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.positionId, t.parentId] }), index('position_parents_parent').on(t.tenantId, t.parentId)],
);

/** Who holds a position. */
export const positionPeople = pgTable(
  'position_people',
  {
    tenantId: tenantId(),
    positionId: uuid('position_id').notNull(),
    personId: uuid('person_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.positionId, t.personId] }), index('position_people_person').on(t.tenantId, t.personId)],
);
