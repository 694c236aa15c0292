import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DEMO_ADMIN, DEMO_PASSWORD, decodeJwt, engines, signIn, startServer, tenantOf, type TestServer } from './harness.ts';

const IMPERSONATION = '/api/auth/v3/impersonation';
const PERSONS = '/api/audiences/v3/persons/';

interface Pair {
  id_token: string;
  refresh_token: string;
  user: Record<string, unknown> & { impersonator?: { id: string; name: string; email: string } | null };
}
interface AuditEntry {
  action: string;
  method: string;
  path: string;
  actor_person_id: string | null;
  impersonator_person_id: string | null;
  details: Record<string, unknown> | null;
}

describe.each(engines())('impersonation on %s', (engine) => {
  let server: TestServer;
  let demoId: string;
  let admin: Pair;
  let adminPersonId: string;
  const personIdOf: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    demoId = (await tenantOf(server, 'demo')).id;
    admin = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
    adminPersonId = decodeJwt(admin.id_token).pid as string;
    const people = await body<{ results: { id: string; primary_email: string | null; name: string }[] }>(await server.api('demo', `${PERSONS}?page_size=200`, { token: admin.id_token }));
    for (const person of people.results) personIdOf[person.primary_email ?? person.name] = person.id;
  });
  afterAll(() => server?.close());

  const impersonate = (personId: unknown, token: string, subdomain = 'demo') => server.api(subdomain, IMPERSONATION, { method: 'POST', json: { person_id: personId }, token });
  const stop = (token: string) => server.api('demo', IMPERSONATION, { method: 'DELETE', token });
  const me = (token: string) => server.api('demo', '/api/auth/v3/me', { token });
  const audit = async (query = '') => (await body<{ results: AuditEntry[] }>(await server.api('demo', `/api/audit/v3/entries?page_size=200${query}`, { token: admin.id_token }))).results;

  it('needs IMPERSONATE_USERS', async () => {
    const supervisora = await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD);
    const response = await impersonate(personIdOf['operario@faena.test'], supervisora.id_token);
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({ code: 'permission-denied' });
    expect((await impersonate(personIdOf['operario@faena.test'], '')).status).toBe(401);
  });

  it('gives a pair whose id token carries the impersonator (act), shown by /me', async () => {
    const response = await impersonate(personIdOf['rrhh@faena.test'], admin.id_token);
    expect(response.status).toBe(200);
    const pair = await body<Pair>(response);
    expect(pair.user).toMatchObject({
      email: 'rrhh@faena.test',
      name: 'Valentina Muñoz',
      tenant_id: demoId,
      sign_in_method: 'IMPERSONATION',
      impersonator: { id: admin.user.id, name: 'Administración Faena', email: DEMO_ADMIN },
    });
    const claims = decodeJwt(pair.id_token);
    expect(claims).toMatchObject({ pid: personIdOf['rrhh@faena.test'], tid: demoId, act: { sub: admin.user.id, pid: adminPersonId } });
    expect(claims.sub).not.toBe(admin.user.id);

    const who = await me(pair.id_token);
    expect(who.status).toBe(200);
    expect(await body(who)).toMatchObject({ email: 'rrhh@faena.test', impersonator: { id: admin.user.id, email: DEMO_ADMIN } });
    // the impersonated person's permissions apply, not the impersonator's
    const config = await body<{ permissions: string[]; is_staff: boolean }>(await server.api('demo', '/api/permissions/v3/my-site-config', { token: pair.id_token }));
    expect(config.is_staff).toBe(false);
    expect(config.permissions).toContain('MANAGE_PEOPLE');
    expect(config.permissions).not.toContain('MANAGE_WF');
    // the start is audited under the real administrator
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'auth.impersonation.start', actor_person_id: adminPersonId, details: { person_id: personIdOf['rrhh@faena.test'] } }));
    // and the person is told, in their inbox, who entered their account (it opens their account page)
    const rrhh = await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD);
    const inbox = await body<{ data: { summary: { title: string; body: string }; context: { type: string; path?: string } }[] }>(
      await server.api('demo', '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=20', { token: rrhh.id_token }),
    );
    expect(inbox.data.find((item) => item.context.type === 'Impersonation')).toMatchObject({
      summary: { title: 'Alguien entró a tu cuenta', body: 'Administración Faena entró a Faena como tú (suplantación), con permiso para hacerlo. Si no lo esperabas, avisa a tu administrador.' },
      context: { path: '/my-account' },
    });
  });

  it('audits a write made while impersonating as made by the impersonator', async () => {
    const pair = await body<Pair>(await impersonate(personIdOf['rrhh@faena.test'], admin.id_token));
    const created = await server.api('demo', PERSONS, { method: 'POST', json: { name: 'Creada Suplantando' }, token: pair.id_token });
    expect(created.status).toBe(201);

    const entries = await audit('&impersonated=true');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.impersonator_person_id).not.toBeNull();
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'people.create', method: 'POST', path: PERSONS, actor_person_id: personIdOf['rrhh@faena.test'], impersonator_person_id: adminPersonId }),
    );
    // writes without an explicit audit action are caught too (session cookie)
    expect((await server.api('demo', '/api/auth/v3/session-cookie', { method: 'POST', token: pair.id_token })).status).toBe(204);
    await expect.poll(async () => (await audit('&impersonated=true')).some((e) => e.path === '/api/auth/v3/session-cookie' && e.impersonator_person_id === adminPersonId)).toBe(true);
    // the administrator's own writes are not marked impersonated
    expect((await server.api('demo', PERSONS, { method: 'POST', json: { name: 'Creada Directo' }, token: admin.id_token })).status).toBe(201);
    const direct = (await audit()).find((e) => e.action === 'people.create' && e.actor_person_id === adminPersonId && e.impersonator_person_id === null);
    expect(direct).toBeDefined();
    expect((await audit('&impersonated=true')).filter((e) => e.actor_person_id === adminPersonId)).toEqual([]);
  });

  it('refuses to impersonate while impersonating', async () => {
    // rrhh holds IMPERSONATE_USERS, so only the rule stops it
    const pair = await body<Pair>(await impersonate(personIdOf['rrhh@faena.test'], admin.id_token));
    const response = await impersonate(personIdOf['supervisora@faena.test'], pair.id_token);
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({ code: 'operation-not-allowed', reason: 'impersonating' });
  });

  it('refuses yourself, a disabled person and a person without an account', async () => {
    const self = await impersonate(adminPersonId, admin.id_token);
    expect(self.status).toBe(400);
    expect(await body(self)).toMatchObject({ code: 'bad-request', reason: 'self' });
    const disabled = await impersonate(personIdOf['inactivo@faena.test'], admin.id_token);
    expect(disabled.status).toBe(403);
    expect(await body(disabled)).toMatchObject({ code: 'user-disabled' });
    const created = await body<{ id: string }>(await server.api('demo', PERSONS, { method: 'POST', json: { name: 'Sin Cuenta' }, token: admin.id_token }));
    const noAccount = await impersonate(created.id, admin.id_token);
    expect(noAccount.status).toBe(400);
    expect(await body(noAccount)).toMatchObject({ code: 'bad-request', reason: 'no-account', detail: expect.stringContaining('Sin Cuenta') });
  });

  it("answers 404 for another tenant's person, an unknown id and a malformed id; 400 for a missing one", async () => {
    const norteAdmin = await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
    const norte = await body<{ results: { id: string }[] }>(await server.api('demo-norte', `${PERSONS}?search=Rodrigo`, { token: norteAdmin.id_token }));
    for (const id of [norte.results[0]!.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '', "1' OR '1'='1"]) {
      const response = await impersonate(id, admin.id_token);
      expect(response.status, id).toBe(404);
      expect(await body(response)).toMatchObject({ code: 'not-found' });
    }
    for (const json of [{}, { person_id: 42 }, { person_id: null }]) {
      const response = await server.api('demo', IMPERSONATION, { method: 'POST', json, token: admin.id_token });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
  });

  it('DELETE gives back a pair for the original person and ends the impersonation session', async () => {
    const member = await addMember(server, demoId, { email: 'target@faena.test', permissions: ['VIEW_HOME'] });
    const pair = await body<Pair>(await impersonate(member.personId, admin.id_token));
    // the impersonation survives a refresh, still marked
    const refreshed = await body<Pair>(await server.api('demo', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: pair.refresh_token } }));
    expect(decodeJwt(refreshed.id_token).act).toEqual({ sub: admin.user.id, pid: adminPersonId });
    expect(refreshed.user.impersonator).toMatchObject({ id: admin.user.id });

    const response = await stop(refreshed.id_token);
    expect(response.status).toBe(200);
    const back = await body<Pair>(response);
    expect(back.user).toMatchObject({ id: admin.user.id, email: DEMO_ADMIN, impersonator: null });
    expect(decodeJwt(back.id_token)).not.toHaveProperty('act');
    expect(await body(await me(back.id_token))).toMatchObject({ email: DEMO_ADMIN, impersonator: null });

    for (const token of [pair.id_token, refreshed.id_token]) {
      const after = await me(token);
      expect(after.status).toBe(401);
      expect(await body(after)).toMatchObject({ code: 'not-signed-in' });
    }
    expect((await server.api('demo', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: refreshed.refresh_token } })).status).toBe(401);
    // the administrator's earlier session is untouched
    expect((await me(admin.id_token)).status).toBe(200);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'auth.impersonation.stop', impersonator_person_id: adminPersonId }));
  });

  it('ends at once when the impersonator loses IMPERSONATE_USERS', async () => {
    const impersonator = await addMember(server, demoId, { email: 'suplente@faena.test', permissions: ['IMPERSONATE_USERS', 'VIEW_HOME'] });
    const own = await signIn(server, 'demo', impersonator.email, impersonator.password);
    const pair = await body<Pair>(await impersonate(personIdOf['operario@faena.test'], own.id_token));
    expect((await me(pair.id_token)).status).toBe(200);

    const revoke = await server.api('demo', `/api/permissions/v3/by-passport/${impersonator.passport}`, { method: 'PUT', json: { permissions: ['VIEW_HOME'] }, token: admin.id_token });
    expect(revoke.status).toBe(200);
    const after = await me(pair.id_token);
    expect(after.status).toBe(401);
    expect(await body(after)).toMatchObject({ code: 'not-signed-in' });
    const refreshed = await server.api('demo', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: pair.refresh_token } });
    expect(refreshed.status).toBe(401);
    // the impersonator's own session goes on, with its new permissions
    expect((await me(own.id_token)).status).toBe(200);
  });

  it('DELETE without impersonating answers 400 and changes nothing', async () => {
    const response = await stop(admin.id_token);
    expect(response.status).toBe(400);
    expect((await me(admin.id_token)).status).toBe(200);
  });
});
