import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, seededDemo, type TestServer } from './harness.ts';

const AM = '/api/asset-manager/v3';

describe.each(engines())('the demo seed’s assets on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  const get = async <T>(path: string): Promise<T> => {
    const response = await server.api('demo', `${AM}${path}`, { token: admin });
    expect(response.status, path).toBe(200);
    return body<T>(response);
  };

  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
  });
  afterAll(() => server?.close());

  it('has two categories, two types with maintenance workflows, eight assets in the demo venues and one needing maintenance', async () => {
    expect((await get<{ results: { name: string }[] }>('/categories/')).results.map((c) => c.name)).toEqual(['Equipos', 'Vehículos']);
    const types = (await get<{ results: { name: string; icon: string; maintenance_workflow_types: { name: string }[]; corrective_workflow_type: { name: string } | null }[] }>('/asset-types/'))
      .results;
    expect(types.map((t) => [t.name, t.icon])).toEqual([
      ['Montacargas', 'forklift'],
      ['Refrigerador', 'fridge'],
    ]);
    for (const type of types) {
      expect(type.maintenance_workflow_types.map((w) => w.name).sort()).toEqual(['Mantención correctiva', 'Mantención preventiva']);
      expect(type.corrective_workflow_type?.name).toBe('Mantención correctiva');
    }
    const list = await get<{ count: number; results: { code: string; venue: { name: string } | null; maintenance_status: string }[] }>('/assets/?page_size=50');
    expect(list.count).toBe(8);
    expect(list.results.every((a) => a.venue !== null)).toBe(true);
    expect(list.results.filter((a) => a.maintenance_status === 'maintenance_needed').map((a) => a.code)).toEqual(['REF-003']);
    const ref3 = await get<{ status_reason: { code: string } }>('/assets/by-code/REF-003/');
    expect(ref3.status_reason.code).toBe('corrective_open');
    const ref1 = await get<{ id: string }>('/assets/by-code/REF-001/');
    expect(await get(`/assets/${ref1.id}/investment/`)).toMatchObject({ purchase_cost: 1250000, maintenance_spend_total: 85000 });
    expect((await get<{ by_status: { status: string; count: number }[] }>('/assets/overview/')).by_status).toEqual([
      { status: 'ok', count: 7 },
      { status: 'maintenance_needed', count: 1 },
    ]);
  });
});
