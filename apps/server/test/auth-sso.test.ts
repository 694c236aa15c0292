import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DOMAIN, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { Browser, startIdp, type TestAccount, type TestIdp } from './sso-idp.ts';

const A = '/api/auth/v3';

interface Provider {
  id: string;
  method_id: string;
  redirect_uri: string;
  has_client_secret: boolean;
  domains: string[];
  provisioning: string;
}

interface Flow {
  authorize: URL;
  back: URL;
  callback: Response;
  state: string;
}

describe.each(engines())('federated sign-in (OIDC) against a real provider on %s', (engine) => {
  let server: TestServer;
  let idp: TestIdp;
  let acmeId: string;
  let admin: string;
  let okta: Provider;

  beforeAll(async () => {
    server = await startServer(engine, { env: { SSO_ALLOW_LOCAL_PROVIDERS: 'true' } });
    const acme = await makeTenant(server, 'acme');
    acmeId = acme.tenant.id;
    await makeTenant(server, 'beta');
    await setFlags(server, acmeId, { oidc: true, magic_link: true });
    await server.running.platform.db.ownerExec(`UPDATE tenants SET sign_in_methods = '{PASSWORD,MAGIC_LINK,GOOGLE}' WHERE id = '${acmeId}'`);
    server.running.platform.tenants.forget();
    admin = (await signIn(server, 'acme', acme.adminEmail, acme.adminPassword)).id_token;
    const callbackOf = (sub: string) => `http://${sub}.${DOMAIN}:${server.port}${A}/sso/callback`;
    idp = await startIdp([
      { client_id: 'faena-acme', client_secret: 'acme-secret-value', redirect_uris: [callbackOf('acme')] },
      { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: ['http://other.test/cb'] },
    ]);
    const created = await server.api('acme', `${A}/sso/providers`, {
      method: 'POST',
      token: admin,
      json: { type: 'OIDC', name: 'Okta', slug: 'okta', issuer: idp.issuer, client_id: 'faena-acme', client_secret: 'acme-secret-value', domains: ['acme.test'], provisioning: 'create' },
    });
    expect(created.status).toBe(201);
    okta = await body<Provider>(created);
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const api = (path: string, init: Parameters<TestServer['api']>[2] = {}, sub = 'acme') => server.api(sub, path, init);

  /** A browser's whole round: start → provider (signs in as `who`) → callback. */
  async function flow(who: TestAccount | 'cancel', options: { mode?: 'popup' | 'redirect'; method?: string; cookie?: (state: string) => string } = {}): Promise<Flow> {
    const start = await api(`${A}/sso/start?method=${options.method ?? okta.method_id}&mode=${options.mode ?? 'redirect'}&return_to=/home`);
    expect(start.status).toBe(302);
    const state = /faena_sso_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
    const authorize = new URL(start.headers.get('location')!);
    idp.as(who);
    const back = await new Browser().followAtIdp(authorize.href, idp.issuer);
    const callback = await api(`${back.pathname}${back.search}`, { headers: { cookie: `faena_sso_state=${options.cookie ? options.cookie(state) : state}` } });
    return { authorize, back, callback, state };
  }
  const fragment = (response: Response) => new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
  /** The page claims the handoff, with the cookie the callback gave this browser (or `bound`: another's). */
  const handoffCookieOf = (response: Response) => /faena_sso_handoff=([^;]*)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const complete = (handoff: string, bound: string = handoff) => api(`${A}/sso/complete`, { method: 'POST', json: { handoff }, headers: { cookie: `faena_sso_handoff=${bound}` } });
  async function signedInVia(who: TestAccount) {
    const { callback } = await flow(who);
    expect(callback.status).toBe(302);
    const handoff = fragment(callback).get('sso_handoff');
    expect(handoff, fragment(callback).toString()).toBeTruthy();
    expect(handoffCookieOf(callback)).toBe(handoff);
    const answer = await complete(handoff!, handoffCookieOf(callback));
    expect(answer.status).toBe(200);
    return body<{ status: string; session?: { id_token: string; user: Record<string, unknown> }; email?: string; methods?: string[]; link_token?: string; end_session_url?: string | null }>(answer);
  }

  it('stores the client secret encrypted, never sends it back, and lists the provider among the tenant’s methods', async () => {
    expect(okta).toMatchObject({ method_id: 'oidc.okta', has_client_secret: true, redirect_uri: `http://acme.${DOMAIN}:${server.port}${A}/sso/callback` });
    expect(JSON.stringify(okta)).not.toContain('acme-secret-value');
    const rows = await server.running.platform.db.ownerDrizzle(async (db) => db.execute('SELECT client_secret_enc FROM identity_providers'));
    const sealed = JSON.stringify(rows);
    expect(sealed).toContain('v1.');
    expect(sealed).not.toContain('acme-secret-value');
    const tenant = await body<{ firebase_sign_in_methods: string[] }>(await api('/api/tenant'));
    expect(tenant.firebase_sign_in_methods).toEqual(['PASSWORD', 'MAGIC_LINK', 'GOOGLE', 'oidc.okta']);
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location')!);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe('faena-acme');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(20);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(20);
    expect(url.searchParams.get('redirect_uri')).toBe(okta.redirect_uri);
    expect(start.headers.get('set-cookie')).toMatch(/faena_sso_state=.+; Path=\/api\/auth\/v3\/sso\/callback; HttpOnly; SameSite=Lax/);
  });

  it('the native shell’s in-app browser: the handoff is claimed with the app’s verifier, not a cookie; a web handoff never with a verifier', async () => {
    const { createHash, randomBytes } = await import('node:crypto');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const nativeRound = async (who: TestAccount) => {
      const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect&return_to=${encodeURIComponent('/sign-in?native_return=app.faena.mobile')}&native_challenge=${challenge}`);
      expect(start.status).toBe(302);
      const state = /faena_sso_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
      idp.as(who);
      const back = await new Browser().followAtIdp(start.headers.get('location')!, idp.issuer);
      const callback = await api(`${back.pathname}${back.search}`, { headers: { cookie: `faena_sso_state=${state}` } });
      expect(new URL(callback.headers.get('location')!).search).toBe('?native_return=app.faena.mobile');
      return { handoff: fragment(callback).get('sso_handoff')!, cookie: handoffCookieOf(callback) };
    };
    const claim = (json: Record<string, string>, cookie?: string) => api(`${A}/sso/complete`, { method: 'POST', json, ...(cookie ? { headers: { cookie: `faena_sso_handoff=${cookie}` } } : {}) });

    // the in-app browser's cookie alone does not claim a native sign-in; another verifier neither
    const first = await nativeRound({ sub: 'okta-native', email: 'native@acme.test' });
    expect((await claim({ handoff: first.handoff }, first.cookie)).status).toBe(401);
    expect((await claim({ handoff: first.handoff, native_verifier: randomBytes(32).toString('base64url') })).status).toBe(401);
    const signed = await claim({ handoff: first.handoff, native_verifier: verifier });
    expect(signed.status).toBe(200);
    expect(await body(signed)).toMatchObject({ status: 'signed-in', session: { user: { email: 'native@acme.test', sign_in_method: 'OIDC' } } });
    // once
    expect((await claim({ handoff: first.handoff, native_verifier: verifier })).status).toBe(401);
    // a web sign-in (no challenge) is claimed only with its cookie
    const web = await flow({ sub: 'okta-native', email: 'native@acme.test' });
    const webHandoff = fragment(web.callback).get('sso_handoff')!;
    expect((await claim({ handoff: webHandoff, native_verifier: verifier })).status).toBe(401);
    expect((await claim({ handoff: webHandoff }, handoffCookieOf(web.callback))).status).toBe(200);
    // a malformed challenge is refused at the start
    expect((await api(`${A}/sso/start?method=oidc.okta&mode=redirect&native_challenge=short`)).status).toBe(400);
  });

  it('creates a member on first sign-in, opens a session like a password sign-in, and finds them again by subject', async () => {
    const first = await signedInVia({ sub: 'okta-ana', email: 'Ana@Acme.test', name: 'Ana Federada' });
    expect(first.status).toBe('signed-in');
    expect(first.session!.user).toMatchObject({ email: 'ana@acme.test', name: 'Ana Federada', sign_in_method: 'OIDC' });
    expect(first.end_session_url).toMatch(new RegExp(`^${idp.issuer}/session/end\\?`));
    const me = await api(`${A}/me`, { token: first.session!.id_token });
    expect(me.status).toBe(200);
    // the provider changes her address: the subject still finds her account
    const again = await signedInVia({ sub: 'okta-ana', email: 'ana.renamed@acme.test', name: 'Ana Federada' });
    expect(again.session!.user).toMatchObject({ id: first.session!.user.id, email: 'ana@acme.test' });
  });

  it('a popup gets a page that hands the outcome to its opener on this origin only, under a nonce CSP', async () => {
    const { callback } = await flow({ sub: 'okta-popup', email: 'popup@acme.test' }, { mode: 'popup' });
    expect(callback.status).toBe(200);
    expect(callback.headers.get('content-type')).toContain('text/html');
    const csp = callback.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await callback.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`postMessage(m,"http://acme.${DOMAIN}:${server.port}")`);
    const handoff = /"handoff":"([^"]+)"/.exec(html)![1]!;
    const answer = await body<{ status: string }>(await complete(handoff));
    expect(answer.status).toBe('signed-in');
    // the handoff works once
    expect((await complete(handoff)).status).toBe(401);
  });

  it('a handoff lured into another browser (no cookie of its own) signs nobody in', async () => {
    const { callback } = await flow({ sub: 'okta-lure', email: 'lure@acme.test' });
    const handoff = fragment(callback).get('sso_handoff')!;
    const elsewhere = await api(`${A}/sso/complete`, { method: 'POST', json: { handoff } });
    expect(elsewhere.status).toBe(401);
    expect((await complete(handoff, 'another-browsers-handoff-value-0000000000')).status).toBe(401);
    // the rightful browser still can
    expect((await complete(handoff)).status).toBe(200);
  });

  it('refuses a replayed answer (the same callback twice) and an old code under a fresh state', async () => {
    const first = await flow({ sub: 'okta-replay', email: 'replay@acme.test' });
    expect(fragment(first.callback).get('sso_handoff')).toBeTruthy();
    const again = await api(`${first.back.pathname}${first.back.search}`, { headers: { cookie: `faena_sso_state=${first.state}` } });
    expect(fragment(again).get('sso_error')).toBe('state-mismatch');

    // a new sign-in started in this browser, answered with the code of the first one
    const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const replayed = new URL(first.back);
    replayed.searchParams.set('state', state);
    const refused = await api(`${replayed.pathname}${replayed.search}`, { headers: { cookie: `faena_sso_state=${state}` } });
    expect(fragment(refused).get('sso_error')).toBe('verification-failed');
  });

  it('refuses a state that is not the one this browser started with, and an answer that comes back late', async () => {
    const mismatch = await flow({ sub: 'okta-x', email: 'x@acme.test' }, { cookie: () => 'another-state-value-from-elsewhere-000' });
    expect(fragment(mismatch.callback).get('sso_error')).toBe('state-mismatch');
    const noCookie = await api(`${mismatch.back.pathname}${mismatch.back.search}`);
    expect(fragment(noCookie).get('sso_error')).toBe('state-mismatch');

    const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
    const state = /faena_sso_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
    await server.running.platform.db.ownerExec(`UPDATE sso_attempts SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    idp.as({ sub: 'okta-late', email: 'late@acme.test' });
    const back = await new Browser().followAtIdp(start.headers.get('location')!, idp.issuer);
    const late = await api(`${back.pathname}${back.search}`, { headers: { cookie: `faena_sso_state=${state}` } });
    expect(fragment(late).get('sso_error')).toBe('expired');
  });

  it('refuses an id token issued to another client (wrong audience), even with the right nonce', async () => {
    // the attacker holds an id token the same provider issued to another application, for this sign-in's nonce
    const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
    const state = /faena_sso_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
    const authorize = new URL(start.headers.get('location')!);
    const oidc = await import('openid-client');
    const other = await oidc.discovery(new URL(idp.issuer), 'other-app', 'other-secret', undefined, { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const otherUrl = oidc.buildAuthorizationUrl(other, {
      redirect_uri: 'http://other.test/cb',
      scope: 'openid email',
      nonce: authorize.searchParams.get('nonce')!,
      state: 'x',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    idp.as({ sub: 'okta-victim', email: 'victim@acme.test' });
    const otherBack = await new Browser().followAtIdp(otherUrl.href, idp.issuer);
    const foreign = await oidc.authorizationCodeGrant(other, otherBack, { pkceCodeVerifier: verifier, expectedState: 'x', expectedNonce: authorize.searchParams.get('nonce')! });
    expect(foreign.claims()!.aud).toBe('other-app');

    idp.as({ sub: 'okta-victim', email: 'victim@acme.test' });
    const back = await new Browser().followAtIdp(authorize.href, idp.issuer);
    idp.swapNextIdToken(foreign.id_token!);
    const refused = await api(`${back.pathname}${back.search}`, { headers: { cookie: `faena_sso_state=${state}` } });
    expect(fragment(refused).get('sso_error')).toBe('verification-failed');
    const people = await server.running.platform.db.ownerDrizzle(async (db) => db.execute("SELECT count(*)::int AS n FROM persons WHERE primary_email = 'victim@acme.test'"));
    expect(JSON.stringify(people)).toContain('"n":0');
  });

  it('refuses an address of a domain the provider does not serve, and a user who cancels at the provider', async () => {
    const outsider = await flow({ sub: 'okta-out', email: 'someone@elsewhere.test' });
    expect(fragment(outsider.callback).get('sso_error')).toBe('domain-not-served');
    const cancelled = await flow('cancel');
    expect(fragment(cancelled.callback).get('sso_error')).toBe('cancelled');
    const unverified = await flow({ sub: 'okta-unverified', email: 'unverified@acme.test', email_verified: false });
    expect(fragment(unverified.callback).get('sso_error')).toBe('email-not-verified');
  });

  it('admit-only: a person of the directory gets in, an unknown address is told it is not registered', async () => {
    expect((await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: admin, json: { provisioning: 'existing' } })).status).toBe(200);
    try {
      await addMember(server, acmeId, { email: 'listed@acme.test', name: 'Listada', withAccount: false });
      const listed = await signedInVia({ sub: 'okta-listed', email: 'listed@acme.test' });
      expect(listed.status).toBe('signed-in');
      expect(listed.session!.user).toMatchObject({ email: 'listed@acme.test', name: 'Listada' });
      const stranger = await flow({ sub: 'okta-stranger', email: 'stranger@acme.test' });
      expect(fragment(stranger.callback).get('sso_error')).toBe('not-member');
    } finally {
      await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: admin, json: { provisioning: 'create' } });
    }
  });

  it('“Need confirm”: an account with a password must prove it before the provider is linked', async () => {
    await addMember(server, acmeId, { email: 'pedro@acme.test', name: 'Pedro', password: 'pedro-password' });
    const first = await signedInVia({ sub: 'okta-pedro', email: 'pedro@acme.test' });
    expect(first).toMatchObject({ status: 'need-confirm', email: 'pedro@acme.test', methods: ['PASSWORD', 'MAGIC_LINK'] });
    const link = (json: unknown) => api(`${A}/sso/link`, { method: 'POST', json });
    expect((await link({ link_token: first.link_token, password: 'wrong-password' })).status).toBe(401);
    const linked = await link({ link_token: first.link_token, password: 'pedro-password' });
    expect(linked.status).toBe(200);
    expect(await body(linked)).toMatchObject({ status: 'signed-in', session: { user: { email: 'pedro@acme.test', sign_in_method: 'OIDC' } } });
    // spent
    expect((await link({ link_token: first.link_token, password: 'pedro-password' })).status).toBe(401);
    // from now on the provider signs him in directly
    const later = await signedInVia({ sub: 'okta-pedro', email: 'pedro@acme.test' });
    expect(later.status).toBe('signed-in');
  });

  it('“Need confirm” can be proven with a magic-link code sent to the address', async () => {
    await addMember(server, acmeId, { email: 'marta@acme.test', name: 'Marta', password: 'marta-password' });
    const first = await signedInVia({ sub: 'okta-marta', email: 'marta@acme.test' });
    expect(first.status).toBe('need-confirm');
    expect((await api(`${A}/magic-link`, { method: 'POST', json: { email: 'marta@acme.test' } })).status).toBe(204);
    const outbox = await body<{ results: { recipient: string; text: string }[] }>(await api(`${A}/outbox`, { token: admin }));
    const code = /Tu código es (\d{6})/.exec(outbox.results.find((m) => m.recipient === 'marta@acme.test')!.text)![1]!;
    const linked = await api(`${A}/sso/link`, { method: 'POST', json: { link_token: first.link_token, code } });
    expect(linked.status).toBe(200);
    expect(await body(linked)).toMatchObject({ status: 'signed-in' });
  });

  it('discovery: an address of an SSO domain goes to its provider; other addresses get none', async () => {
    const found = await body(await api(`${A}/sign-in/discover`, { method: 'POST', json: { email: 'someone@ACME.test' } }));
    expect(found).toEqual({ method_id: 'oidc.okta', start_url: `${A}/sso/start?method=oidc.okta&mode=redirect` });
    expect(await body(await api(`${A}/sign-in/discover`, { method: 'POST', json: { email: 'someone@gmail.com' } }))).toEqual({ method_id: null, start_url: null });
    expect((await api(`${A}/sign-in/discover`, { method: 'POST', json: { email: 'not-an-email' } })).status).toBe(400);
  });

  it('discovery on the root domain lists the workspaces an address belongs to, or none', async () => {
    await addMember(server, (await body<{ id: string }>(await api('/api/tenant', {}, 'beta'))).id, { email: 'ana@acme.test', name: 'Ana en Beta', withAccount: false });
    const root = (json: unknown) => server.api(null, `${A}/workspaces`, { method: 'POST', json, host: `${DOMAIN}:${server.port}` });
    const admins = await body<{ workspaces: { subdomain: string; url: string }[] }>(await root({ email: 'admin@acme.test' }));
    expect(admins.workspaces).toEqual([{ subdomain: 'acme', name: 'Org acme', url: `http://acme.${DOMAIN}:${server.port}`, logo_url: null }]);
    expect(await body(await root({ email: 'nobody@nowhere.test' }))).toEqual({ workspaces: [] });
    expect((await root({ email: 'bad' })).status).toBe(400);
  });

  it('a disabled provider is neither listed nor startable; a tenant with every method off lists none', async () => {
    expect((await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: admin, json: { enabled: false } })).status).toBe(200);
    try {
      expect((await body<{ firebase_sign_in_methods: string[] }>(await api('/api/tenant'))).firebase_sign_in_methods).not.toContain('oidc.okta');
      const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
      expect(fragment(start).get('sso_error')).toBe('method-unavailable');
      expect((await api(`${A}/sign-in-settings`, { method: 'PUT', token: admin, json: { methods: [] } })).status).toBe(200);
      expect((await body<{ firebase_sign_in_methods: string[] }>(await api('/api/tenant'))).firebase_sign_in_methods).toEqual([]);
    } finally {
      await api(`${A}/sign-in-settings`, { method: 'PUT', token: admin, json: { methods: ['PASSWORD', 'MAGIC_LINK', 'GOOGLE'] } });
      await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: admin, json: { enabled: true } });
    }
  });

  it('OIDC sign-in needs the tenant’s oidc flag', async () => {
    await setFlags(server, acmeId, { oidc: false });
    try {
      const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`);
      expect(fragment(start).get('sso_error')).toBe('method-unavailable');
    } finally {
      await setFlags(server, acmeId, { oidc: true });
    }
  });

  it('Google: the issuer is fixed to Google’s, one per tenant', async () => {
    const created = await api(`${A}/sso/providers`, {
      method: 'POST',
      token: admin,
      json: { type: 'GOOGLE', name: 'Google', issuer: 'https://evil.test', client_id: 'g.apps.googleusercontent.com', client_secret: 'g-secret', domains: ['acme.test'] },
    });
    expect(created.status).toBe(201);
    const google = await body<{ id: string; issuer: string; method_id: string }>(created);
    expect(google).toMatchObject({ issuer: 'https://accounts.google.com', method_id: 'GOOGLE' });
    const twice = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'GOOGLE', name: 'Google 2', client_id: 'x' } });
    expect(twice.status).toBe(409);
    expect((await api(`${A}/sso/providers/${google.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('administration: MANAGE_PEOPLE only; bad input is a 400 with field errors; unknown ids 404', async () => {
    const worker = await addMember(server, acmeId, { email: 'worker@acme.test', permissions: ['VIEW_HOME'] });
    const workerToken = (await signIn(server, 'acme', worker.email, worker.password)).id_token;
    expect((await api(`${A}/sso/providers`, { token: workerToken })).status).toBe(403);
    expect((await api(`${A}/sso/providers`, { method: 'POST', token: workerToken, json: { type: 'OIDC', name: 'X', issuer: idp.issuer, client_id: 'x' } })).status).toBe(403);
    expect((await api(`${A}/sign-in-settings`, { method: 'PUT', token: workerToken, json: { methods: [] } })).status).toBe(403);
    expect((await api(`${A}/sso/providers`)).status).toBe(401);

    const bad = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'OIDC', name: 'X', issuer: 'ftp://x', client_id: 'x', domains: ['not a domain'] } });
    expect(bad.status).toBe(400);
    const noIssuer = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'OIDC', name: 'X', issuer: 'ftp://x', client_id: 'x' } });
    expect(await body(noIssuer)).toMatchObject({ code: 'validation-error', errors: { issuer: expect.any(Array) } });
    const position = await api(`${A}/sso/providers`, {
      method: 'POST',
      token: admin,
      json: { type: 'OIDC', name: 'Y', issuer: idp.issuer, client_id: 'y', default_position_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(position.status).toBe(400);
    const duplicate = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'OIDC', name: 'Okta', slug: 'okta', issuer: idp.issuer, client_id: 'y' } });
    expect(duplicate.status).toBe(400);
    expect((await api(`${A}/sso/providers/not-a-uuid`, { token: admin })).status).toBe(404);
    expect((await api(`${A}/sso/providers/00000000-0000-4000-8000-000000000000`, { method: 'PATCH', token: admin, json: { name: 'Z' } })).status).toBe(404);
  });

  it('cross-tenant: another tenant neither sees, changes nor signs in with this tenant’s provider', async () => {
    const beta = await signIn(server, 'beta', 'admin@beta.test', 'secret-pass');
    expect(await body(await api(`${A}/sso/providers`, { token: beta.id_token }, 'beta'))).toEqual([]);
    expect((await api(`${A}/sso/providers/${okta.id}`, { token: beta.id_token }, 'beta')).status).toBe(404);
    expect((await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: beta.id_token, json: { name: 'Hijack' } }, 'beta')).status).toBe(404);
    expect((await api(`${A}/sso/providers/${okta.id}`, { method: 'DELETE', token: beta.id_token }, 'beta')).status).toBe(404);
    const start = await api(`${A}/sso/start?method=oidc.okta&mode=redirect`, {}, 'beta');
    expect(fragment(start).get('sso_error')).toBe('method-unavailable');
    // a handoff made on acme means nothing on beta
    const { callback } = await flow({ sub: 'okta-ana', email: 'ana@acme.test' });
    const handoff = fragment(callback).get('sso_handoff')!;
    expect((await api(`${A}/sso/complete`, { method: 'POST', json: { handoff }, headers: { cookie: `faena_sso_handoff=${handoff}` } }, 'beta')).status).toBe(401);
  });
});
