import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, seededDemo, signIn, DEMO_PASSWORD, type TestServer } from './harness.ts';
import { WF, type Execution } from './workflows.helpers.ts';

describe('the demo workflow', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    ({ server } = await seededDemo('pglite'));
    admin = (await signIn(server, 'demo', 'admin@faena.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  it('"Solicitud de compra" runs: start form, confirmation by the starter, approval by the administrator over 100000', async () => {
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    const types = await body<{ results: { id: string; name: string; category: { name: string } | null }[] }>(await server.api('demo', `${WF}/my-workflow-types/`, { token: operario }));
    const type = types.results.find((t) => t.name === 'Solicitud de compra')!;
    expect(type.category?.name).toBe('Compras');
    const started = await server.api('demo', `${WF}/workflow-types/${type.id}/executions/`, { method: 'POST', token: operario, json: { variables: { producto: 'Notebook', amount: 450000 } } });
    expect(started.status).toBe(201);
    const e = await body<Execution>(started);
    const confirm = e.tasks.find((t) => t.bpmn_id === 'Confirmar')!;
    expect((await server.api('demo', `${WF}/user-tasks/${confirm.id}/responses/`, { method: 'POST', token: operario, json: { response: { presupuesto_ok: true } } })).status).toBe(201);
    const tasks = await body<{ results: { id: string; bpmn_id: string; execution: string }[] }>(await server.api('demo', `${WF}/my-tasks/`, { token: admin }));
    const approve = tasks.results.find((t) => t.execution === e.id)!;
    expect(approve.bpmn_id).toBe('Aprobar');
    expect((await server.api('demo', `${WF}/user-tasks/${approve.id}/responses/`, { method: 'POST', token: admin, json: { response: { aprobada: true } } })).status).toBe(201);
    const done = await body<Execution>(await server.api('demo', `${WF}/executions/${e.id}/`, { token: operario }));
    expect(done.status).toBe('Success');
  });
});
