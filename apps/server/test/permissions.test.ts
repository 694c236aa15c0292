import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PERMISSION_KEYS, PERMISSIONS, PRODUCTION_FLAGS } from '@faena/domain';
import { addMember, body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, tenantOf, type TestServer } from './harness.ts';

const P = '/api/permissions/v3';
const PERSONS = '/api/audiences/v3/persons/';
const WORKER = ['VIEW_ASSETS', 'VIEW_CHECKLISTS', 'VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_REPORTS', 'VIEW_TASKS', 'VIEW_WF'];

describe.each(engines())('permissions on %s', (engine) => {
  let server: TestServer;
  let demoId: string;
  let admin: string;
  let supervisora: { token: string; passport: string };
  let operario: { token: string; passport: string };
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    demoId = (await tenantOf(server, 'demo')).id;
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    const s = await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD);
    supervisora = { token: s.id_token, passport: s.user.passport as string };
    const o = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
    operario = { token: o.id_token, passport: o.user.passport as string };
  });
  afterAll(() => server?.close());

  const get = (path: string, token: string, subdomain = 'demo') => server.api(subdomain, `${P}${path}`, { token });
  const put = (passport: string, json: unknown, token: string) => server.api('demo', `${P}/by-passport/${encodeURIComponent(passport)}`, { method: 'PUT', json, token });
  const patch = (passport: string, json: unknown, token: string) => server.api('demo', `${P}/by-passport/${encodeURIComponent(passport)}`, { method: 'PATCH', json, token });

  describe('GET /my-site-config', () => {
    it("answers the caller's permissions, staff flag, disabled modules and flags", async () => {
      const response = await get('/my-site-config', admin);
      expect(response.status).toBe(200);
      expect(await body(response)).toEqual({ permissions: [...PERMISSION_KEYS].sort(), is_staff: true, disabled_modules: [], feature_flags: ALL_FLAGS_ON });

      const worker = await body<{ permissions: string[]; is_staff: boolean }>(await get('/my-site-config', operario.token));
      expect(worker).toEqual(expect.objectContaining({ permissions: WORKER, is_staff: false }));
    });

    it("reflects the host tenant's modules and flags", async () => {
      const norte = await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
      const config = await body(await get('/my-site-config', norte.id_token, 'demo-norte'));
      expect(config).toMatchObject({ disabled_modules: ['store', 'company'], feature_flags: PRODUCTION_FLAGS, is_staff: true });
    });

    it('needs a signed-in caller', async () => {
      const response = await server.api('demo', `${P}/my-site-config`);
      expect(response.status).toBe(401);
      expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
    });
  });

  describe('GET /permissions', () => {
    it('lists every key with its meaning', async () => {
      const response = await get('/permissions', operario.token);
      expect(response.status).toBe(200);
      const list = await body<{ key: string; meaning: string }[]>(response);
      expect(list).toHaveLength(PERMISSION_KEYS.length);
      expect(Object.fromEntries(list.map(({ key, meaning }) => [key, meaning]))).toEqual(PERMISSIONS);
    });
  });

  describe('GET /by-passport/{passport}', () => {
    it('lets anyone read their own set without MANAGE_PEOPLE', async () => {
      const response = await get(`/by-passport/${operario.passport}`, operario.token);
      expect(response.status).toBe(200);
      const set = await body<{ passport: string; permissions: string[]; is_staff: boolean }>(response);
      expect({ ...set, permissions: [...set.permissions].sort() }).toEqual({ passport: operario.passport, permissions: WORKER, is_staff: false });
    });

    it("needs MANAGE_PEOPLE for someone else's set", async () => {
      const response = await get(`/by-passport/${supervisora.passport}`, operario.token);
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ code: 'permission-denied' });
      const allowed = await get(`/by-passport/${operario.passport}`, admin);
      expect(allowed.status).toBe(200);
      expect((await body<{ permissions: string[] }>(allowed)).permissions.sort()).toEqual(WORKER);
    });

    it('creates an empty set for a person who has none yet, and answers it again after', async () => {
      const created = await body<{ passport: string }>(await server.api('demo', PERSONS, { method: 'POST', json: { name: 'Sin Permisos' }, token: admin }));
      for (let i = 0; i < 2; i++) {
        const response = await get(`/by-passport/${created.passport}`, admin);
        expect(response.status).toBe(200);
        expect(await body(response)).toEqual({ passport: created.passport, permissions: [], is_staff: false });
      }
    });

    it('answers 404 for a passport that is no person of this tenant, and creates nothing', async () => {
      const response = await get('/by-passport/no-such-passport', admin);
      expect(response.status).toBe(404);
      expect(await body(response)).toMatchObject({ code: 'not-found' });
      expect((await get('/by-passport/no-such-passport', admin)).status).toBe(404);
    });

    it('answers 400 for a passport with characters no passport has', async () => {
      for (const passport of ['a b', 'a/b', "x'; DROP TABLE persons; --", 'é']) {
        const response = await get(`/by-passport/${encodeURIComponent(passport)}`, admin);
        expect(response.status, passport).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error', errors: { passport: ['Invalid passport'] } });
      }
      // one too long for any passport names nothing
      const long = await get(`/by-passport/${'x'.repeat(300)}`, admin);
      expect(long.status).toBe(404);
      expect(await body(long)).toMatchObject({ code: 'not-found' });
    });
  });

  describe('PUT /by-passport/{passport}', () => {
    it('replaces the whole set, deduplicated', async () => {
      const member = await addMember(server, demoId, { email: 'replace@faena.test', permissions: ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_REPORTS'] });
      const response = await put(member.passport, { permissions: ['VIEW_WF', 'VIEW_HOME', 'VIEW_WF'] }, admin);
      expect(response.status).toBe(200);
      expect(await body(response)).toEqual({ passport: member.passport, permissions: ['VIEW_HOME', 'VIEW_WF'], is_staff: false });
      expect(await body(await get(`/by-passport/${member.passport}`, admin))).toMatchObject({ permissions: ['VIEW_HOME', 'VIEW_WF'] });
      expect(await body(await put(member.passport, { permissions: [] }, admin))).toMatchObject({ permissions: [] });
    });

    it('refuses unknown keys with 400 and changes nothing', async () => {
      const response = await put(operario.passport, { permissions: ['VIEW_HOME', 'NOPE', 'view_people'] }, admin);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ code: 'validation-error', errors: { permissions: ['Unknown permission: NOPE', 'Unknown permission: view_people'] } });
      expect((await body<{ permissions: string[] }>(await get(`/by-passport/${operario.passport}`, admin))).permissions.sort()).toEqual(WORKER);
    });

    it('refuses a body of the wrong shape with 400', async () => {
      for (const json of [{}, { permissions: 'VIEW_HOME' }, { permissions: [1, 2] }, []]) {
        const response = await put(operario.passport, json, admin);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error' });
      }
    });

    it('needs MANAGE_PEOPLE, even for your own set', async () => {
      for (const passport of [operario.passport, supervisora.passport]) {
        const response = await put(passport, { permissions: [...PERMISSION_KEYS] }, supervisora.token);
        expect(response.status).toBe(403);
        expect(await body(response)).toMatchObject({ code: 'permission-denied' });
      }
      expect(await body(await get(`/by-passport/${supervisora.passport}`, supervisora.token))).toMatchObject({ permissions: expect.not.arrayContaining(['MANAGE_PEOPLE']) });
    });

    it('answers 404 for a passport that is no person of this tenant', async () => {
      const response = await put('no-such-passport', { permissions: ['VIEW_HOME'] }, admin);
      expect(response.status).toBe(404);
    });

    it('takes effect on the very next request of the person concerned', async () => {
      const member = await addMember(server, demoId, { email: 'viewer@faena.test', permissions: ['VIEW_PEOPLE', 'VIEW_HOME'] });
      const token = (await signIn(server, 'demo', member.email, member.password)).id_token;
      expect((await server.api('demo', PERSONS, { token })).status).toBe(200);

      expect((await put(member.passport, { permissions: ['VIEW_HOME'] }, admin)).status).toBe(200);
      const denied = await server.api('demo', PERSONS, { token });
      expect(denied.status).toBe(403);
      expect(await body(denied)).toMatchObject({ code: 'permission-denied' });
      expect(await body(await get('/my-site-config', token))).toMatchObject({ permissions: ['VIEW_HOME'] });

      expect((await put(member.passport, { permissions: ['VIEW_HOME', 'VIEW_PEOPLE'] }, admin)).status).toBe(200);
      expect((await server.api('demo', PERSONS, { token })).status).toBe(200);
    });

    it("replaces the caller's own set too, MANAGE_PEOPLE included, at once", async () => {
      const manager = await addMember(server, demoId, { email: 'manager@faena.test', permissions: ['MANAGE_PEOPLE', 'VIEW_PEOPLE'] });
      const token = (await signIn(server, 'demo', manager.email, manager.password)).id_token;
      expect((await get(`/by-passport/${operario.passport}`, token)).status).toBe(200);

      const response = await put(manager.passport, { permissions: ['VIEW_PEOPLE'] }, token);
      expect(response.status).toBe(200);
      expect(await body(response)).toMatchObject({ permissions: ['VIEW_PEOPLE'] });

      const again = await put(manager.passport, { permissions: ['MANAGE_PEOPLE', 'VIEW_PEOPLE'] }, token);
      expect(again.status).toBe(403);
      expect(await body(again)).toMatchObject({ code: 'permission-denied' });
      expect((await get(`/by-passport/${operario.passport}`, token)).status).toBe(403);
      expect(await body(await get(`/by-passport/${manager.passport}`, token))).toMatchObject({ permissions: ['VIEW_PEOPLE'] });
    });

    it('lets only internal staff change the internal-staff flag, which is never a permission', async () => {
      const member = await addMember(server, demoId, { email: 'staff-candidate@faena.test', permissions: ['VIEW_HOME'] });
      // rrhh holds MANAGE_PEOPLE but is not staff: the flag is left as it was
      const rrhh = (await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD)).id_token;
      expect(await body(await put(member.passport, { permissions: ['VIEW_HOME'], is_staff: true }, rrhh))).toMatchObject({ is_staff: false });
      // the staff administrator can set it
      expect(await body(await put(member.passport, { permissions: ['VIEW_HOME'], is_staff: true }, admin))).toMatchObject({ is_staff: true, permissions: ['VIEW_HOME'] });
      const token = (await signIn(server, 'demo', member.email, member.password)).id_token;
      expect(await body(await get('/my-site-config', token))).toMatchObject({ is_staff: true, permissions: ['VIEW_HOME'] });
      // staff without VIEW_PEOPLE still cannot list people
      expect((await server.api('demo', PERSONS, { token })).status).toBe(403);
      // a later replace without the flag keeps it
      expect(await body(await put(member.passport, { permissions: [] }, admin))).toMatchObject({ is_staff: true });
    });

    it('adds and takes off keys, leaving what was granted meanwhile', async () => {
      const member = await addMember(server, demoId, { email: 'delta@faena.test', permissions: ['VIEW_HOME'] });
      // an editor opened the set at [VIEW_HOME]; meanwhile a position's defaults give VIEW_WF
      expect(await body(await patch(member.passport, { added: ['VIEW_WF'] }, admin))).toMatchObject({ permissions: ['VIEW_HOME', 'VIEW_WF'] });
      // the editor's own change: VIEW_TASKS on, VIEW_HOME off — VIEW_WF stays
      expect(await body(await patch(member.passport, { added: ['VIEW_TASKS'], removed: ['VIEW_HOME'] }, admin))).toMatchObject({ permissions: ['VIEW_TASKS', 'VIEW_WF'] });
      // taking off what is not there, adding what is: nothing changes
      expect(await body(await patch(member.passport, { added: ['VIEW_WF'], removed: ['VIEW_HOME'] }, admin))).toMatchObject({ permissions: ['VIEW_TASKS', 'VIEW_WF'] });
      const unknown = await patch(member.passport, { added: ['FLY'] }, admin);
      expect(unknown.status).toBe(400);
      expect(await body(unknown)).toMatchObject({ code: 'validation-error', errors: { permissions: ['Unknown permission: FLY'] } });
      expect((await patch('no-such-passport', { added: ['VIEW_HOME'] }, admin)).status).toBe(404);
      expect((await patch(member.passport, { added: ['MANAGE_PEOPLE'] }, operario.token)).status).toBe(403);
      expect(await body(await get(`/by-passport/${member.passport}`, admin))).toMatchObject({ permissions: ['VIEW_TASKS', 'VIEW_WF'] });
      const entries = await body<{ results: { action: string; details: Record<string, unknown> | null }[] }>(await server.api('demo', '/api/audit/v3/entries', { token: admin }));
      expect(entries.results).toContainEqual(expect.objectContaining({ action: 'permissions.change', details: { passport: member.passport, added: ['VIEW_TASKS'], removed: ['VIEW_HOME'] } }));
    });

    it('is audited', async () => {
      const member = await addMember(server, demoId, { email: 'audited@faena.test' });
      expect((await put(member.passport, { permissions: ['VIEW_HOME'] }, admin)).status).toBe(200);
      const entries = await body<{ results: { action: string; details: Record<string, unknown> | null }[] }>(await server.api('demo', '/api/audit/v3/entries', { token: admin }));
      expect(entries.results).toContainEqual(expect.objectContaining({ action: 'permissions.replace', details: { passport: member.passport, permissions: ['VIEW_HOME'] } }));
    });
  });
});
