import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';

/**
 * The cross-tenant table's entries for the checklists module (cross-tenant.test.ts). Tenant A is
 * `demo`, B is `demo-norte`; B's administrator makes a category, a checklist, a draft, a submitted
 * execution with a failed item and an export through B's API; A's administrator (who holds every
 * key in A) can neither see nor change them, and B's token is refused on A's host.
 */
export interface ChecklistsFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string } };
}
type Check = (server: TestServer, f: ChecklistsFixture) => Promise<void>;

const BASE = '/api/checklists/v3';
const VIEW = { anyOf: ['VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'] } as const;
const MANAGE = ['MANAGE_CHECKLISTS'] as const;

const memo = new WeakMap<TestServer, Map<string, Promise<unknown>>>();
function once<T>(server: TestServer, key: string, make: () => Promise<T>): Promise<T> {
  let map = memo.get(server);
  if (!map) memo.set(server, (map = new Map()));
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as Promise<T>;
}

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return body<T>(response);
}
const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};
const a = (f: ChecklistsFixture) => f.a.admin.id_token;
const b = (f: ChecklistsFixture) => f.b.admin.id_token;

const definition = (category: string) => ({
  name: 'Ronda de faena B',
  category,
  sections: [{ id: 's', title: 'Seguridad', field_ids: [1] }],
  fields: [{ id: 1, type: 'boolean', name: 'epp', label: '¿EPP completo?', required: true }],
  items: [{ field_id: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
  pass_mark: 50,
});

const category = (server: TestServer, f: ChecklistsFixture, tenant: 'a' | 'b') =>
  once(server, `category:${tenant}`, async () =>
    json<{ id: string }>(
      await server.api(tenant === 'a' ? 'demo' : 'demo-norte', `${BASE}/categories/`, { method: 'POST', token: tenant === 'a' ? a(f) : b(f), json: { name: `Faena ${tenant}` } }),
      201,
    ),
  );
const bChecklist = (server: TestServer, f: ChecklistsFixture) =>
  once(server, 'checklist', async () =>
    json<{ id: string }>(await server.api('demo-norte', `${BASE}/checklists/`, { method: 'POST', token: b(f), json: definition((await category(server, f, 'b')).id) }), 201),
  );
const bSubmitted = (server: TestServer, f: ChecklistsFixture) =>
  once(server, 'submitted', async () => {
    const checklist = await bChecklist(server, f);
    const draft = await json<{ id: string }>(await server.api('demo-norte', `${BASE}/checklists/${checklist.id}/executions/`, { method: 'POST', token: b(f), json: {} }), 201);
    return json<{ id: string }>(await server.api('demo-norte', `${BASE}/executions/${draft.id}/submit/`, { method: 'POST', token: b(f), json: { answers: { epp: false } } }), 200);
  });
const bDraft = (server: TestServer, f: ChecklistsFixture) =>
  once(server, 'draft', async () => {
    await bSubmitted(server, f);
    const checklist = await bChecklist(server, f);
    return json<{ id: string }>(await server.api('demo-norte', `${BASE}/checklists/${checklist.id}/executions/`, { method: 'POST', token: b(f), json: {} }), 201);
  });
const bExport = (server: TestServer, f: ChecklistsFixture) =>
  once(server, 'export', async () => {
    await bSubmitted(server, f);
    const created = await json<{ id: string }>(await server.api('demo-norte', `${BASE}/executions/export/`, { method: 'POST', token: b(f), json: { format: 'csv' } }), 202);
    for (let i = 0; i < 200; i++) {
      const now = await json<{ status: string }>(await server.api('demo-norte', `${BASE}/executions/exports/${created.id}/`, { token: b(f) }), 200);
      if (now.status === 'DONE') return created;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('B export did not finish');
  });

/** A route under an id of B's: 404 from A with A's token, tenant-mismatch with B's token on A's host, and B still reaches it. */
function byId(
  access: typeof VIEW | typeof MANAGE,
  method: string,
  path: (id: string) => string,
  id: (server: TestServer, f: ChecklistsFixture) => Promise<{ id: string }>,
  jsonBody?: (server: TestServer, f: ChecklistsFixture) => Promise<unknown>,
  bStatus?: number,
): { access: typeof VIEW | typeof MANAGE; check: Check } {
  return {
    access,
    check: async (server, f) => {
      const theirs = (await id(server, f)).id;
      const payload = jsonBody ? await jsonBody(server, f) : method === 'GET' || method === 'DELETE' ? undefined : {};
      const init = (token: string) => ({ method, token, ...(payload === undefined ? {} : { json: payload }) });
      expect((await server.api('demo', `${BASE}${path(theirs)}`, init(a(f)))).status).toBe(404);
      await expectMismatch(await server.api('demo', `${BASE}${path(theirs)}`, init(b(f))));
      if (bStatus) expect((await server.api('demo-norte', `${BASE}${path(theirs)}`, { token: b(f) })).status).toBe(bStatus);
    },
  };
}

/** A list of A's never holds B's record. */
function list(access: typeof VIEW | typeof MANAGE, path: string, theirs: (server: TestServer, f: ChecklistsFixture) => Promise<{ id: string }>): { access: typeof VIEW | typeof MANAGE; check: Check } {
  return {
    access,
    check: async (server, f) => {
      const id = (await theirs(server, f)).id;
      await expectMismatch(await server.api('demo', `${BASE}${path}`, { token: b(f) }));
      const ours = await json<{ results: { id: string }[] }>(await server.api('demo', `${BASE}${path}`, { token: a(f) }), 200);
      expect(ours.results.map((row) => row.id)).not.toContain(id);
      const mine = await json<{ results: { id: string }[] }>(await server.api('demo-norte', `${BASE}${path}`, { token: b(f) }), 200);
      expect(mine.results.map((row) => row.id)).toContain(id);
    },
  };
}

const aBody = async (server: TestServer, f: ChecklistsFixture) => definition((await category(server, f, 'a')).id);

export const CHECKLIST_ROUTES: Record<string, { access: typeof VIEW | typeof MANAGE; check: Check }> = {
  [`GET ${BASE}/categories/`]: list(VIEW, '/categories/', (server, f) => category(server, f, 'b')),
  [`POST ${BASE}/categories/`]: {
    access: MANAGE,
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${BASE}/categories/`, { method: 'POST', token: b(f), json: { name: 'Intrusa' } }));
      const made = await json<{ id: string }>(await server.api('demo', `${BASE}/categories/`, { method: 'POST', token: a(f), json: { name: 'Solo en A' } }), 201);
      const theirs = await json<{ results: { id: string }[] }>(await server.api('demo-norte', `${BASE}/categories/`, { token: b(f) }), 200);
      expect(theirs.results.map((row) => row.id)).not.toContain(made.id);
    },
  },
  [`PATCH ${BASE}/categories/:id/`]: byId(
    MANAGE,
    'PATCH',
    (id) => `/categories/${id}/`,
    (server, f) => category(server, f, 'b'),
    async () => ({ name: 'Renombrada desde A' }),
  ),
  [`DELETE ${BASE}/categories/:id/`]: byId(
    MANAGE,
    'DELETE',
    (id) => `/categories/${id}/`,
    (server, f) => category(server, f, 'b'),
  ),
  [`GET ${BASE}/checklists/`]: list(VIEW, '/checklists/', bChecklist),
  [`POST ${BASE}/checklists/`]: {
    access: MANAGE,
    check: async (server, f) => {
      // B's category is not A's: A cannot file a checklist under it
      const theirs = await category(server, f, 'b');
      const refused = await server.api('demo', `${BASE}/checklists/`, { method: 'POST', token: a(f), json: definition(theirs.id) });
      expect(await json(refused, 400)).toMatchObject({ errors: { category: [expect.any(String)] } });
      await expectMismatch(await server.api('demo', `${BASE}/checklists/`, { method: 'POST', token: b(f), json: await aBody(server, f) }));
    },
  },
  [`GET ${BASE}/checklists/definitions/`]: {
    access: VIEW,
    check: async (server, f) => {
      // B's checklist asked for by id from A: left out, never read; B's token on A's host: refused
      const theirs = (await bChecklist(server, f)).id;
      const path = `${BASE}/checklists/definitions/?ids=${theirs}`;
      expect((await json<{ results: unknown[] }>(await server.api('demo', path, { token: a(f) }), 200)).results).toEqual([]);
      await expectMismatch(await server.api('demo', path, { token: b(f) }));
      const mine = await json<{ results: { id: string }[] }>(await server.api('demo-norte', path, { token: b(f) }), 200);
      expect(mine.results.map((row) => row.id)).toEqual([theirs]);
    },
  },
  [`GET ${BASE}/checklists/:id/`]: byId(VIEW, 'GET', (id) => `/checklists/${id}/`, bChecklist, undefined, 200),
  [`PUT ${BASE}/checklists/:id/`]: byId(MANAGE, 'PUT', (id) => `/checklists/${id}/`, bChecklist, aBody, 200),
  [`DELETE ${BASE}/checklists/:id/`]: byId(MANAGE, 'DELETE', (id) => `/checklists/${id}/`, bChecklist, undefined, 200),
  [`GET ${BASE}/checklists/:id/versions/:version/`]: byId(VIEW, 'GET', (id) => `/checklists/${id}/versions/1/`, bChecklist, undefined, 200),
  [`GET ${BASE}/checklists/:id/schedules/`]: byId(MANAGE, 'GET', (id) => `/checklists/${id}/schedules/`, bChecklist, undefined, 200),
  [`POST ${BASE}/checklists/:id/schedules/`]: byId(
    MANAGE,
    'POST',
    (id) => `/checklists/${id}/schedules/`,
    bChecklist,
    async () => ({ start: '2026-01-01T08:00', rrule: 'FREQ=DAILY' }),
  ),
  [`GET ${BASE}/checklists/:id/stats/`]: byId(MANAGE, 'GET', (id) => `/checklists/${id}/stats/`, bChecklist, undefined, 200),
  [`POST ${BASE}/checklists/:id/executions/`]: byId(VIEW, 'POST', (id) => `/checklists/${id}/executions/`, bChecklist),
  [`GET ${BASE}/executions/`]: list(VIEW, '/executions/', bSubmitted),
  [`POST ${BASE}/executions/export/`]: {
    access: VIEW,
    check: async (server, f) => {
      const theirs = await bSubmitted(server, f);
      await expectMismatch(await server.api('demo', `${BASE}/executions/export/`, { method: 'POST', token: b(f), json: { format: 'csv' } }));
      const started = await json<{ id: string }>(await server.api('demo', `${BASE}/executions/export/`, { method: 'POST', token: a(f), json: { format: 'csv' } }), 202);
      for (let i = 0; i < 200; i++) {
        const now = await json<{ status: string; download_url: string | null }>(await server.api('demo', `${BASE}/executions/exports/${started.id}/`, { token: a(f) }), 200);
        if (now.status === 'DONE') {
          const text = await (await server.api('demo', now.download_url!, { token: a(f) })).text();
          expect(text).not.toContain(theirs.id);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('A export did not finish');
    },
  },
  [`GET ${BASE}/executions/exports/:id/`]: byId(VIEW, 'GET', (id) => `/executions/exports/${id}/`, bExport, undefined, 200),
  [`GET ${BASE}/executions/exports/:id/download`]: byId(VIEW, 'GET', (id) => `/executions/exports/${id}/download`, bExport, undefined, 200),
  [`GET ${BASE}/executions/:id/`]: byId(VIEW, 'GET', (id) => `/executions/${id}/`, bSubmitted, undefined, 200),
  [`GET ${BASE}/executions/:id/report.pdf`]: byId(VIEW, 'GET', (id) => `/executions/${id}/report.pdf`, bSubmitted, undefined, 200),
  [`POST ${BASE}/executions/:id/report-mail/`]: byId(
    VIEW,
    'POST',
    (id) => `/executions/${id}/report-mail/`,
    bSubmitted,
    async () => ({ emails: ['intrusa@example.com'] }),
  ),
  [`PATCH ${BASE}/executions/:id/`]: byId(
    VIEW,
    'PATCH',
    (id) => `/executions/${id}/`,
    bDraft,
    async () => ({ answers: { epp: true }, client_revision: 0 }),
  ),
  [`POST ${BASE}/executions/:id/submit/`]: byId(
    VIEW,
    'POST',
    (id) => `/executions/${id}/submit/`,
    bDraft,
    async () => ({ answers: { epp: true } }),
  ),
  [`POST ${BASE}/executions/:id/upgrade/`]: byId(VIEW, 'POST', (id) => `/executions/${id}/upgrade/`, bDraft),
  [`POST ${BASE}/executions/:id/actions/`]: byId(
    VIEW,
    'POST',
    (id) => `/executions/${id}/actions/`,
    bSubmitted,
    async () => ({ field_id: '1', title: 'Reponer EPP', responsible: 'x', due: '2030-01-01T10:00' }),
  ),
};
