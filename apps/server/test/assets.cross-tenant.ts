import { expect } from 'vitest';
import { body, setFlags, type TestServer } from './harness.ts';

/**
 * The cross-tenant table's entries for the assets routes under /api/asset-manager/
 * (cross-tenant.test.ts). Tenant A is `demo`, B is `demo-norte`; each check makes what it needs in
 * B through B's own API, then shows that A's administrator can neither see nor change it (404, or
 * A's own data only), and that B's token is refused on A's host.
 */
export interface AssetsFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string } };
}
type Check = (server: TestServer, f: AssetsFixture) => Promise<void>;

const AM = '/api/asset-manager/v3';
const VIEW = { anyOf: ['VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS'] } as const;
const MANAGE = ['MANAGE_ASSETS'] as const;
const ADMIN = ['ADMIN_ASSETS'] as const;

interface BAssets {
  categoryId: string;
  typeId: string;
  assetId: string;
  code: string;
  token: string;
  maintenanceId: string;
  planId: string;
  exportId: string;
  meterId: string;
  meterPlanId: string;
  labelJobId: string;
}

const memo = new WeakMap<TestServer, Promise<BAssets>>();
const a = (f: AssetsFixture) => f.a.admin.id_token;
const b = (f: AssetsFixture) => f.b.admin.id_token;

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return body<T>(response);
}

/** What B holds, made once through B's own API (its asset flags turned on first). */
function bAssets(server: TestServer, f: AssetsFixture): Promise<BAssets> {
  let made = memo.get(server);
  if (!made) {
    made = (async () => {
      await setFlags(server, f.b.id, { assets: true, asset_admin: true, qr_generator: true });
      const api = (path: string, init: { method?: string; json?: unknown } = {}) => server.api('demo-norte', `${AM}${path}`, { ...init, token: b(f) });
      const category = await json<{ id: string }>(await api('/categories/', { method: 'POST', json: { name: 'Equipos B' } }), 201);
      const type = await json<{ id: string }>(await api('/asset-types/', { method: 'POST', json: { name: 'Chancador', category: category.id } }), 201);
      const asset = await json<{ id: string; code: string; label_token: string }>(
        await api('/assets/', { method: 'POST', json: { code: 'NORTE-SOLO-1', name: 'Chancador primario', type: type.id } }),
        201,
      );
      const maintenance = await json<{ id: string }>(await api(`/assets/${asset.id}/maintenances/`, { method: 'POST', json: { kind: 'corrective', title: 'Vibración' } }), 201);
      const passport = (await json<{ results: { passport: string }[] }>(await server.api('demo-norte', '/api/audiences/v3/persons/?search=admin%40norte.test', { token: b(f) }), 200)).results[0]!
        .passport;
      const plan = await json<{ id: string }>(
        await api(`/assets/${asset.id}/plans/`, { method: 'POST', json: { title: 'Revisión', rrule: 'FREQ=MONTHLY', start: '2026-12-01T08:00', timezone: 'America/Santiago', responsible: passport } }),
        201,
      );
      const exported = await json<{ id: string }>(await api('/assets/export/', { method: 'POST', json: { format: 'csv' } }), 202);
      const meter = await json<{ id: string }>(await api(`/assets/${asset.id}/meters/`, { method: 'POST', json: { name: 'Horómetro', unit: 'h', initial: 10 } }), 201);
      const byUse = await json<{ plans: { id: string }[] }>(await api(`/assets/${asset.id}/meters/${meter.id}/plans/`, { method: 'POST', json: { title: 'Aceite', every: 250 } }), 201);
      const labelJob = await json<{ id: string }>(await api('/labels/jobs/', { method: 'POST', json: { asset_ids: [asset.id] } }), 202);
      return {
        labelJobId: labelJob.id,
        meterId: meter.id,
        meterPlanId: byUse.plans[0]!.id,
        categoryId: category.id,
        typeId: type.id,
        assetId: asset.id,
        code: asset.code,
        token: asset.label_token,
        maintenanceId: maintenance.id,
        planId: plan.id,
        exportId: exported.id,
      };
    })();
    memo.set(server, made);
  }
  return made;
}

const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};

/** A's administrator on A's host gets 404 for B's record; B's token on A's host is refused. */
const absentFromA =
  (method: string, path: (bx: BAssets) => string, payload?: unknown): Check =>
  async (server, f) => {
    const bx = await bAssets(server, f);
    const init = { method, ...(payload !== undefined ? { json: payload } : {}) };
    const response = await server.api('demo', `${AM}${path(bx)}`, { ...init, token: a(f) });
    expect(response.status, await response.clone().text()).toBe(404);
    await expectMismatch(await server.api('demo', `${AM}${path(bx)}`, { ...init, token: b(f) }));
  };

/** A list on A's host never holds B's records. */
const listOfAOnly =
  (path: string, pick: (item: Record<string, unknown>) => unknown): Check =>
  async (server, f) => {
    const bx = await bAssets(server, f);
    const page = await json<{ results: Record<string, unknown>[] }>(await server.api('demo', `${AM}${path}`, { token: a(f) }), 200);
    const seen = JSON.stringify(page.results.map(pick));
    for (const id of [bx.assetId, bx.categoryId, bx.typeId, bx.maintenanceId, bx.code, bx.labelJobId, bx.meterId]) expect(seen).not.toContain(id);
    await expectMismatch(await server.api('demo', `${AM}${path}`, { token: b(f) }));
  };

/** A write on A's host stays in A: it never lands on B's records. */
const writeStaysHome =
  (path: string, payload: (bx: BAssets) => unknown, status: number): Check =>
  async (server, f) => {
    const bx = await bAssets(server, f);
    const response = await server.api('demo', `${AM}${path}`, { method: 'POST', json: payload(bx), token: a(f) });
    expect(response.status, await response.clone().text()).toBe(status);
    const bAsset = await json<{ name: string; maintenance_status: string }>(await server.api('demo-norte', `${AM}/assets/${bx.assetId}/`, { token: b(f) }), 200);
    expect(bAsset.name).toBe('Chancador primario');
    await expectMismatch(await server.api('demo', `${AM}${path}`, { method: 'POST', json: payload(bx), token: b(f) }));
  };

export const ASSET_ROUTES: Record<string, { access: 'public' | readonly string[] | { anyOf: readonly string[] }; check: Check }> = {
  [`GET ${AM}/categories/`]: { access: VIEW, check: listOfAOnly('/categories/', (c) => c.id) },
  [`POST ${AM}/categories/`]: { access: ADMIN, check: writeStaysHome('/categories/', () => ({ name: 'Equipos B' }), 201) },
  [`PATCH ${AM}/categories/:id/`]: { access: ADMIN, check: absentFromA('PATCH', (bx) => `/categories/${bx.categoryId}/`, { name: 'Robado' }) },
  [`DELETE ${AM}/categories/:id/`]: { access: ADMIN, check: absentFromA('DELETE', (bx) => `/categories/${bx.categoryId}/`) },
  [`GET ${AM}/asset-types/`]: { access: VIEW, check: listOfAOnly('/asset-types/', (t) => t.id) },
  [`POST ${AM}/asset-types/`]: {
    access: ADMIN,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      // B's category is unknown on A's host: a field error, nothing written
      const response = await server.api('demo', `${AM}/asset-types/`, { method: 'POST', json: { name: 'Con categoría ajena', category: bx.categoryId }, token: a(f) });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ reasons: { category: 'unknown-reference' } });
      await expectMismatch(await server.api('demo', `${AM}/asset-types/`, { method: 'POST', json: { name: 'x', category: bx.categoryId }, token: b(f) }));
    },
  },
  [`GET ${AM}/asset-types/:id/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/asset-types/${bx.typeId}/`) },
  [`PATCH ${AM}/asset-types/:id/`]: { access: ADMIN, check: absentFromA('PATCH', (bx) => `/asset-types/${bx.typeId}/`, { name: 'Robado' }) },
  [`DELETE ${AM}/asset-types/:id/`]: { access: ADMIN, check: absentFromA('DELETE', (bx) => `/asset-types/${bx.typeId}/`) },
  [`GET ${AM}/assets/`]: { access: VIEW, check: listOfAOnly('/assets/?page_size=200', (x) => [x.id, x.code]) },
  [`POST ${AM}/assets/`]: {
    access: MANAGE,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const response = await server.api('demo', `${AM}/assets/`, { method: 'POST', json: { code: 'X-1', name: 'Con tipo ajeno', type: bx.typeId, parent: bx.assetId }, token: a(f) });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ reasons: { type: 'unknown-reference', parent: 'unknown-reference' } });
      await expectMismatch(await server.api('demo', `${AM}/assets/`, { method: 'POST', json: { code: 'X-1', name: 'x', type: bx.typeId }, token: b(f) }));
    },
  },
  [`GET ${AM}/assets/overview/`]: {
    access: VIEW,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const overview = await json<Record<string, unknown>>(await server.api('demo', `${AM}/assets/overview/`, { token: a(f) }), 200);
      expect(JSON.stringify(overview)).not.toContain(bx.typeId);
      await expectMismatch(await server.api('demo', `${AM}/assets/overview/`, { token: b(f) }));
    },
  },
  [`GET ${AM}/assets/by-code/:code/`]: {
    access: VIEW,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const response = await server.api('demo', `${AM}/assets/by-code/${bx.code}/`, { token: a(f) });
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual({ code: 'asset-not-found', detail: `Could not find an asset with the code ${bx.code}` });
      await expectMismatch(await server.api('demo', `${AM}/assets/by-code/${bx.code}/`, { token: b(f) }));
    },
  },
  [`POST ${AM}/assets/scans/`]: {
    access: VIEW,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      for (const code of [bx.code, `https://demo-norte.example/public/assets/${bx.token}`]) {
        const response = await server.api('demo', `${AM}/assets/scans/`, { method: 'POST', json: { code }, token: a(f) });
        expect(response.status).toBe(404);
        expect(await body(response)).toMatchObject({ code: 'asset-not-found' });
      }
      await expectMismatch(await server.api('demo', `${AM}/assets/scans/`, { method: 'POST', json: { code: bx.code }, token: b(f) }));
    },
  },
  [`GET ${AM}/assets/scans/`]: { access: VIEW, check: listOfAOnly('/assets/scans/', (s) => s) },
  [`POST ${AM}/assets/export/`]: {
    access: VIEW,
    check: async (server, f) => {
      await bAssets(server, f);
      // A's export holds A's assets only: its rows are A's count
      const created = await json<{ id: string }>(await server.api('demo', `${AM}/assets/export/`, { method: 'POST', json: { format: 'csv' }, token: a(f) }), 202);
      const total = (await json<{ count: number }>(await server.api('demo', `${AM}/assets/`, { token: a(f) }), 200)).count;
      let now = { status: 'PENDING', rows: 0 };
      for (let i = 0; i < 200 && now.status !== 'DONE'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await json(await server.api('demo', `${AM}/assets/exports/${created.id}/`, { token: a(f) }), 200);
      }
      expect(now).toMatchObject({ status: 'DONE', rows: total });
      const file = await (await server.api('demo', `${AM}/assets/exports/${created.id}/download`, { token: a(f) })).text();
      expect(file).not.toContain('NORTE-SOLO-1');
      await expectMismatch(await server.api('demo', `${AM}/assets/export/`, { method: 'POST', json: { format: 'csv' }, token: b(f) }));
    },
  },
  [`GET ${AM}/assets/exports/`]: { access: VIEW, check: listOfAOnly('/assets/exports/', (e) => e.id) },
  [`GET ${AM}/assets/exports/:id/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/exports/${bx.exportId}/`) },
  [`GET ${AM}/assets/exports/:id/download`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/exports/${bx.exportId}/download`) },
  // bulk load (the imports engine's routes, at the assets' prefix)
  [`GET ${AM}/assets/imports/`]: { access: MANAGE, check: listOfAOnly('/assets/imports/', (j) => j.id) },
  [`POST ${AM}/assets/imports/`]: { access: MANAGE, check: writeStaysHome('/assets/imports/', () => ({ upload_id: 'x'.repeat(24) }), 201) },
  [`GET ${AM}/assets/imports/:jobId/`]: { access: MANAGE, check: absentFromA('GET', () => '/assets/imports/999999/') },
  [`GET ${AM}/assets/imports/:jobId/rows/`]: { access: MANAGE, check: absentFromA('GET', () => '/assets/imports/999999/rows/') },
  [`GET ${AM}/assets/imports/:jobId/rows.csv`]: { access: MANAGE, check: absentFromA('GET', () => '/assets/imports/999999/rows.csv') },
  [`POST ${AM}/assets/imports/:jobId/apply`]: { access: MANAGE, check: absentFromA('POST', () => '/assets/imports/999999/apply') },
  [`DELETE ${AM}/assets/imports/:jobId/`]: { access: MANAGE, check: absentFromA('DELETE', () => '/assets/imports/999999/') },
  [`GET ${AM}/assets/imports/current.csv`]: {
    access: MANAGE,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const response = await server.api('demo', `${AM}/assets/imports/current.csv`, { token: a(f) });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain(bx.code);
      await expectMismatch(await server.api('demo', `${AM}/assets/imports/current.csv`, { token: b(f) }));
    },
  },
  [`GET ${AM}/assets/:id/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/`) },
  [`PATCH ${AM}/assets/:id/`]: { access: MANAGE, check: absentFromA('PATCH', (bx) => `/assets/${bx.assetId}/`, { name: 'Robado' }) },
  [`DELETE ${AM}/assets/:id/`]: { access: MANAGE, check: absentFromA('DELETE', (bx) => `/assets/${bx.assetId}/`) },
  [`GET ${AM}/assets/:id/maintenances/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/maintenances/`) },
  [`POST ${AM}/assets/:id/maintenances/`]: { access: MANAGE, check: absentFromA('POST', (bx) => `/assets/${bx.assetId}/maintenances/`, { kind: 'corrective' }) },
  [`POST ${AM}/assets/:id/maintenances/:mid/complete/`]: { access: MANAGE, check: absentFromA('POST', (bx) => `/assets/${bx.assetId}/maintenances/${bx.maintenanceId}/complete/`, {}) },
  [`GET ${AM}/maintenance-executions/`]: { access: VIEW, check: listOfAOnly('/maintenance-executions/?page_size=200', (m) => [m.id, m.asset]) },
  [`GET ${AM}/maintenance-executions/:id/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/maintenance-executions/${bx.maintenanceId}/`) },
  [`GET ${AM}/assets/:id/plans/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/plans/`) },
  [`POST ${AM}/assets/:id/plans/`]: {
    access: MANAGE,
    check: absentFromA('POST', (bx) => `/assets/${bx.assetId}/plans/`, { title: 'x', rrule: 'FREQ=DAILY', start: '2026-12-01T08:00', timezone: 'UTC', responsible: 'nobody' }),
  },
  [`DELETE ${AM}/assets/:id/plans/:mid/`]: { access: MANAGE, check: absentFromA('DELETE', (bx) => `/assets/${bx.assetId}/plans/${bx.planId}/`) },
  [`GET ${AM}/assets/:id/meters/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/meters/`) },
  [`POST ${AM}/assets/:id/meters/`]: { access: MANAGE, check: absentFromA('POST', (bx) => `/assets/${bx.assetId}/meters/`, { name: 'Robado' }) },
  [`DELETE ${AM}/assets/:id/meters/:mid/`]: { access: MANAGE, check: absentFromA('DELETE', (bx) => `/assets/${bx.assetId}/meters/${bx.meterId}/`) },
  [`GET ${AM}/assets/:id/meters/:mid/readings/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/meters/${bx.meterId}/readings/`) },
  [`POST ${AM}/assets/:id/meters/:mid/readings/`]: {
    access: MANAGE,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      await absentFromA('POST', () => `/assets/${bx.assetId}/meters/${bx.meterId}/readings/`, { value: 5000 })(server, f);
      // B's meter still reads what B wrote, and no maintenance opened on it
      const meters = await json<{ results: { id: string; last_value: number }[] }>(await server.api('demo-norte', `${AM}/assets/${bx.assetId}/meters/`, { token: b(f) }), 200);
      expect(meters.results.find((m) => m.id === bx.meterId)?.last_value).toBe(10);
    },
  },
  [`POST ${AM}/assets/:id/meters/:mid/plans/`]: { access: MANAGE, check: absentFromA('POST', (bx) => `/assets/${bx.assetId}/meters/${bx.meterId}/plans/`, { title: 'x', every: 1 }) },
  [`DELETE ${AM}/assets/:id/meters/:mid/plans/:pid/`]: { access: MANAGE, check: absentFromA('DELETE', (bx) => `/assets/${bx.assetId}/meters/${bx.meterId}/plans/${bx.meterPlanId}/`) },
  [`GET ${AM}/assets/:id/calendar/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/calendar/?from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z`) },
  [`GET ${AM}/assets/:id/investment/`]: { access: VIEW, check: absentFromA('GET', (bx) => `/assets/${bx.assetId}/investment/`) },
  [`POST ${AM}/labels/`]: {
    access: MANAGE,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const response = await server.api('demo', `${AM}/labels/`, { method: 'POST', json: { asset_ids: [bx.assetId] }, token: a(f) });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ reasons: { asset_ids: 'unknown-reference' } });
      await expectMismatch(await server.api('demo', `${AM}/labels/`, { method: 'POST', json: { asset_ids: [bx.assetId] }, token: b(f) }));
    },
  },
  [`POST ${AM}/labels/jobs/`]: {
    access: MANAGE,
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const response = await server.api('demo', `${AM}/labels/jobs/`, { method: 'POST', json: { asset_ids: [bx.assetId] }, token: a(f) });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ reasons: { asset_ids: 'unknown-reference' } });
      await expectMismatch(await server.api('demo', `${AM}/labels/jobs/`, { method: 'POST', json: { asset_ids: [bx.assetId] }, token: b(f) }));
    },
  },
  [`GET ${AM}/labels/jobs/`]: { access: MANAGE, check: listOfAOnly('/labels/jobs/', (j) => j.id) },
  [`GET ${AM}/labels/jobs/:id/`]: { access: MANAGE, check: absentFromA('GET', (bx) => `/labels/jobs/${bx.labelJobId}/`) },
  [`GET ${AM}/labels/jobs/:id/download`]: { access: MANAGE, check: absentFromA('GET', (bx) => `/labels/jobs/${bx.labelJobId}/download`) },
  [`GET ${AM}/public/assets/:token/`]: {
    access: 'public',
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      // B's label is unknown on A's host, signed in or not
      expect((await server.api('demo', `${AM}/public/assets/${bx.token}/`)).status).toBe(404);
      expect((await server.api('demo', `${AM}/public/assets/${bx.token}/`, { token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${AM}/public/assets/${bx.token}/`)).status).toBe(200);
    },
  },
  [`POST ${AM}/public/assets/:token/reports/`]: {
    access: 'public',
    check: async (server, f) => {
      const bx = await bAssets(server, f);
      const before = (await json<{ count: number }>(await server.api('demo-norte', `${AM}/assets/${bx.assetId}/maintenances/`, { token: b(f) }), 200)).count;
      expect((await server.api('demo', `${AM}/public/assets/${bx.token}/reports/`, { method: 'POST', json: { description: 'Desde A' } })).status).toBe(404);
      expect((await json<{ count: number }>(await server.api('demo-norte', `${AM}/assets/${bx.assetId}/maintenances/`, { token: b(f) }), 200)).count).toBe(before);
    },
  },
};
