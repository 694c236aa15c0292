import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A form: its versions hold the field definitions; responses point at the version they answered. */
export const forms = pgTable(
  'forms',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    latestVersion: integer('latest_version').notNull().default(1),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('forms_updated').on(t.tenantId, t.updatedAt)],
);

/** Versions are immutable: editing a form adds one, so old responses keep their definition. */
export const formVersions = pgTable(
  'form_versions',
  {
    tenantId: tenantId(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<unknown[]>().notNull(),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.formId, t.version] })],
);

export const formResponses = pgTable(
  'form_responses',
  {
    tenantId: tenantId(),
    id: id(),
    formId: uuid('form_id').notNull(),
    formVersion: integer('form_version').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    personId: uuid('person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('form_responses_form').on(t.tenantId, t.formId, t.createdAt), index('form_responses_person').on(t.tenantId, t.personId, t.createdAt)],
);
