import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';

const AM = '/api/asset-manager/v3';
const INBOX = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=100';

interface Inbox {
  data: { kind?: string; summary: { title: string; body: string }; context: { type: string; action: string; id?: string; path?: string } }[];
}

describe.each(engines())('asset notifications on %s', (engine) => {
  let server: TestServer;
  let manager: string;
  let ana: string;
  let beto: string;
  let anaPassport: string;
  let betoPassport: string;
  let managerPassport: string;
  let typeId: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', path, { ...init, token });
  const json = async <T>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const assetNotices = async (token: string) => (await json<Inbox>(await api(token, INBOX), 200)).data.filter((n) => n.context.type === 'Asset');

  beforeAll(async () => {
    server = await startServer(engine);
    const tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await setFlags(server, tenantId, { assets: true, asset_admin: true });
    const admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    managerPassport = (await addMember(server, tenantId, { email: 'man@acme.test', name: 'Manuel Manager', permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS', 'VIEW_NOTIFICATIONS'] })).passport;
    anaPassport = (await addMember(server, tenantId, { email: 'ana@acme.test', name: 'Ana Técnica', permissions: ['VIEW_ASSETS', 'VIEW_NOTIFICATIONS'] })).passport;
    betoPassport = (await addMember(server, tenantId, { email: 'beto@acme.test', name: 'Beto Técnico', permissions: ['VIEW_ASSETS', 'VIEW_NOTIFICATIONS'] })).passport;
    manager = (await signIn(server, 'acme', 'man@acme.test', 'member-pass')).id_token;
    ana = (await signIn(server, 'acme', 'ana@acme.test', 'member-pass')).id_token;
    beto = (await signIn(server, 'acme', 'beto@acme.test', 'member-pass')).id_token;
    const category = await json<{ id: string }>(await api(admin, `${AM}/categories/`, { method: 'POST', json: { name: 'Equipos' } }), 201);
    typeId = (await json<{ id: string }>(await api(admin, `${AM}/asset-types/`, { method: 'POST', json: { name: 'Compresor', category: category.id } }), 201)).id;
  });
  afterAll(() => server?.close());

  it('the person made responsible is told (inbox, opening the asset); nobody is told of their own doing or told twice', async () => {
    const asset = await json<{ id: string; label_token: string }>(
      await api(manager, `${AM}/assets/`, { method: 'POST', json: { type: typeId, code: 'CP-1', name: 'Compresor 1', responsible: anaPassport } }),
      201,
    );
    const told = await assetNotices(ana);
    expect(told).toEqual([
      expect.objectContaining({
        summary: expect.objectContaining({ title: 'Eres responsable de CP-1 · Compresor 1' }),
        context: { type: 'Asset', action: 'responsible', id: asset.id, path: `/assets/${asset.id}` },
      }),
    ]);
    // an edit that keeps her tells her nothing more
    await json(await api(manager, `${AM}/assets/${asset.id}/`, { method: 'PATCH', json: { name: 'Compresor uno' } }), 200);
    expect(await assetNotices(ana)).toHaveLength(1);
    // handed to Beto: he is told
    await json(await api(manager, `${AM}/assets/${asset.id}/`, { method: 'PATCH', json: { responsible: betoPassport } }), 200);
    expect((await assetNotices(beto)).map((n) => n.summary.title)).toEqual(['Eres responsable de CP-1 · Compresor uno']);
    // the manager making himself responsible is not told
    await json(await api(manager, `${AM}/assets/${asset.id}/`, { method: 'PATCH', json: { responsible: managerPassport } }), 200);
    expect(await assetNotices(manager)).toEqual([]);
    await json(await api(manager, `${AM}/assets/${asset.id}/`, { method: 'PATCH', json: { responsible: betoPassport } }), 200);
  });

  it('a problem reported on the label tells the responsible, opening the asset’s maintenance', async () => {
    const asset = await json<{ id: string; label_token: string }>(
      await api(manager, `${AM}/assets/`, { method: 'POST', json: { type: typeId, code: 'CP-2', name: 'Compresor 2', responsible: anaPassport } }),
      201,
    );
    const before = (await assetNotices(ana)).length;
    await json(await server.api('acme', `${AM}/public/assets/${asset.label_token}/reports/`, { method: 'POST', json: { description: 'Hace un ruido metálico.' } }), 201);
    const told = await assetNotices(ana);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({
      summary: { title: 'Problema reportado: CP-2 · Compresor 2', body: 'Hace un ruido metálico.' },
      context: { type: 'Asset', action: 'problem-reported', id: asset.id, path: `/assets/${asset.id}/detail?tab=maintenance` },
    });
  });
});
