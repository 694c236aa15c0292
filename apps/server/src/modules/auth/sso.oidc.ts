import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { DEFAULT_MEMBER_PERMISSIONS, isValidEmail, normalizeEmail, resolveFlags, type SsoFailure } from '@faena/domain';
import type { TSsoOutcome, TTokenPair } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { newSecretToken, sha256 } from '../../platform/ids.ts';
import { changePersonPositions, findPositions, grantPositionDefaults } from '../org-chart/index.ts';
import { findPersonByEmail, findPersonByUser, insertPerson, linkPersonToUser } from '../people/index.ts';
import { grantIfNone } from '../permissions/index.ts';
import { memberIdentity, openSession } from './auth.service.ts';
import { decryptSecret } from './sso.crypto.ts';
import { providerFetch } from './sso.net.ts';
import { callbackUrl, findProviderRow, methodIdOf, providerByMethod, type ProviderRow } from './sso.providers.ts';
import { identityProviders, ssoAttempts, ssoIdentities, ssoLinkRequests, type SsoOutcomeRecord } from './sso.table.ts';
import { ensureUser, findUserByEmail, findUserById, verifyPassword, type UserRow } from './users.service.ts';

/** A federated sign-in must come back within ten minutes of its start (decision 029). */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** The page claims the outcome within two minutes of the provider's answer. */
export const SSO_HANDOFF_TTL_MS = 2 * 60 * 1000;
/** 'Need confirm' waits ten minutes for the proof of the old method. */
export const SSO_LINK_TTL_MS = 10 * 60 * 1000;
const LINK_MAX_ATTEMPTS = 5;
/** The cookie that ties the provider's answer to the browser that started the sign-in. */
export const SSO_STATE_COOKIE = 'faena_sso_state';

export class SsoError extends Error {
  override name = 'SsoError';
  readonly failure: SsoFailure;
  constructor(failure: SsoFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

// ---------------------------------------------------------------- provider configuration

const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const CONFIG_TTL_MS = 10 * 60 * 1000;

/** The provider's discovered configuration, cached ten minutes per provider version. */
async function configurationOf(ctx: Ctx, provider: ProviderRow): Promise<oidc.Configuration> {
  const key = `${ctx.tenant.id}:${provider.id}:${provider.updatedAt.getTime()}`;
  const hit = configs.get(key);
  if (hit && Date.now() - hit.at < CONFIG_TTL_MS) return hit.config;
  const allowLocal = ctx.platform.config.SSO_ALLOW_LOCAL_PROVIDERS;
  const secret = provider.clientSecretEnc ? await decryptSecret(ctx.platform.db, ctx.tenant.id, provider.clientSecretEnc) : undefined;
  const config = oidc
    .discovery(new URL(provider.issuer), provider.clientId, secret ? { client_secret: secret } : undefined, secret ? oidc.ClientSecretPost(secret) : oidc.None(), {
      [oidc.customFetch]: providerFetch(allowLocal),
      ...(allowLocal && provider.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
    })
    .then((c) => {
      c[oidc.customFetch] = providerFetch(allowLocal);
      return c;
    });
  configs.set(key, { at: Date.now(), config });
  config.catch(() => configs.delete(key));
  if (configs.size > 500) configs.delete(configs.keys().next().value!);
  return config;
}

export function assertMethodOffered(ctx: Ctx, provider: ProviderRow): void {
  // Google is always offered (spec §5); OIDC and SAML only while their flag is on.
  const flags = resolveFlags(ctx.tenant.featureFlags);
  if (provider.type === 'OIDC' && !flags.oidc) throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { flag: 'oidc' });
  if (provider.type === 'SAML' && !flags.saml) throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { flag: 'saml' });
}

/** The session's `sign_in_method` for a provider's method id (spec §3 types). */
const sessionMethodOf = (method: string): string => (method.startsWith('oidc.') ? 'OIDC' : method.startsWith('saml.') ? 'SAML' : 'GOOGLE');

/** Only a path of this web app: never another origin (no open redirect). */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return '/';
  return value.slice(0, 500);
}

// ---------------------------------------------------------------- start

/** What starts a federated sign-in; `nativeChallenge`: the native shell's in-app browser (its handoff is claimed with the verifier). */
export interface StartInput {
  methodId: string;
  mode: 'popup' | 'redirect';
  returnTo?: string | undefined;
  nativeChallenge?: string | undefined;
}

/** base64url SHA-256 of the native shell's verifier (as PKCE's S256). */
export const nativeChallengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export async function startSso(ctx: Ctx, input: StartInput): Promise<{ url: string; state: string }> {
  const provider = await ctx.read((db) => providerByMethod(db, ctx.tenant.id, input.methodId));
  if (!provider || provider.type === 'SAML') throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { reason: 'not-configured' });
  assertMethodOffered(ctx, provider);
  let config: oidc.Configuration;
  try {
    config = await configurationOf(ctx, provider);
  } catch (error) {
    throw new AppError('fetch-failed', `The identity provider could not be reached: ${(error as Error).message}`, { reason: 'provider-unreachable' });
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const challenge = await oidc.calculatePKCECodeChallenge(verifier);
  await ctx.platform.db.transaction(ctx.tenant.id, (tx) =>
    tx.insert(ssoAttempts).values({
      tenantId: ctx.tenant.id,
      stateHash: sha256(state),
      providerId: provider.id,
      nonce,
      codeVerifier: verifier,
      mode: input.mode,
      returnTo: safeReturnPath(input.returnTo),
      nativeChallenge: input.nativeChallenge ?? null,
      expiresAt: new Date(Date.now() + SSO_ATTEMPT_TTL_MS),
    }),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx.origin),
    scope: provider.scopes.join(' '),
    response_type: 'code',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(provider.type === 'GOOGLE' ? { prompt: 'select_account', ...(provider.domains.length === 1 ? { hd: provider.domains[0]! } : {}) } : {}),
  });
  return { url: url.href, state };
}

// ---------------------------------------------------------------- callback

export interface CallbackResult {
  mode: 'popup' | 'redirect';
  returnTo: string;
  /** The one-use value the page exchanges for the outcome; null on failure. */
  handoff: string | null;
  failure: { code: SsoFailure; message: string } | null;
}

export interface Claims {
  subject: string;
  email: string;
  name: string;
  groups: string[];
}

function claimText(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function readClaims(provider: ProviderRow, claims: Record<string, unknown>): Claims {
  const raw = claimText(claims, provider.mapping.email) ?? '';
  const email = normalizeEmail(raw);
  if (!email || !isValidEmail(email)) throw new SsoError('email-missing', 'The identity provider did not give an e-mail address.');
  // Google must vouch for the address; any other provider may leave the claim out, never deny it.
  if (claims.email_verified === false || (provider.type === 'GOOGLE' && claims.email_verified !== true))
    throw new SsoError('email-not-verified', 'The identity provider has not verified this e-mail address.');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (provider.domains.length > 0 && !provider.domains.includes(domain)) throw new SsoError('domain-not-served', `This provider does not sign in addresses of ${domain}.`);
  if (provider.type === 'GOOGLE' && provider.domains.length > 0 && claimText(claims, 'hd') !== domain)
    throw new SsoError('domain-not-served', `This provider does not sign in addresses of ${domain}.`);
  const groupsClaim = claims[provider.mapping.groups];
  const groups = Array.isArray(groupsClaim) ? groupsClaim.filter((g): g is string => typeof g === 'string') : typeof groupsClaim === 'string' ? [groupsClaim] : [];
  const subject = claimText(claims, 'sub');
  if (!subject) throw new SsoError('verification-failed', 'The identity provider’s answer has no subject.');
  return { subject, email, name: claimText(claims, provider.mapping.name) ?? email.slice(0, email.indexOf('@')), groups };
}

/**
 * The provider's answer: the state must be one this server handed out, unspent and not late, to
 * the browser presenting it (its cookie); then openid-client verifies the code exchange with PKCE,
 * the id token's signature, issuer, audience, expiry and nonce. The person is found or made, and
 * the outcome waits for the page under a one-use handoff.
 */
export async function finishSso(ctx: Ctx, query: Record<string, string>, stateCookie: string | null): Promise<CallbackResult> {
  const state = query.state ?? '';
  const fail = failed;
  const spent = await spendAttempt(ctx, state, stateCookie);
  if ('failure' in spent) return spent.failure;
  const { attempt, back } = spent;
  if (attempt.requestId !== null) return fail('state-mismatch', 'This sign-in answer was already used or was never started here.', back);
  if (query.error) {
    const cancelled = query.error === 'access_denied' || query.error === 'login_required' || query.error === 'interaction_required';
    return fail(cancelled ? 'cancelled' : 'provider-error', cancelled ? 'Sign in canceled' : `The identity provider refused: ${query.error}`, back);
  }
  const provider = await ctx.read((db) => findProviderRow(db, ctx.tenant.id, attempt.providerId));
  if (!provider || !provider.enabled || provider.type === 'SAML') return fail('method-unavailable', 'That sign-in method is not yet available on this version', back);

  let claims: Claims;
  let idTokenHint: string | null;
  let config: oidc.Configuration;
  try {
    config = await configurationOf(ctx, provider);
    const current = new URL(callbackUrl(ctx.origin));
    for (const [key, value] of Object.entries(query)) current.searchParams.set(key, value);
    const tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: attempt.codeVerifier, expectedState: state, expectedNonce: attempt.nonce, idTokenExpected: true });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SsoError('verification-failed', 'The identity provider sent no id token.');
    idTokenHint = tokens.id_token ?? null;
    claims = readClaims(provider, idClaims as Record<string, unknown>);
  } catch (error) {
    if (error instanceof SsoError) return fail(error.failure, error.message, back);
    ctx.platform.log.warn({ err: error, provider: provider.id }, 'federated sign-in refused');
    return fail('verification-failed', `The identity provider’s answer could not be verified: ${(error as Error).message}`, back);
  }

  let outcome: SsoOutcomeRecord;
  try {
    outcome = await ctx.tx((tx) => resolvePerson(ctx, tx, provider, claims), { audit: 'auth.sso.sign-in' });
  } catch (error) {
    if (error instanceof SsoError) return fail(error.failure, error.message, back);
    throw error;
  }
  if (outcome.kind === 'session' && idTokenHint) {
    const endSession = config.serverMetadata().end_session_endpoint;
    if (endSession) outcome.endSessionUrl = oidc.buildEndSessionUrl(config, { id_token_hint: idTokenHint, post_logout_redirect_uri: `${ctx.origin}/login` }).href;
  }
  return handOff(ctx, attempt.id, outcome, back);
}

type Attempt = typeof ssoAttempts.$inferSelect;
type Back = { mode: 'popup' | 'redirect'; returnTo: string };

export const failed = (code: SsoFailure, message: string, back?: Back): CallbackResult => ({
  mode: back?.mode ?? 'redirect',
  returnTo: back?.returnTo ?? '/sign-in',
  handoff: null,
  failure: { code, message },
});

/**
 * The answer's state (OIDC `state`, SAML `RelayState`) must be the one this browser's cookie holds,
 * and an attempt this server started, unspent and not late. It is spent first: whatever happens
 * next, it never works twice.
 */
export async function spendAttempt(ctx: Ctx, state: string, stateCookie: string | null): Promise<{ attempt: Attempt; back: Back } | { failure: CallbackResult }> {
  if (!state || !stateCookie || state.length !== stateCookie.length || sha256(state) !== sha256(stateCookie)) {
    return { failure: failed('state-mismatch', 'This sign-in answer does not belong to a sign-in started in this browser.') };
  }
  const [attempt] = await ctx.platform.db.transaction(ctx.tenant.id, (tx) =>
    tx
      .update(ssoAttempts)
      .set({ usedAt: new Date() })
      .where(and(eq(ssoAttempts.tenantId, ctx.tenant.id), eq(ssoAttempts.stateHash, sha256(state)), isNull(ssoAttempts.usedAt)))
      .returning(),
  );
  if (!attempt) return { failure: failed('state-mismatch', 'This sign-in answer was already used or was never started here.') };
  const back = { mode: attempt.mode, returnTo: attempt.returnTo };
  if (attempt.expiresAt < new Date()) return { failure: failed('expired', 'The sign-in took too long. Start again.', back) };
  return { attempt, back };
}

/** The outcome waits in the attempt under a one-use handoff (two minutes) for the page to claim it. */
export async function handOff(ctx: Ctx, attemptId: string, outcome: SsoOutcomeRecord, back: Back): Promise<CallbackResult> {
  const handoff = newSecretToken();
  await ctx.platform.db.transaction(ctx.tenant.id, (tx) =>
    tx
      .update(ssoAttempts)
      .set({ handoffHash: sha256(handoff), outcome, expiresAt: new Date(Date.now() + SSO_HANDOFF_TTL_MS) })
      .where(and(eq(ssoAttempts.tenantId, ctx.tenant.id), eq(ssoAttempts.id, attemptId))),
  );
  return { ...back, handoff, failure: null };
}

/** The methods an account can prove itself with here (what 'Need confirm' lists). */
async function methodsOf(ctx: Ctx, tx: Drizzle, user: UserRow): Promise<string[]> {
  const methods: string[] = [];
  if (user.passwordHash) methods.push('PASSWORD');
  if (resolveFlags(ctx.tenant.featureFlags).magic_link && ctx.tenant.signInMethods.includes('MAGIC_LINK')) methods.push('MAGIC_LINK');
  const links = await tx
    .select({ type: identityProviders.type, slug: identityProviders.slug })
    .from(ssoIdentities)
    .innerJoin(identityProviders, and(eq(identityProviders.tenantId, ssoIdentities.tenantId), eq(identityProviders.id, ssoIdentities.providerId)))
    .where(and(eq(ssoIdentities.tenantId, ctx.tenant.id), eq(ssoIdentities.userId, user.id)));
  for (const link of links) methods.push(methodIdOf(link));
  return [...new Set(methods)];
}

async function linkIdentity(ctx: Ctx, tx: Drizzle, provider: ProviderRow, subject: string, user: UserRow): Promise<void> {
  await tx.insert(ssoIdentities).values({ tenantId: ctx.tenant.id, providerId: provider.id, subject, userId: user.id, email: user.email, lastSignInAt: new Date() }).onConflictDoNothing();
}

/** Positions from the provider's groups (added, never taken away), and the defaults of a new member. */
async function applyPositions(ctx: Ctx, tx: Drizzle, provider: ProviderRow, personId: string, groups: readonly string[], isNew: boolean): Promise<void> {
  const fromGroups = groups.flatMap((group) => provider.mapping.group_positions[group] ?? []);
  const wanted = [...new Set([...(isNew ? provider.defaultPositionIds : []), ...fromGroups])];
  if (wanted.length === 0) return;
  const positions = await findPositions(tx, ctx.tenant.id, wanted);
  const { added } = await changePersonPositions(
    tx,
    ctx.tenant.id,
    personId,
    positions.map((p) => p.id),
    [],
  );
  const defaults = [...new Set(positions.filter((p) => added.includes(p.id)).flatMap((p) => p.defaultPermissionList))];
  await grantPositionDefaults(ctx, tx, defaults, [personId]);
}

export async function resolvePerson(ctx: Ctx, tx: Drizzle, provider: ProviderRow, claims: Claims): Promise<SsoOutcomeRecord> {
  const method = methodIdOf(provider);
  const session = (userId: string, personId: string): SsoOutcomeRecord => ({ kind: 'session', userId, personId, method, endSessionUrl: null });
  // 1. A subject linked before: its account, whatever its address says today.
  const [linked] = await tx
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.tenantId, ctx.tenant.id), eq(ssoIdentities.providerId, provider.id), eq(ssoIdentities.subject, claims.subject)))
    .limit(1);
  if (linked) {
    const user = await findUserById(tx, linked.userId);
    if (!user) throw new SsoError('not-member', `You are not registered in ${ctx.tenant.name}`);
    const identity = await memberOrFail(ctx, tx, user);
    await tx
      .update(ssoIdentities)
      .set({ lastSignInAt: new Date() })
      .where(and(eq(ssoIdentities.tenantId, ctx.tenant.id), eq(ssoIdentities.id, linked.id)));
    await applyPositions(ctx, tx, provider, identity.person.id, claims.groups, false);
    return session(user.id, identity.person.id);
  }
  // 2. An account with this address that proves itself another way: 'Need confirm'.
  const user = await findUserByEmail(tx, claims.email);
  if (user) {
    const methods = await methodsOf(ctx, tx, user);
    const provable = methods.filter((m) => m !== method);
    if (user.passwordHash || provable.some((m) => m !== 'MAGIC_LINK')) {
      const person = await findPersonByUser(tx, ctx.tenant.id, user.id);
      if (!person && provider.provisioning === 'existing' && !(await findPersonByEmail(tx, ctx.tenant.id, claims.email)))
        throw new SsoError('not-member', `You are not registered in ${ctx.tenant.name}`);
      const linkToken = newSecretToken();
      await tx.insert(ssoLinkRequests).values({
        tenantId: ctx.tenant.id,
        tokenHash: sha256(linkToken),
        providerId: provider.id,
        subject: claims.subject,
        userId: user.id,
        email: claims.email,
        expiresAt: new Date(Date.now() + SSO_LINK_TTL_MS),
      });
      return { kind: 'need-confirm', email: claims.email, method, methods: provable, linkToken };
    }
  }
  // 3. First sign-in of this subject: the person in the directory, or a new member when the provider creates them.
  const account = user ?? (await ensureUser(tx, { email: claims.email, name: claims.name, passwordHash: null }));
  let person = (await findPersonByUser(tx, ctx.tenant.id, account.id)) ?? (await findPersonByEmail(tx, ctx.tenant.id, claims.email));
  let isNew = false;
  if (person?.userId && person.userId !== account.id) throw new SsoError('not-member', `You are not registered in ${ctx.tenant.name}`);
  if (!person) {
    if (provider.provisioning !== 'create') throw new SsoError('not-member', `You are not registered in ${ctx.tenant.name}`);
    person = await insertPerson(tx, ctx.tenant.id, { name: claims.name, primaryEmail: claims.email, userId: account.id });
    isNew = true;
  } else if (!person.userId) {
    await linkPersonToUser(tx, ctx.tenant.id, person.id, account.id);
  }
  if (person.isDisabled) throw new SsoError('user-disabled', 'This user has been disabled.');
  await grantIfNone(tx, ctx.tenant.id, person.passport, DEFAULT_MEMBER_PERMISSIONS);
  await linkIdentity(ctx, tx, provider, claims.subject, account);
  await applyPositions(ctx, tx, provider, person.id, claims.groups, isNew);
  return session(account.id, person.id);
}

async function memberOrFail(ctx: Ctx, tx: Drizzle, user: UserRow) {
  try {
    return await memberIdentity(tx, ctx.tenant, user);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not-member' || error.code === 'user-disabled')) throw new SsoError(error.code, error.detail ?? error.code);
    throw error;
  }
}

// ---------------------------------------------------------------- the page claims the outcome

/**
 * `proof`: the browser's handoff cookie matched (web), or the native shell's verifier. An attempt
 * started by the native shell is claimed only with its verifier; any other only by the cookie.
 */
export async function completeSso(ctx: Ctx, handoff: string, proof: { nativeVerifier: string } | { cookie: true }): Promise<TSsoOutcome> {
  return ctx.tx(
    async (tx) => {
      const [attempt] = await tx
        .update(ssoAttempts)
        .set({ claimedAt: new Date() })
        .where(
          and(
            eq(ssoAttempts.tenantId, ctx.tenant.id),
            eq(ssoAttempts.handoffHash, sha256(handoff)),
            isNull(ssoAttempts.claimedAt),
            isNotNull(ssoAttempts.outcome),
            gt(ssoAttempts.expiresAt, new Date()),
            'nativeVerifier' in proof ? eq(ssoAttempts.nativeChallenge, nativeChallengeOf(proof.nativeVerifier)) : isNull(ssoAttempts.nativeChallenge),
          ),
        )
        .returning();
      const outcome = attempt?.outcome;
      if (!outcome) throw new AppError('invalid-credential', 'This sign-in has expired or was already used. Start again.', { reason: 'handoff' });
      if (outcome.kind === 'need-confirm') return { status: 'need-confirm', email: outcome.email, method: outcome.method, methods: outcome.methods, link_token: outcome.linkToken };
      const user = await findUserById(tx, outcome.userId);
      if (!user) throw new AppError('invalid-credential', 'This sign-in has expired or was already used. Start again.', { reason: 'handoff' });
      const pair: TTokenPair = await openSession(ctx, tx, await memberIdentity(tx, ctx.tenant, user), sessionMethodOf(outcome.method));
      return { status: 'signed-in', session: pair, end_session_url: outcome.endSessionUrl };
    },
    { audit: 'auth.sso.complete' },
  );
}

// ---------------------------------------------------------------- 'Need confirm': prove the old method, link the new one

export async function confirmLink(
  ctx: Ctx,
  input: { link_token: string; password?: string | undefined; code?: string | undefined },
  proveCode: (tx: Drizzle, email: string, code: string) => Promise<boolean>,
): Promise<TSsoOutcome> {
  const invalid = () => new AppError('invalid-credential', 'This confirmation has expired or was already used. Start again.', { reason: 'link' });
  const request = await ctx.read(async (db) => {
    const [row] = await db
      .select()
      .from(ssoLinkRequests)
      .where(and(eq(ssoLinkRequests.tenantId, ctx.tenant.id), eq(ssoLinkRequests.tokenHash, sha256(input.link_token)), isNull(ssoLinkRequests.usedAt), gt(ssoLinkRequests.expiresAt, new Date())))
      .limit(1);
    return row ?? null;
  });
  if (!request || request.attempts >= LINK_MAX_ATTEMPTS) throw invalid();
  const user = await ctx.read((db) => findUserById(db, request.userId));
  if (!user) throw invalid();
  const passwordOk = input.password !== undefined ? await verifyPassword(user.passwordHash, input.password) : false;
  return ctx
    .tx(
      async (tx) => {
        const proven = passwordOk || (input.code !== undefined && (await proveCode(tx, request.email, input.code)));
        if (!proven) {
          await tx
            .update(ssoLinkRequests)
            .set({ attempts: sql`${ssoLinkRequests.attempts} + 1` })
            .where(and(eq(ssoLinkRequests.tenantId, ctx.tenant.id), eq(ssoLinkRequests.id, request.id)));
          return null;
        }
        const [spent] = await tx
          .update(ssoLinkRequests)
          .set({ usedAt: new Date() })
          .where(and(eq(ssoLinkRequests.tenantId, ctx.tenant.id), eq(ssoLinkRequests.id, request.id), isNull(ssoLinkRequests.usedAt)))
          .returning();
        if (!spent) throw invalid();
        const provider = await findProviderRow(tx, ctx.tenant.id, request.providerId);
        if (!provider?.enabled) throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version');
        const person = await findPersonByUser(tx, ctx.tenant.id, user.id);
        if (!person) {
          const listed = await findPersonByEmail(tx, ctx.tenant.id, request.email);
          if (listed && !listed.userId) {
            await linkPersonToUser(tx, ctx.tenant.id, listed.id, user.id);
          } else if (!listed && provider.provisioning === 'create') {
            const made = await insertPerson(tx, ctx.tenant.id, { name: user.name, primaryEmail: request.email, userId: user.id });
            await grantIfNone(tx, ctx.tenant.id, made.passport, DEFAULT_MEMBER_PERMISSIONS);
          } else {
            throw new AppError('not-member', `You are not registered in ${ctx.tenant.name}`);
          }
        }
        await linkIdentity(ctx, tx, provider, request.subject, user);
        const pair = await openSession(ctx, tx, await memberIdentity(tx, ctx.tenant, user), provider.type);
        return { status: 'signed-in' as const, session: pair, end_session_url: null };
      },
      { audit: 'auth.sso.link', details: { method: input.password !== undefined ? 'PASSWORD' : 'MAGIC_LINK' } },
    )
    .then((result) => {
      if (!result) throw new AppError('invalid-credential', 'Wrong email or password.');
      return result;
    });
}
