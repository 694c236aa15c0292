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
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    groups: text('groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    otherEmails: text('other_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    phones: jsonb('phones').$type<PhoneValue[]>().notNull().default([]),
    address: text('address'),
    photoUploadId: text('photo_upload_id'),
    origin: text('origin'),
    companyId: uuid('company_id'),
    businessLineIds: uuid('business_line_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    workspaceIds: uuid('workspace_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Accent-free lower-case name: the list's order and the short-search prefix. */
    sortName: text('sort_name').notNull().default(''),
    /** The person's search words (see searchWordsOf), one `person_search_terms` row each. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('persons_passport').on(t.tenantId, t.passport),
    uniqueIndex('persons_primary_email').on(t.tenantId, t.primaryEmail),
    // most persons have no account: only those with one are indexed
    uniqueIndex('persons_user')
      .on(t.tenantId, t.userId)
      .where(sql`user_id IS NOT NULL`),
    index('persons_sort').on(t.tenantId, sql`${t.sortName} COLLATE "C"`, t.id),
    index('persons_created').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // the few disabled persons: a search of the active ones (the list's default) takes them out of
    // the search words' candidates instead of reading every person (decision 008)
    index('persons_disabled')
      .on(t.tenantId, t.id)
      .where(sql`is_disabled`),
    // no GIN on business_line_ids / workspace_ids: array operators are not leakproof, so under
    // forced RLS no index on them would ever be used (decision 008)
  ],
);

/**
 * The words of a person's `search_text`, one row each: what `search` matches by prefix. A btree
 * range (`>=` / `<`, C collation) is one of the few comparisons PostgreSQL deems leakproof, so
 * unlike LIKE or pg_trgm it can use an index under forced row-level security (decision 008).
 */
export const personSearchTerms = pgTable(
  'person_search_terms',
  {
    tenantId: tenantId(),
    term: text('term').notNull(),
    /** The person's sort_name, so that a one-word search counts and orders from this index alone. */
    sortName: text('sort_name').notNull(),
    personId: uuid('person_id').notNull(),
  },
  // One index, no primary key: a person's rows are found (to be replaced) through their old words,
  // and every index costs a 100,000-person import's final transaction (decision 008).
  (t) => [index('person_search_terms_term').on(t.tenantId, sql`${t.term} COLLATE "C"`, sql`${t.sortName} COLLATE "C"`, t.personId)],
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
    /** The language of the file's header row (`es`: the people import's Spanish headers). */
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
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
