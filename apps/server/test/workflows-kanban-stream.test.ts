import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { openStream } from './notifications.helpers.ts';
import { WF, createForm, publishModel, type Execution } from './workflows.helpers.ts';

/**
 * A kanban board's own event stream (decision 025): a watcher with no task in the workflow hears
 * `changed` when any execution of the board's type moves (start, answer, a move on the board),
 * and nothing from another type; the stream is VIEW_WF and the board's tenant only.
 */
describe.each(engines())('kanban board event stream on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let watcher: string;
  let outsider: string;
  let other: string;
  let typeId: string;
  let versionId: string;
  let otherVersion: string;
  let boardId: string;
  let tenantId: string;
  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', WF + path, { token, ...init });
  const events = (token: string, subdomain = 'acme', board = boardId, type = typeId) => openStream(server.port, subdomain, token, { path: `${WF}/workflow-types/${type}/kanbans/${board}/events/` });

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    tenantId = tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    await addMember(server, tenant.id, { email: 'mira@acme.test', permissions: ['VIEW_WF'] });
    watcher = (await signIn(server, 'acme', 'mira@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'nada@acme.test', permissions: ['VIEW_HOME'] });
    outsider = (await signIn(server, 'acme', 'nada@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    const form = await createForm(server.api, 'acme', admin, 'Ok', [{ type: 'boolean', name: 'ok', label: 'Ok' }]);
    const model = (name: string) =>
      publishModel(
        server.api,
        'acme',
        admin,
        name,
        [
          { id: 's', kind: 'start' },
          { id: 'review', kind: 'userTask', formId: form },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f1', from: 's', to: 'review' },
          { id: 'f2', from: 'review', to: 'e' },
        ],
      );
    ({ typeId, versionId } = await model('Con tablero'));
    otherVersion = (await model('Sin tablero')).versionId;
    const created = await api(`/workflow-types/${typeId}/kanbans/`, admin, {
      method: 'POST',
      json: {
        name: 'Tablero',
        columns: [
          { id: 'c1', title: 'Revisión', kind: 'task', value: 'review' },
          { id: 'c2', title: 'Listo', kind: 'status', value: 'Success' },
        ],
      },
    });
    boardId = (await body<{ id: string }>(created)).id;
  });
  afterAll(() => server?.close());

  it('tells a watcher without tasks that executions of the type moved, and nothing about another type', async () => {
    const stream = await events(watcher);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    await stream.next((e) => e.event === 'ping');
    // another type's steps: no word on this board
    await api(`/versions/${otherVersion}/executions/`, admin, { method: 'POST', json: {} });
    const started = await body<Execution>(await api(`/versions/${versionId}/executions/`, admin, { method: 'POST', json: {} }));
    await stream.next((e) => e.event === 'changed');
    expect(stream.events.filter((e) => e.event === 'changed')).toHaveLength(1);
    // an answer moves the card to "Listo": the watcher hears it again
    expect((await api(`/user-tasks/${started.tasks[0]!.id}/responses/`, admin, { method: 'POST', json: { response: { ok: true } } })).status).toBe(201);
    await stream.next((e) => e.event === 'changed');
    const board = await body<{ cards: { execution: string; column: string }[] }>(await api(`/workflow-types/${typeId}/kanbans/${boardId}/board/`, admin));
    expect(board.cards.filter((c) => c.column === 'c2').map((c) => c.execution)).toEqual([started.id]);
    stream.close();
  });

  it('ends when the watcher signs out, and when the watcher loses VIEW_WF; another watcher’s stream stays open', async () => {
    const leaver = await addMember(server, tenantId, { email: 'sale@acme.test', permissions: ['VIEW_WF'] });
    const demoted = await addMember(server, tenantId, { email: 'baja@acme.test', permissions: ['VIEW_WF'] });
    const leaverToken = (await signIn(server, 'acme', leaver.email, 'member-pass')).id_token;
    const demotedToken = (await signIn(server, 'acme', demoted.email, 'member-pass')).id_token;
    const staying = await events(watcher);
    const signedOut = await events(leaverToken);
    const lessRights = await events(demotedToken);
    for (const stream of [staying, signedOut, lessRights]) await stream.next((e) => e.event === 'ping');

    expect((await server.api('acme', '/api/auth/v3/sign-out', { method: 'POST', token: leaverToken })).status).toBe(204);
    await signedOut.ended;
    const response = await server.api('acme', `/api/permissions/v3/by-passport/${demoted.passport}`, { method: 'PUT', token: admin, json: { permissions: ['VIEW_HOME'] } });
    expect(response.status).toBe(200);
    await lessRights.ended;
    // the others' stream still hears the board
    await api(`/versions/${versionId}/executions/`, admin, { method: 'POST', json: {} });
    await staying.next((e) => e.event === 'changed');
    staying.close();
  });

  it('is VIEW_WF, on the board’s own tenant, for boards that exist', async () => {
    expect((await events(outsider)).status).toBe(403);
    expect((await events(other, 'otra')).status).toBe(404);
    expect((await events(watcher, 'acme', '0190aaaa-0000-7000-8000-000000000000')).status).toBe(404);
    const anonymous = await openStream(server.port, 'acme', null, { path: `${WF}/workflow-types/${typeId}/kanbans/${boardId}/events/` });
    expect(anonymous.status).toBe(401);
    expect(server.running.app.server.listening).toBe(true);
  });
});
