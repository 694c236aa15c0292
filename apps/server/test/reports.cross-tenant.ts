import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';

/**
 * The cross-tenant table's entries for the reports and home routes (cross-tenant.test.ts). Tenant
 * A is `demo`, B is `demo-norte`; each check makes what it needs in B through B's own API, then
 * shows that A can neither see nor change it, and that B's token is refused on A's host.
 */
export interface ReportsFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string } };
}
type Check = (server: TestServer, f: ReportsFixture) => Promise<void>;

const R = '/api/reports/v3';
const FEED = '/api/home/v3/feed/';

const memo = new WeakMap<TestServer, Map<string, Promise<unknown>>>();
function once<T>(server: TestServer, key: string, make: () => Promise<T>): Promise<T> {
  let map = memo.get(server);
  if (!map) memo.set(server, (map = new Map()));
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as Promise<T>;
}

const a = (f: ReportsFixture) => f.a.admin.id_token;
const b = (f: ReportsFixture) => f.b.admin.id_token;
async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return body<T>(response);
}
const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};

/** B's category, report and public link, made once through B's API. */
const bReport = (server: TestServer, f: ReportsFixture) =>
  once(server, 'report', async () => {
    const category = await json<{ id: string }>(await server.api('demo-norte', `${R}/categories/`, { method: 'POST', token: b(f), json: { name: 'Indicadores Norte' } }), 201);
    const report = await json<{ id: string }>(
      await server.api('demo-norte', `${R}/reports/`, { method: 'POST', token: b(f), json: { title: 'Cumplimiento Norte', kind: 'builtin', chart: 'activity-completion', category_id: category.id } }),
      201,
    );
    const link = await json<{ id: string; public_id: string }>(await server.api('demo-norte', `${R}/reports/${report.id}/public-links/`, { method: 'POST', token: b(f), json: {} }), 201);
    await json(
      await server.api('demo-norte', `${R}/bi-connections/metabase/`, { method: 'PUT', token: b(f), json: { site_url: 'https://metabase.norte.example', secret: 'norte-secret-0123456789' } }),
      200,
    );
    return { categoryId: category.id, reportId: report.id, linkId: link.id, publicId: link.public_id };
  });
const bCategories = async (server: TestServer, f: ReportsFixture) =>
  (await json<{ results: { id: string; name: string }[] }>(await server.api('demo-norte', `${R}/categories/`, { token: b(f) }), 200)).results;
const bReportStill = async (server: TestServer, f: ReportsFixture) => {
  const { reportId } = await bReport(server, f);
  expect((await json<{ title: string }>(await server.api('demo-norte', `${R}/reports/${reportId}/`, { token: b(f) }), 200)).title).toBe('Cumplimiento Norte');
};
const bLinkStillWorks = async (server: TestServer, f: ReportsFixture) => {
  const { publicId } = await bReport(server, f);
  expect((await server.api('demo-norte', `${R}/public/${publicId}/`)).status).toBe(200);
};

/** A route about B's report (by id): 404 from A, B's token refused on A's host, B's report unchanged. */
const aboutBReport =
  (method: string, path: (ids: { reportId: string; linkId: string }) => string, json?: unknown): Check =>
  async (server, f) => {
    const ids = await bReport(server, f);
    const init = { method, token: a(f), ...(json === undefined ? {} : { json }) };
    expect((await server.api('demo', path(ids), init)).status).toBe(404);
    await expectMismatch(await server.api('demo', path(ids), { ...init, token: b(f) }));
    await bReportStill(server, f);
    await bLinkStillWorks(server, f);
  };

const VIEW = ['VIEW_REPORTS'];
const MANAGE = ['MANAGE_REPORTS'];

export const REPORTS_ROUTES: Record<string, { access: 'public' | readonly string[]; check: Check }> = {
  'GET /api/reports/v3/categories/': {
    access: VIEW,
    check: async (server, f) => {
      await bReport(server, f);
      const mine = await json<{ results: { name: string }[] }>(await server.api('demo', `${R}/categories/`, { token: a(f) }), 200);
      expect(mine.results.map((c) => c.name)).not.toContain('Indicadores Norte');
      await expectMismatch(await server.api('demo', `${R}/categories/`, { token: b(f) }));
    },
  },
  'POST /api/reports/v3/categories/': {
    access: MANAGE,
    check: async (server, f) => {
      await json(await server.api('demo', `${R}/categories/`, { method: 'POST', token: a(f), json: { name: 'Solo de A' } }), 201);
      expect((await bCategories(server, f)).map((c) => c.name)).not.toContain('Solo de A');
      await expectMismatch(await server.api('demo', `${R}/categories/`, { method: 'POST', token: b(f), json: { name: 'X' } }));
    },
  },
  'PUT /api/reports/v3/categories/order/': {
    access: MANAGE,
    check: async (server, f) => {
      const { categoryId } = await bReport(server, f);
      expect((await server.api('demo', `${R}/categories/order/`, { method: 'PUT', token: a(f), json: { ids: [categoryId] } })).status).toBe(400);
      await expectMismatch(await server.api('demo', `${R}/categories/order/`, { method: 'PUT', token: b(f), json: { ids: [] } }));
    },
  },
  'PATCH /api/reports/v3/categories/:id/': {
    access: MANAGE,
    check: async (server, f) => {
      const { categoryId } = await bReport(server, f);
      expect((await server.api('demo', `${R}/categories/${categoryId}/`, { method: 'PATCH', token: a(f), json: { name: 'Robada' } })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${R}/categories/${categoryId}/`, { method: 'PATCH', token: b(f), json: { name: 'Robada' } }));
      expect((await bCategories(server, f)).find((c) => c.id === categoryId)?.name).toBe('Indicadores Norte');
    },
  },
  'DELETE /api/reports/v3/categories/:id/': {
    access: MANAGE,
    check: async (server, f) => {
      const { categoryId } = await bReport(server, f);
      expect((await server.api('demo', `${R}/categories/${categoryId}/`, { method: 'DELETE', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${R}/categories/${categoryId}/`, { method: 'DELETE', token: b(f) }));
      expect((await bCategories(server, f)).some((c) => c.id === categoryId)).toBe(true);
    },
  },
  'GET /api/reports/v3/charts/': {
    access: VIEW,
    check: async (server, f) => {
      await json(await server.api('demo', `${R}/charts/`, { token: a(f) }), 200);
      await expectMismatch(await server.api('demo', `${R}/charts/`, { token: b(f) }));
    },
  },
  'GET /api/reports/v3/reports/': {
    access: VIEW,
    check: async (server, f) => {
      const { reportId } = await bReport(server, f);
      const mine = await json<{ results: { id: string }[] }>(await server.api('demo', `${R}/reports/`, { token: a(f) }), 200);
      expect(mine.results.map((r) => r.id)).not.toContain(reportId);
      await expectMismatch(await server.api('demo', `${R}/reports/`, { token: b(f) }));
    },
  },
  'POST /api/reports/v3/reports/': {
    access: MANAGE,
    check: async (server, f) => {
      const { categoryId } = await bReport(server, f);
      // into B's category from A: the category is unknown here
      const refused = await server.api('demo', `${R}/reports/`, { method: 'POST', token: a(f), json: { title: 'Intruso', kind: 'builtin', chart: 'activity-completion', category_id: categoryId } });
      expect(refused.status).toBe(400);
      expect(Object.keys((await body<{ errors: Record<string, unknown> }>(refused)).errors)).toEqual(['category_id']);
      await expectMismatch(await server.api('demo', `${R}/reports/`, { method: 'POST', token: b(f), json: { title: 'X', kind: 'builtin', chart: 'activity-completion', category_id: categoryId } }));
    },
  },
  'GET /api/reports/v3/reports/:id/': { access: VIEW, check: aboutBReport('GET', (ids) => `${R}/reports/${ids.reportId}/`) },
  'PATCH /api/reports/v3/reports/:id/': { access: MANAGE, check: aboutBReport('PATCH', (ids) => `${R}/reports/${ids.reportId}/`, { title: 'Robado' }) },
  'DELETE /api/reports/v3/reports/:id/': { access: MANAGE, check: aboutBReport('DELETE', (ids) => `${R}/reports/${ids.reportId}/`) },
  'GET /api/reports/v3/reports/:id/view/': { access: VIEW, check: aboutBReport('GET', (ids) => `${R}/reports/${ids.reportId}/view/`) },
  'GET /api/reports/v3/reports/:id/public-links/': { access: MANAGE, check: aboutBReport('GET', (ids) => `${R}/reports/${ids.reportId}/public-links/`) },
  'POST /api/reports/v3/reports/:id/public-links/': { access: MANAGE, check: aboutBReport('POST', (ids) => `${R}/reports/${ids.reportId}/public-links/`, {}) },
  'POST /api/reports/v3/reports/:id/public-links/:linkId/revoke/': { access: MANAGE, check: aboutBReport('POST', (ids) => `${R}/reports/${ids.reportId}/public-links/${ids.linkId}/revoke/`) },
  'GET /api/reports/v3/public/:publicId/': {
    access: 'public',
    check: async (server, f) => {
      const { publicId } = await bReport(server, f);
      // B's public link read on A's host: not A's, not found, no data
      const there = await server.api('demo', `${R}/public/${publicId}/`);
      expect(there.status).toBe(404);
      expect(await there.text()).not.toContain('Cumplimiento Norte');
      await bLinkStillWorks(server, f);
    },
  },
  'GET /api/reports/v3/bi-connections/': {
    access: MANAGE,
    check: async (server, f) => {
      await bReport(server, f);
      const mine = await server.api('demo', `${R}/bi-connections/`, { token: a(f) });
      expect(await mine.text()).not.toContain('metabase.norte.example');
      await expectMismatch(await server.api('demo', `${R}/bi-connections/`, { token: b(f) }));
    },
  },
  'PUT /api/reports/v3/bi-connections/:provider/': {
    access: MANAGE,
    check: async (server, f) => {
      await bReport(server, f);
      await json(await server.api('demo', `${R}/bi-connections/tableau/`, { method: 'PUT', token: a(f), json: { site_url: 'https://tableau.demo.example' } }), 200);
      const theirs = await json<{ results: { provider: string; site_url: string; has_secret: boolean }[] }>(await server.api('demo-norte', `${R}/bi-connections/`, { token: b(f) }), 200);
      expect(theirs.results.map((c) => c.provider)).toEqual(['metabase']);
      await expectMismatch(await server.api('demo', `${R}/bi-connections/metabase/`, { method: 'PUT', token: b(f), json: { site_url: 'https://x.example' } }));
    },
  },
  'DELETE /api/reports/v3/bi-connections/:provider/secret/': {
    access: MANAGE,
    check: async (server, f) => {
      await bReport(server, f);
      expect((await server.api('demo', `${R}/bi-connections/metabase/secret/`, { method: 'DELETE', token: a(f) })).status).toBe(204);
      const theirs = await json<{ results: { has_secret: boolean }[] }>(await server.api('demo-norte', `${R}/bi-connections/`, { token: b(f) }), 200);
      expect(theirs.results[0]!.has_secret).toBe(true);
      await expectMismatch(await server.api('demo', `${R}/bi-connections/metabase/secret/`, { method: 'DELETE', token: b(f) }));
    },
  },
  'GET /api/home/v3/feed/': {
    access: ['VIEW_HOME'],
    check: async (server, f) => {
      const title = 'Aviso solo para Norte';
      await json(await server.api('demo-norte', '/api/posts/v3/posts/', { method: 'POST', token: b(f), json: { title, requires_ack: true, publish: true } }), 201);
      const feed = await server.api('demo', FEED, { token: a(f) });
      expect(feed.status).toBe(200);
      expect(await feed.text()).not.toContain(title);
      await expectMismatch(await server.api('demo', FEED, { token: b(f) }));
    },
  },
};
