import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { boot, type Running } from '../src/platform/boot.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';
import { DOMAIN, body, clientFor, engines, freshDatabase, signIn, type Api, type TestServer } from './harness.ts';
import { WF, createForm, execution, publishModel, waitFor, type Execution } from './workflows.helpers.ts';

/**
 * An execution lives in the database: the server stops in the middle (a user task open, a timer
 * pending) and another boot on the same database carries it on, exactly once.
 */
describe.each(engines())('workflows across a restart on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let running: Running | null = null;
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });

  async function up(): Promise<{ api: Api; server: TestServer }> {
    const config = loadConfig({ PUBLIC_DOMAIN: DOMAIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent-test-data' });
    running = await boot(config, { db: database.db, logger: false, seed: false });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const api = clientFor(port);
    return { api, server: { engine, running, port, api, close: async () => {} } };
  }

  it('an open task and a pending timer go on after the server boots again', async () => {
    database = await freshDatabase(engine);
    const first = await up();
    let api = first.api;
    const server = first.server;
    await createTenant(running!.platform.db, running!.platform.bus, { subdomain: 'acme', name: 'Acme', adminEmail: 'admin@acme.test', adminPassword: 'secret-pass' });
    const token = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const form = await createForm(api, 'acme', token, 'Ok', [{ type: 'boolean', name: 'ok', label: 'Ok' }]);
    const { versionId } = await publishModel(
      api,
      'acme',
      token,
      'Reinicio',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: form },
        { id: 'wait', kind: 'timerCatch', timer: { kind: 'duration', value: 'PT1S' } },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'wait' },
        { id: 'f3', from: 'wait', to: 'e' },
      ],
    );
    const started = await body<Execution>(await api('acme', `${WF}/versions/${versionId}/executions/`, { method: 'POST', token, json: {} }));
    const taskId = started.tasks[0]!.id;

    await running!.close();
    ({ api } = await up());
    expect((await api('acme', `${WF}/user-tasks/${taskId}/responses/`, { method: 'POST', token, json: { response: { ok: true } } })).status).toBe(201);
    // the timer is a job in the database: stop again while it is pending
    expect((await execution(api, 'acme', token, started.id)).elements.find((el) => el.bpmn_id === 'wait')?.is_active).toBe(true);
    await running!.close();
    ({ api } = await up());
    const done = await waitFor(api, 'acme', token, started.id, (e) => e.status !== 'InProcess');
    expect(done.status).toBe('Success');
    expect(done.history.filter((h) => h.action === 'task-completed')).toHaveLength(1);
    expect(done.history.filter((h) => h.action === 'timer-fired')).toHaveLength(1);
    expect(done.elements.map((el) => el.bpmn_id)).toEqual(['s', 't', 'wait', 'e']);
  });

  it('a timeCycle (R3/PT1S, non-interrupting) goes on after a restart: three firings in all, one per period', async () => {
    await running?.close();
    const { api, server } = await up();
    const token = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const form = await createForm(api, 'acme', token, 'Visto', [{ type: 'boolean', name: 'ok', label: 'Ok' }]);
    const { versionId } = await publishModel(
      api,
      'acme',
      token,
      'Recordar',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: form },
        { id: 'remind', kind: 'timerBoundary', attachedTo: 't', nonInterrupting: true, timer: { kind: 'cycle', value: 'R3/PT1S' } },
        { id: 'r', kind: 'end' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
        { id: 'f3', from: 'remind', to: 'r' },
      ],
    );
    const started = await body<Execution>(await api('acme', `${WF}/versions/${versionId}/executions/`, { method: 'POST', token, json: {} }));
    const firings = (e: Execution) => e.history.filter((h) => h.action === 'timer-fired').map((h) => (h as { detail?: { cycle?: number } }).detail?.cycle);
    await waitFor(api, 'acme', token, started.id, (e) => firings(e).length >= 1);
    await running!.close();
    const again = await up();
    const three = await waitFor(again.api, 'acme', token, started.id, (e) => firings(e).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const after = await execution(again.api, 'acme', token, started.id);
    expect(firings(after)).toEqual([1, 2, 3]);
    expect(firings(three)).toEqual([1, 2, 3]);
    expect(after.status).toBe('InProcess');
  });
});
