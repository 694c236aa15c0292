import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { WF, createForm, publishModel, xml } from './workflows.helpers.ts';

/** The run-time screens' API (decision 025): start forms, the task inbox, executions with filters and their detail. */

interface Task {
  id: string;
  bpmn_id: string;
  name: string;
  execution: string;
  due_at: string | null;
  is_open: boolean;
  workflow_type: { id: string; name: string };
  version: { id: string; number: number };
}
interface Summary {
  id: string;
  status: string;
  started_by: { passport: string } | null;
  current: { bpmn_id: string; name: string }[];
}
interface Detail extends Summary {
  tasks: Task[];
  variables: Record<string, unknown>;
  responses: { task: string; response: Record<string, unknown>; user: { passport: string; name: string } }[];
  start_form_id: string | null;
  forms: Record<string, { id: string; name: string; description: { name: string }[] }>;
}

describe.each(engines())('workflow work screens API on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let worker: string;
  let workerPassport: string;
  let workerId: string;
  let clerk: string;
  let clerkPassport: string;
  let clerkId: string;
  let outsider: string;
  let other: string;
  let requestForm: string;
  let reviewForm: string;
  let purchase: { typeId: string; versionId: string };
  let handoff: { typeId: string; versionId: string };
  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', WF + path, { token, ...init });
  const start = async (typeId: string, token: string, variables: Record<string, unknown>, startEvent?: string) => {
    const response = await api(`/workflow-types/${typeId}/executions/`, token, { method: 'POST', json: { variables, ...(startEvent ? { start_event: startEvent } : {}) } });
    expect(response.status).toBe(201);
    return body<Detail>(response);
  };
  const tasksOf = async (token: string, query = '') => (await body<{ results: Task[] }>(await api(`/my-tasks/${query}`, token))).results;
  const listOf = async (token: string, query: string) => body<{ count: number; results: Summary[] }>(await api(`/executions/${query}`, token));

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    ({ passport: workerPassport, personId: workerId } = await addMember(server, tenant.id, { email: 'worker@acme.test', name: 'Walter Obrero', permissions: ['VIEW_WF'] }));
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    ({ passport: clerkPassport, personId: clerkId } = await addMember(server, tenant.id, { email: 'clerk@acme.test', name: 'Clara Caja', permissions: ['VIEW_WF', 'VIEW_NOTIFICATIONS'] }));
    clerk = (await signIn(server, 'acme', 'clerk@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'outsider@acme.test', permissions: ['VIEW_HOME'] });
    outsider = (await signIn(server, 'acme', 'outsider@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    requestForm = await createForm(server.api, 'acme', admin, 'Pedido', [
      { type: 'text', name: 'item', label: 'Artículo', required: true },
      { type: 'integer', name: 'qty', label: 'Cantidad', required: true, validators: [{ type: 'min_value', value: 1 }] },
    ]);
    reviewForm = await createForm(server.api, 'acme', admin, 'Revisión', [{ type: 'boolean', name: 'ok', label: '¿Conforme?', required: true }]);
    // start form → review by the clerk (due in 1 h) → end; a second start event without a form
    purchase = await publishModel(
      server.api,
      'acme',
      admin,
      'Pedido de insumos',
      [
        { id: 'Inicio', kind: 'start', name: 'Pedido', formId: requestForm },
        { id: 'Express', kind: 'start', name: 'Pedido express' },
        { id: 'Revisar', kind: 'userTask', name: 'Revisar pedido', formId: reviewForm, assigneeType: 'people', assignees: clerkPassport, dueIn: 'PT1H' },
        { id: 'Fin', kind: 'end', name: 'Listo' },
      ],
      [
        { id: 'f1', from: 'Inicio', to: 'Revisar' },
        { id: 'f2', from: 'Express', to: 'Revisar' },
        { id: 'f3', from: 'Revisar', to: 'Fin' },
      ],
    );
    // the task goes to whoever the start form's `responsable` names (a process variable of type user)
    const handoffForm = await createForm(server.api, 'acme', admin, 'Derivar a', [{ type: 'user', name: 'responsable', label: 'Responsable', required: true }]);
    handoff = await publishModel(
      server.api,
      'acme',
      admin,
      'Derivación',
      [
        { id: 'Inicio', kind: 'start', formId: handoffForm },
        { id: 'Atender', kind: 'userTask', name: 'Atender derivación', formId: reviewForm, assigneeType: 'variable', assignees: 'responsable', dueIn: 'P2D' },
        { id: 'Fin', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'Inicio', to: 'Atender' },
        { id: 'f2', from: 'Atender', to: 'Fin' },
      ],
    );
  });
  afterAll(() => server?.close());

  it('start form: the active version, its start event, the form and the steps; bad start events, drafts, other tenants and people without VIEW_WF are refused', async () => {
    const shown = await api(`/workflow-types/${purchase.typeId}/start-form/`, worker);
    expect(shown.status).toBe(200);
    expect(await body(shown)).toMatchObject({
      workflow_type: { id: purchase.typeId, name: 'Pedido de insumos' },
      version: { id: purchase.versionId, number: 1 },
      start_event: { bpmn_id: 'Inicio', name: 'Pedido' },
      form: { id: requestForm, name: 'Pedido', description: [{ name: 'item' }, { name: 'qty' }] },
      steps: [{ bpmn_id: 'Revisar', name: 'Revisar pedido' }],
    });
    // the legacy link names the version and the start event
    const express = await body(await api(`/workflow-types/${purchase.typeId}/start-form/?version=${purchase.versionId}&bpmn_id=Express`, worker));
    expect(express).toMatchObject({ start_event: { bpmn_id: 'Express' }, form: null });
    const unknown = await api(`/workflow-types/${purchase.typeId}/start-form/?bpmn_id=Revisar`, worker);
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toMatchObject({ code: 'start-event-not-found' });
    expect((await api(`/workflow-types/${purchase.typeId}/start-form/?version=${handoff.versionId}`, worker)).status).toBe(404);
    expect((await api(`/workflow-types/not-a-uuid/start-form/`, worker)).status).toBe(404);
    expect((await api(`/workflow-types/${purchase.typeId}/start-form/`, outsider)).status).toBe(403);
    expect((await server.api('otra', `${WF}/workflow-types/${purchase.typeId}/start-form/`, { token: other })).status).toBe(404);

    // a draft: the spec's text; a type without a published version: coded 404
    const type = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Borrador' } }));
    expect(await body(await api(`/workflow-types/${type.id}/start-form/`, worker))).toMatchObject({ code: 'no-active-version' });
    const draft = await body<{ id: string }>(
      await api(`/workflow-types/${type.id}/versions/`, admin, {
        method: 'POST',
        json: {
          bpmn_xml: xml(
            [
              { id: 's', kind: 'start' },
              { id: 'e', kind: 'end' },
            ],
            [{ id: 'f', from: 's', to: 'e' }],
          ),
        },
      }),
    );
    const refused = await api(`/workflow-types/${type.id}/start-form/?version=${draft.id}`, worker);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toEqual({ code: 'draft', detail: "Can't execute a workflow draft. You must publish it first." });
  });

  it('starting: the start form validates the variables (field errors, nothing written); a named start event is used; an unknown one is refused', async () => {
    const before = (await listOf(admin, `?workflow_type=${purchase.typeId}`)).count;
    const bad = await api(`/workflow-types/${purchase.typeId}/executions/`, worker, { method: 'POST', json: { variables: { item: 'Guantes', qty: 0 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await body(bad))).toContain('qty');
    const badStart = await api(`/workflow-types/${purchase.typeId}/executions/`, worker, { method: 'POST', json: { variables: {}, start_event: 'Nope' } });
    expect(badStart.status).toBe(404);
    expect(await body(badStart)).toMatchObject({ code: 'start-event-not-found' });
    expect((await listOf(admin, `?workflow_type=${purchase.typeId}`)).count).toBe(before);

    const e = await start(purchase.typeId, worker, { item: 'Guantes', qty: 12 });
    expect(e).toMatchObject({ status: 'InProcess', variables: { item: 'Guantes', qty: 12 }, start_form_id: requestForm, current: [{ bpmn_id: 'Revisar', name: 'Revisar pedido' }] });
    expect(e.forms[requestForm]?.name).toBe('Pedido');
    expect(e.forms[reviewForm]?.name).toBe('Revisión');
    const viaExpress = await start(purchase.typeId, worker, { nota: 'urgente' }, 'Express');
    expect(viaExpress.start_form_id).toBeNull();
    expect(viaExpress.variables).toEqual({ nota: 'urgente' });
  });

  it('my tasks: assigned directly and through a process variable, soonest due first, filtered by type, each with what its link needs', async () => {
    const first = await start(handoff.typeId, admin, { responsable: workerId });
    const second = await start(purchase.typeId, admin, { item: 'Cascos', qty: 3 });
    const third = await start(handoff.typeId, clerk, { responsable: clerkId });
    const workerTasks = await tasksOf(worker);
    const mine = workerTasks.find((t) => t.execution === first.id);
    expect(mine).toMatchObject({ bpmn_id: 'Atender', is_open: true, workflow_type: { id: handoff.typeId, name: 'Derivación' }, version: { id: handoff.versionId, number: 1 } });
    expect(workerTasks.some((t) => t.execution === second.id)).toBe(false);

    // the clerk: reviews due in 1 h come before the handoff due in 2 days
    const clerkTasks = await tasksOf(clerk);
    const ids = clerkTasks.map((t) => t.execution);
    expect(ids).toContain(second.id);
    expect(ids).toContain(third.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(third.id));
    const dues = clerkTasks.map((t) => Date.parse(t.due_at!));
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);

    const onlyHandoff = await tasksOf(clerk, `?workflow_type=${handoff.typeId}`);
    expect(onlyHandoff.map((t) => t.execution)).toEqual([third.id]);
    expect(await tasksOf(clerk, '?workflow_type=nope')).toEqual([]);
    expect((await api('/my-tasks/', outsider)).status).toBe(403);
    expect(await body(await server.api('otra', `${WF}/my-tasks/`, { token: other }))).toEqual({ results: [] });
  });

  it('executions: filters by status, dates, starter and current step; a person sees what they started or work on, a manager everything', async () => {
    const e = await start(purchase.typeId, worker, { item: 'Botas', qty: 2 });
    const q = (extra: string) => `?workflow_type=${purchase.typeId}&page_size=200${extra}`;
    const has = async (token: string, extra: string) => (await listOf(token, q(extra))).results.some((r) => r.id === e.id);

    expect(await has(worker, '&status=InProcess')).toBe(true);
    expect(await has(worker, '&status=Success')).toBe(false);
    expect(await has(worker, '&started_by=me')).toBe(true);
    expect(await has(admin, `&started_by=${workerPassport}`)).toBe(true);
    expect(await has(admin, `&started_by=${clerkPassport}`)).toBe(false);
    expect(await has(admin, '&started_by=nobody-at-all')).toBe(false);
    expect(await has(admin, '&current_step=Revisar')).toBe(true);
    expect(await has(admin, '&current_step=Fin')).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await has(admin, `&from=${today}&to=${tomorrow}`)).toBe(true);
    expect(await has(admin, `&to=${yesterday}`)).toBe(false);
    expect(await has(admin, `&from=${tomorrow}`)).toBe(false);
    expect(await has(admin, `&from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).toBe(true);
    expect((await listOf(admin, q(''))).results.find((r) => r.id === e.id)).toMatchObject({ started_by: { passport: workerPassport }, current: [{ bpmn_id: 'Revisar' }] });

    // visibility: the clerk works on it (assigned), the outsider of the execution does not see it
    expect(await has(clerk, '')).toBe(true);
    const stranger = await start(handoff.typeId, admin, { responsable: workerId });
    expect((await listOf(clerk, `?workflow_type=${handoff.typeId}&page_size=200`)).results.some((r) => r.id === stranger.id)).toBe(false);
    expect((await api(`/executions/${stranger.id}/`, clerk)).status).toBe(404);

    // bad input: coded 400 with the field
    const bad = await api('/executions/?from=yesterday', admin);
    expect(bad.status).toBe(400);
    expect((await api('/executions/?status=Done', admin)).status).toBe(400);
    // another tenant sees none of it
    expect((await body<{ count: number }>(await server.api('otra', `${WF}/executions/?started_by=${workerPassport}`, { token: other }))).count).toBe(0);
    expect((await server.api('otra', `${WF}/executions/${e.id}/`, { token: other })).status).toBe(404);
  });

  it('detail: every answer with who gave it, the forms for the answer display; a task reads for its starter too, never for others', async () => {
    const e = await start(purchase.typeId, worker, { item: 'Linternas', qty: 4 });
    const task = e.tasks.find((t) => t.bpmn_id === 'Revisar')!;
    // the assignment notification opens the task at the execution (web taskPath)
    const inbox = await body<{ data: { context: { type: string; action: string; id?: string; path?: string } }[] }>(
      await server.api('acme', '/api/notifications-engine/v3/notifications/inbox', { token: clerk }),
    );
    expect(inbox.data.find((n) => n.context.id === task.id)?.context).toEqual({
      type: 'Workflow',
      action: 'task_assigned',
      id: task.id,
      path: `/workflows/${purchase.typeId}/executions/${purchase.versionId}/${e.id}?task=${task.id}`,
    });
    // the starter (not assigned) reads the task — their notifications link to it — but cannot answer it
    expect((await api(`/user-tasks/${task.id}/`, worker)).status).toBe(200);
    expect((await api(`/user-tasks/${task.id}/responses/`, worker, { method: 'POST', json: { response: { ok: true } } })).status).toBe(403);
    const stranger = await start(handoff.typeId, admin, { responsable: workerId });
    const strangerTask = stranger.tasks[0]!;
    expect((await api(`/user-tasks/${strangerTask.id}/`, clerk)).status).toBe(403);
    expect((await server.api('otra', `${WF}/user-tasks/${task.id}/`, { token: other })).status).toBe(404);

    const badAnswer = await api(`/user-tasks/${task.id}/responses/`, clerk, { method: 'POST', json: { response: {} } });
    expect(badAnswer.status).toBe(400);
    expect((await api(`/user-tasks/${task.id}/responses/`, clerk, { method: 'POST', json: { response: { ok: true } } })).status).toBe(201);
    const again = await api(`/user-tasks/${task.id}/responses/`, clerk, { method: 'POST', json: { response: { ok: false } } });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ code: 'task-closed' });

    const done = await body<Detail>(await api(`/executions/${e.id}/`, worker));
    expect(done.status).toBe('Success');
    expect(done.current).toEqual([]);
    expect(done.responses).toEqual([expect.objectContaining({ task: task.id, response: { ok: true }, user: { passport: clerkPassport, name: 'Clara Caja' } })]);
    expect(done.tasks[0]).toMatchObject({ is_open: false, version: { id: purchase.versionId } });
    expect(await tasksOf(clerk)).not.toContainEqual(expect.objectContaining({ id: task.id }));
  });
});
