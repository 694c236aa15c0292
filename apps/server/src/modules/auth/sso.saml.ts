import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { isValidEmail, normalizeEmail } from '@faena/domain';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { newSecretToken, sha256 } from '../../platform/ids.ts';
import { assertMethodOffered, failed, handOff, resolvePerson, safeReturnPath, spendAttempt, SSO_ATTEMPT_TTL_MS, SsoError, type CallbackResult, type Claims, type StartInput } from './sso.oidc.ts';
import { findProviderRow, providerByMethod, type ProviderRow } from './sso.providers.ts';
import { decryptSecret } from './sso.crypto.ts';
import { certAsPem } from './sso.saml-keys.ts';
import { acsUrl, ASSERTION_NS, certificatesAsPem, parseXml, spMetadataUrl } from './sso.saml-metadata.ts';
import { samlAssertions, ssoAttempts, type SsoOutcomeRecord } from './sso.table.ts';

/**
 * SAML 2.0 sign-in per tenant (decision 029), with @node-saml/node-saml: SP-initiated, the
 * AuthnRequest sent by the HTTP-Redirect binding, the Response received by HTTP-POST at the
 * provider's ACS. The assertion must be signed by a certificate of the IdP's metadata; its
 * audience, recipient, issuer, times (30 s of skew) and InResponseTo (the request id kept with the
 * attempt) are checked, and its id is kept until it expires so it is never accepted twice.
 */

/** Clocks of IdPs drift a little; more than this is refused. */
export const SAML_CLOCK_SKEW_MS = 30_000;
const NAMEID_TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Status codes that mean the person did not (or could not) sign in, rather than a broken provider. */
const CANCELLED_STATUSES = ['AuthnFailed', 'RequestDenied', 'NoPassive', 'NoAuthnContext'];

/**
 * node-saml's request-id cache, replaced by the attempt: at the start it hands us the new request's
 * id (kept with the attempt); at the ACS the only id it knows is the attempt's, with the instant the
 * attempt began (node-saml checks that against the request's lifetime).
 */
const attemptCache = (known: { id: string; createdAt: Date } | null, onSave?: (id: string) => void): CacheProvider => ({
  saveAsync: async (key, value) => {
    onSave?.(key);
    return { value, createdAt: Date.now() };
  },
  getAsync: async (key) => (known !== null && key === known.id ? known.createdAt.toISOString() : null),
  removeAsync: async () => null,
});

/**
 * node-saml for one provider. `signingKey` (the SP's private key, unsealed) makes it sign the
 * AuthnRequest of the redirect binding (SigAlg RSA-SHA256 and Signature over the query).
 * `unsolicited`: an IdP-initiated Response, which answers no request (InResponseTo must be absent).
 */
function samlFor(origin: string, provider: ProviderRow, cache: CacheProvider, options: { signingKey?: string | null; unsolicited?: boolean } = {}): SAML {
  if (!provider.saml) throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { reason: 'no-metadata' });
  return new SAML({
    ...(options.signingKey ? { privateKey: options.signingKey, signatureAlgorithm: 'sha256' as const } : {}),
    callbackUrl: acsUrl(origin, provider.id),
    entryPoint: provider.saml.sso_url,
    issuer: spMetadataUrl(origin, provider.id),
    audience: spMetadataUrl(origin, provider.id),
    idpCert: certificatesAsPem(provider.saml),
    idpIssuer: provider.issuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // SP-initiated: the Response answers the attempt's request. IdP-initiated: one that names a request is refused (the cache knows none).
    validateInResponseTo: options.unsolicited ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_ATTEMPT_TTL_MS,
    cacheProvider: cache,
    // Any NameID format: the e-mail comes from the mapping, else from an e-mail NameID.
    identifierFormat: null,
    // IdPs that sign in without a password (passkeys, MFA) refuse a demanded PasswordProtectedTransport.
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
  });
}

/** Faena's SP metadata for one provider (what the IdP administrator imports). */
export async function spMetadata(ctx: Ctx, providerId: string): Promise<string> {
  const provider = await ctx.read((db) => findProviderRow(db, ctx.tenant.id, providerId));
  if (!provider || provider.type !== 'SAML') throw new AppError('not-found', 'Identity provider not found.');
  const settings = provider.saml;
  // Signing: the certificate is published with AuthnRequestsSigned="true" (node-saml wants the private key to say so; it is not written out).
  const signing =
    settings?.sign_requests && settings.sp_cert && settings.sp_key_enc
      ? { privateKey: await decryptSecret(ctx.platform.db, ctx.tenant.id, settings.sp_key_enc), publicCerts: certAsPem(settings.sp_cert) }
      : {};
  return generateServiceProviderMetadata({
    issuer: spMetadataUrl(ctx.origin, provider.id),
    callbackUrl: acsUrl(ctx.origin, provider.id),
    wantAssertionsSigned: true,
    identifierFormat: null,
    ...signing,
  });
}

/** The SP's private key when this provider signs its requests (unsealed outside any transaction). */
async function signingKeyOf(ctx: Ctx, provider: ProviderRow): Promise<string | null> {
  const settings = provider.saml;
  if (!settings?.sign_requests) return null;
  if (!settings.sp_key_enc) throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { reason: 'no-sp-key' });
  return decryptSecret(ctx.platform.db, ctx.tenant.id, settings.sp_key_enc);
}

// ---------------------------------------------------------------- start

export async function startSaml(ctx: Ctx, input: StartInput): Promise<{ url: string; state: string }> {
  const provider = await ctx.read((db) => providerByMethod(db, ctx.tenant.id, input.methodId));
  if (!provider || provider.type !== 'SAML') throw new AppError('operation-not-allowed', 'That sign-in method is not yet available on this version', { reason: 'not-configured' });
  assertMethodOffered(ctx, provider);
  // RelayState carries the state (IdPs keep at most 80 bytes of it): the cookie must hold the same.
  const state = newSecretToken();
  let requestId: string | null = null;
  const signingKey = await signingKeyOf(ctx, provider);
  const url = await samlFor(
    ctx.origin,
    provider,
    attemptCache(null, (id) => (requestId = id)),
    { signingKey },
  ).getAuthorizeUrlAsync(state, undefined, {});
  if (!requestId) throw new AppError('operation-not-allowed', 'The sign-in request could not be made.');
  await ctx.platform.db.transaction(ctx.tenant.id, (tx) =>
    tx.insert(ssoAttempts).values({
      tenantId: ctx.tenant.id,
      stateHash: sha256(state),
      providerId: provider.id,
      nonce: '',
      codeVerifier: '',
      requestId,
      mode: input.mode,
      returnTo: safeReturnPath(input.returnTo),
      nativeChallenge: input.nativeChallenge ?? null,
      expiresAt: new Date(Date.now() + SSO_ATTEMPT_TTL_MS),
    }),
  );
  return { url, state };
}

// ---------------------------------------------------------------- the assertion consumer service

const text = (value: unknown): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
};

/** The person the assertion speaks of: e-mail by the mapping (else the usual attributes, else an e-mail NameID), name, groups. */
function readSamlClaims(provider: ProviderRow, profile: Profile): Claims {
  const attr = (name: string) => text(profile[name]);
  const nameId = text(profile.nameID);
  const raw =
    attr(provider.mapping.email) ??
    text(profile.email) ??
    attr('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress') ??
    (nameId && isValidEmail(normalizeEmail(nameId)) ? nameId : null) ??
    '';
  const email = normalizeEmail(raw);
  if (!email || !isValidEmail(email)) throw new SsoError('email-missing', 'The identity provider did not give an e-mail address.');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (provider.domains.length > 0 && !provider.domains.includes(domain)) throw new SsoError('domain-not-served', `This provider does not sign in addresses of ${domain}.`);
  const groupsValue = profile[provider.mapping.groups] ?? profile['http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'];
  const groups = (Array.isArray(groupsValue) ? groupsValue : [groupsValue]).filter((g): g is string => typeof g === 'string' && g.length > 0);
  // A transient NameID changes on every sign-in: the address is then what names the person.
  const subject = nameId && profile.nameIDFormat !== NAMEID_TRANSIENT ? nameId : `email:${email}`;
  const name = attr(provider.mapping.name) ?? attr('displayName') ?? attr('http://schemas.microsoft.com/identity/claims/displayname') ?? email.slice(0, email.indexOf('@'));
  return { subject, email, name, groups };
}

/**
 * What node-saml leaves to its caller, read from the signed assertion it verified: who issued it
 * (the IdP's entity id), a bearer confirmation for this ACS answering this request, and its id and
 * end (for the replay record).
 */
function checkAssertion(provider: ProviderRow, assertionXml: string, acs: string, requestId: string | null): { id: string; expiresAt: Date } {
  const doc = parseXml(assertionXml);
  const assertion = doc?.documentElement;
  if (!assertion || assertion.localName !== 'Assertion') throw new Error('no assertion');
  const issuer = assertion.getElementsByTagNameNS(ASSERTION_NS, 'Issuer')[0]?.textContent?.trim();
  if (issuer !== provider.issuer) throw new Error(`unexpected issuer ${issuer ?? '(none)'}`);
  const id = assertion.getAttribute('ID');
  if (!id) throw new Error('the assertion has no ID');
  const confirmations = Array.from(assertion.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmation')).filter((c) => c.getAttribute('Method') === BEARER);
  const data = confirmations.flatMap((c) => Array.from(c.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData')));
  // SP-initiated: it answers this request. IdP-initiated (requestId null): it answers none.
  const answers = (d: Element) => (requestId === null ? !d.hasAttribute('InResponseTo') : d.getAttribute('InResponseTo') === requestId);
  const match = data.find((d) => d.getAttribute('Recipient') === acs && answers(d));
  if (!match) throw new Error('no bearer confirmation for this ACS and request (Recipient, InResponseTo)');
  const ends = [match.getAttribute('NotOnOrAfter'), assertion.getElementsByTagNameNS(ASSERTION_NS, 'Conditions')[0]?.getAttribute('NotOnOrAfter')]
    .map((v) => (v ? Date.parse(v) : NaN))
    .filter((v) => Number.isFinite(v));
  // Kept until it could no longer be accepted anyway (skew included), at least for the attempt's life.
  const end = Math.max(Date.now() + SSO_ATTEMPT_TTL_MS, ...ends.map((v) => v + SAML_CLOCK_SKEW_MS));
  return { id, expiresAt: new Date(Math.min(end, Date.now() + 24 * 60 * 60 * 1000)) };
}

function statusFailure(error: SamlStatusError): CallbackResult['failure'] {
  const cancelled = CANCELLED_STATUSES.some((status) => error.xmlStatus.includes(`status:${status}`));
  return cancelled ? { code: 'cancelled', message: 'Sign in canceled' } : { code: 'provider-error', message: `The identity provider refused: ${error.message}` };
}

/**
 * The IdP's Response posted to a provider's ACS: RelayState must be this browser's state (its
 * cookie) and an unspent, timely SAML attempt of this provider; node-saml then checks the
 * signature (assertions must be signed by the metadata's certificates), audience, times and
 * InResponseTo; we check issuer, recipient and the assertion's one use. The person is found or
 * made as for OIDC, and the outcome waits under a one-use handoff.
 */
export async function finishSaml(ctx: Ctx, providerId: string, body: { SAMLResponse: string; RelayState: string }, stateCookie: string | null): Promise<CallbackResult> {
  const spent = await spendAttempt(ctx, body.RelayState, stateCookie);
  if ('failure' in spent) return spent.failure;
  const { attempt, back } = spent;
  const requestId = attempt.requestId;
  if (!requestId || attempt.providerId !== providerId) return failed('state-mismatch', 'This sign-in answer does not belong to this provider’s sign-in.', back);
  const provider = await ctx.read((db) => findProviderRow(db, ctx.tenant.id, attempt.providerId));
  if (!provider || !provider.enabled || provider.type !== 'SAML' || !provider.saml) return failed('method-unavailable', 'That sign-in method is not yet available on this version', back);

  return verifyAndSignIn(ctx, provider, body, { id: requestId, createdAt: attempt.createdAt }, attempt.id, back);
}

/**
 * The Response checked (node-saml: signature, audience, times, InResponseTo; here: issuer,
 * recipient, the assertion's one use), then the person found or made and the outcome handed off.
 * `request` is the attempt's AuthnRequest, or null for an IdP-initiated Response.
 */
async function verifyAndSignIn(
  ctx: Ctx,
  provider: ProviderRow,
  body: { SAMLResponse: string; RelayState: string },
  request: { id: string; createdAt: Date } | null,
  attemptId: string | null,
  back: { mode: 'popup' | 'redirect'; returnTo: string },
): Promise<CallbackResult> {
  const acs = acsUrl(ctx.origin, provider.id);
  let claims: Claims;
  let assertion: { id: string; expiresAt: Date };
  try {
    const { profile } = await samlFor(ctx.origin, provider, attemptCache(request), { unsolicited: request === null }).validatePostResponseAsync({
      SAMLResponse: body.SAMLResponse,
      RelayState: body.RelayState,
    });
    if (!profile?.getAssertionXml) throw new Error('no assertion');
    assertion = checkAssertion(provider, profile.getAssertionXml(), acs, request?.id ?? null);
    claims = readSamlClaims(provider, profile);
  } catch (error) {
    if (error instanceof SsoError) return failed(error.failure, error.message, back);
    if (error instanceof SamlStatusError) {
      const failure = statusFailure(error)!;
      return failed(failure.code, failure.message, back);
    }
    ctx.platform.log.warn({ err: error, provider: provider.id }, 'SAML sign-in refused');
    return failed('verification-failed', `The identity provider’s answer could not be verified: ${(error as Error).message}`, back);
  }

  // One use: the assertion's id is kept until it expires (a replay under a fresh sign-in finds it).
  const fresh = await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
    await tx.delete(samlAssertions).where(and(eq(samlAssertions.tenantId, ctx.tenant.id), lt(samlAssertions.expiresAt, new Date())));
    return tx
      .insert(samlAssertions)
      .values({ tenantId: ctx.tenant.id, providerId: provider.id, assertionId: assertion.id, expiresAt: assertion.expiresAt })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.assertionId });
  });
  if (fresh.length === 0) return failed('verification-failed', 'This assertion was already used.', back);

  let outcome: SsoOutcomeRecord;
  try {
    outcome = await ctx.tx((tx) => resolvePerson(ctx, tx, provider, claims), { audit: request ? 'auth.sso.sign-in' : 'auth.sso.sign-in.idp-initiated' });
  } catch (error) {
    if (error instanceof SsoError) return failed(error.failure, error.message, back);
    throw error;
  }
  // An IdP-initiated sign-in has no attempt: one is written now, already spent, to carry the handoff.
  const id =
    attemptId ??
    (await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .insert(ssoAttempts)
        .values({
          tenantId: ctx.tenant.id,
          stateHash: sha256(newSecretToken()),
          providerId: provider.id,
          nonce: '',
          codeVerifier: '',
          requestId: null,
          mode: 'redirect',
          returnTo: back.returnTo,
          expiresAt: new Date(Date.now() + SSO_ATTEMPT_TTL_MS),
          usedAt: new Date(),
        })
        .returning({ id: ssoAttempts.id });
      return row!.id;
    }));
  return handOff(ctx, id, outcome, back);
}

// ---------------------------------------------------------------- IdP-initiated sign-in (decision 029)

/** A Response that answers no request of ours: the IdP started the sign-in (its dashboard's tile). */
export function isUnsolicitedResponse(samlResponse: string): boolean {
  let xml: string;
  try {
    xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  } catch {
    return false;
  }
  const root = parseXml(xml)?.documentElement;
  return !!root && root.localName === 'Response' && !root.hasAttribute('InResponseTo');
}

/** RelayState of an IdP-initiated sign-in: empty (the home page) or a path of this app, never another origin. */
export function idpRelayPath(origin: string, relayState: string): string | null {
  if (relayState === '') return '/';
  if (!relayState.startsWith('/') || relayState.startsWith('//') || relayState.includes('\\') || [...relayState].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(relayState, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * An IdP-initiated Response posted to a provider's ACS. Refused ('idp-initiated-not-allowed')
 * unless the provider allows it ("Permitir inicio desde el proveedor"); then the same checks as
 * an answer to our request — signature, audience, recipient, issuer, times, the assertion's one
 * use — with no request to answer (a Response or assertion naming one is refused), and a RelayState
 * that is only a path of this app. Always the redirect mode: no page of ours opened a popup.
 */
export async function finishSamlUnsolicited(ctx: Ctx, providerId: string, body: { SAMLResponse: string; RelayState: string }): Promise<CallbackResult> {
  const provider = await ctx.read((db) => findProviderRow(db, ctx.tenant.id, providerId));
  if (!provider || !provider.enabled || provider.type !== 'SAML' || !provider.saml) return failed('method-unavailable', 'That sign-in method is not yet available on this version');
  try {
    assertMethodOffered(ctx, provider);
  } catch {
    return failed('method-unavailable', 'That sign-in method is not yet available on this version');
  }
  if (!provider.saml.allow_idp_initiated) return failed('idp-initiated-not-allowed', 'This organisation does not allow signing in from the identity provider’s page. Start from Faena’s sign-in page.');
  const returnTo = idpRelayPath(ctx.origin, body.RelayState);
  if (returnTo === null) return failed('verification-failed', 'The RelayState is not a page of this app.');
  return verifyAndSignIn(ctx, provider, body, null, null, { mode: 'redirect', returnTo });
}
