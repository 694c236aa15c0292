import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Identities of Faena's own identity service: global, one per e-mail; membership is a person. */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  name: text('name').notNull(),
  picture: text('picture'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Failed sign-ins, for the limits per account (an e-mail on one tenant), per trusted device and per
 * address (decision 024). Global, read before any tenant is known to the caller; the tenant is a
 * plain column (`tenant`, not `tenant_id`: row-level security would hide the rows from the check).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The tenant signed in to; null on rows older than per-tenant limits. */
    tenant: uuid('tenant'),
    /** The device cookie's id when the attempt came from a device this account signed in on before. */
    device: text('device'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_account_at').on(t.tenant, t.email, t.at),
    index('sign_in_failures_ip_at').on(t.ip, t.at),
    index('sign_in_failures_device_at')
      .on(t.device, t.at)
      .where(sql`device IS NOT NULL`),
  ],
);

/** A signed-in session on one device: the family of its rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    personId: uuid('person_id').notNull(),
    signInMethod: text('sign_in_method').notNull(),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorPersonId: uuid('impersonator_person_id'),
    createdAt: createdAt(),
    lastRefreshedAt: at('last_refreshed_at'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sessions_person').on(t.tenantId, t.personId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id').notNull(),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tokenHash] }), index('refresh_tokens_session').on(t.tenantId, t.sessionId)],
);

export const invites = pgTable(
  'invites',
  {
    tenantId: tenantId(),
    id: id(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    invitedByPersonId: uuid('invited_by_person_id'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invites_token').on(t.tenantId, t.tokenHash),
    // the people list says who has an open invitation (one lookup per listed person)
    index('invites_open_email')
      .on(t.tenantId, t.email, t.expiresAt)
      .where(sql`accepted_at IS NULL`),
  ],
);

export const magicLinks = pgTable(
  'magic_links',
  {
    tenantId: tenantId(),
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('magic_links_email').on(t.tenantId, t.email)],
);

/**
 * A link to choose a new password (decision 017): asked for by the member on the sign-in screen
 * or sent by an administrator; one use, one hour. Only its hash is kept.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The administrator who sent it; null when the member asked for it. */
    requestedByPersonId: uuid('requested_by_person_id'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('password_resets_token').on(t.tenantId, t.tokenHash), index('password_resets_user').on(t.tenantId, t.userId, t.createdAt)],
);
