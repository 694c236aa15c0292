import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValidEmail, normalizeEmail } from '@faena/domain';
import {
  ZCreateIdentityProviderRequest,
  ZDiscoverAnswer,
  ZDiscoverRequest,
  ZIdentityProvider,
  ZSignInSettings,
  ZSsoCompleteRequest,
  ZSsoLinkRequest,
  ZSsoOutcome,
  ZUpdateIdentityProviderRequest,
  ZWorkspacesAnswer,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { cookieOf } from '../../platform/http/app.ts';
import { NO_TENANT, PUBLIC, requires } from '../../platform/http/access.ts';
import { ctxOf, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { allTenants } from '../tenants/index.ts';
import { findPersonByUser } from '../people/index.ts';
import type { SignInLimiter } from './rate-limit.ts';
import { spendMagicLink } from './auth.service.ts';
import { completeSso, confirmLink, finishSso, SSO_ATTEMPT_TTL_MS, SSO_HANDOFF_TTL_MS, SSO_STATE_COOKIE, startSso, type CallbackResult } from './sso.oidc.ts';

/** Ties the handoff to the browser the provider sent back (decision 029). */
const SSO_HANDOFF_COOKIE = 'faena_sso_handoff';
import {
  createProvider,
  deleteProvider,
  getProvider,
  listProviderRows,
  listProviders,
  methodIdOf,
  offeredMethodIds,
  setSwitchableMethods,
  signInMethodsOf,
  SWITCHABLE_METHODS,
  updateProvider,
} from './sso.providers.ts';
import { findUserByEmail } from './users.service.ts';
import { SAML_COOKIE_PATH } from './sso.saml-metadata.ts';
import { finishSaml, finishSamlUnsolicited, isUnsolicitedResponse, spMetadata, startSaml } from './sso.saml.ts';

const prefix = '/api/auth/v3';
const tags = ['auth'];
const ADMIN = requires('MANAGE_PEOPLE');
/** Root-domain lookups are counted under no tenant. */
const NO_TENANT_ID = '00000000-0000-0000-0000-000000000000';
const ZId = z.object({ id: z.string().max(100) });

/** What the answers below use of Fastify's reply. */
interface Reply {
  header(name: string, value: string): Reply;
  send(payload: string): unknown;
  redirect(url: string, code: number): unknown;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the provider's answer lands on in a popup: it hands the outcome to the page that
 * opened it — over a BroadcastChannel of this origin (the opener may be cut off by the provider's
 * own opener policy) and by postMessage to the opener, on this origin only — then closes.
 */
function popupPage(origin: string, result: CallbackResult): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const message = JSON.stringify({ type: 'faena-sso', handoff: result.handoff, error: result.failure }).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Faena</title></head>
<body style="font-family:system-ui,sans-serif;padding:24px"><p id="m">${escapeHtml(result.failure ? result.failure.message : 'Listo. Puedes cerrar esta ventana.')}</p>
<p><a href="/sign-in">Faena</a></p>
<script nonce="${nonce}">(function(){var m=${message};try{var c=new BroadcastChannel('faena-sso');c.postMessage(m);c.close();}catch(e){}
try{if(window.opener)window.opener.postMessage(m,${JSON.stringify(origin)});}catch(e){}
setTimeout(function(){window.close();},${result.failure ? 4000 : 150});})();</script></body></html>`;
  return { html, nonce };
}

export function ssoRoutes(app: App, platform: Platform, limiter: SignInLimiter): void {
  const local = platform.config.PUBLIC_DOMAIN.includes('localhost');
  const stateCookie = (value: string, maxAgeSeconds: number, path = `${prefix}/sso/callback`) =>
    // Lax: the provider sends the browser back with a top-level GET from its own site. A SAML IdP
    // POSTs instead, which a Lax cookie does not follow: the ACS bounces that POST once through a
    // page of this origin (see below), whose own POST carries it.
    `${SSO_STATE_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${local ? '' : '; Secure'}`;

  const handoffCookie = (value: string, maxAgeSeconds: number) =>
    `${SSO_HANDOFF_COOKIE}=${value}; Path=${prefix}/sso/complete; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${local ? '' : '; Secure'}`;

  // ------------------------------------------------------------ administration (settings)
  app.get(
    `${prefix}/sso/providers`,
    { config: { access: ADMIN }, schema: { tags, summary: 'The tenant’s identity providers (decision 029)', response: { 200: z.array(ZIdentityProvider) } } },
    async (request) => listProviders(ctxOf(request, platform)),
  );
  app.post(
    `${prefix}/sso/providers`,
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Configure an identity provider (OIDC or Google); the client secret is stored encrypted', body: ZCreateIdentityProviderRequest, response: { 201: ZIdentityProvider } },
    },
    async (request, reply) => reply.status(201).send(await createProvider(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/sso/providers/:id`, { config: { access: ADMIN }, schema: { tags, params: ZId, response: { 200: ZIdentityProvider } } }, async (request) =>
    getProvider(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${prefix}/sso/providers/:id`, { config: { access: ADMIN }, schema: { tags, params: ZId, body: ZUpdateIdentityProviderRequest, response: { 200: ZIdentityProvider } } }, async (request) =>
    updateProvider(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/sso/providers/:id`, { config: { access: ADMIN }, schema: { tags, params: ZId } }, async (request, reply) => {
    await deleteProvider(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${prefix}/sign-in-settings`,
    { config: { access: ADMIN }, schema: { tags, summary: 'Which of password, magic link and Google the tenant offers', response: { 200: ZSignInSettings } } },
    async (request) => {
      const tenant = ctxOf(request, platform).tenant;
      return { methods: SWITCHABLE_METHODS.filter((m) => tenant.signInMethods.includes(m)) };
    },
  );
  app.put(`${prefix}/sign-in-settings`, { config: { access: ADMIN }, schema: { tags, body: ZSignInSettings, response: { 200: ZSignInSettings } } }, async (request) => ({
    methods: (await setSwitchableMethods(ctxOf(request, platform), request.body.methods)) as ('PASSWORD' | 'MAGIC_LINK' | 'GOOGLE')[],
  }));

  // ------------------------------------------------------------ the federated sign-in itself
  app.get(
    `${prefix}/sso/start`,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Start a federated sign-in: redirects to the provider with state, nonce and PKCE kept server-side',
        querystring: z.object({
          method: z.string().max(100),
          mode: z.enum(['popup', 'redirect']).default('redirect'),
          return_to: z.string().max(500).optional(),
          /** The native shell's in-app browser: base64url SHA-256 of the verifier the app will claim the handoff with. */
          native_challenge: z
            .string()
            .regex(/^[A-Za-z0-9_-]{43}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      try {
        const input = { methodId: request.query.method, mode: request.query.mode, returnTo: request.query.return_to, nativeChallenge: request.query.native_challenge };
        const isSaml = input.methodId.startsWith('saml.');
        const { url, state } = await (isSaml ? startSaml(ctx, input) : startSso(ctx, input));
        void reply.header('set-cookie', stateCookie(state, SSO_ATTEMPT_TTL_MS / 1000, isSaml ? SAML_COOKIE_PATH : undefined));
        return reply.redirect(url, 302);
      } catch (error) {
        const failure = { code: 'method-unavailable' as const, message: error instanceof AppError && error.detail ? error.detail : 'That sign-in method is not yet available on this version' };
        return answer(ctx, reply, { mode: request.query.mode, returnTo: '/sign-in', handoff: null, failure });
      }
    },
  );

  const answer = (ctx: Ctx, reply: Reply, result: CallbackResult) => {
    if (result.mode === 'popup') {
      const { html, nonce } = popupPage(ctx.origin, result);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('cross-origin-opener-policy', 'unsafe-none')
        .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
        .send(html);
    }
    // Redirect mode: back to the page, the outcome in the fragment (never sent to a server, nor in a Referer).
    const fragment = result.handoff ? `sso_handoff=${encodeURIComponent(result.handoff)}` : `sso_error=${encodeURIComponent(result.failure?.code ?? 'provider-error')}`;
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(`${ctx.origin}${result.returnTo}#${fragment}`, 302);
  };

  app.get(
    `${prefix}/sso/callback`,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Where the provider sends the browser back (redirect URI)',
        querystring: z
          .object({
            code: z.string().max(4000).optional(),
            state: z.string().max(4000).optional(),
            iss: z.string().max(4000).optional(),
            error: z.string().max(4000).optional(),
            error_description: z.string().max(4000).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      const query = Object.fromEntries(Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 4000));
      const result = await finishSso(ctx, query, cookieOf(request, SSO_STATE_COOKIE));
      // The handoff is claimed only by this browser (no login CSRF with a lured handoff).
      void reply.header('set-cookie', [stateCookie('', 0), handoffCookie(result.handoff ?? '', result.handoff ? SSO_HANDOFF_TTL_MS / 1000 : 0)]);
      return answer(ctx, reply, result);
    },
  );

  // ------------------------------------------------------------ SAML 2.0 (decision 029)
  app.get(
    `${prefix}/sso/saml/:id/metadata`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'Faena’s SP metadata for a SAML provider (its address is the SP entity id)', params: ZId } },
    async (request, reply) => {
      const xml = await spMetadata(ctxOf(request, platform), request.params.id);
      return reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
    },
  );

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The IdP's HTTP-POST binding sends a form; only this route reads one.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(raw as string)));
    });
    scope.post(
      `${prefix}/sso/saml/:id/acs`,
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: 'Assertion consumer service (HTTP-POST binding) of a SAML provider',
          params: ZId,
          body: z.object({
            SAMLResponse: z
              .string()
              .min(1)
              .max(1024 * 1024),
            RelayState: z.string().max(200).default(''),
            bounced: z.string().max(1).optional(),
          }),
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request, platform);
        const cookie = cookieOf(request, SSO_STATE_COOKIE);
        if (isUnsolicitedResponse(request.body.SAMLResponse)) {
          // IdP-initiated (no request of ours answered): refused unless the provider allows it; no state cookie to wait for.
          const result = await finishSamlUnsolicited(ctx, request.params.id, request.body);
          void reply.header('set-cookie', handoffCookie(result.handoff ?? '', result.handoff ? SSO_HANDOFF_TTL_MS / 1000 : 0));
          return answer(ctx, reply, result);
        }
        if (!cookie && !request.body.bounced) {
          // A cross-site POST carries no Lax cookie: post the same form again from this origin, once.
          const nonce = randomBytes(16).toString('base64');
          const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
          const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Faena</title></head><body>
<form id="f" method="post" action="${escapeHtml(request.url)}">${field('SAMLResponse', request.body.SAMLResponse)}${field('RelayState', request.body.RelayState)}${field('bounced', '1')}<noscript><button type="submit">Continuar</button></noscript></form>
<script nonce="${nonce}">document.getElementById('f').submit();</script></body></html>`;
          return reply
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('referrer-policy', 'no-referrer')
            .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`)
            .send(html);
        }
        const result = await finishSaml(ctx, request.params.id, request.body, cookie);
        void reply.header('set-cookie', [stateCookie('', 0, SAML_COOKIE_PATH), handoffCookie(result.handoff ?? '', result.handoff ? SSO_HANDOFF_TTL_MS / 1000 : 0)]);
        return answer(ctx, reply, result);
      },
    );
  });

  app.post(
    `${prefix}/sso/complete`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'Exchange the one-use handoff for the session, or for “Need confirm”', body: ZSsoCompleteRequest, response: { 200: ZSsoOutcome } } },
    async (request, reply) => {
      const bound = cookieOf(request, SSO_HANDOFF_COOKIE);
      void reply.header('set-cookie', handoffCookie('', 0));
      // The native shell's in-app browser keeps its cookies apart from the app: there the verifier it started with proves it.
      if (request.body.native_verifier !== undefined) return completeSso(ctxOf(request, platform), request.body.handoff, { nativeVerifier: request.body.native_verifier });
      if (!bound || bound !== request.body.handoff) throw new AppError('invalid-credential', 'This sign-in was not started in this browser. Start again.', { reason: 'handoff' });
      return completeSso(ctxOf(request, platform), request.body.handoff, { cookie: true });
    },
  );

  app.post(
    `${prefix}/sso/link`,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: '“Need confirm”: prove the account’s password or a magic-link code, and the provider is linked', body: ZSsoLinkRequest, response: { 200: ZSsoOutcome } },
    },
    async (request) => {
      if (request.body.password === undefined && request.body.code === undefined) throw new FieldErrors({ password: ['You must enter a password'] });
      const ctx = ctxOf(request, platform);
      return confirmLink(ctx, request.body, (tx, email, code) => spendMagicLink(tx, ctx.tenant.id, email, { code }));
    },
  );

  // ------------------------------------------------------------ discovery
  app.post(
    `${prefix}/sign-in/discover`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'The provider that serves an address’s domain on this tenant, if any', body: ZDiscoverRequest, response: { 200: ZDiscoverAnswer } } },
    async (request) => {
      const ctx = ctxOf(request, platform);
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw new FieldErrors({ email: ['Invalid email'] });
      const domain = email.slice(email.lastIndexOf('@') + 1);
      const rows = await ctx.read((db) => listProviderRows(db, ctx.tenant.id));
      const offered = new Set(offeredMethodIds(ctx.tenant, signInMethodsOf(ctx.tenant, rows)));
      const provider = rows.find((row) => row.enabled && row.domains.includes(domain) && offered.has(methodIdOf(row)));
      if (!provider) return { method_id: null, start_url: null };
      const method = methodIdOf(provider);
      return { method_id: method, start_url: `${prefix}/sso/start?method=${encodeURIComponent(method)}&mode=redirect` };
    },
  );

  app.post(
    `${prefix}/workspaces`,
    {
      config: { access: NO_TENANT },
      schema: { tags, summary: 'The workspaces an e-mail address belongs to (root-domain discovery; limited per address)', body: ZDiscoverRequest, response: { 200: ZWorkspacesAnswer } },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw new FieldErrors({ email: ['Invalid email'] });
      // Counted like a failed sign-in from this address: a sweep over addresses meets the address limit.
      const attempt = { tenantId: NO_TENANT_ID, email: `workspaces:${email}`, ip: request.ip, device: null };
      await limiter.check(attempt);
      await limiter.recordFailure(attempt);
      const user = await platform.db.transaction(null, (tx) => findUserByEmail(tx, email));
      if (!user) return { workspaces: [] };
      const protocol = local ? 'http' : 'https';
      const port = /:\d+$/.exec(request.headers.host ?? '')?.[0] ?? '';
      const found = [];
      for (const tenant of await allTenants(platform.db)) {
        const person = await platform.db.read(tenant.id, (db) => findPersonByUser(db, tenant.id, user.id));
        if (person && !person.isDisabled)
          found.push({
            subdomain: tenant.subdomain,
            name: tenant.name,
            url: `${protocol}://${tenant.subdomain}.${platform.config.PUBLIC_DOMAIN.replace(/:\d+$/, '')}${port}`,
            logo_url: tenant.logoUrl,
          });
      }
      return { workspaces: found };
    },
  );
}
