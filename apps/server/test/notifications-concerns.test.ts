import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInboxPage, TNotificationPreferences } from '@faena/contracts';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, type TestServer } from './harness.ts';
import { browserSubscription, fakePushService } from './notifications.helpers.ts';

const API = '/api/notifications-engine/v3/notifications';
const PERMISSIONS = '/api/permissions/v3';
const POSITIONS = '/api/audiences/v3/positions/';

/** P17 point 5: a person hears about what concerns them, and chooses per kind whether it also comes as push. */
describe.each(engines())('notifications about what concerns a person, and push preferences, on %s', (engine) => {
  let server: TestServer;
  let push: Awaited<ReturnType<typeof fakePushService>>;
  let admin: { token: string; passport: string };
  let operario: { token: string; passport: string; personId: string };
  beforeAll(async () => {
    push = await fakePushService();
    server = await startServer(engine, { seed: true, env: { WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
    const a = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
    admin = { token: a.id_token, passport: a.user.passport as string };
    const o = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
    const me = await body<{ id: string }>(await server.api('demo', '/api/audiences/v3/persons/me/', { token: o.id_token }));
    operario = { token: o.id_token, passport: o.user.passport as string, personId: me.id };
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  const inbox = async (token: string) => (await body<TInboxPage>(await server.api('demo', `${API}/inbox?offset=0&limit=50`, { token }))).data;
  const newest = async (token: string, type: string) => (await inbox(token)).find((item) => item.context.type === type);
  const permissionsOf = async (passport: string) =>
    (await body<{ permissions: string[] }>(await server.api('demo', `${PERMISSIONS}/by-passport/${encodeURIComponent(passport)}`, { token: admin.token }))).permissions;
  const setPermissions = (passport: string, permissions: string[], token = admin.token) =>
    server.api('demo', `${PERMISSIONS}/by-passport/${encodeURIComponent(passport)}`, { method: 'PUT', token, json: { permissions } });

  it('tells a person whose permissions an administrator changed, opening their profile; nobody is told of their own change', async () => {
    const before = await permissionsOf(operario.passport);
    expect((await setPermissions(operario.passport, [...before, 'VIEW_PEOPLE', 'VIEW_ORG_CHART'])).status).toBe(200);
    const told = await newest(operario.token, 'Permissions');
    expect(told).toMatchObject({
      summary: { title: 'Cambiaron tus permisos', body: '2 permisos nuevos. Lo que ves en el menú cambió con ellos.' },
      context: { type: 'Permissions', action: 'changed', path: '/profile' },
    });
    // the same set again changes nothing and tells nothing
    const count = (await inbox(operario.token)).length;
    expect((await setPermissions(operario.passport, [...before, 'VIEW_PEOPLE', 'VIEW_ORG_CHART'])).status).toBe(200);
    expect((await inbox(operario.token)).length).toBe(count);
    expect((await setPermissions(operario.passport, before)).status).toBe(200);
    expect((await newest(operario.token, 'Permissions'))?.summary.body).toBe('2 permisos quitados. Lo que ves en el menú cambió con ellos.');
    // the administrator's own set: no notification to themself
    const adminCount = (await inbox(admin.token)).filter((item) => item.context.type === 'Permissions').length;
    expect((await setPermissions(admin.passport, await permissionsOf(admin.passport))).status).toBe(200);
    expect((await inbox(admin.token)).filter((item) => item.context.type === 'Permissions').length).toBe(adminCount);
  });

  it('tells a person who took or left a position, with its title', async () => {
    const s = await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD);
    const supervisora = { token: s.id_token, personId: (await body<{ id: string }>(await server.api('demo', '/api/audiences/v3/persons/me/', { token: s.id_token }))).id };
    const created = await body<{ id: string }>(await server.api('demo', POSITIONS, { method: 'POST', token: admin.token, json: { title: 'Encargado de turno noche' } }));
    const added = await server.api('demo', `${POSITIONS}${created.id}/`, { method: 'PATCH', token: admin.token, json: { people_added: [operario.personId, supervisora.personId] } });
    expect(added.status, await added.clone().text()).toBe(200);
    // every new holder is told (in one notify: they are told the same thing)
    for (const token of [operario.token, supervisora.token]) {
      expect(await newest(token, 'Position')).toMatchObject({ summary: { title: 'Te asignaron un cargo', body: 'Ahora ocupas: Encargado de turno noche.' }, context: { path: '/profile' } });
    }
    expect((await server.api('demo', `${POSITIONS}${created.id}/`, { method: 'PATCH', token: admin.token, json: { people: [] } })).status).toBe(200);
    expect(await newest(operario.token, 'Position')).toMatchObject({ summary: { title: 'Cambiaron tus cargos', body: 'Ya no ocupas: Encargado de turno noche.' } });
  });

  it('keeps every kind in the inbox but pushes only the kinds the person did not mute; a kind named twice is refused', async () => {
    const defaults = await body<TNotificationPreferences>(await server.api('demo', `${API}/preferences`, { token: operario.token }));
    expect(defaults.preferences).toEqual(['new_activity', 'new_incident', 'new_post', 'new_report', 'system_update'].map((kind) => ({ kind, push: true })));
    const twice = await server.api('demo', `${API}/preferences`, {
      method: 'PUT',
      token: operario.token,
      json: {
        preferences: [
          { kind: 'new_post', push: false },
          { kind: 'new_post', push: true },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect((await body<TNotificationPreferences>(await server.api('demo', `${API}/preferences`, { token: operario.token }))).preferences.every((choice) => choice.push)).toBe(true);
    const unknownKind = await server.api('demo', `${API}/preferences`, { method: 'PUT', token: operario.token, json: { preferences: [{ kind: 'test', push: false }] } });
    expect(unknownKind.status).toBe(400);

    const device = browserSubscription(`${push.url}/operario-phone`);
    expect((await server.api('demo', `${API}/devices/fcm_tokens`, { method: 'POST', token: operario.token, json: { token: JSON.stringify(device.subscription) } })).status).toBe(201);
    const saved = await server.api('demo', `${API}/preferences`, { method: 'PUT', token: operario.token, json: { preferences: [{ kind: 'system_update', push: false }] } });
    expect((await body<TNotificationPreferences>(saved)).preferences).toContainEqual({ kind: 'system_update', push: false });

    const titles = () =>
      push.received.filter((request) => request.path === '/operario-phone').map((request) => (JSON.parse(device.decrypt(request.body)) as { summary: { title: string } }).summary.title);
    const before = await permissionsOf(operario.passport);
    expect((await setPermissions(operario.passport, [...before, 'VIEW_PEOPLE'])).status).toBe(200);
    expect((await newest(operario.token, 'Permissions'))?.summary.title).toBe('Cambiaron tus permisos');
    // a push that is not muted, sent after it, arrives; the muted one never came before it
    expect((await server.api('demo', `${API}/test`, { method: 'POST', token: operario.token })).status).toBe(201);
    await push.waitFor(push.received.filter((request) => request.path !== '/operario-phone').length + 1);
    expect(titles()).not.toContain('Cambiaron tus permisos');
    expect(titles().length).toBe(1);

    // turned back on, the next change comes as push too
    await server.api('demo', `${API}/preferences`, { method: 'PUT', token: operario.token, json: { preferences: [{ kind: 'system_update', push: true }] } });
    expect((await setPermissions(operario.passport, before)).status).toBe(200);
    await push.waitFor(push.received.length + 1);
    expect(titles()).toContain('Cambiaron tus permisos');
  });
});
