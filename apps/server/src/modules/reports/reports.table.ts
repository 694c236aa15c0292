import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TReportEmbed, TReportKind, TReportParams } from '@faena/contracts';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Report categories, in the order the administrator gives them (decision 027). */
export const reportCategories = pgTable(
  'report_categories',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), position: integer('position').notNull().default(0), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A report: a built-in chart (`chart`, `params`) or an embedded BI dashboard (`embed`). */
export const reports = pgTable(
  'reports',
  {
    tenantId: tenantId(),
    id: id(),
    categoryId: uuid('category_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<TReportKind>().notNull(),
    chart: text('chart'),
    params: jsonb('params').$type<TReportParams>().notNull(),
    embed: jsonb('embed').$type<TReportEmbed>(),
    /** null = every member with VIEW_REPORTS. */
    audienceId: uuid('audience_id'),
    position: integer('position').notNull().default(0),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('reports_category').on(t.tenantId, t.categoryId, t.position)],
);

/** Who was told about a new report: the primary key makes the notification once per person. */
export const reportRecipients = pgTable(
  'report_recipients',
  { tenantId: tenantId(), reportId: uuid('report_id').notNull(), personId: uuid('person_id').notNull(), notifiedAt: instant('notified_at').notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.tenantId, t.reportId, t.personId] })],
);

/** A public link of a report: `public_id` is the unguessable part of /reports/{public_id}. */
export const reportPublicLinks = pgTable(
  'report_public_links',
  {
    tenantId: tenantId(),
    id: id(),
    reportId: uuid('report_id').notNull(),
    publicId: text('public_id').notNull(),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('report_public_links_public_id').on(t.tenantId, t.publicId), index('report_public_links_report').on(t.tenantId, t.reportId)],
);

/** Every signed-out read of a public link: what the per-address limit counts (the address is kept only hashed). */
export const reportPublicReads = pgTable('report_public_reads', { tenantId: tenantId(), id: id(), addressHash: text('address_hash').notNull(), at: createdAt() }, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  index('report_public_reads_address').on(t.tenantId, t.addressHash, t.at),
]);

/**
 * A BI tool's connection for the tenant. `secret_enc` is the secret encrypted with the server's
 * key (AES-256-GCM); it is never sent back to a client.
 */
export const reportBiConnections = pgTable(
  'report_bi_connections',
  {
    tenantId: tenantId(),
    provider: text('provider').notNull(),
    siteUrl: text('site_url').notNull(),
    allowedHosts: jsonb('allowed_hosts').$type<string[]>().notNull().default([]),
    clientId: text('client_id'),
    secretId: text('secret_id'),
    username: text('username'),
    tenantParam: text('tenant_param').notNull().default('tenant_id'),
    version: text('version'),
    secretEnc: text('secret_enc'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider] })],
);
