import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

export interface PhoneValue {
  number: string;
  label: string | null;
}

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
    /** Unused since the directory fields got their own columns; kept for existing data. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
    otherEmails: text('other_emails').array().notNull().default(sql`'{}'::text[]`),
    phones: jsonb('phones').$type<PhoneValue[]>().notNull().default([]),
    address: text('address'),
    photoUploadId: text('photo_upload_id'),
    origin: text('origin'),
    companyId: uuid('company_id'),
    businessLineIds: uuid('business_line_ids').array().notNull().default(sql`'{}'::uuid[]`),
    workspaceIds: uuid('workspace_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Accent-free lower-case name: the list's order and the short-search prefix. */
    sortName: text('sort_name').notNull().default(''),
    /** Accent-free lower-case name, e-mails, documents and phones: what `search` matches (pg_trgm GIN when available). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('persons_passport').on(t.tenantId, t.passport),
    uniqueIndex('persons_primary_email').on(t.tenantId, t.primaryEmail),
    uniqueIndex('persons_user').on(t.tenantId, t.userId),
    index('persons_sort').on(t.tenantId, sql`${t.sortName} COLLATE "C"`, t.id),
    index('persons_business_lines').using('gin', t.businessLineIds),
    index('persons_workspaces').using('gin', t.workspaceIds),
  ],
);

/** Identity documents (spec forms §3): several per person, each (type, number) once per tenant. */
export const personDocuments = pgTable(
  'person_documents',
  {
    tenantId: tenantId(),
    personId: uuid('person_id').notNull(),
    type: text('type').notNull(),
    number: text('number').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.personId, t.type, t.number] }), uniqueIndex('person_documents_number').on(t.tenantId, t.type, t.number)],
);

/** A persons export (CSV or XLSX) made by a background job; the file lives in object storage. */
export const personExports = pgTable(
  'person_exports',
  {
    tenantId: tenantId(),
    id: id(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'FAILED'] }).notNull().default('PENDING'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    percent: integer('percent').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('person_exports_created').on(t.tenantId, t.createdAt)],
);
