import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Module } from '../src/platform/http/app.ts';
import { SIGNED_IN } from '../src/platform/http/access.ts';
import { addMember, body, DEMO_ADMIN, DEMO_PASSWORD, decodeJwt, engines, signIn, startProbeApp, startServer, tenantOf, type ProbeApp, type TestServer } from './harness.ts';

const SIGN_IN = '/api/auth/v3/sign-in/password';
const TOKEN = '/api/auth/v3/token';
const ME = '/api/auth/v3/me';

/** A route of the kind API.md reserves the cookie for (GET/HEAD of file downloads). */
const cookieProbe: Module = (app) => {
  app.get('/api/probe/v3/file', { config: { access: { permissions: [], cookie: true } } }, async (request) => ({ person: request.caller?.personId }));
  app.post('/api/probe/v3/file', { config: { access: { permissions: [], cookie: true } } }, async () => ({ written: true }));
  app.get('/api/probe/v3/no-cookie', { config: { access: SIGNED_IN } }, async () => ({ ok: true }));
};

describe.each(engines())('auth on %s', (engine) => {
  let server: TestServer;
  let demoId: string;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    demoId = (await tenantOf(server, 'demo')).id;
  });
  afterAll(() => server?.close());

  const signInRaw = (email: string, password: string, subdomain = 'demo') => server.api(subdomain, SIGN_IN, { method: 'POST', json: { email, password } });
  const refresh = (refresh_token: string, subdomain = 'demo') => server.api(subdomain, TOKEN, { method: 'POST', json: { refresh_token } });
  const me = (token: string, subdomain = 'demo') => server.api(subdomain, ME, { token });

  describe('POST /sign-in/password', () => {
    it('answers 200 with the API.md shape for a good password', async () => {
      const response = await signInRaw(DEMO_ADMIN, DEMO_PASSWORD);
      expect(response.status).toBe(200);
      const pair = await body<{ id_token: string; refresh_token: string; expires_in: number; user: Record<string, unknown> }>(response);
      expect(Object.keys(pair).sort()).toEqual(['expires_in', 'id_token', 'refresh_token', 'user']);
      expect(pair.id_token.split('.')).toHaveLength(3);
      expect(pair.refresh_token.length).toBeGreaterThanOrEqual(32);
      expect(pair.expires_in).toBe(3600);
      expect(pair.user).toMatchObject({ email: DEMO_ADMIN, name: 'Administración Faena', tenant_id: demoId, picture: null, sign_in_method: 'PASSWORD' });
      for (const key of ['id', 'email', 'name', 'tenant_id', 'passport', 'picture', 'sign_in_method', 'last_sign_in_time']) expect(pair.user).toHaveProperty(key);
      expect(typeof pair.user.id).toBe('string');
      expect(typeof pair.user.passport).toBe('string');
      expect(Number.isNaN(Date.parse(pair.user.last_sign_in_time as string))).toBe(false);
      const claims = decodeJwt(pair.id_token);
      expect(claims).toMatchObject({ sub: pair.user.id, tid: demoId, iss: 'faena' });
      expect(claims).not.toHaveProperty('act');
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const response = await signInRaw('  Supervisora@FAENA.test ', DEMO_PASSWORD);
      expect(response.status).toBe(200);
      expect((await body<{ user: { email: string } }>(response)).user.email).toBe('supervisora@faena.test');
    });

    it('answers 401 invalid-credential for a wrong password, an unknown user and a malformed e-mail', async () => {
      for (const [email, password] of [
        ['supervisora@faena.test', 'wrong-password'],
        ['nobody@faena.test', DEMO_PASSWORD],
        ['not-an-email', DEMO_PASSWORD],
        ['', DEMO_PASSWORD],
        ['supervisora@faena.test', ''],
      ] as const) {
        const response = await signInRaw(email, password);
        expect(response.status, `${email} / ${password}`).toBe(401);
        expect(await body(response)).toMatchObject({ code: 'invalid-credential' });
      }
    });

    it('answers 403 not-member, naming the tenant, for an identity that is not a member of the host tenant', async () => {
      // admin@norte.test is a member of demo-norte only
      const response = await signInRaw('admin@norte.test', DEMO_PASSWORD);
      expect(response.status).toBe(403);
      expect(await body(response)).toEqual({ code: 'not-member', detail: 'You are not registered in Faena Demo' });
      // the same identity signs in on its own tenant
      expect((await signInRaw('admin@norte.test', DEMO_PASSWORD, 'demo-norte')).status).toBe(200);
    });

    it('answers 401, not 403, to a non-member with a wrong password (no membership discovery)', async () => {
      const response = await signInRaw('admin@norte.test', 'wrong-password');
      expect(response.status).toBe(401);
      expect(await body(response)).toMatchObject({ code: 'invalid-credential' });
    });

    it('answers 403 user-disabled for a disabled person', async () => {
      const response = await signInRaw('inactivo@faena.test', DEMO_PASSWORD);
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ code: 'user-disabled' });
    });

    it('answers 400 validation-error when a field is missing', async () => {
      const response = await server.api('demo', SIGN_IN, { method: 'POST', json: { email: DEMO_ADMIN } });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ code: 'validation-error', errors: { password: [expect.any(String)] } });
    });
  });

  describe('sign-in rate limit', () => {
    it('locks an e-mail after 10 failures in the window, even for the right password; successes do not count', async () => {
      const member = await addMember(server, demoId, { email: 'locked@faena.test', password: 'right-pass' });
      for (let i = 0; i < 9; i++) expect((await signInRaw(member.email, `wrong-${i}`)).status).toBe(401);
      // nine failures so far: successful sign-ins still work and do not add to the count
      for (let i = 0; i < 3; i++) expect((await signInRaw(member.email, 'right-pass')).status).toBe(200);
      expect((await signInRaw(member.email, 'wrong-9')).status).toBe(401);
      // ten failures: locked
      const locked = await signInRaw(member.email, 'right-pass');
      expect(locked.status).toBe(429);
      expect(await body(locked)).toMatchObject({ code: 'too-many-requests' });
      expect((await signInRaw(member.email, 'wrong-again')).status).toBe(429);
      // the lock follows the address, not its spelling
      expect((await signInRaw('  LOCKED@faena.test', 'right-pass')).status).toBe(429);
      // another e-mail from the same address is unaffected
      expect((await signInRaw('rrhh@faena.test', DEMO_PASSWORD)).status).toBe(200);
    });

    it('lets the e-mail in again once its failures are older than the 15-minute window', async () => {
      const member = await addMember(server, demoId, { email: 'window@faena.test', password: 'right-pass' });
      for (let i = 0; i < 10; i++) expect((await signInRaw(member.email, 'wrong')).status).toBe(401);
      expect((await signInRaw(member.email, 'right-pass')).status).toBe(429);
      // the clock is the database's: move the failures to 14 minutes ago, then to 16
      const age = (minutes: number) =>
        server.running.platform.db.transaction(null, (tx) => tx.execute(sql`UPDATE sign_in_failures SET at = now() - make_interval(mins => ${minutes}) WHERE email = ${member.email}`));
      await age(14);
      expect((await signInRaw(member.email, 'right-pass')).status).toBe(429);
      await age(16);
      expect((await signInRaw(member.email, 'right-pass')).status).toBe(200);
    });

    it('counts failures for unknown e-mails too, so probing is limited the same way', async () => {
      for (let i = 0; i < 10; i++) expect((await signInRaw('ghost@faena.test', 'guess')).status).toBe(401);
      const response = await signInRaw('ghost@faena.test', 'guess');
      expect(response.status).toBe(429);
      expect(await body(response)).toMatchObject({ code: 'too-many-requests' });
      // Retry-After says when the oldest counted failure leaves the 15-minute window.
      const wait = Number(response.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(800);
      expect(wait).toBeLessThanOrEqual(900);
    });

    const deviceCookieOf = (response: Response) => {
      const header = response.headers.get('set-cookie') ?? '';
      expect(header).toMatch(/^faena_device_[\w-]+=[\w-]+\.[\w-]+; Path=\/api\/auth\/v3\/sign-in; HttpOnly; SameSite=Strict; Max-Age=15552000/);
      return header.split(';')[0]!;
    };
    const signInFrom = (cookie: string, email: string, password: string, subdomain = 'demo') => server.api(subdomain, SIGN_IN, { method: 'POST', json: { email, password }, headers: { cookie } });

    it("admits the right password from a device the account signed in on before, while others' failures lock the account", async () => {
      const member = await addMember(server, demoId, { email: 'owner@faena.test', password: 'right-pass' });
      const device = deviceCookieOf(await signInRaw(member.email, 'right-pass'));
      // An attacker elsewhere spends the account's ten failures: devices it never signed in on are locked out…
      for (let i = 0; i < 10; i++) expect((await signInRaw(member.email, `guess-${i}`)).status).toBe(401);
      expect((await signInRaw(member.email, 'right-pass')).status).toBe(429);
      // …the owner's device is not, and its sign-in renews the same device cookie.
      const admitted = await signInFrom(device, member.email, 'right-pass');
      expect(admitted.status).toBe(200);
      expect(deviceCookieOf(admitted).split('.')[0]).toBe(device.split('.')[0]);
      // A forged or another account's cookie is no device of this account.
      expect((await signInFrom(`${device.split('=')[0]}=forged.value`, member.email, 'right-pass')).status).toBe(429);
      const other = deviceCookieOf(await signInRaw('rrhh@faena.test', DEMO_PASSWORD));
      expect((await signInFrom(`${device.split('=')[0]}=${other.split('=')[1]}`, member.email, 'right-pass')).status).toBe(429);
      // The device has a limit of its own: ten failures from it lock it, with Retry-After.
      for (let i = 0; i < 10; i++) expect((await signInFrom(device, member.email, `typo-${i}`)).status).toBe(401);
      const locked = await signInFrom(device, member.email, 'right-pass');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits an account per organisation: failures on one tenant do not lock the same e-mail on another', async () => {
      for (let i = 0; i < 10; i++) expect((await signInRaw(DEMO_ADMIN, `wrong-${i}`, 'demo-norte')).status).toBe(401);
      expect((await signInRaw(DEMO_ADMIN, DEMO_PASSWORD, 'demo-norte')).status).toBe(429);
      expect((await signInRaw(DEMO_ADMIN, DEMO_PASSWORD, 'demo')).status).toBe(200);
      await server.running.platform.db.transaction(null, (tx) => tx.execute(sql`DELETE FROM sign_in_failures WHERE email = ${DEMO_ADMIN}`));
    });

    it('locks an address only far past one account (an office behind one NAT), and never a device that signed in before', async () => {
      const device = deviceCookieOf(await signInRaw('supervisora@faena.test', DEMO_PASSWORD));
      // 999 failures of many accounts from this address (and none of the earlier tests'): still admitted.
      await server.running.platform.db.transaction(null, (tx) => tx.execute(sql`DELETE FROM sign_in_failures WHERE ip = '127.0.0.1'`));
      await server.running.platform.db.transaction(null, (tx) =>
        tx.execute(sql`INSERT INTO sign_in_failures (email, ip, tenant) SELECT 'nat-' || n || '@faena.test', '127.0.0.1', ${demoId}::uuid FROM generate_series(1, 999) AS n`),
      );
      expect((await signInRaw('rrhh@faena.test', DEMO_PASSWORD)).status).toBe(200);
      expect((await signInRaw('nobody@faena.test', 'x')).status).toBe(401); // the thousandth
      const refused = await signInRaw('rrhh@faena.test', DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await signInFrom(device, 'supervisora@faena.test', DEMO_PASSWORD)).status).toBe(200);
      await server.running.platform.db.transaction(null, (tx) => tx.execute(sql`DELETE FROM sign_in_failures WHERE ip = '127.0.0.1'`));
    });
  });

  describe('POST /token (refresh)', () => {
    it('rotates: a new pair whose id token works, for the same user and session', async () => {
      const first = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const response = await refresh(first.refresh_token);
      expect(response.status).toBe(200);
      const second = await body<{ id_token: string; refresh_token: string; expires_in: number; user: { email: string; sign_in_method: string } }>(response);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.expires_in).toBe(3600);
      expect(second.user).toMatchObject({ email: 'operario@faena.test', sign_in_method: 'PASSWORD' });
      expect(decodeJwt(second.id_token).sid).toBe(decodeJwt(first.id_token).sid);
      expect((await me(second.id_token)).status).toBe(200);
      // the new refresh token rotates again
      expect((await refresh(second.refresh_token)).status).toBe(200);
    });

    it('refuses the old refresh token, and presenting it revokes the whole session', async () => {
      const first = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const other = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const second = await body<{ id_token: string; refresh_token: string }>(await refresh(first.refresh_token));
      expect((await me(second.id_token)).status).toBe(200);

      const reused = await refresh(first.refresh_token);
      expect(reused.status).toBe(401);

      // the newest refresh token and every id token of that session stop working
      expect((await refresh(second.refresh_token)).status).toBe(401);
      for (const token of [second.id_token, first.id_token]) {
        const response = await me(token);
        expect(response.status).toBe(401);
        expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
      }
      // another session of the same person is untouched
      expect((await me(other.id_token)).status).toBe(200);
      expect((await refresh(other.refresh_token)).status).toBe(200);
    });

    it('never lets two concurrent uses of one refresh token both succeed', async () => {
      const pair = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const answers = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token), refresh(pair.refresh_token)]);
      const statuses = answers.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 401, 401]);
      // a reuse revokes the session, the winner's new tokens included
      const winner = await body<{ id_token: string; refresh_token: string }>(answers.find((response) => response.status === 200)!);
      expect((await me(winner.id_token)).status).toBe(401);
      expect((await refresh(winner.refresh_token)).status).toBe(401);
    });

    it('refuses to refresh a session past its expiry, and its id token stops working', async () => {
      const pair = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const sid = decodeJwt(pair.id_token).sid as string;
      await server.running.platform.db.transaction(demoId, (tx) => tx.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE tenant_id = ${demoId} AND id = ${sid}`));
      // the server caches session state for a short while; a permission change anywhere drops it
      server.running.platform.sessions.forgetTenant(demoId);
      expect((await refresh(pair.refresh_token)).status).toBe(401);
      expect((await me(pair.id_token)).status).toBe(401);
    });

    it('answers 401 for an unknown refresh token and 400 for a missing one', async () => {
      expect((await refresh('not-a-refresh-token')).status).toBe(401);
      const missing = await server.api('demo', TOKEN, { method: 'POST', json: {} });
      expect(missing.status).toBe(400);
      expect(await body(missing)).toMatchObject({ code: 'validation-error', errors: { refresh_token: [expect.any(String)] } });
    });
  });

  describe('POST /sign-out', () => {
    it('answers 204 and revokes the refresh token and the id token of that session only', async () => {
      const session = await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD);
      const other = await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD);
      expect((await me(session.id_token)).status).toBe(200);
      const response = await server.api('demo', '/api/auth/v3/sign-out', { method: 'POST', token: session.id_token });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');

      const after = await me(session.id_token);
      expect(after.status).toBe(401);
      expect(await body(after)).toMatchObject({ code: 'not-signed-in' });
      expect((await refresh(session.refresh_token)).status).toBe(401);
      expect((await me(other.id_token)).status).toBe(200);
    });

    it('needs a signed-in caller', async () => {
      const response = await server.api('demo', '/api/auth/v3/sign-out', { method: 'POST' });
      expect(response.status).toBe(401);
      expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
    });
  });

  describe('GET /me', () => {
    it('answers the signed-in user in the sign-in shape', async () => {
      const pair = await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD);
      const response = await me(pair.id_token);
      expect(response.status).toBe(200);
      const user = await body(response);
      expect(user).toMatchObject({
        id: pair.user.id,
        email: 'rrhh@faena.test',
        name: 'Valentina Muñoz',
        tenant_id: demoId,
        passport: pair.user.passport,
        sign_in_method: 'PASSWORD',
        impersonator: null,
      });
      expect(user.last_sign_in_time).toBe(pair.user.last_sign_in_time);
    });

    it('answers 401 not-signed-in without a token, with a bad one, or with another scheme', async () => {
      for (const authorization of [undefined, 'Bearer not-a-token', 'Bearer ', 'Basic YWRtaW46eA==', 'bearer']) {
        const response = await server.api('demo', ME, authorization ? { headers: { authorization } } : {});
        expect(response.status, String(authorization)).toBe(401);
        expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
      }
    });
  });

  describe('session cookie', () => {
    let probe: ProbeApp;
    beforeAll(async () => {
      probe = await startProbeApp(server, [cookieProbe]);
    });
    afterAll(() => probe?.close());

    const cookieOf = (response: Response) => response.headers.get('set-cookie') ?? '';

    it('POST sets an HttpOnly, SameSite=Strict cookie carrying the session; DELETE clears it', async () => {
      const pair = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const set = await server.api('demo', '/api/auth/v3/session-cookie', { method: 'POST', token: pair.id_token });
      expect(set.status).toBe(204);
      const cookie = cookieOf(set);
      const attributes = cookie.split(';').map((part) => part.trim());
      expect(attributes[0]).toBe(`faena_session=${pair.id_token}`);
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Strict');
      expect(attributes).toContain('Path=/api');
      expect(attributes).toContain('Max-Age=3600');
      // plain http is allowed only under localhost
      expect(attributes).not.toContain('Secure');

      const cleared = await server.api('demo', '/api/auth/v3/session-cookie', { method: 'DELETE' });
      expect(cleared.status).toBe(204);
      const clearing = cookieOf(cleared)
        .split(';')
        .map((part) => part.trim());
      expect(clearing[0]).toBe('faena_session=');
      expect(clearing).toContain('Max-Age=0');
      expect(clearing).toContain('HttpOnly');
      expect(clearing).toContain('SameSite=Strict');
      expect(clearing).toContain('Path=/api');
    });

    it('is Secure outside localhost', async () => {
      const platform = server.running.platform;
      const remote = await startProbeApp(server, [], { ...platform, config: { ...platform.config, PUBLIC_DOMAIN: 'faena.example.com' } });
      try {
        const pair = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
        const set = await remote.api(null, '/api/auth/v3/session-cookie', { method: 'POST', token: pair.id_token, host: 'demo.faena.example.com' });
        expect(set.status).toBe(204);
        expect(
          cookieOf(set)
            .split(';')
            .map((part) => part.trim()),
        ).toContain('Secure');
      } finally {
        await remote.close();
      }
    });

    it('needs a bearer token to be set', async () => {
      const response = await server.api('demo', '/api/auth/v3/session-cookie', { method: 'POST' });
      expect(response.status).toBe(401);
      expect(cookieOf(response)).toBe('');
    });

    it('is accepted only on GET/HEAD of routes that allow it, and stops with the session', async () => {
      const pair = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
      const cookie = `other=1; faena_session=${pair.id_token}`;
      const get = await probe.api('demo', '/api/probe/v3/file', { headers: { cookie } });
      expect(get.status).toBe(200);
      expect(await body(get)).toEqual({ person: decodeJwt(pair.id_token).pid });
      expect((await probe.api('demo', '/api/probe/v3/file', { method: 'HEAD', headers: { cookie } })).status).toBe(200);

      // not for writes, and not on routes that did not ask for it
      const post = await probe.api('demo', '/api/probe/v3/file', { method: 'POST', headers: { cookie } });
      expect(post.status).toBe(401);
      expect(await body(post)).toMatchObject({ code: 'not-signed-in' });
      expect((await probe.api('demo', '/api/probe/v3/no-cookie', { headers: { cookie } })).status).toBe(401);
      expect((await probe.api('demo', ME, { headers: { cookie } })).status).toBe(401);
      // a bearer still works on a write of the same route
      expect((await probe.api('demo', '/api/probe/v3/file', { method: 'POST', token: pair.id_token })).status).toBe(200);

      // on another tenant's host the cookie's tenant does not match
      const elsewhere = await probe.api('demo-norte', '/api/probe/v3/file', { headers: { cookie } });
      expect(elsewhere.status).toBe(403);
      expect(await body(elsewhere)).toMatchObject({ code: 'tenant-mismatch' });

      expect((await server.api('demo', '/api/auth/v3/sign-out', { method: 'POST', token: pair.id_token })).status).toBe(204);
      expect((await probe.api('demo', '/api/probe/v3/file', { headers: { cookie } })).status).toBe(401);
    });

    it('answers 401, never 500, to a garbled cookie', async () => {
      for (const cookie of ['faena_session=%E0%A4%A', 'faena_session=', 'faena_session', 'faena_session=a.b.c', '=;;=']) {
        const response = await probe.api('demo', '/api/probe/v3/file', { headers: { cookie } });
        expect(response.status, cookie).toBe(401);
        expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
      }
    });
  });
});
