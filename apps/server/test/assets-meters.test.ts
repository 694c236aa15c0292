import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setDisabledModules, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { nextThreshold } from '../src/modules/assets/assets.meters.ts';

const AM = '/api/asset-manager/v3';

interface Meter {
  id: string;
  name: string;
  unit: string;
  last_value: number | null;
  last_read_at: string | null;
  plans: { id: string; title: string; every: number; next_at: number }[];
}
interface Maintenance {
  id: string;
  kind: string;
  status: string;
  source: string;
  title: string;
  plan: { id: string; name: string } | null;
}

describe('plans by use: the next threshold', () => {
  it('stays while the reading is below it, and moves past a reading that reaches or jumps it', () => {
    expect(nextThreshold(250, 250, 249.9)).toBe(250);
    expect(nextThreshold(250, 250, 250)).toBe(500);
    expect(nextThreshold(250, 250, 740)).toBe(750);
    expect(nextThreshold(0.3, 0.1, 0.3)).toBe(0.4);
  });
});

describe.each(engines())('asset meters on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let manager: string;
  let viewer: string;
  let assetId: string;
  let otherAssetId: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', `${AM}${path}`, { ...init, token });
  const json = async <T>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return (status === 204 ? null : await body<T>(response)) as T;
  };
  const statusOf = async (id: string) => await json<{ maintenance_status: string; status_reason: { code: string; plan_id: string | null } | null }>(await api(viewer, `/assets/${id}/`), 200);

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await setFlags(server, tenantId, { assets: true, asset_admin: true });
    const admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    await addMember(server, tenantId, { email: 'man@acme.test', name: 'Manuel Manager', permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS'] });
    await addMember(server, tenantId, { email: 'ver@acme.test', name: 'Vera Viewer', permissions: ['VIEW_ASSETS'] });
    manager = (await signIn(server, 'acme', 'man@acme.test', 'member-pass')).id_token;
    viewer = (await signIn(server, 'acme', 'ver@acme.test', 'member-pass')).id_token;
    const category = await json<{ id: string }>(await api(admin, '/categories/', { method: 'POST', json: { name: 'Maquinaria' } }), 201);
    const type = await json<{ id: string }>(await api(admin, '/asset-types/', { method: 'POST', json: { name: 'Grúa', category: category.id } }), 201);
    assetId = (await json<{ id: string }>(await api(manager, '/assets/', { method: 'POST', json: { type: type.id, code: 'GR-1', name: 'Grúa 1' } }), 201)).id;
    otherAssetId = (await json<{ id: string }>(await api(manager, '/assets/', { method: 'POST', json: { type: type.id, code: 'GR-2', name: 'Grúa 2' } }), 201)).id;
  });
  afterAll(() => server?.close());

  it('meters: MANAGE adds one with today’s reading (its first in the history); names are unique on the asset; VIEW reads', async () => {
    expect((await api(viewer, `/assets/${assetId}/meters/`, { method: 'POST', json: { name: 'Horómetro' } })).status).toBe(403);
    const meter = await json<Meter>(await api(manager, `/assets/${assetId}/meters/`, { method: 'POST', json: { name: 'Horómetro', unit: 'h', initial: 100 } }), 201);
    expect(meter).toMatchObject({ name: 'Horómetro', unit: 'h', last_value: 100, plans: [] });
    const dup = await api(manager, `/assets/${assetId}/meters/`, { method: 'POST', json: { name: 'horómetro' } });
    expect(dup.status).toBe(400);
    expect(await body(dup)).toMatchObject({ reasons: { name: 'in-use' } });
    // the same name on another asset is fine
    await json(await api(manager, `/assets/${otherAssetId}/meters/`, { method: 'POST', json: { name: 'Horómetro', unit: 'h' } }), 201);
    const list = await json<{ results: Meter[] }>(await api(viewer, `/assets/${assetId}/meters/`), 200);
    expect(list.results.map((m) => m.name)).toEqual(['Horómetro']);
    const history = await json<{ count: number; results: { value: number; recorded_by: { name: string } }[] }>(await api(viewer, `/assets/${assetId}/meters/${meter.id}/readings/`), 200);
    expect(history.results).toEqual([expect.objectContaining({ value: 100, recorded_by: expect.objectContaining({ name: 'Manuel Manager' }) })]);
    // another asset's meter is not this asset's
    const other = (await json<{ results: Meter[] }>(await api(viewer, `/assets/${otherAssetId}/meters/`), 200)).results[0]!;
    expect((await api(viewer, `/assets/${assetId}/meters/${other.id}/readings/`)).status).toBe(404);
    expect((await api(manager, `/assets/${assetId}/meters/${other.id}/readings/`, { method: 'POST', json: { value: 5 } })).status).toBe(404);
  });

  it('a plan every 250 h opens a preventive maintenance when a reading reaches the threshold (once per crossing), the asset needs it until it is done', async () => {
    const meter = (await json<{ results: Meter[] }>(await api(viewer, `/assets/${assetId}/meters/`), 200)).results[0]!;
    const planned = await json<Meter>(await api(manager, `/assets/${assetId}/meters/${meter.id}/plans/`, { method: 'POST', json: { title: 'Cambio de aceite', every: 250 } }), 201);
    expect(planned.plans).toEqual([expect.objectContaining({ title: 'Cambio de aceite', every: 250, next_at: 350 })]);
    const low = await api(manager, `/assets/${assetId}/meters/${meter.id}/plans/`, { method: 'POST', json: { title: 'Ya pasado', every: 10, first_at: 50 } });
    expect(low.status).toBe(400);

    // below the threshold: nothing opens
    const first = await json<{ opened: string[]; meter: Meter }>(await api(manager, `/assets/${assetId}/meters/${meter.id}/readings/`, { method: 'POST', json: { value: 300 } }), 201);
    expect(first.opened).toEqual([]);
    expect((await statusOf(assetId)).maintenance_status).toBe('ok');

    // a reading lower than the last is refused, nothing written
    const lower = await api(manager, `/assets/${assetId}/meters/${meter.id}/readings/`, { method: 'POST', json: { value: 299 } });
    expect(lower.status).toBe(400);
    expect(await body(lower)).toMatchObject({ code: 'reading-decreased' });
    expect((await json<{ count: number }>(await api(viewer, `/assets/${assetId}/meters/${meter.id}/readings/`), 200)).count).toBe(2);

    // 360 h crosses 350: one preventive maintenance, the next threshold 600
    const crossed = await json<{ opened: string[]; meter: Meter }>(await api(manager, `/assets/${assetId}/meters/${meter.id}/readings/`, { method: 'POST', json: { value: 360 } }), 201);
    expect(crossed.opened).toHaveLength(1);
    expect(crossed.meter.plans[0]!.next_at).toBe(600);
    const state = await statusOf(assetId);
    expect(state.maintenance_status).toBe('maintenance_needed');
    expect(state.status_reason).toMatchObject({ code: 'preventive_overdue', plan_id: planned.plans[0]!.id });
    const history = await json<{ results: Maintenance[] }>(await api(viewer, `/assets/${assetId}/maintenances/`), 200);
    expect(history.results[0]).toMatchObject({ id: crossed.opened[0], kind: 'preventive', source: 'plan', status: 'InProcess', title: 'Cambio de aceite', plan: { name: 'Cambio de aceite' } });

    // crossing 600 while the last one is still open opens no second one (the threshold moves on)
    const again = await json<{ opened: string[]; meter: Meter }>(await api(manager, `/assets/${assetId}/meters/${meter.id}/readings/`, { method: 'POST', json: { value: 610 } }), 201);
    expect(again.opened).toEqual([]);
    expect(again.meter.plans[0]!.next_at).toBe(850);

    // completed with the reading taken at it: the reading is in the history, linked; the asset is ok
    const done = await api(manager, `/assets/${assetId}/maintenances/${crossed.opened[0]}/complete/`, {
      method: 'POST',
      json: { outcome: 'done', cost: 40000, readings: [{ meter: meter.id, value: 612 }] },
    });
    expect(done.status).toBe(200);
    const readings = await json<{ results: { value: number; maintenance_id: string | null }[] }>(await api(viewer, `/assets/${assetId}/meters/${meter.id}/readings/`), 200);
    expect(readings.results[0]).toMatchObject({ value: 612, maintenance_id: crossed.opened[0] });
    expect((await statusOf(assetId)).maintenance_status).toBe('ok');

    // a reading at completion that goes down, or of another asset's meter, refuses the whole completion
    const next = await json<{ opened: string[] }>(await api(manager, `/assets/${assetId}/meters/${meter.id}/readings/`, { method: 'POST', json: { value: 900 } }), 201);
    expect(next.opened).toHaveLength(1);
    const other = (await json<{ results: Meter[] }>(await api(viewer, `/assets/${otherAssetId}/meters/`), 200)).results[0]!;
    const foreign = await api(manager, `/assets/${assetId}/maintenances/${next.opened[0]}/complete/`, { method: 'POST', json: { readings: [{ meter: other.id, value: 1 }] } });
    expect(foreign.status).toBe(400);
    const down = await api(manager, `/assets/${assetId}/maintenances/${next.opened[0]}/complete/`, { method: 'POST', json: { readings: [{ meter: meter.id, value: 10 }] } });
    expect(down.status).toBe(400);
    expect(await body(down)).toMatchObject({ code: 'reading-decreased' });
    expect((await statusOf(assetId)).maintenance_status).toBe('maintenance_needed');
  });

  it('removing a plan and a meter; the module off answers as absent', async () => {
    const meter = (await json<{ results: Meter[] }>(await api(viewer, `/assets/${assetId}/meters/`), 200)).results[0]!;
    expect((await api(viewer, `/assets/${assetId}/meters/${meter.id}/plans/${meter.plans[0]!.id}/`, { method: 'DELETE' })).status).toBe(403);
    await json(await api(manager, `/assets/${assetId}/meters/${meter.id}/plans/${meter.plans[0]!.id}/`, { method: 'DELETE' }), 204);
    expect((await api(manager, `/assets/${assetId}/meters/${meter.id}/plans/${meter.plans[0]!.id}/`, { method: 'DELETE' })).status).toBe(404);
    // malformed asset or meter ids are absent too, never a 500 (the fuzz sweep found it)
    expect((await api(manager, `/assets/not-an-id/meters/${meter.id}/plans/${meter.plans[0]!.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(manager, `/assets/${assetId}/meters/12345/plans/${meter.plans[0]!.id}/`, { method: 'DELETE' })).status).toBe(404);
    await setDisabledModules(server, tenantId, ['asset']);
    try {
      const off = await api(viewer, `/assets/${assetId}/meters/`);
      expect(off.status).toBe(404);
      expect(await body(off)).toMatchObject({ code: 'module-disabled' });
    } finally {
      await setDisabledModules(server, tenantId, []);
    }
    await json(await api(manager, `/assets/${assetId}/meters/${meter.id}/`, { method: 'DELETE' }), 204);
    expect((await json<{ results: Meter[] }>(await api(viewer, `/assets/${assetId}/meters/`), 200)).results).toEqual([]);
    expect((await api(viewer, `/assets/${assetId}/meters/${meter.id}/readings/`)).status).toBe(404);
  });
});
