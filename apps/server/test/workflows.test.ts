import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { WF, createForm, execution, publishModel, waitFor, xml, type Execution } from './workflows.helpers.ts';

describe.each(engines())('workflows on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let boss: string;
  let bossPassport: string;
  let worker: string;
  let outsider: string;
  let other: string;
  let formAmount: string;
  let formOk: string;
  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', WF + path, { token, ...init });
  const answer = (taskId: string, token: string, response: Record<string, unknown>) => api(`/user-tasks/${taskId}/responses/`, token, { method: 'POST', json: { response } });
  const start = async (versionId: string, token = admin, variables: Record<string, unknown> = {}) => {
    const response = await api(`/versions/${versionId}/executions/`, token, { method: 'POST', json: { variables } });
    expect(response.status).toBe(201);
    return body<Execution>(response);
  };
  const openTask = (e: Execution, bpmnId: string) => {
    const task = e.tasks.find((t) => t.bpmn_id === bpmnId && t.is_active);
    if (!task) throw new Error(`no open task ${bpmnId}`);
    return task.id;
  };

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const b = await addMember(server, tenant.id, { email: 'boss@acme.test', permissions: ['VIEW_WF', 'VIEW_NOTIFICATIONS'] });
    bossPassport = b.passport;
    boss = (await signIn(server, 'acme', 'boss@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'worker@acme.test', permissions: ['VIEW_WF'] });
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'outsider@acme.test', permissions: ['VIEW_HOME'] });
    outsider = (await signIn(server, 'acme', 'outsider@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    formAmount = await createForm(server.api, 'acme', admin, 'Compra', [
      { type: 'integer', name: 'amount', label: 'Monto', required: true },
      { type: 'text', name: 'reason', label: 'Motivo' },
    ]);
    formOk = await createForm(server.api, 'acme', admin, 'Aprobación', [{ type: 'boolean', name: 'approved', label: 'Aprobado', required: true }]);
  });
  afterAll(() => server?.close());

  it('categories: create, list, rename; a category with types is not deleted', async () => {
    const created = await api('/workflow-categories/', admin, { method: 'POST', json: { name: 'Compras' } });
    expect(created.status).toBe(201);
    const category = await body<{ id: string }>(created);
    expect((await api(`/workflow-categories/${category.id}/`, admin, { method: 'PATCH', json: { name: 'Compras y gastos' } })).status).toBe(200);
    const list = await body<{ results: { name: string }[] }>(await api('/workflow-categories/', worker));
    expect(list.results.map((c) => c.name)).toContain('Compras y gastos');
    const type = await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Reembolso', category: category.id } });
    expect(type.status).toBe(201);
    expect(await body(type)).toMatchObject({ category: { id: category.id }, active_version: null, latest_version: null });
    const refused = await api(`/workflow-categories/${category.id}/`, admin, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ code: 'category-not-empty' });
    expect((await api('/workflow-types/', admin, { method: 'POST', json: { name: 'X', category: '00000000-0000-4000-8000-000000000000' } })).status).toBe(400);
  });

  it('versions: bad BPMN is refused; drafts cannot run; publish validates; published versions never change', async () => {
    const type = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Solicitud' } }));
    const versions = `/workflow-types/${type.id}/versions/`;
    const notXml = await api(versions, admin, { method: 'POST', json: { bpmn_xml: '<bpmn:definitions' } });
    expect(notXml.status).toBe(400);
    expect(await body(notXml)).toMatchObject({ code: 'invalid-bpmn' });
    const plain = await api(versions, admin, {
      method: 'POST',
      json: {
        bpmn_xml: xml(
          [
            { id: 's', kind: 'start' },
            { id: 'Task_9', kind: 'task' },
          ],
          [],
        ),
      },
    });
    expect(plain.status).toBe(400);
    expect(await body(plain)).toMatchObject({ code: 'plain-task', element: 'Task_9', detail: expect.stringContaining('user task') });
    const sub = xml([{ id: 's', kind: 'start' }], []).replace('</bpmn:process>', '<bpmn:subProcess id="Sub_1" /></bpmn:process>');
    const unsupported = await api(versions, admin, { method: 'POST', json: { bpmn_xml: sub } });
    expect(unsupported.status).toBe(400);
    expect(await body(unsupported)).toMatchObject({ code: 'unsupported-element', element: 'Sub_1' });

    // a draft with problems: a gateway without default over an unknown variable
    const broken = xml(
      [
        { id: 's', kind: 'start', formId: formAmount },
        { id: 'x', kind: 'exclusive' },
        { id: 'e', kind: 'end' },
        { id: 'e2', kind: 'end' },
      ],
      [
        { id: 'f0', from: 's', to: 'x' },
        { id: 'f1', from: 'x', to: 'e', condition: 'ghost > 1' },
        { id: 'f2', from: 'x', to: 'e2', condition: 'amount >' },
      ],
    );
    const draft = await api(versions, admin, { method: 'POST', json: { bpmn_xml: broken } });
    expect(draft.status).toBe(201);
    const version = await body<{ id: string; is_active: boolean; number: number }>(draft);
    expect(version).toMatchObject({ is_active: false, number: 1 });
    const draftRun = await api(`/versions/${version.id}/executions/`, admin, { method: 'POST', json: {} });
    expect(draftRun.status).toBe(409);
    expect(await body(draftRun)).toEqual({ code: 'draft', detail: "Can't execute a workflow draft. You must publish it first." });
    const problems = await body<{ problems: { code: string; element_id: string }[] }>(await api(`/versions/${version.id}/validate/`, admin, { method: 'POST' }));
    expect(problems.problems.map((p) => `${p.code}@${p.element_id}`).sort()).toEqual(['bad-condition@f2', 'gateway-no-default@x', 'unknown-variable@f1']);
    const refused = await api(`/versions/${version.id}/publish/`, admin, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(await body(refused)).toMatchObject({ code: 'invalid-model', problems: expect.any(Array) });

    const fixed = broken.replace('ghost &gt; 1', 'amount &gt; 1').replace('amount &gt;<', 'amount &lt;= 1<').replace('<bpmn:exclusiveGateway id="x"', '<bpmn:exclusiveGateway id="x" default="f2"');
    expect((await api(`/versions/${version.id}/`, admin, { method: 'PUT', json: { bpmn_xml: fixed } })).status).toBe(200);
    const published = await api(`/versions/${version.id}/publish/`, admin, { method: 'POST' });
    expect(published.status).toBe(200);
    expect(await body(published)).toMatchObject({ id: version.id, is_active: true });
    const edit = await api(`/versions/${version.id}/`, admin, { method: 'PUT', json: { bpmn_xml: fixed } });
    expect(edit.status).toBe(409);
    expect(await body(edit)).toEqual({ code: 'published', detail: "Can't edit a published workflow. You must create a new version." });

    // a new version becomes active on publish; the old one stays as it was
    const v2 = await body<{ id: string; number: number }>(await api(versions, admin, { method: 'POST', json: { bpmn_xml: fixed } }));
    expect(v2.number).toBe(2);
    expect((await api(`/versions/${v2.id}/publish/`, admin, { method: 'POST' })).status).toBe(200);
    const detail = await body<{ active_version: { id: string }; versions: { id: string; is_active: boolean }[] }>(await api(`/workflow-types/${type.id}/`, worker));
    expect(detail.active_version.id).toBe(v2.id);
    expect(detail.versions.map((v) => v.is_active)).toEqual([true, false]);
    const mine = await body<{ results: { id: string }[] }>(await api('/my-workflow-types/', worker));
    expect(mine.results.map((t) => t.id)).toContain(type.id);
    // the start form validates the start variables; then the gateway routes on them
    expect((await api(`/workflow-types/${type.id}/executions/`, worker, { method: 'POST', json: { variables: {} } })).status).toBe(400);
    const run = await api(`/workflow-types/${type.id}/executions/`, worker, { method: 'POST', json: { variables: { amount: 5 } } });
    expect(run.status).toBe(201);
    const e = await body<Execution>(run);
    expect(e.status).toBe('Success');
    expect(e.elements.map((el) => el.bpmn_id)).toEqual(['s', 'x', 'e']);
  });

  it('a purchase: the starter fills a task, an exclusive gateway sends big amounts to an approver; only assignees answer, once', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Solicitud de compra',
      [
        { id: 'start', kind: 'start', name: 'Inicio' },
        { id: 'fill', kind: 'userTask', name: 'Detalle de la compra', formId: formAmount },
        { id: 'gw', kind: 'exclusive', name: '¿Monto alto?', defaultFlow: 'small' },
        { id: 'approve', kind: 'userTask', name: 'Aprobar', formId: formOk, assigneeType: 'people', assignees: bossPassport },
        { id: 'end', kind: 'end', name: 'Fin' },
      ],
      [
        { id: 'f1', from: 'start', to: 'fill' },
        { id: 'f2', from: 'fill', to: 'gw' },
        { id: 'big', from: 'gw', to: 'approve', condition: 'amount > 100000' },
        { id: 'small', from: 'gw', to: 'end' },
        { id: 'f3', from: 'approve', to: 'end' },
      ],
    );
    const e = await start(versionId, worker);
    expect(e.status).toBe('InProcess');
    const fill = openTask(e, 'fill');
    const mine = await body<{ results: { id: string; bpmn_id: string; execution: string }[] }>(await api('/my-tasks/', worker));
    expect(mine.results).toContainEqual(expect.objectContaining({ id: fill, bpmn_id: 'fill', execution: e.id }));
    expect((await answer(fill, boss, { amount: 200000 })).status).toBe(403);
    const invalid = await answer(fill, worker, { amount: 'mucho' });
    expect(invalid.status).toBe(400);
    expect(await body(invalid)).toHaveProperty('non_field_errors');
    expect((await answer(fill, worker, { amount: 200000, reason: 'Notebook' })).status).toBe(201);
    const again = await answer(fill, worker, { amount: 1 });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ code: 'task-closed' });

    const afterFill = await execution(server.api, 'acme', worker, e.id);
    expect(afterFill.variables).toMatchObject({ amount: 200000, reason: 'Notebook' });
    const approve = openTask(afterFill, 'approve');
    const bossTasks = await body<{ results: { id: string }[] }>(await api('/my-tasks/', boss));
    expect(bossTasks.results.map((t) => t.id)).toEqual([approve]);
    const task = await body<{ form: { id: string } | null; execution_summary: { id: string } }>(await api(`/user-tasks/${approve}/`, boss));
    expect(task).toMatchObject({ form: { id: formOk }, execution_summary: { id: e.id } });
    // the execution's starter follows its steps (decision 025); nobody else but the assignee reads it
    expect((await api(`/user-tasks/${approve}/`, worker)).status).toBe(200);
    expect((await api(`/user-tasks/${approve}/`, outsider)).status).toBe(403);
    // the approver is told
    const inbox = await body<{ results: { context?: { type: string; action: string; id?: string } }[] }>(await server.api('acme', '/api/notifications-engine/v3/notifications/inbox', { token: boss }));
    expect(JSON.stringify(inbox)).toContain(approve);

    expect((await answer(approve, boss, { approved: true })).status).toBe(201);
    const done = await execution(server.api, 'acme', worker, e.id);
    expect(done.status).toBe('Success');
    expect(done.elements.map((el) => el.bpmn_id)).toEqual(['start', 'fill', 'gw', 'approve', 'end']);
    expect(done.elements.every((el) => !el.is_active)).toBe(true);
    expect(done.history.map((h) => h.action)).toEqual(expect.arrayContaining(['execution-started', 'task-created', 'task-completed', 'execution-succeeded']));
    // executions: mine (started or assigned) for members, all for managers
    const bossList = await body<{ count: number; results: { id: string }[] }>(await api('/executions/', boss));
    expect(bossList.results.map((x) => x.id)).toContain(e.id);
    expect((await api(`/executions/${e.id}/`, boss)).status).toBe(200);
  });

  it('task notifications: due soon to its people, completed to the starter', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Avisos',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', name: 'Revisar caja', formId: formOk, assigneeType: 'people', assignees: bossPassport, dueIn: 'PT30M', notify: 'due_soon,completed' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const e = await start(versionId, admin);
    const inbox = async (token: string) => JSON.stringify(await body(await server.api('acme', '/api/notifications-engine/v3/notifications/inbox', { token })));
    const taskId = openTask(e, 't');
    // due in 30 minutes: within the hour, so the reminder job runs at once
    for (let i = 0; i < 100 && !(await inbox(boss)).includes('Vence pronto: Revisar caja'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await inbox(boss)).toContain('Vence pronto: Revisar caja');
    expect(await inbox(boss)).not.toContain('Nueva actividad: Revisar caja');
    expect((await answer(taskId, boss, { approved: true })).status).toBe(201);
    expect(await inbox(admin)).toContain('Actividad completada: Revisar caja');
  });

  it('two racing answers: exactly one 201, the other 409 task-closed', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Carrera',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    for (let round = 0; round < 3; round++) {
      const e = await start(versionId);
      const taskId = openTask(e, 't');
      const statuses = (await Promise.all([answer(taskId, admin, { approved: true }), answer(taskId, admin, { approved: false }), answer(taskId, admin, { approved: true })]))
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([201, 409, 409]);
      const done = await execution(server.api, 'acme', admin, e.id);
      expect(done.status).toBe('Success');
      expect(done.history.filter((h) => h.action === 'task-completed')).toHaveLength(1);
    }
  });

  it('parallel split and join with three branches', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Paralelo',
      [
        { id: 's', kind: 'start' },
        { id: 'split', kind: 'parallel' },
        { id: 'a', kind: 'userTask', formId: formOk },
        { id: 'b', kind: 'userTask', formId: formOk },
        { id: 'c', kind: 'userTask', formId: formOk },
        { id: 'join', kind: 'parallel' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f0', from: 's', to: 'split' },
        { id: 'fa', from: 'split', to: 'a' },
        { id: 'fb', from: 'split', to: 'b' },
        { id: 'fc', from: 'split', to: 'c' },
        { id: 'ja', from: 'a', to: 'join' },
        { id: 'jb', from: 'b', to: 'join' },
        { id: 'jc', from: 'c', to: 'join' },
        { id: 'fe', from: 'join', to: 'e' },
      ],
    );
    const e = await start(versionId);
    expect(
      e.tasks
        .filter((t) => t.is_active)
        .map((t) => t.bpmn_id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    expect((await answer(openTask(e, 'b'), admin, { approved: true })).status).toBe(201);
    expect((await answer(openTask(e, 'a'), admin, { approved: true })).status).toBe(201);
    const half = await execution(server.api, 'acme', admin, e.id);
    expect(half.status).toBe('InProcess');
    expect(half.elements.some((el) => el.bpmn_id === 'join')).toBe(false);
    expect((await answer(openTask(e, 'c'), admin, { approved: true })).status).toBe(201);
    const done = await execution(server.api, 'acme', admin, e.id);
    expect(done.status).toBe('Success');
    expect(done.elements.filter((el) => el.bpmn_id === 'join')).toHaveLength(1);
    expect(done.elements.filter((el) => el.bpmn_id === 'e')).toHaveLength(1);
  });

  it('an error end sets the status Error; a gateway with no true condition and no default ends in Error too', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Con error',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'x', kind: 'exclusive', defaultFlow: 'no' },
        { id: 'ok', kind: 'end' },
        { id: 'bad', kind: 'errorEnd' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'x' },
        { id: 'yes', from: 'x', to: 'ok', condition: 'approved == true' },
        { id: 'no', from: 'x', to: 'bad' },
      ],
    );
    const rejected = await start(versionId);
    await answer(openTask(rejected, 't'), admin, { approved: false });
    const failed = await execution(server.api, 'acme', admin, rejected.id);
    expect(failed.status).toBe('Error');
    expect(failed.elements.at(-1)).toMatchObject({ bpmn_id: 'bad', type: 'ErrorEndEvent' });
    const accepted = await start(versionId);
    await answer(openTask(accepted, 't'), admin, { approved: true });
    expect((await execution(server.api, 'acme', admin, accepted.id)).status).toBe('Success');
  });

  it('timers: an intermediate catch waits for the job queue; an interrupting boundary expires a task (undefined_expired)', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Temporizadores',
      [
        { id: 's', kind: 'start' },
        { id: 'wait', kind: 'timerCatch', timer: { kind: 'duration', value: 'PT1S' } },
        { id: 't', kind: 'userTask', formId: formOk, name: 'Responder a tiempo' },
        { id: 'late', kind: 'timerBoundary', attachedTo: 't', timer: { kind: 'duration', value: 'PT1S' } },
        { id: 'ok', kind: 'end' },
        { id: 'expired', kind: 'errorEnd' },
      ],
      [
        { id: 'f1', from: 's', to: 'wait' },
        { id: 'f2', from: 'wait', to: 't' },
        { id: 'f3', from: 't', to: 'ok' },
        { id: 'f4', from: 'late', to: 'expired' },
      ],
    );
    const e = await start(versionId);
    expect(e.elements.find((el) => el.bpmn_id === 'wait')).toMatchObject({ is_active: true, type: 'TimerIntermediateCatchEvent' });
    const atTask = await waitFor(server.api, 'acme', admin, e.id, (x) => x.tasks.some((t) => t.bpmn_id === 't'));
    const taskId = atTask.tasks[0]!.id;
    const done = await waitFor(server.api, 'acme', admin, e.id, (x) => x.status !== 'InProcess');
    expect(done.status).toBe('Error');
    expect(done.elements.find((el) => el.id === taskId)).toMatchObject({ type: 'undefined_expired', is_active: false });
    expect(done.elements.find((el) => el.bpmn_id === 'late')).toMatchObject({ type: 'TimerBoundaryEvent', attached_to: 't' });
    expect(done.tasks[0]).toMatchObject({ successfully_completed: false });
    const tooLate = await answer(taskId, admin, { approved: true });
    expect(tooLate.status).toBe(409);
  });

  it('messages: a message start, then correlation by key; a throw reaches a waiting message start', async () => {
    const { typeId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Pedido',
      [
        { id: 'ms', kind: 'messageStart', message: 'pedido' },
        { id: 'pay', kind: 'messageCatch', message: 'pago', correlationKey: 'order_id' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'ms', to: 'pay' },
        { id: 'f2', from: 'pay', to: 'e' },
      ],
    );
    const sent = await api('/messages/', worker, { method: 'POST', json: { name: 'pedido', variables: { order_id: 'A-1' } } });
    expect(await body(sent)).toEqual({ delivered: 1 });
    const list = await body<{ results: { id: string; status: string }[] }>(await api(`/executions/?workflow_type=${typeId}`, admin));
    expect(list.results).toHaveLength(1);
    const id = list.results[0]!.id;
    expect(await body(await api('/messages/', worker, { method: 'POST', json: { name: 'pago', correlation_key: 'B-2' } }))).toEqual({ delivered: 0 });
    expect((await execution(server.api, 'acme', admin, id)).status).toBe('InProcess');
    expect(await body(await api('/messages/', worker, { method: 'POST', json: { name: 'pago', correlation_key: 'A-1', variables: { paid: true } } }))).toEqual({ delivered: 1 });
    const done = await execution(server.api, 'acme', admin, id);
    expect(done).toMatchObject({ status: 'Success', variables: { order_id: 'A-1', paid: true } });
    expect(done.elements.map((el) => el.type)).toEqual(['MessageStartEvent', 'MessageIntermediateCatchEvent', 'SuccessEndEvent']);

    // a throw: nobody waits for "nadie" → not publishable; "pedido" is awaited by the type above
    const type = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Emisor' } }));
    const lonely = await body<{ id: string }>(
      await api(`/workflow-types/${type.id}/versions/`, admin, {
        method: 'POST',
        json: {
          bpmn_xml: xml(
            [
              { id: 's', kind: 'start' },
              { id: 'th', kind: 'messageThrow', message: 'nadie' },
              { id: 'e', kind: 'end' },
            ],
            [
              { id: 'f1', from: 's', to: 'th' },
              { id: 'f2', from: 'th', to: 'e' },
            ],
          ),
        },
      }),
    );
    const refused = await body<{ problems: { code: string }[] }>(await api(`/versions/${lonely.id}/publish/`, admin, { method: 'POST' }));
    expect(refused.problems.map((p) => p.code)).toEqual(['message-not-awaited']);
    const { versionId: throwerVersion } = await publishModel(
      server.api,
      'acme',
      admin,
      'Emisor 2',
      [
        { id: 's', kind: 'start' },
        { id: 'th', kind: 'messageThrow', message: 'pedido', correlationKey: 'order_id' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 'th' },
        { id: 'f2', from: 'th', to: 'e' },
      ],
    );
    const thrower = await start(throwerVersion, admin, { order_id: 'Z-9' });
    expect(thrower.status).toBe('Success');
    for (let i = 0; i < 200; i++) {
      const now = await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin));
      if (now.count === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin))).count).toBe(2);
  });

  it('permissions and tenant isolation', async () => {
    const { typeId, versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Privado',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const e = await start(versionId);
    const taskId = openTask(e, 't');
    // no VIEW_WF: nothing; no MANAGE_WF: no definitions
    expect((await api('/my-tasks/', outsider)).status).toBe(403);
    expect((await api(`/versions/${versionId}/executions/`, outsider, { method: 'POST', json: {} })).status).toBe(403);
    expect((await api('/workflow-types/', worker, { method: 'POST', json: { name: 'No' } })).status).toBe(403);
    expect((await api('/workflow-types/', worker)).status).toBe(403);
    expect((await api(`/versions/${versionId}/publish/`, worker, { method: 'POST' })).status).toBe(403);
    // a member sees only executions they started or have tasks in
    expect((await api(`/executions/${e.id}/`, worker)).status).toBe(404);
    // another tenant sees none of it
    const otherApi = (path: string, init: { method?: string; json?: unknown } = {}) => server.api('otra', WF + path, { token: other, ...init });
    expect((await otherApi(`/workflow-types/${typeId}/`)).status).toBe(404);
    expect((await otherApi(`/versions/${versionId}/`)).status).toBe(404);
    expect((await otherApi(`/versions/${versionId}/executions/`, { method: 'POST', json: {} })).status).toBe(404);
    expect((await otherApi(`/executions/${e.id}/`)).status).toBe(404);
    expect((await otherApi(`/user-tasks/${taskId}/`)).status).toBe(404);
    expect((await otherApi(`/user-tasks/${taskId}/responses/`, { method: 'POST', json: { response: { approved: true } } })).status).toBe(404);
    expect(await body(await otherApi('/my-tasks/'))).toEqual({ results: [] });
    expect((await body<{ results: unknown[] }>(await otherApi('/workflow-types/'))).results).toEqual([]);
    expect(await body(await otherApi('/messages/', { method: 'POST', json: { name: 'pedido' } }))).toEqual({ delivered: 0 });
    // bad input
    const loopType = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Ciclo' } }));
    const loop = await body<{ id: string }>(
      await api(`/workflow-types/${loopType.id}/versions/`, admin, {
        method: 'POST',
        json: {
          bpmn_xml: xml(
            [
              { id: 's', kind: 'start' },
              { id: 't', kind: 'userTask', formId: formOk },
              { id: 'x', kind: 'exclusive', defaultFlow: 'back' },
              { id: 'e', kind: 'end' },
            ],
            [
              { id: 'f1', from: 's', to: 't' },
              { id: 'f2', from: 't', to: 'x' },
              { id: 'back', from: 'x', to: 't' },
            ],
          ),
        },
      }),
    );
    const cycle = await body<{ problems: { code: string; element_id: string }[] }>(await api(`/versions/${loop.id}/validate/`, admin, { method: 'POST' }));
    expect(cycle.problems.map((p) => `${p.code}@${p.element_id}`).sort()).toEqual(['dead-end@s', 'dead-end@t', 'dead-end@x', 'unreachable@e']);
    expect((await api('/versions/not-a-uuid/', admin)).status).toBe(404);
    expect((await api('/messages/', worker, { method: 'POST', json: { name: '' } })).status).toBe(400);
    expect((await api(`/user-tasks/${taskId}/responses/`, admin, { method: 'POST', json: { response: 'yes' } })).status).toBe(400);
    expect((await execution(server.api, 'acme', admin, e.id)).status).toBe('InProcess');
  });
});
