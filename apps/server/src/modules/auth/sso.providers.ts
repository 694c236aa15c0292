import { and, asc, eq } from 'drizzle-orm';
import { parseSignInMethod, isSignInMethodOffered, resolveFlags } from '@faena/domain';
import type { TAttributeMapping, TIdentityProvider } from '@faena/contracts';
import type { ZCreateIdentityProviderRequest, ZUpdateIdentityProviderRequest } from '@faena/contracts';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { TENANT_CHANGED, type TenantRecord } from '../../platform/tenancy.ts';
import { assertCanGrant, findPositions } from '../org-chart/index.ts';
import { encryptSecret } from './sso.crypto.ts';
import { readIdpMetadata, samlInfo } from './sso.saml-metadata.ts';
import { newSpKeyPair } from './sso.saml-keys.ts';
import { identityProviders, type AttributeMapping, type SamlSettings } from './sso.table.ts';
import { updateTenant } from '../tenants/index.ts';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const DEFAULT_MAPPING: AttributeMapping = { name: 'name', email: 'email', groups: 'groups', group_positions: {} };
export const SWITCHABLE_METHODS = ['PASSWORD', 'MAGIC_LINK', 'GOOGLE'] as const;

export type ProviderRow = typeof identityProviders.$inferSelect;

/** `oidc.<slug>` for an OIDC provider, `saml.<slug>` for SAML, `GOOGLE` for Google (spec shell §3 method types). */
export const methodIdOf = (provider: Pick<ProviderRow, 'type' | 'slug'>): string => (provider.type === 'GOOGLE' ? 'GOOGLE' : `${provider.type === 'SAML' ? 'saml' : 'oidc'}.${provider.slug}`);

export const callbackUrl = (origin: string): string => `${origin}/api/auth/v3/sso/callback`;

export async function listProviderRows(tx: Drizzle, tenantId: string): Promise<ProviderRow[]> {
  return tx.select().from(identityProviders).where(eq(identityProviders.tenantId, tenantId)).orderBy(asc(identityProviders.createdAt), asc(identityProviders.id));
}

export async function findProviderRow(tx: Drizzle, tenantId: string, id: string): Promise<ProviderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The enabled provider behind a sign-in method id (`GOOGLE`, `oidc.<slug>`). */
export async function providerByMethod(tx: Drizzle, tenantId: string, methodId: string): Promise<ProviderRow | null> {
  const rows = await listProviderRows(tx, tenantId);
  return rows.find((row) => row.enabled && methodIdOf(row) === methodId) ?? null;
}

/**
 * The tenant's sign-in methods (`firebase_sign_in_methods`): the switchable ones its
 * administrators left on (Google only while no Google provider is configured, or while the
 * configured one is enabled), then one `oidc.<slug>` / `saml.<slug>` per enabled OIDC or SAML provider.
 */
export function signInMethodsOf(tenant: Pick<TenantRecord, 'signInMethods'>, providers: readonly ProviderRow[]): string[] {
  const google = providers.find((p) => p.type === 'GOOGLE');
  const base = tenant.signInMethods.filter((m) => m !== 'GOOGLE' || !google || google.enabled);
  if (google?.enabled && !base.includes('GOOGLE')) base.push('GOOGLE');
  return [...base, ...providers.filter((p) => p.type !== 'GOOGLE' && p.enabled).map(methodIdOf)];
}

export async function tenantSignInMethods(ctx: Pick<Ctx, 'platform' | 'tenant'>): Promise<string[]> {
  const rows = await ctx.platform.db.read(ctx.tenant.id, (db) => listProviderRows(db, ctx.tenant.id));
  return signInMethodsOf(ctx.tenant, rows);
}

/** The methods offered to a person right now (spec §5: by flag too). */
export function offeredMethodIds(tenant: TenantRecord, methods: readonly string[]): string[] {
  const flags = resolveFlags(tenant.featureFlags);
  return methods.filter((m) => isSignInMethodOffered(parseSignInMethod(m), flags));
}

export function toProvider(row: ProviderRow, origin: string): TIdentityProvider {
  return {
    id: row.id,
    type: row.type,
    method_id: methodIdOf(row),
    slug: row.slug,
    name: row.name,
    enabled: row.enabled,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretEnc !== null,
    scopes: row.scopes,
    domains: row.domains,
    provisioning: row.provisioning,
    default_position_ids: row.defaultPositionIds,
    mapping: row.mapping,
    redirect_uri: callbackUrl(origin),
    saml: row.type === 'SAML' && row.saml ? samlInfo(origin, row.id, row.saml) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkIssuer(issuer: string | undefined, allowLocal: boolean): string {
  const value = (issuer ?? '').trim().replace(/\/\.well-known\/openid-configuration$/, '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FieldErrors({ issuer: ['Enter the provider’s issuer URL (https://…).'] });
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) throw new FieldErrors({ issuer: ['The issuer must be an https:// URL.'] });
  if (url.username || url.password || url.search || url.hash) throw new FieldErrors({ issuer: ['The issuer has no credentials, query or fragment.'] });
  return value;
}

/** The positions given on sign-in exist here and hand out only permissions the administrator holds. */
async function checkPositions(ctx: Ctx, tx: Drizzle, defaults: readonly string[], mapping: TAttributeMapping): Promise<void> {
  const wanted = [...new Set([...defaults, ...Object.values(mapping.group_positions).flat()])];
  const bad = wanted.filter((id) => !isUuid(id));
  const found = await findPositions(tx, ctx.tenant.id, wanted.filter(isUuid));
  const known = new Set(found.map((p) => p.id));
  const unknown = [...bad, ...wanted.filter((id) => isUuid(id) && !known.has(id))];
  if (unknown.length > 0) throw new FieldErrors({ default_position_ids: unknown.map((id) => `Unknown position: ${id}`) });
  assertCanGrant(ctx, [...new Set(found.flatMap((p) => p.defaultPermissionList))]);
}

function slugFrom(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 31);
  return slug.length >= 2 ? slug : 'sso';
}

/** A new SP key pair for a SAML provider: the certificate as is, the private key sealed (never sent back). */
async function spKeyFor(ctx: Ctx, slug: string): Promise<Pick<SamlSettings, 'sp_cert' | 'sp_key_enc'>> {
  const pair = newSpKeyPair(`Faena SP ${ctx.tenant.subdomain} ${slug}`);
  return { sp_cert: pair.cert, sp_key_enc: await encryptSecret(ctx.platform.db, ctx.tenant.id, pair.privateKeyPem) };
}

export async function listProviders(ctx: Ctx): Promise<TIdentityProvider[]> {
  const rows = await ctx.read((db) => listProviderRows(db, ctx.tenant.id));
  return rows.map((row) => toProvider(row, ctx.origin));
}

export async function getProvider(ctx: Ctx, id: string): Promise<TIdentityProvider> {
  const row = await ctx.read((db) => findProviderRow(db, ctx.tenant.id, id));
  if (!row) throw new AppError('not-found', 'Identity provider not found.');
  return toProvider(row, ctx.origin);
}

export async function createProvider(ctx: Ctx, input: z.output<typeof ZCreateIdentityProviderRequest>): Promise<TIdentityProvider> {
  const allowLocal = ctx.platform.config.SSO_ALLOW_LOCAL_PROVIDERS;
  // SAML: the IdP's metadata (pasted, or fetched through safe-fetch) names its entity id, endpoint and certificates.
  const saml = input.type === 'SAML' ? await readIdpMetadata(input, allowLocal, true) : null;
  if (input.type !== 'SAML' && !input.client_id) throw new FieldErrors({ client_id: ['Enter the client id the provider gave you.'] });
  const issuer = input.type === 'GOOGLE' ? GOOGLE_ISSUER : saml ? saml.entityId : checkIssuer(input.issuer, allowLocal);
  const slug = input.type === 'GOOGLE' ? 'google' : (input.slug ?? slugFrom(input.name));
  const mapping = input.mapping ?? DEFAULT_MAPPING;
  const sealed = input.client_secret && input.type !== 'SAML' ? await encryptSecret(ctx.platform.db, ctx.tenant.id, input.client_secret) : null;
  const scopes = [...new Set(['openid', ...(input.scopes ?? ['email', 'profile'])])];
  // SAML: Faena's own key pair for this provider, its private key sealed like a client secret.
  const samlSettings: SamlSettings | null = saml
    ? {
        ...saml.settings,
        ...(await spKeyFor(ctx, slug)),
        sign_requests: input.sign_requests ?? saml.settings.idp_wants_signed_requests === true,
        allow_idp_initiated: input.allow_idp_initiated ?? false,
      }
    : null;
  const row = await ctx.tx(
    async (tx) => {
      const existing = await listProviderRows(tx, ctx.tenant.id);
      if (input.type === 'GOOGLE' && existing.some((p) => p.type === 'GOOGLE')) throw new AppError('conflict', 'Google is already configured for this organisation.', { reason: 'google-exists' });
      if (existing.some((p) => p.slug === slug)) throw new FieldErrors({ slug: [`Another provider already uses “${slug}”.`] });
      await checkPositions(ctx, tx, input.default_position_ids, mapping);
      const [created] = await tx
        .insert(identityProviders)
        .values({
          tenantId: ctx.tenant.id,
          type: input.type,
          slug,
          name: input.name,
          enabled: input.enabled,
          issuer,
          clientId: input.type === 'SAML' ? '' : (input.client_id ?? ''),
          clientSecretEnc: sealed,
          saml: samlSettings,
          scopes,
          domains: [...new Set(input.domains)],
          provisioning: input.provisioning,
          defaultPositionIds: [...new Set(input.default_position_ids)],
          mapping,
        })
        .returning();
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
      return created!;
    },
    { audit: 'auth.sso.provider.create', subject: (r) => r.id, details: { type: input.type, slug } },
  );
  return toProvider(row, ctx.origin);
}

export async function updateProvider(ctx: Ctx, id: string, input: z.output<typeof ZUpdateIdentityProviderRequest>): Promise<TIdentityProvider> {
  const allowLocal = ctx.platform.config.SSO_ALLOW_LOCAL_PROVIDERS;
  const sealed = typeof input.client_secret === 'string' ? await encryptSecret(ctx.platform.db, ctx.tenant.id, input.client_secret) : input.client_secret;
  // New SAML metadata is read (and fetched) before the transaction; it applies only to a SAML provider.
  const saml = input.idp_metadata_xml !== undefined || input.idp_metadata_url !== undefined ? await readIdpMetadata(input, allowLocal, false) : null;
  // Signing turned on for a provider made before Faena kept a key for it: the key pair is made now (outside the transaction: sealing reads the server key).
  const before = input.sign_requests === true ? await ctx.read((db) => findProviderRow(db, ctx.tenant.id, id)) : null;
  const newKey = before?.type === 'SAML' && before.saml && !before.saml.sp_key_enc ? await spKeyFor(ctx, before.slug) : null;
  const row = await ctx.tx(
    async (tx) => {
      const current = await findProviderRow(tx, ctx.tenant.id, id);
      if (!current) throw new AppError('not-found', 'Identity provider not found.');
      if (saml && current.type !== 'SAML') throw new FieldErrors({ idp_metadata_xml: ['Only a SAML provider has IdP metadata.'] });
      const isSaml = current.type === 'SAML';
      // Metadata read again replaces what the IdP said; Faena's key and the two switches stay.
      const samlSettings: SamlSettings | null =
        isSaml && current.saml
          ? {
              ...current.saml,
              ...(saml?.settings ?? {}),
              ...(newKey && !current.saml.sp_key_enc ? newKey : {}),
              ...(input.sign_requests !== undefined ? { sign_requests: input.sign_requests } : {}),
              ...(input.allow_idp_initiated !== undefined ? { allow_idp_initiated: input.allow_idp_initiated } : {}),
            }
          : null;
      if (samlSettings?.sign_requests && !samlSettings.sp_key_enc) throw new AppError('conflict', 'This provider has no signing key yet. Try again.', { reason: 'no-sp-key' });
      const mapping = input.mapping ?? current.mapping;
      const defaults = input.default_position_ids ?? current.defaultPositionIds;
      if (input.mapping || input.default_position_ids) await checkPositions(ctx, tx, defaults, mapping);
      const issuer = saml ? saml.entityId : current.type !== 'OIDC' || input.issuer === undefined ? current.issuer : checkIssuer(input.issuer, allowLocal);
      const [updated] = await tx
        .update(identityProviders)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          issuer,
          ...(input.client_id !== undefined && !isSaml ? { clientId: input.client_id } : {}),
          ...(sealed !== undefined && !isSaml ? { clientSecretEnc: sealed } : {}),
          ...(samlSettings ? { saml: samlSettings } : {}),
          ...(input.scopes !== undefined ? { scopes: [...new Set(['openid', ...input.scopes])] } : {}),
          ...(input.domains !== undefined ? { domains: [...new Set(input.domains)] } : {}),
          ...(input.provisioning !== undefined ? { provisioning: input.provisioning } : {}),
          defaultPositionIds: [...new Set(defaults)],
          mapping,
          updatedAt: new Date(),
        })
        .where(and(eq(identityProviders.tenantId, ctx.tenant.id), eq(identityProviders.id, id)))
        .returning();
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
      return updated!;
    },
    { audit: 'auth.sso.provider.update', details: { secret_changed: input.client_secret !== undefined, sign_requests: input.sign_requests, allow_idp_initiated: input.allow_idp_initiated } },
  );
  return toProvider(row, ctx.origin);
}

export async function deleteProvider(ctx: Ctx, id: string): Promise<void> {
  // A malformed id names no provider (and must not reach the uuid column).
  if (!isUuid(id)) throw new AppError('not-found', 'Identity provider not found.');
  await ctx.tx(
    async (tx) => {
      const [gone] = await tx
        .delete(identityProviders)
        .where(and(eq(identityProviders.tenantId, ctx.tenant.id), eq(identityProviders.id, id)))
        .returning({ id: identityProviders.id });
      if (!gone) throw new AppError('not-found', 'Identity provider not found.');
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
    },
    { audit: 'auth.sso.provider.delete' },
  );
}

/** The switchable methods (password, magic link, Google) the administrators leave on. */
export async function setSwitchableMethods(ctx: Ctx, methods: readonly string[]): Promise<string[]> {
  const wanted = SWITCHABLE_METHODS.filter((m) => methods.includes(m));
  await ctx.tx(
    async (tx) => {
      await updateTenant(tx, ctx.tenant.id, { signInMethods: [...wanted] });
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
    },
    { audit: 'auth.sso.methods.update', details: { methods: wanted } },
  );
  ctx.platform.tenants.forget();
  return wanted;
}
