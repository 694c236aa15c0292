import { z } from 'zod';
import { ZTokenPair } from './auth.ts';

/** Identity providers per tenant and federated sign-in (decision 029). */

export const ZProviderType = z.enum(['OIDC', 'GOOGLE', 'SAML']);
export type TProviderType = z.infer<typeof ZProviderType>;

export const ZAttributeMapping = z.object({
  name: z.string().trim().min(1).max(100).default('name'),
  email: z.string().trim().min(1).max(100).default('email'),
  groups: z.string().trim().min(1).max(100).default('groups'),
  /** A provider group → the positions its members hold here. */
  group_positions: z.record(z.string().min(1).max(200), z.array(z.string()).max(50)).default({}),
});
export type TAttributeMapping = z.infer<typeof ZAttributeMapping>;

/** A SAML provider's two sides: what to register at the IdP (Faena's SP) and what its metadata said. */
export const ZSamlProviderInfo = z.object({
  /** Faena's entity id for this provider (also the address of its SP metadata). */
  sp_entity_id: z.string(),
  /** The assertion consumer service (POST binding) to register at the IdP. */
  acs_url: z.string(),
  sp_metadata_url: z.string(),
  /** Where the IdP metadata was fetched, or null when it was pasted. */
  idp_metadata_url: z.string().nullable(),
  idp_sso_url: z.string(),
  idp_certificates: z.array(z.object({ fingerprint_sha256: z.string(), not_after: z.string().nullable() })),
  metadata_read_at: z.string(),
  /** The IdP's metadata asks for signed AuthnRequests (WantAuthnRequestsSigned). */
  idp_wants_signed_requests: z.boolean(),
  /** Faena signs its AuthnRequests to this IdP (SP metadata: AuthnRequestsSigned and the certificate below). */
  sign_requests: z.boolean(),
  /** Faena's signing certificate for this provider (the private key is never sent). */
  sp_certificate: z.object({ pem: z.string(), fingerprint_sha256: z.string(), not_after: z.string().nullable() }).nullable(),
  /** IdP-initiated sign-in ("Permitir inicio desde el proveedor") is accepted. */
  allow_idp_initiated: z.boolean(),
});
export type TSamlProviderInfo = z.infer<typeof ZSamlProviderInfo>;

export const ZIdentityProvider = z
  .object({
    id: z.string(),
    type: ZProviderType,
    /** The sign-in method id the tenant lists: `oidc.<slug>`, or `GOOGLE`. */
    method_id: z.string(),
    slug: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    issuer: z.string(),
    client_id: z.string(),
    /** Whether a client secret is stored (it is never sent back). */
    has_client_secret: z.boolean(),
    scopes: z.array(z.string()),
    domains: z.array(z.string()),
    provisioning: z.enum(['create', 'existing']),
    default_position_ids: z.array(z.string()),
    mapping: ZAttributeMapping,
    /** The address to register at the provider as the redirect URI. */
    redirect_uri: z.string(),
    /** SAML providers only (null for OIDC and Google). */
    saml: ZSamlProviderInfo.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'IdentityProvider' });
export type TIdentityProvider = z.infer<typeof ZIdentityProvider>;

const ZSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,30}$/, 'Use 2–31 lower-case letters, digits or dashes, starting with a letter.');
const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Invalid domain');

export const ZCreateIdentityProviderRequest = z.object({
  type: ZProviderType,
  slug: ZSlug.optional(),
  name: z.string().trim().min(1).max(80),
  enabled: z.boolean().default(true),
  /** OIDC: the issuer (its discovery document is `<issuer>/.well-known/openid-configuration`). Google: fixed, ignored. SAML: from the metadata, ignored. */
  issuer: z.string().trim().max(500).optional(),
  /** OIDC and Google (required there); SAML has none. */
  client_id: z.string().trim().min(1).max(500).optional(),
  /** SAML: the IdP's metadata XML pasted, or the https address to fetch it from (one of the two). */
  idp_metadata_xml: z
    .string()
    .max(512 * 1024)
    .optional(),
  idp_metadata_url: z.string().trim().max(500).optional(),
  /** SAML: sign the AuthnRequests (default: what the IdP's metadata asks, WantAuthnRequestsSigned). */
  sign_requests: z.boolean().optional(),
  /** SAML: accept IdP-initiated sign-in (default off). */
  allow_idp_initiated: z.boolean().optional(),
  client_secret: z.string().max(2000).optional(),
  scopes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/),
    )
    .max(30)
    .optional(),
  domains: z.array(ZDomain).max(50).default([]),
  provisioning: z.enum(['create', 'existing']).default('existing'),
  default_position_ids: z.array(z.string()).max(50).default([]),
  mapping: ZAttributeMapping.optional(),
});
export type TCreateIdentityProviderRequest = z.input<typeof ZCreateIdentityProviderRequest>;

export const ZUpdateIdentityProviderRequest = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  enabled: z.boolean().optional(),
  issuer: z.string().trim().max(500).optional(),
  client_id: z.string().trim().min(1).max(500).optional(),
  /** SAML: new metadata, pasted or fetched again (certificates rotate). */
  idp_metadata_xml: z
    .string()
    .max(512 * 1024)
    .optional(),
  idp_metadata_url: z.string().trim().max(500).optional(),
  /** SAML: sign the AuthnRequests (Faena's key pair is made if the provider has none yet). */
  sign_requests: z.boolean().optional(),
  /** SAML: accept IdP-initiated sign-in. */
  allow_idp_initiated: z.boolean().optional(),
  /** A new secret; null removes it; absent keeps it. */
  client_secret: z.string().max(2000).nullable().optional(),
  scopes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/),
    )
    .max(30)
    .optional(),
  domains: z.array(ZDomain).max(50).optional(),
  provisioning: z.enum(['create', 'existing']).optional(),
  default_position_ids: z.array(z.string()).max(50).optional(),
  mapping: ZAttributeMapping.optional(),
});
export type TUpdateIdentityProviderRequest = z.input<typeof ZUpdateIdentityProviderRequest>;

/** The tenant's switchable methods (PASSWORD, MAGIC_LINK, GOOGLE) as its administrators set them. */
export const ZSignInSettings = z.object({ methods: z.array(z.enum(['PASSWORD', 'MAGIC_LINK', 'GOOGLE'])).max(3) }).meta({ id: 'SignInSettings' });
export type TSignInSettings = z.infer<typeof ZSignInSettings>;

/** What a finished federated sign-in hands the page that started it. */
export const ZSsoOutcome = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('signed-in'), session: ZTokenPair, end_session_url: z.string().nullable() }),
    /** Spec §8 'Need confirm': the address already signs in another way; prove it to link this provider. */
    z.object({ status: z.literal('need-confirm'), email: z.string(), method: z.string(), methods: z.array(z.string()), link_token: z.string() }),
  ])
  .meta({ id: 'SsoOutcome' });
export type TSsoOutcome = z.infer<typeof ZSsoOutcome>;

export const ZSsoCompleteRequest = z.object({
  handoff: z.string().min(16).max(200),
  /** The native shell's sign-in (in-app browser): the verifier whose SHA-256 started it (`native_challenge`). */
  native_verifier: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43,128}$/)
    .optional(),
});

/** Proving the old method: the password, or a magic-link code sent to the address. */
export const ZSsoLinkRequest = z.object({
  link_token: z.string().min(16).max(200),
  password: z.string().max(1000).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** Discovery on a tenant's sign-in page: the provider serving an address's domain, if any. */
export const ZDiscoverRequest = z.object({ email: z.string().max(320) });
export const ZDiscoverAnswer = z.object({ method_id: z.string().nullable(), start_url: z.string().nullable() }).meta({ id: 'SignInDiscovery' });

/** Discovery on the root domain: the workspaces an address belongs to. */
export const ZWorkspacesAnswer = z.object({ workspaces: z.array(z.object({ subdomain: z.string(), name: z.string(), url: z.string(), logo_url: z.string().nullable() })) }).meta({ id: 'Workspaces' });
export type TWorkspacesAnswer = z.infer<typeof ZWorkspacesAnswer>;
