import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns.ts';

/** The tenant registry: global (no tenant_id), read on every request through a cache. */
export const tenants = pgTable('tenants', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  subdomain: text('subdomain').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  signInMethods: text('sign_in_methods')
    .array()
    .notNull()
    .default(sql`'{PASSWORD,GOOGLE}'::text[]`),
  /** White-label wording: i18n key → replacement text, per language or for all (`*`). */
  whiteLabel: jsonb('white_label').$type<Record<string, Record<string, string>>>().notNull().default({}),
  disabledModules: text('disabled_modules')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  featureFlags: jsonb('feature_flags').$type<Record<string, boolean>>().notNull().default({}),
  passwordPolicy: jsonb('password_policy').$type<Record<string, unknown>>().notNull().default({}),
  supportEmail: text('support_email'),
  /** The organisation's own time zone (IANA): activities without a zone of their own or of their venue use it. */
  timezone: text('timezone').notNull().default('America/Santiago'),
  /** The organisation's brand colour (#rrggbb, lower case) for the installed app's title bar and splash (decision 030); null → Faena's. */
  brandColor: text('brand_color'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
