import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, primaryKey, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** How a provider's claims become a person (decision 029): claim names and group → position ids. */
export interface AttributeMapping {
  name: string;
  email: string;
  groups: string;
  group_positions: Record<string, string[]>;
}

/**
 * What a SAML provider's IdP metadata said (decision 029), read when the administrator saved it:
 * the IdP's entity id is the provider's `issuer`; assertions must be signed by one of `certs`.
 */
export interface SamlSettings {
  /** Where the metadata was fetched (through safe-fetch), or null when it was pasted. */
  metadata_url: string | null;
  /** The IdP's SingleSignOnService for the HTTP-Redirect binding. */
  sso_url: string;
  /** Its SingleLogoutService, if it lists one (not used: decision 029 keeps single logout out). */
  slo_url: string | null;
  /** The IdP's signing certificates (base64 DER, no PEM armour). */
  certs: string[];
  /** When the metadata was last read. */
  fetched_at: string;
  /** The IdP's metadata says WantAuthnRequestsSigned="true". */
  idp_wants_signed_requests?: boolean;
  /**
   * Faena's own key pair for this provider (made with it, or when signing is first turned on): the
   * certificate (base64 DER) is published in the SP metadata; the private key is kept sealed
   * (sso.crypto, AES-256-GCM) and never sent back.
   */
  sp_cert?: string | null;
  sp_key_enc?: string | null;
  /** AuthnRequests are signed (redirect binding: SigAlg and Signature); on for new providers whose IdP wants it. */
  sign_requests?: boolean;
  /** IdP-initiated sign-in (an unsolicited Response) is accepted; off unless the administrator allows it. */
  allow_idp_initiated?: boolean;
}

/** What an IdP's metadata says (the part of SamlSettings read again when the metadata is). */
export type SamlMetadataSettings = Pick<SamlSettings, 'metadata_url' | 'sso_url' | 'slo_url' | 'certs' | 'fetched_at' | 'idp_wants_signed_requests'>;

/**
 * A tenant's identity provider (decision 029): OIDC (any issuer), GOOGLE (OIDC, issuer fixed) or
 * SAML (2.0, `saml` holds the IdP's metadata; `issuer` is its entity id, `client_id` unused).
 * `slug` makes its sign-in method id (`oidc.<slug>`); the client secret is kept encrypted with the
 * server's key (AES-256-GCM, `sso.crypto.ts`) and never sent back.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    tenantId: tenantId(),
    id: id(),
    type: text('type').notNull().$type<'OIDC' | 'GOOGLE' | 'SAML'>(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{openid,email,profile}'::text[]`),
    domains: text('domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `create`: a first sign-in makes the member; `existing`: only people already in the directory get in. */
    provisioning: text('provisioning').notNull().default('existing').$type<'create' | 'existing'>(),
    defaultPositionIds: uuid('default_position_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    mapping: jsonb('mapping').$type<AttributeMapping>().notNull(),
    saml: jsonb('saml').$type<SamlSettings>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('identity_providers_slug').on(t.tenantId, t.slug)],
);

/** What a verified provider answer resolved to, waiting for the page to claim it. */
export type SsoOutcomeRecord =
  { kind: 'session'; userId: string; personId: string; method: string; endSessionUrl: string | null } | { kind: 'need-confirm'; email: string; method: string; methods: string[]; linkToken: string };

/**
 * A federated sign-in under way: state, nonce and PKCE verifier kept server-side, one use, ten
 * minutes. Only the state's hash is kept (it is what the browser brings back).
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    tenantId: tenantId(),
    id: id(),
    stateHash: text('state_hash').notNull(),
    providerId: uuid('provider_id').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** SAML: the AuthnRequest's ID, which the Response's InResponseTo must name (OIDC: null). */
    requestId: text('request_id'),
    mode: text('mode').notNull().$type<'popup' | 'redirect'>(),
    returnTo: text('return_to').notNull(),
    /**
     * The native shell's sign-in (in-app browser): base64url SHA-256 of a verifier the app keeps.
     * Its handoff is claimed only with that verifier (the in-app browser's cookies are not the app's).
     */
    nativeChallenge: text('native_challenge'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** When the provider's answer came back (the state is spent). */
    usedAt: at('used_at'),
    /** The one-use handoff the page exchanges for the outcome (hash only), and that outcome. */
    handoffHash: text('handoff_hash'),
    outcome: jsonb('outcome').$type<SsoOutcomeRecord>(),
    claimedAt: at('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sso_attempts_state').on(t.tenantId, t.stateHash), uniqueIndex('sso_attempts_handoff').on(t.tenantId, t.handoffHash)],
);

/** A provider's subject linked to a Faena identity on this tenant: how later sign-ins find the account. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    tenantId: tenantId(),
    id: id(),
    providerId: uuid('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastSignInAt: at('last_sign_in_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sso_identities_subject').on(t.tenantId, t.providerId, t.subject), index('sso_identities_user').on(t.tenantId, t.userId)],
);

/**
 * 'Need confirm' (spec shell §8): a provider vouched for an address whose account already signs in
 * another way; the link is made only after the person proves that other way. One use, ten minutes,
 * only the token's hash kept.
 */
export const ssoLinkRequests = pgTable(
  'sso_link_requests',
  {
    tenantId: tenantId(),
    id: id(),
    tokenHash: text('token_hash').notNull(),
    providerId: uuid('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sso_link_requests_token').on(t.tenantId, t.tokenHash)],
);

/**
 * SAML assertions already consumed, kept until they expire (decision 029): an assertion presented
 * a second time — even under a fresh sign-in — is refused.
 */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    tenantId: tenantId(),
    providerId: uuid('provider_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.providerId, t.assertionId] }), index('saml_assertions_expiry').on(t.tenantId, t.expiresAt)],
);
