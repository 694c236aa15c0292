import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deliverMessage, fireTimer, type TimerJob } from '../src/modules/workflows/workflows.engine.ts';
import { PDF, PNG_1X1, store, storedId, uploadWhole, uploadedId } from './documents.helpers.ts';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { WF, createForm, execution, publishModel, waitFor, type Execution } from './workflows.helpers.ts';

/**
 * Engine rules of decision 021 beyond the element walk-through of workflows.test.ts: a timeCycle on a
 * non-interrupting boundary fires once per period while its task is open (a repeated job fires
 * nothing), a thrown message is delivered once however often its job runs, and files in answers are
 * checked against the document manager.
 */
describe.each(engines())('workflow engine rules on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let other: string;
  let formOk: string;
  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', WF + path, { token, ...init });
  const start = async (versionId: string, variables: Record<string, unknown> = {}) => {
    const response = await api(`/versions/${versionId}/executions/`, admin, { method: 'POST', json: { variables } });
    expect(response.status).toBe(201);
    return body<Execution>(response);
  };
  const fired = (e: Execution, bpmnId: string) =>
    e.history.filter((h) => h.action === 'timer-fired' && h.bpmn_id === bpmnId) as (Execution['history'][number] & { detail: { cycle?: number; token?: string } })[];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    formOk = await createForm(server.api, 'acme', admin, 'Ok', [{ type: 'boolean', name: 'ok', label: 'Ok' }]);
  });
  afterAll(() => server?.close());

  it('a timeCycle R3 on a non-interrupting boundary fires three times, once per period, and the task stays open', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Recordatorios',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk, name: 'Revisar' },
        { id: 'remind', kind: 'timerBoundary', attachedTo: 't', nonInterrupting: true, timer: { kind: 'cycle', value: 'R3/PT1S' } },
        { id: 'reminded', kind: 'end' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
        { id: 'f3', from: 'remind', to: 'reminded' },
      ],
    );
    const e = await start(versionId);
    const three = await waitFor(server.api, 'acme', admin, e.id, (x) => fired(x, 'remind').length >= 3);
    expect(fired(three, 'remind').map((h) => h.detail.cycle)).toEqual([1, 2, 3]);
    // a job of a repetition that already fired (a retry after its commit) fires nothing
    const job: TimerJob = {
      tenantId,
      executionId: e.id,
      tokenId: fired(three, 'remind')[0]!.detail.token!,
      bpmnId: 'remind',
      kind: 'boundary',
      interrupting: false,
      cycle: { origin: Date.now(), k: 2 },
    };
    expect(await fireTimer(server.running.platform, job)).toBe(false);
    await sleep(2500);
    const after = await execution(server.api, 'acme', admin, e.id);
    expect(fired(after, 'remind')).toHaveLength(3);
    expect(after.status).toBe('InProcess');
    expect(after.tasks.find((t) => t.bpmn_id === 't')).toMatchObject({ is_active: true });
    expect(after.elements.filter((el) => el.bpmn_id === 'remind').map((el) => el.attached_to)).toEqual(['t', 't', 't']);
    const taskId = after.tasks.find((t) => t.bpmn_id === 't')!.id;
    expect((await api(`/user-tasks/${taskId}/responses/`, admin, { method: 'POST', json: { response: { ok: true } } })).status).toBe(201);
    expect((await execution(server.api, 'acme', admin, e.id)).status).toBe('Success');
  });

  it('an unbounded cycle (R/PT1S) stops when its task is answered; an interrupting cycle fires once', async () => {
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Cada segundo',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'tick', kind: 'timerBoundary', attachedTo: 't', nonInterrupting: true, timer: { kind: 'cycle', value: 'R/PT1S' } },
        { id: 'ticked', kind: 'end' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
        { id: 'f3', from: 'tick', to: 'ticked' },
      ],
    );
    const e = await start(versionId);
    const two = await waitFor(server.api, 'acme', admin, e.id, (x) => fired(x, 'tick').length >= 2);
    expect((await api(`/user-tasks/${two.tasks[0]!.id}/responses/`, admin, { method: 'POST', json: { response: { ok: true } } })).status).toBe(201);
    const answered = fired(await execution(server.api, 'acme', admin, e.id), 'tick').length;
    await sleep(2500);
    const done = await execution(server.api, 'acme', admin, e.id);
    expect(done.status).toBe('Success');
    expect(fired(done, 'tick')).toHaveLength(answered);

    const { versionId: once } = await publishModel(
      server.api,
      'acme',
      admin,
      'Expira',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'late', kind: 'timerBoundary', attachedTo: 't', timer: { kind: 'cycle', value: 'R5/PT1S' } },
        { id: 'x', kind: 'errorEnd' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
        { id: 'f3', from: 'late', to: 'x' },
      ],
    );
    const expired = await waitFor(server.api, 'acme', admin, (await start(once)).id, (x) => x.status !== 'InProcess');
    await sleep(1500);
    expect(expired.status).toBe('Error');
    expect(fired(await execution(server.api, 'acme', admin, expired.id), 'late')).toHaveLength(1);
  });

  it('a thrown message is delivered once: its key makes a second run of the same job a no-op', async () => {
    const { typeId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Pedido recibido',
      [
        { id: 'ms', kind: 'messageStart', message: 'recibido' },
        { id: 't', kind: 'userTask', formId: formOk },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'ms', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const { platform } = server.running;
    const job = { tenantId, name: 'recibido', correlation: null, variables: {}, key: '0190aaaa-0000-7000-8000-000000000001' };
    expect(await platform.db.transaction(tenantId, (tx) => deliverMessage(platform, tx, job, null))).toBe(1);
    expect(await platform.db.transaction(tenantId, (tx) => deliverMessage(platform, tx, job, null))).toBe(0);
    // two runs at once: one delivers, the other waits on the key and delivers nothing
    const twice = { ...job, key: '0190aaaa-0000-7000-8000-000000000002' };
    const both = await Promise.all([0, 1].map(() => platform.db.transaction(tenantId, (tx) => deliverMessage(platform, tx, twice, null))));
    expect(both.sort()).toEqual([0, 1]);
    const count = async () => (await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin))).count;
    expect(await count()).toBe(2);
    // a throw inside a workflow carries its own key (its element record): one execution per throw
    const { versionId: thrower } = await publishModel(
      server.api,
      'acme',
      admin,
      'Avisa',
      [
        { id: 's', kind: 'start' },
        { id: 'th', kind: 'messageThrow', message: 'recibido' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 'th' },
        { id: 'f2', from: 'th', to: 'e' },
      ],
    );
    await start(thrower);
    for (let i = 0; i < 100 && (await count()) < 3; i++) await sleep(100);
    expect(await count()).toBe(3);
    const keys = (await platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT key FROM workflow_message_deliveries WHERE tenant_id = ${tenantId} ORDER BY key`))) as unknown as {
      rows: { key: string }[];
    };
    expect(keys.rows).toHaveLength(3);
  });

  it("files in a task's answer are checked against the document manager: this organisation's file, of the field's type", async () => {
    const formPhoto = await createForm(server.api, 'acme', admin, 'Foto', [{ type: 'image', name: 'foto', label: 'Foto', required: true }]);
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Con foto',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formPhoto },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const e = await start(versionId);
    const taskId = e.tasks[0]!.id;
    const answer = (foto: unknown) => api(`/user-tasks/${taskId}/responses/`, admin, { method: 'POST', json: { response: { foto } } });
    const upload = async (subdomain: string, token: string, file: Buffer, name: string) =>
      storedId(await store(server, subdomain, token, await uploadedId(await uploadWhole(server, subdomain, token, file, name))));
    const foreign = await upload('otra', other, PNG_1X1, 'ajena.png');
    const pdf = await upload('acme', admin, PDF, 'doc.pdf');
    const mine = await upload('acme', admin, PNG_1X1, 'foto.png');
    for (const bad of [[foreign], [pdf], ['0190aaaa-0000-7000-8000-00000000dead']]) {
      const refused = await answer(bad);
      expect(refused.status).toBe(400);
      expect(await body(refused)).toMatchObject({ non_field_errors: [expect.objectContaining({ type: 'assertion_error', loc: ['response', 'foto'] })] });
    }
    expect((await execution(server.api, 'acme', admin, e.id)).tasks[0]).toMatchObject({ is_active: true });
    expect((await answer([mine])).status).toBe(201);
    expect((await execution(server.api, 'acme', admin, e.id)).status).toBe('Success');
  });

  it("people are named by person id (the modeler's picker) or by passport; someone else's id is nobody", async () => {
    const clerk = await addMember(server, tenantId, { email: 'clerk@acme.test', permissions: ['VIEW_WF'] });
    const boss = await addMember(server, tenantId, { email: 'jefa@acme.test', permissions: ['VIEW_WF'] });
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Por persona',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: formOk, assigneeType: 'people', assignees: `${clerk.personId}, ${boss.passport}, 0190aaaa-0000-7000-8000-0000000000ff` },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const e = await start(versionId);
    const clerkToken = (await signIn(server, 'acme', 'clerk@acme.test', 'member-pass')).id_token;
    const bossToken = (await signIn(server, 'acme', 'jefa@acme.test', 'member-pass')).id_token;
    const mine = async (token: string) => (await body<{ results: { id: string }[] }>(await api('/my-tasks/', token))).results.map((task) => task.id);
    expect(await mine(clerkToken)).toEqual([e.tasks[0]!.id]);
    expect(await mine(bossToken)).toEqual([e.tasks[0]!.id]);
    expect(await mine(admin)).not.toContain(e.tasks[0]!.id);
  });

  it('a type is a phone tab unless its administrator switches it off (MANAGE_WF); the switch shows in myWorkflowTypes', async () => {
    const { typeId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Sin pestaña',
      [
        { id: 's', kind: 'start' },
        { id: 'e', kind: 'end' },
      ],
      [{ id: 'f1', from: 's', to: 'e' }],
    );
    const mine = async () => (await body<{ results: { id: string; is_dispatchable: boolean }[] }>(await api('/my-workflow-types/', admin))).results.find((t) => t.id === typeId);
    expect((await mine())?.is_dispatchable).toBe(true);
    const member = await addMember(server, tenantId, { email: 'sinpermiso@acme.test', permissions: ['VIEW_WF'] });
    const memberToken = (await signIn(server, 'acme', member.email, 'member-pass')).id_token;
    expect((await api(`/workflow-types/${typeId}/`, memberToken, { method: 'PATCH', json: { is_dispatchable: false } })).status).toBe(403);
    const off = await api(`/workflow-types/${typeId}/`, admin, { method: 'PATCH', json: { is_dispatchable: false } });
    expect(off.status).toBe(200);
    expect(await body(off)).toMatchObject({ is_dispatchable: false, is_archived: false });
    expect((await mine())?.is_dispatchable).toBe(false);
    expect((await api(`/workflow-types/${typeId}/`, admin, { method: 'PATCH', json: { is_dispatchable: 'no' } })).status).toBe(400);
  });
});
