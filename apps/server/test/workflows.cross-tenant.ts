import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';
import { openStream } from './notifications.helpers.ts';
import { WF, createForm, publishModel, xml } from './workflows.helpers.ts';

/**
 * The cross-tenant table's entries for the workflows module (cross-tenant.test.ts). Tenant A is
 * `demo`, B is `demo-norte`; B's administrator makes a category, a published type with a task of
 * theirs, a draft, an execution, a kanban board, an export and a public start through B's API;
 * A's administrator (who holds every key in A) can neither see nor change them, B's token is
 * refused on A's host, and B's public links and tracking codes answer nothing on A's host.
 */
export interface WorkflowsFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string; user: Record<string, unknown> } };
}
type Check = (server: TestServer, f: WorkflowsFixture) => Promise<void>;
type Access = 'public' | readonly string[];

const VIEW = ['VIEW_WF'] as const;
const MANAGE = ['MANAGE_WF'] as const;

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
const a = (f: WorkflowsFixture) => f.a.admin.id_token;
const b = (f: WorkflowsFixture) => f.b.admin.id_token;
const onB = (server: TestServer, f: WorkflowsFixture, path: string, init: { method?: string; json?: unknown } = {}) => server.api('demo-norte', `${WF}${path}`, { token: b(f), ...init });

const MESSAGE = 'pedido-norte';
const model = (formId: string, passport: string) =>
  [
    [
      { id: 's', kind: 'start' as const },
      { id: 'ms', kind: 'messageStart' as const, message: MESSAGE },
      { id: 'review', kind: 'userTask' as const, name: 'Revisión Norte', formId, assigneeType: 'people', assignees: passport },
      { id: 'end', kind: 'end' as const },
    ],
    [
      { id: 'f1', from: 's', to: 'review' },
      { id: 'f2', from: 'ms', to: 'review' },
      { id: 'f3', from: 'review', to: 'end' },
    ],
  ] as const;
const kanbanBody = {
  name: 'Tablero Norte',
  columns: [
    { id: 'c-review', title: 'Revisión', kind: 'task', value: 'review' },
    { id: 'c-done', title: 'Hecho', kind: 'status', value: 'Success' },
  ],
  card_fields: [],
};

/** B's published type (a task of B's administrator, a message start), made once. */
const bType = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'type', async () => {
    const formId = await createForm(server.api, 'demo-norte', b(f), 'Revisión Norte', [{ type: 'boolean', name: 'ok', label: 'Conforme' }]);
    const [nodes, flows] = model(formId, String(f.b.admin.user.passport));
    const { typeId, versionId } = await publishModel(server.api, 'demo-norte', b(f), 'Proceso Norte', [...nodes], [...flows]);
    return { id: typeId, typeId, versionId, formId };
  });
const bVersion = async (server: TestServer, f: WorkflowsFixture) => ({ id: (await bType(server, f)).versionId });
const bCategory = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'category', async () => json<{ id: string }>(await onB(server, f, '/workflow-categories/', { method: 'POST', json: { name: 'Procesos Norte' } }), 201));
const bDraft = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'draft', async () => {
    const { typeId, formId } = await bType(server, f);
    const [nodes, flows] = model(formId, String(f.b.admin.user.passport));
    return json<{ id: string }>(await onB(server, f, `/workflow-types/${typeId}/versions/`, { method: 'POST', json: { bpmn_xml: xml([...nodes], [...flows]) } }), 201);
  });
const bExecution = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'execution', async () => {
    const { versionId } = await bType(server, f);
    const e = await json<{ id: string; tasks: { id: string; bpmn_id: string; is_active: boolean }[] }>(await onB(server, f, `/versions/${versionId}/executions/`, { method: 'POST', json: {} }), 201);
    return { id: e.id, taskId: e.tasks.find((t) => t.bpmn_id === 'review' && t.is_active)!.id };
  });
const bTask = async (server: TestServer, f: WorkflowsFixture) => ({ id: (await bExecution(server, f)).taskId });
const bKanban = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'kanban', async () => {
    const { typeId } = await bType(server, f);
    return { typeId, ...(await json<{ id: string }>(await onB(server, f, `/workflow-types/${typeId}/kanbans/`, { method: 'POST', json: kanbanBody }), 201)) };
  });
const bExport = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'export', async () => {
    const { typeId } = await bType(server, f);
    await bExecution(server, f);
    const created = await json<{ id: string }>(await onB(server, f, `/workflow-types/${typeId}/executions/exports/`, { method: 'POST', json: { format: 'csv' } }), 202);
    for (let i = 0; i < 300; i++) {
      const now = await json<{ status: string }>(await onB(server, f, `/executions-exports/${created.id}/`), 200);
      if (now.status === 'DONE') return created;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('B export did not finish');
  });
/** B's type with its public link on, and one public start of it on B's host (its tracking code). */
const bPublic = (server: TestServer, f: WorkflowsFixture) =>
  once(server, 'public', async () => {
    const { typeId, versionId } = await bType(server, f);
    await json(await onB(server, f, `/workflow-types/${typeId}/public-link/`, { method: 'PUT', json: { enabled: true } }), 200);
    const receipt = await json<{ tracking_code: string }>(
      await server.api('demo-norte', `${WF}/public/workflow-types/${typeId}/by-group/${typeId}/start/s/`, { method: 'POST', json: { variables: {} } }),
      201,
    );
    return { typeId, versionId, code: receipt.tracking_code };
  });
const bExecutionCount = async (server: TestServer, f: WorkflowsFixture) => (await json<{ count: number }>(await onB(server, f, '/executions/?page_size=1'), 200)).count;
const bTaskStillOpen = async (server: TestServer, f: WorkflowsFixture) => {
  const { taskId } = await bExecution(server, f);
  expect((await json<{ is_open: boolean }>(await onB(server, f, `/user-tasks/${taskId}/`), 200)).is_open).toBe(true);
};

/**
 * A route under records of B's: 404 from A with A's token, tenant-mismatch with B's token on A's
 * host; then `after` shows B's records as they were (by default B still reads the same path).
 */
function byId(access: Access, method: string, path: (server: TestServer, f: WorkflowsFixture) => Promise<string>, jsonBody?: unknown, after?: Check): { access: Access; check: Check } {
  return {
    access,
    check: async (server, f) => {
      const target = await path(server, f);
      const init = (token: string) => ({ method, token, ...(jsonBody === undefined ? {} : { json: jsonBody }) });
      const refused = await server.api('demo', `${WF}${target}`, init(a(f)));
      expect(refused.status, `${method} ${target}: ${await refused.clone().text()}`).toBe(404);
      await expectMismatch(await server.api('demo', `${WF}${target}`, init(b(f))));
      if (after) await after(server, f);
      else expect((await onB(server, f, target)).status).toBe(200);
    },
  };
}
const at = (make: (server: TestServer, f: WorkflowsFixture) => Promise<{ id: string }>, path: (id: string) => string) => async (server: TestServer, f: WorkflowsFixture) =>
  path((await make(server, f)).id);

/** A list of A's never holds B's record; B's own list does. */
function list(access: Access, path: string, theirs: (server: TestServer, f: WorkflowsFixture) => Promise<{ id: string }>): { access: Access; check: Check } {
  return {
    access,
    check: async (server, f) => {
      const id = (await theirs(server, f)).id;
      await expectMismatch(await server.api('demo', `${WF}${path}`, { token: b(f) }));
      const ours = await json<{ results: { id: string }[] }>(await server.api('demo', `${WF}${path}`, { token: a(f) }), 200);
      expect(ours.results.map((row) => row.id)).not.toContain(id);
      const mine = await json<{ results: { id: string }[] }>(await onB(server, f, path), 200);
      expect(mine.results.map((row) => row.id)).toContain(id);
    },
  };
}

const bCategoryNamed = (name: string) => async (server: TestServer, f: WorkflowsFixture) => {
  const { id } = await bCategory(server, f);
  expect((await json<{ results: { id: string; name: string }[] }>(await onB(server, f, '/workflow-categories/'), 200)).results.find((c) => c.id === id)?.name).toBe(name);
};
const kanbanPath = (suffix: string) => async (server: TestServer, f: WorkflowsFixture) => {
  const k = await bKanban(server, f);
  return `/workflow-types/${k.typeId}/kanbans/${k.id}/${suffix}`;
};
const bKanbanUnchanged: Check = async (server, f) => {
  const k = await bKanban(server, f);
  expect(await json(await onB(server, f, `/workflow-types/${k.typeId}/kanbans/${k.id}/`), 200)).toMatchObject({ name: kanbanBody.name });
};

/** A public route of B's type on A's host: 404, with and without a token; B's host answers. */
function publicOfB(method: 'GET' | 'POST', shape: 'versions' | 'by-group'): { access: Access; check: Check } {
  return {
    access: 'public',
    check: async (server, f) => {
      const { typeId, versionId } = await bPublic(server, f);
      const path = `${WF}/public/workflow-types/${typeId}/${shape === 'versions' ? `versions/${versionId}` : `by-group/${typeId}`}/start/s/`;
      const init = method === 'POST' ? { method, json: { variables: {} } } : { method };
      const before = await bExecutionCount(server, f);
      expect((await server.api('demo', path, init)).status).toBe(404);
      expect((await server.api('demo', path, { ...init, token: a(f) })).status).toBe(404);
      expect(await bExecutionCount(server, f)).toBe(before);
      if (method === 'GET') expect((await server.api('demo-norte', path)).status).toBe(200);
    },
  };
}

export const WORKFLOW_ROUTES: Record<string, { access: Access; check: Check }> = {
  [`GET ${WF}/workflow-categories/`]: list(VIEW, '/workflow-categories/', bCategory),
  [`POST ${WF}/workflow-categories/`]: {
    access: MANAGE,
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${WF}/workflow-categories/`, { method: 'POST', token: b(f), json: { name: 'Intrusa' } }));
      const made = await json<{ id: string }>(await server.api('demo', `${WF}/workflow-categories/`, { method: 'POST', token: a(f), json: { name: 'Solo en A' } }), 201);
      const theirs = await json<{ results: { id: string }[] }>(await onB(server, f, '/workflow-categories/'), 200);
      expect(theirs.results.map((row) => row.id)).not.toContain(made.id);
    },
  },
  [`PATCH ${WF}/workflow-categories/:id/`]: byId(
    MANAGE,
    'PATCH',
    at(bCategory, (id) => `/workflow-categories/${id}/`),
    { name: 'Renombrada desde A' },
    bCategoryNamed('Procesos Norte'),
  ),
  [`DELETE ${WF}/workflow-categories/:id/`]: byId(
    MANAGE,
    'DELETE',
    at(bCategory, (id) => `/workflow-categories/${id}/`),
    undefined,
    bCategoryNamed('Procesos Norte'),
  ),
  [`GET ${WF}/workflow-types/`]: list(MANAGE, '/workflow-types/', bType),
  [`GET ${WF}/my-workflow-types/`]: list(VIEW, '/my-workflow-types/', bType),
  [`POST ${WF}/workflow-types/`]: {
    access: MANAGE,
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${WF}/workflow-types/`, { method: 'POST', token: b(f), json: { name: 'Intruso' } }));
      // B's category is no category of A's: refused, not filed under it
      const theirs = await bCategory(server, f);
      expect((await server.api('demo', `${WF}/workflow-types/`, { method: 'POST', token: a(f), json: { name: 'En categoría ajena', category: theirs.id } })).status).toBe(400);
      const made = await json<{ id: string }>(await server.api('demo', `${WF}/workflow-types/`, { method: 'POST', token: a(f), json: { name: 'Solo en A' } }), 201);
      expect((await json<{ results: { id: string }[] }>(await onB(server, f, '/workflow-types/'), 200)).results.map((t) => t.id)).not.toContain(made.id);
    },
  },
  [`GET ${WF}/workflow-types/:id/`]: byId(
    VIEW,
    'GET',
    at(bType, (id) => `/workflow-types/${id}/`),
  ),
  [`PATCH ${WF}/workflow-types/:id/`]: byId(
    MANAGE,
    'PATCH',
    at(bType, (id) => `/workflow-types/${id}/`),
    { name: 'Renombrado desde A', is_archived: true },
    async (server, f) => {
      expect(await json(await onB(server, f, `/workflow-types/${(await bType(server, f)).typeId}/`), 200)).toMatchObject({ name: 'Proceso Norte', is_archived: false });
    },
  ),
  [`POST ${WF}/workflow-types/:id/versions/`]: byId(
    MANAGE,
    'POST',
    at(bType, (id) => `/workflow-types/${id}/versions/`),
    {
      bpmn_xml: xml(
        [
          { id: 's', kind: 'start' },
          { id: 'e', kind: 'end' },
        ],
        [{ id: 'f', from: 's', to: 'e' }],
      ),
    },
    async (server, f) => {
      expect(await json(await onB(server, f, `/workflow-types/${(await bType(server, f)).typeId}/`), 200)).toMatchObject({ name: 'Proceso Norte' });
    },
  ),
  [`POST ${WF}/workflow-types/:id/executions/`]: {
    access: VIEW,
    check: async (server, f) => {
      const { typeId } = await bType(server, f);
      const before = await bExecutionCount(server, f);
      await byId(
        VIEW,
        'POST',
        async () => `/workflow-types/${typeId}/executions/`,
        {},
        async () => undefined,
      ).check(server, f);
      expect(await bExecutionCount(server, f)).toBe(before);
    },
  },
  [`GET ${WF}/workflow-types/:id/start-form/`]: byId(
    VIEW,
    'GET',
    at(bType, (id) => `/workflow-types/${id}/start-form/`),
  ),
  [`GET ${WF}/versions/:id/`]: byId(
    VIEW,
    'GET',
    at(bVersion, (id) => `/versions/${id}/`),
  ),
  [`PUT ${WF}/versions/:id/`]: byId(
    MANAGE,
    'PUT',
    at(bDraft, (id) => `/versions/${id}/`),
    {
      bpmn_xml: xml(
        [
          { id: 's', kind: 'start' },
          { id: 'e', kind: 'end' },
        ],
        [{ id: 'f', from: 's', to: 'e' }],
      ),
    },
    async (server, f) => {
      expect((await json<{ bpmn_xml: string }>(await onB(server, f, `/versions/${(await bDraft(server, f)).id}/`), 200)).bpmn_xml).toContain('Revisión Norte');
    },
  ),
  [`POST ${WF}/versions/:id/validate/`]: byId(
    MANAGE,
    'POST',
    at(bDraft, (id) => `/versions/${id}/validate/`),
    undefined,
    async () => undefined,
  ),
  [`POST ${WF}/versions/:id/publish/`]: byId(
    MANAGE,
    'POST',
    at(bDraft, (id) => `/versions/${id}/publish/`),
    undefined,
    async (server, f) => {
      expect(await json(await onB(server, f, `/versions/${(await bDraft(server, f)).id}/`), 200)).toMatchObject({ published_at: null, is_active: false });
    },
  ),
  [`POST ${WF}/versions/:id/executions/`]: {
    access: VIEW,
    check: async (server, f) => {
      const { versionId } = await bType(server, f);
      const before = await bExecutionCount(server, f);
      await byId(
        VIEW,
        'POST',
        async () => `/versions/${versionId}/executions/`,
        {},
        async () => undefined,
      ).check(server, f);
      expect(await bExecutionCount(server, f)).toBe(before);
    },
  },
  [`GET ${WF}/executions/`]: list(VIEW, '/executions/', bExecution),
  [`GET ${WF}/executions/:id/`]: byId(
    VIEW,
    'GET',
    at(bExecution, (id) => `/executions/${id}/`),
  ),
  [`GET ${WF}/my-tasks/`]: list(VIEW, '/my-tasks/', bTask),
  [`GET ${WF}/user-tasks/:id/`]: byId(
    VIEW,
    'GET',
    at(bTask, (id) => `/user-tasks/${id}/`),
  ),
  [`POST ${WF}/user-tasks/:id/responses/`]: byId(
    VIEW,
    'POST',
    at(bTask, (id) => `/user-tasks/${id}/responses/`),
    { response: { ok: true } },
    bTaskStillOpen,
  ),
  [`POST ${WF}/messages/`]: {
    access: VIEW,
    check: async (server, f) => {
      await bType(server, f);
      const before = await bExecutionCount(server, f);
      await expectMismatch(await server.api('demo', `${WF}/messages/`, { method: 'POST', token: b(f), json: { name: MESSAGE } }));
      // B's message start does not hear A's message
      expect(await json(await server.api('demo', `${WF}/messages/`, { method: 'POST', token: a(f), json: { name: MESSAGE } }), 200)).toEqual({ delivered: 0 });
      expect(await bExecutionCount(server, f)).toBe(before);
    },
  },
  [`POST ${WF}/workflow-types/:id/executions/exports/`]: byId(
    VIEW,
    'POST',
    at(bType, (id) => `/workflow-types/${id}/executions/exports/`),
    { format: 'csv' },
    async () => undefined,
  ),
  [`GET ${WF}/executions-exports/:id/`]: byId(
    VIEW,
    'GET',
    at(bExport, (id) => `/executions-exports/${id}/`),
  ),
  [`GET ${WF}/executions-exports/:id/download`]: byId(
    VIEW,
    'GET',
    at(bExport, (id) => `/executions-exports/${id}/download`),
  ),
  [`GET ${WF}/workflow-types/:id/kanbans/`]: byId(VIEW, 'GET', async (server, f) => `/workflow-types/${(await bKanban(server, f)).typeId}/kanbans/`),
  [`GET ${WF}/workflow-types/:id/kanban-options/`]: byId(
    MANAGE,
    'GET',
    at(bType, (id) => `/workflow-types/${id}/kanban-options/`),
  ),
  [`POST ${WF}/workflow-types/:id/kanbans/`]: byId(
    MANAGE,
    'POST',
    at(bType, (id) => `/workflow-types/${id}/kanbans/`),
    kanbanBody,
    async (server, f) => {
      const { typeId } = await bType(server, f);
      const mine = await json<{ results: { id: string }[] }>(await onB(server, f, `/workflow-types/${typeId}/kanbans/`), 200);
      expect(mine.results.map((k) => k.id)).toEqual([(await bKanban(server, f)).id]);
    },
  ),
  [`GET ${WF}/workflow-types/:id/kanbans/:kanban/`]: byId(VIEW, 'GET', kanbanPath('')),
  [`PUT ${WF}/workflow-types/:id/kanbans/:kanban/`]: byId(MANAGE, 'PUT', kanbanPath(''), { ...kanbanBody, name: 'Cambiado desde A' }, bKanbanUnchanged),
  [`DELETE ${WF}/workflow-types/:id/kanbans/:kanban/`]: byId(MANAGE, 'DELETE', kanbanPath(''), undefined, bKanbanUnchanged),
  [`GET ${WF}/workflow-types/:id/kanbans/:kanban/board/`]: byId(VIEW, 'GET', kanbanPath('board/')),
  // the board's event stream: A's host answers 404 for B's board; B's own stream opens
  [`GET ${WF}/workflow-types/:id/kanbans/:kanban/events/`]: byId(VIEW, 'GET', kanbanPath('events/'), undefined, async (server, f) => {
    const stream = await openStream(server.port, 'demo-norte', b(f), { path: `${WF}${await kanbanPath('events/')(server, f)}` });
    expect(stream.status).toBe(200);
    stream.close();
  }),
  [`POST ${WF}/workflow-types/:id/kanbans/:kanban/moves/`]: {
    access: VIEW,
    check: async (server, f) => {
      const execution = await bExecution(server, f);
      await byId(VIEW, 'POST', kanbanPath('moves/'), { execution: execution.id, to_column: 'c-done', response: { ok: true } }, bTaskStillOpen).check(server, f);
    },
  },
  [`GET ${WF}/workflow-types/:id/public-link/`]: byId(
    MANAGE,
    'GET',
    at(bType, (id) => `/workflow-types/${id}/public-link/`),
  ),
  [`PUT ${WF}/workflow-types/:id/public-link/`]: byId(
    MANAGE,
    'PUT',
    at(bType, (id) => `/workflow-types/${id}/public-link/`),
    { enabled: false },
    async (server, f) => {
      const { typeId } = await bPublic(server, f);
      expect(await json(await onB(server, f, `/workflow-types/${typeId}/public-link/`), 200)).toEqual({ enabled: true });
    },
  ),
  [`GET ${WF}/public/workflow-types/:type/versions/:version/start/:bpmn/`]: publicOfB('GET', 'versions'),
  [`POST ${WF}/public/workflow-types/:type/versions/:version/start/:bpmn/`]: publicOfB('POST', 'versions'),
  [`GET ${WF}/public/workflow-types/:type/by-group/:group/start/:bpmn/`]: publicOfB('GET', 'by-group'),
  [`POST ${WF}/public/workflow-types/:type/by-group/:group/start/:bpmn/`]: publicOfB('POST', 'by-group'),
  [`GET ${WF}/public/tracking/:code/`]: {
    access: 'public',
    check: async (server, f) => {
      const { code } = await bPublic(server, f);
      expect((await server.api('demo', `${WF}/public/tracking/${code}/`)).status).toBe(404);
      expect((await server.api('demo', `${WF}/public/tracking/${code}/`, { token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${WF}/public/tracking/${code}/`)).status).toBe(200);
    },
  },
};
