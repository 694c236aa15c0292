import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { WF, createForm, execution, publishModel, xml, type Execution } from './workflows.helpers.ts';

/**
 * Issue 48, what workflows.test.ts leaves out: a user task assigned through a process variable
 * (checked at publish against the forms before it; an empty variable at run time goes to the
 * process owner, told why), messages sent with an Idempotency-Key, and the bad input of the
 * issue's list not covered elsewhere (a cycle with no way out, a form answer that fails validation
 * leaving nothing written, two messages racing for one waiting execution).
 */
describe.each(engines())('workflow input on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let worker: string;
  let workerId: string;
  let boss: string;
  let formWho: string;
  let formOk: string;
  let formAmount: string;
  let tenantId: string;
  const api = (path: string, token: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) => server.api('acme', WF + path, { token, ...init });
  const answer = (taskId: string, token: string, response: Record<string, unknown>) => api(`/user-tasks/${taskId}/responses/`, token, { method: 'POST', json: { response } });
  const start = async (versionId: string, token: string, variables: Record<string, unknown> = {}) => {
    const response = await api(`/versions/${versionId}/executions/`, token, { method: 'POST', json: { variables } });
    expect(response.status).toBe(201);
    return body<Execution>(response);
  };
  const openTask = (e: Execution, bpmnId: string) => {
    const task = e.tasks.find((t) => t.bpmn_id === bpmnId && t.is_active);
    if (!task) throw new Error(`no open task ${bpmnId}`);
    return task.id;
  };
  const myTasks = async (token: string) => (await body<{ results: { id: string }[] }>(await api('/my-tasks/', token))).results.map((t) => t.id);
  const inbox = async (token: string) => JSON.stringify(await body(await server.api('acme', '/api/notifications-engine/v3/notifications/inbox', { token })));
  const newVersion = async (name: string, bpmn: string) => {
    const type = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name } }));
    const created = await api(`/workflow-types/${type.id}/versions/`, admin, { method: 'POST', json: { bpmn_xml: bpmn } });
    expect(created.status).toBe(201);
    return { typeId: type.id, versionId: (await body<{ id: string }>(created)).id };
  };

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    tenantId = tenant.id;
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    workerId = (await addMember(server, tenant.id, { email: 'worker@acme.test', permissions: ['VIEW_WF', 'VIEW_NOTIFICATIONS'] })).personId;
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'boss@acme.test', permissions: ['VIEW_WF', 'VIEW_NOTIFICATIONS'] });
    boss = (await signIn(server, 'acme', 'boss@acme.test', 'member-pass')).id_token;
    // who does the next step: a person (user), a team (users), a note (text: names nobody)
    formWho = await createForm(server.api, 'acme', admin, 'Derivar', [
      { type: 'user', name: 'encargado', label: 'Encargado' },
      { type: 'users', name: 'equipo', label: 'Equipo' },
      { type: 'text', name: 'nota', label: 'Nota' },
      { type: 'venue', name: 'tienda', label: 'Tienda' },
    ]);
    formOk = await createForm(server.api, 'acme', admin, 'Conforme', [{ type: 'boolean', name: 'ok', label: 'Conforme', required: true }]);
    formAmount = await createForm(server.api, 'acme', admin, 'Monto', [{ type: 'integer', name: 'amount', label: 'Monto', required: true, validators: [{ type: 'min_value', value: 1 }] }]);
  });
  afterAll(() => server?.close());

  /** derive (fills formWho) → do (assigned through `variable`) → end */
  const handoff = (variable: string, first: 'derive' | 'do' = 'derive') =>
    xml(
      [
        { id: 's', kind: 'start' },
        { id: 'derive', kind: 'userTask', name: 'Derivar', formId: formWho },
        { id: 'do', kind: 'userTask', name: 'Atender', formId: formOk, assigneeType: 'variable', assignees: variable },
        { id: 'e', kind: 'end' },
      ],
      first === 'derive'
        ? [
            { id: 'f1', from: 's', to: 'derive' },
            { id: 'f2', from: 'derive', to: 'do' },
            { id: 'f3', from: 'do', to: 'e' },
          ]
        : [
            { id: 'f1', from: 's', to: 'do' },
            { id: 'f2', from: 'do', to: 'derive' },
            { id: 'f3', from: 'derive', to: 'e' },
          ],
    );

  it('publish refuses a task assigned through a variable that no earlier form fills with a person, people, venue or venues field', async () => {
    for (const [variable, order] of [
      ['nota', 'derive'],
      ['fantasma', 'derive'],
      ['encargado', 'do'],
    ] as const) {
      const { versionId } = await newVersion(`Derivación ${variable} ${order}`, handoff(variable, order));
      const validated = await body<{ problems: { code: string; element_id: string; params?: { variable?: string } }[] }>(await api(`/versions/${versionId}/validate/`, admin, { method: 'POST' }));
      expect(validated.problems).toEqual([expect.objectContaining({ code: 'unknown-assignee-variable', element_id: 'do', params: { variable } })]);
      const refused = await api(`/versions/${versionId}/publish/`, admin, { method: 'POST' });
      expect(refused.status).toBe(400);
      expect(await body(refused)).toMatchObject({ code: 'invalid-model', problems: [{ code: 'unknown-assignee-variable', element_id: 'do' }] });
      // still a draft: nothing was half-published
      expect((await api(`/versions/${versionId}/executions/`, admin, { method: 'POST', json: {} })).status).toBe(409);
    }
    for (const variable of ['encargado', 'equipo']) {
      const { versionId } = await newVersion(`Derivación ${variable}`, handoff(variable));
      expect((await api(`/versions/${versionId}/publish/`, admin, { method: 'POST' })).status).toBe(200);
    }
  });

  it('the variable filled by an earlier task names who does the task; empty or naming nobody, the task goes to the process owner, who is told why', async () => {
    const published = await newVersion('Derivación con encargado', handoff('encargado'));
    expect((await api(`/versions/${published.versionId}/publish/`, admin, { method: 'POST' })).status).toBe(200);

    // filled: the task is the worker's
    const named = await start(published.versionId, boss);
    expect((await answer(openTask(named, 'derive'), boss, { encargado: workerId })).status).toBe(201);
    const atWorker = await execution(server.api, 'acme', boss, named.id);
    const workerTask = openTask(atWorker, 'do');
    expect(await myTasks(worker)).toContain(workerTask);
    expect(atWorker.history.map((h) => h.action)).not.toContain('task-unassigned');

    // left empty: not lost — the owner (who created the type) has it, is told, and the history says why
    const empty = await start(published.versionId, boss);
    expect((await answer(openTask(empty, 'derive'), boss, { nota: 'sin encargado' })).status).toBe(201);
    const atOwner = await execution(server.api, 'acme', boss, empty.id);
    expect(atOwner.status).toBe('InProcess');
    const ownerTask = openTask(atOwner, 'do');
    expect(await myTasks(admin)).toContain(ownerTask);
    expect(await myTasks(worker)).not.toContain(ownerTask);
    expect(await myTasks(boss)).not.toContain(ownerTask);
    const why = atOwner.history.find((h) => h.action === 'task-unassigned') as (Execution['history'][number] & { detail: Record<string, unknown> }) | undefined;
    expect(why).toMatchObject({ bpmn_id: 'do', detail: { task: ownerTask, kind: 'variable', variable: 'encargado', reason: 'variable-empty' } });
    const told = await inbox(admin);
    expect(told).toContain('Actividad sin responsable: Atender');
    expect(told).toContain('La variable «encargado» estaba vacía');
    // the owner can do it, and the execution goes on
    expect((await answer(ownerTask, admin, { ok: true })).status).toBe(201);
    expect((await execution(server.api, 'acme', boss, empty.id)).status).toBe('Success');

    // a disabled person names nobody (the form refuses to pick one; the variable came with the start): the owner again
    const off = await addMember(server, tenantId, { email: 'off@acme.test', permissions: ['VIEW_WF'], disabled: true });
    const toOff = await start(published.versionId, boss, { encargado: off.personId });
    expect((await answer(openTask(toOff, 'derive'), boss, { nota: 'sigue' })).status).toBe(201);
    const atOff = await execution(server.api, 'acme', boss, toOff.id);
    expect(await myTasks(admin)).toContain(openTask(atOff, 'do'));
    expect(atOff.history.find((h) => h.action === 'task-unassigned')).toMatchObject({ detail: { kind: 'variable', variable: 'encargado', reason: 'variable-names-nobody' } });

    // a venue where nobody works names nobody either: the owner again, told so
    const byVenue = await newVersion('Derivación a tienda', handoff('tienda'));
    expect((await api(`/versions/${byVenue.versionId}/publish/`, admin, { method: 'POST' })).status).toBe(200);
    const venue = await body<{ id: string }>(await server.api('acme', '/api/organization/v3/venues/', { method: 'POST', token: admin, json: { name: 'Tienda vacía', code: 'T-0' } }));
    const toVenue = await start(byVenue.versionId, boss);
    expect((await answer(openTask(toVenue, 'derive'), boss, { tienda: venue.id })).status).toBe(201);
    const atVenue = await execution(server.api, 'acme', boss, toVenue.id);
    expect(await myTasks(admin)).toContain(openTask(atVenue, 'do'));
    expect(atVenue.history.find((h) => h.action === 'task-unassigned')).toMatchObject({ detail: { variable: 'tienda', reason: 'variable-names-nobody' } });
    expect(await inbox(admin)).toContain('La variable «tienda» no nombraba a ninguna persona activa');
  });

  it('a task for fixed people, a position, an audience or the starter that resolves to nobody when reached goes to the process owner (the starter when the owner is disabled), told why; one enabled person is enough', async () => {
    const gone = await addMember(server, tenantId, { email: 'gone@acme.test', permissions: ['VIEW_WF'], disabled: true });
    const deleted = '0190aaaa-0000-7000-8000-0000000000fe';
    const vacant = await body<{ id: string }>(await server.api('acme', '/api/audiences/v3/positions/', { method: 'POST', token: admin, json: { title: 'Puesto vacante' } }));
    const heldByGone = await body<{ id: string }>(
      await server.api('acme', '/api/audiences/v3/positions/', { method: 'POST', token: admin, json: { title: 'Puesto de baja', people: [gone.personId] } }),
    );
    const nobody = await server.api('acme', '/api/audiences/v3/audiences/', {
      method: 'POST',
      token: admin,
      json: { name: 'Nadie activo', rules: { positions: [], venues: [], business_lines: [], persons: [gone.personId] } },
    });
    expect(nobody.status).toBe(201);
    const audience = await body<{ id: string }>(nobody);
    const single = (name: string, assigneeType: string, assignees: string) =>
      publishModel(
        server.api,
        'acme',
        admin,
        name,
        [
          { id: 's', kind: 'start' },
          { id: 't', kind: 'userTask', name: 'Atender fijo', formId: formOk, assigneeType, assignees },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f1', from: 's', to: 't' },
          { id: 'f2', from: 't', to: 'e' },
        ],
      );
    const cases = [
      { kind: 'people', assignees: `${gone.personId}, ${gone.passport}, ${deleted}`, reason: 'assignees-disabled', told: 'Las personas asignadas están desactivadas o ya no existen' },
      { kind: 'positions', assignees: vacant.id, reason: 'position-empty', told: 'Nadie activo ocupa los puestos asignados' },
      { kind: 'positions', assignees: `${vacant.id}, ${heldByGone.id}`, reason: 'position-empty', told: 'Nadie activo ocupa los puestos asignados' },
      { kind: 'audience', assignees: audience.id, reason: 'audience-empty', told: 'La audiencia asignada no incluye a ninguna persona activa' },
    ];
    for (const [i, c] of cases.entries()) {
      const { versionId } = await single(`Sin nadie ${i} ${c.kind}`, c.kind, c.assignees);
      const e = await start(versionId, boss);
      expect(e.status).toBe('InProcess');
      const taskId = openTask(e, 't');
      expect(await myTasks(admin)).toContain(taskId);
      expect(await myTasks(boss)).not.toContain(taskId);
      const why = e.history.find((h) => h.action === 'task-unassigned') as (Execution['history'][number] & { detail: Record<string, unknown> }) | undefined;
      expect(why, c.kind).toMatchObject({ bpmn_id: 't', detail: { task: taskId, kind: c.kind, reason: c.reason, assigned_to: [expect.any(String)] } });
      expect(why!.detail).not.toHaveProperty('variable');
      expect(await inbox(admin)).toContain(`${c.told} al llegar a esta actividad`);
      expect((await answer(taskId, admin, { ok: true })).status).toBe(201);
      expect((await execution(server.api, 'acme', admin, e.id)).status).toBe('Success');
    }

    // one enabled person among them is enough: theirs, nothing unassigned
    const { versionId: mixed } = await single('Con alguien', 'people', `${gone.personId}, ${deleted}, ${workerId}`);
    const withWorker = await start(mixed, boss);
    expect(await myTasks(worker)).toContain(openTask(withWorker, 't'));
    expect(await myTasks(admin)).not.toContain(openTask(withWorker, 't'));
    expect(withWorker.history.map((h) => h.action)).not.toContain('task-unassigned');

    // the starter, disabled before the task back to them is reached
    const leaver = await addMember(server, tenantId, { email: 'leaver@acme.test', permissions: ['VIEW_WF'] });
    const leaverToken = (await signIn(server, 'acme', 'leaver@acme.test', 'member-pass')).id_token;
    const { versionId: back } = await publishModel(
      server.api,
      'acme',
      admin,
      'De vuelta al iniciador',
      [
        { id: 's', kind: 'start' },
        { id: 'check', kind: 'userTask', name: 'Revisar', formId: formOk, assigneeType: 'people', assignees: workerId },
        { id: 'back', kind: 'userTask', name: 'Cerrar', formId: formOk },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 'check' },
        { id: 'f2', from: 'check', to: 'back' },
        { id: 'f3', from: 'back', to: 'e' },
      ],
    );
    const started = await start(back, leaverToken);
    expect((await server.api('acme', `/api/audiences/v3/persons/${leaver.personId}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    expect((await answer(openTask(started, 'check'), worker, { ok: true })).status).toBe(201);
    const atOwner = await execution(server.api, 'acme', admin, started.id);
    const backTask = openTask(atOwner, 'back');
    expect(await myTasks(admin)).toContain(backTask);
    expect(atOwner.history.find((h) => h.action === 'task-unassigned')).toMatchObject({ bpmn_id: 'back', detail: { kind: 'starter', reason: 'starter-disabled' } });
    expect(await inbox(admin)).toContain('Quien inició el proceso está desactivado al llegar a esta actividad de');

    // the owner disabled too: the starter has it
    await addMember(server, tenantId, { email: 'starter@acme.test', permissions: ['VIEW_WF', 'VIEW_NOTIFICATIONS'] });
    const starter = (await signIn(server, 'acme', 'starter@acme.test', 'member-pass')).id_token;
    const ownerId = (await addMember(server, tenantId, { email: 'owner@acme.test', permissions: ['VIEW_WF', 'MANAGE_WF'] })).personId;
    const byOwner = await publishModel(
      server.api,
      'acme',
      (await signIn(server, 'acme', 'owner@acme.test', 'member-pass')).id_token,
      'Dueño de baja',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', name: 'Atender vacante', formId: formOk, assigneeType: 'positions', assignees: vacant.id },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    expect((await server.api('acme', `/api/audiences/v3/persons/${ownerId}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    const toStarter = await start(byOwner.versionId, starter);
    const starterTask = openTask(toStarter, 't');
    expect(await myTasks(starter)).toContain(starterTask);
    expect(await myTasks(admin)).not.toContain(starterTask);
    expect(toStarter.history.find((h) => h.action === 'task-unassigned')).toMatchObject({ detail: { kind: 'positions', reason: 'position-empty' } });
    expect(await inbox(starter)).toContain('Nadie activo ocupa los puestos asignados al llegar a esta actividad de');
  });

  it('a message sent twice with the same Idempotency-Key is delivered once and answers the same; another body with that key is refused', async () => {
    const { typeId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Pedido por mensaje',
      [
        { id: 'ms', kind: 'messageStart', message: 'pedido-idem' },
        { id: 'pay', kind: 'messageCatch', message: 'pago-idem', correlationKey: 'order_id' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'ms', to: 'pay' },
        { id: 'f2', from: 'pay', to: 'e' },
      ],
    );
    const send = (json: unknown, key?: string) => api('/messages/', worker, { method: 'POST', json, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
    const count = async () => (await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin))).count;

    const first = await send({ name: 'pedido-idem', variables: { order_id: 'K-1' } }, 'msg-key-0001');
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ delivered: 1 });
    const replay = await send({ name: 'pedido-idem', variables: { order_id: 'K-1' } }, 'msg-key-0001');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await body(replay)).toEqual({ delivered: 1 });
    expect(await count()).toBe(1);
    const reused = await send({ name: 'pedido-idem', variables: { order_id: 'K-2' } }, 'msg-key-0001');
    expect(reused.status).toBe(422);
    expect(await body(reused)).toMatchObject({ code: 'idempotency-key-reused' });
    expect(await count()).toBe(1);

    // the correlated message: its replay does not reach the execution again
    const second = await send({ name: 'pedido-idem', variables: { order_id: 'K-2' } }, 'msg-key-0002');
    expect(await body(second)).toEqual({ delivered: 1 });
    expect(await count()).toBe(2);
    const pay = { name: 'pago-idem', correlation_key: 'K-1' };
    expect(await body(await send(pay, 'msg-key-0003'))).toEqual({ delivered: 1 });
    const again = await send(pay, 'msg-key-0003');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await body(again)).toEqual({ delivered: 1 });
    const list = await body<{ results: { id: string; status: string }[] }>(await api(`/executions/?workflow_type=${typeId}`, admin));
    expect(list.results.map((r) => r.status).sort()).toEqual(['InProcess', 'Success']);
    // without a key the same message is a new one (here: nobody waits for it any more)
    expect(await body(await send(pay))).toEqual({ delivered: 0 });
    expect(await body(await send({ name: 'pago-idem', correlation_key: 'K-2' }))).toEqual({ delivered: 1 });
    const after = await body<{ results: { status: string }[] }>(await api(`/executions/?workflow_type=${typeId}`, admin));
    expect(after.results.map((r) => r.status)).toEqual(['Success', 'Success']);
    // the OpenAPI document says so
    const doc = await body<{ paths: Record<string, Record<string, { description?: string }>> }>(await server.api(null, '/api/openapi.json'));
    expect(doc.paths[`${WF}/messages/`]!.post!.description).toContain('Idempotency-Key');
    // a malformed key is a coded 400, nothing delivered
    const bad = await send({ name: 'pedido-idem', variables: { order_id: 'K-3' } }, 'short');
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ code: 'bad-request' });
    expect(await count()).toBe(2);
  });

  it('bad input: a cycle with no way out is not publishable', async () => {
    const { versionId } = await newVersion(
      'Bucle',
      xml(
        [
          { id: 's', kind: 'start' },
          { id: 'a', kind: 'userTask', formId: formOk },
          { id: 'b', kind: 'userTask', formId: formOk },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f1', from: 's', to: 'a' },
          { id: 'f2', from: 'a', to: 'b' },
          { id: 'f3', from: 'b', to: 'a' },
        ],
      ),
    );
    const refused = await api(`/versions/${versionId}/publish/`, admin, { method: 'POST' });
    expect(refused.status).toBe(400);
    const { problems } = await body<{ problems: { code: string; element_id: string }[] }>(refused);
    expect(problems.map((p) => `${p.code}@${p.element_id}`).sort()).toEqual(['dead-end@a', 'dead-end@b', 'dead-end@s', 'unreachable@e']);
  });

  it('bad input: a form answer that fails validation is mapped to its field (assertion_error) and writes nothing', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Monto validado',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formAmount },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const e = await start(versionId, worker);
    const taskId = openTask(e, 't');
    for (const response of [{ amount: 0 }, { amount: 'mucho' }, {}]) {
      const refused = await answer(taskId, worker, response);
      expect(refused.status).toBe(400);
      expect(await body(refused)).toMatchObject({ non_field_errors: [expect.objectContaining({ type: 'assertion_error', loc: ['response', 'amount'], msg: expect.any(String) })] });
    }
    const unchanged = await execution(server.api, 'acme', worker, e.id);
    expect(unchanged.status).toBe('InProcess');
    expect(unchanged.variables).toEqual({});
    expect(unchanged.tasks.find((t) => t.id === taskId)).toMatchObject({ is_active: true });
    expect(unchanged.history.map((h) => h.action)).not.toContain('task-completed');
    expect((await answer(taskId, worker, { amount: 3 })).status).toBe(201);
    expect(await execution(server.api, 'acme', worker, e.id)).toMatchObject({ status: 'Success', variables: { amount: 3 } });
  });

  it('bad input: two messages racing for one waiting execution — exactly one delivery', async () => {
    const { typeId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Carrera de mensajes',
      [
        { id: 'ms', kind: 'messageStart', message: 'alta-carrera' },
        { id: 'wait', kind: 'messageCatch', message: 'aviso-carrera', correlationKey: 'ref' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'ms', to: 'wait' },
        { id: 'f2', from: 'wait', to: 'e' },
      ],
    );
    for (let round = 0; round < 3; round++) {
      const ref = `R-${round}`;
      expect(await body(await api('/messages/', admin, { method: 'POST', json: { name: 'alta-carrera', variables: { ref } } }))).toEqual({ delivered: 1 });
      const answers = await Promise.all(
        [0, 1, 2].map((i) => api('/messages/', i === 1 ? worker : admin, { method: 'POST', json: { name: 'aviso-carrera', correlation_key: ref, variables: { by: i } } })),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      const delivered = (await Promise.all(answers.map((r) => body<{ delivered: number }>(r)))).map((b) => b.delivered);
      expect(delivered.reduce((a, b) => a + b, 0)).toBe(1);
    }
    const list = await body<{ results: { id: string; status: string }[] }>(await api(`/executions/?workflow_type=${typeId}`, admin));
    expect(list.results.map((r) => r.status)).toEqual(['Success', 'Success', 'Success']);
    for (const { id } of list.results) {
      const done = await execution(server.api, 'acme', admin, id);
      expect(done.history.filter((h) => h.action === 'message-received')).toHaveLength(1);
    }
  });
});
