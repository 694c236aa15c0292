import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THomeFeed } from '@faena/contracts';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { createForm, publishModel, WF } from './workflows.helpers.ts';

const FEED = '/api/home/v3/feed/';
const ACT = '/api/activities/v3';
const POSTS = '/api/posts/v3/posts/';

describe.each(engines())('home feed on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let worker: string;
  let bare: string; // VIEW_HOME only
  let other: string;
  let workerPassport: string;

  const api = (token: string | null, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, ...(token ? { token } : {}) });
  const created = async <T>(response: Response): Promise<T> => {
    if (response.status !== 201) throw new Error(`expected 201, got ${response.status} ${await response.text()}`);
    return body<T>(response);
  };
  const feedOf = async (token: string, subdomain = 'acme') => {
    const response = await api(token, `${FEED}?tz=UTC`, {}, subdomain);
    expect(response.status).toBe(200);
    return body<THomeFeed>(response);
  };

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    workerPassport = (await addMember(server, tenantId, { email: 'worker@acme.test', name: 'Wanda Bodega', permissions: ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_WF', 'VIEW_NOTIFICATIONS'] })).passport;
    await addMember(server, tenantId, { email: 'bare@acme.test', name: 'Bruno', permissions: ['VIEW_HOME'] });
    await addMember(server, tenantId, { email: 'nohome@acme.test', name: 'Nadia', permissions: ['VIEW_TASKS'] });
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    bare = (await signIn(server, 'acme', 'bare@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
  }, 300_000); // a shared, busy machine: starting a server and seeding can take minutes
  afterAll(() => server?.close());

  it('asks for VIEW_HOME and a known time zone', async () => {
    const nohome = (await signIn(server, 'acme', 'nohome@acme.test', 'member-pass')).id_token;
    expect((await api(nohome, FEED)).status).toBe(403);
    expect((await api(null, FEED)).status).toBe(401);
    expect((await api(worker, `${FEED}?tz=Nowhere/Else`)).status).toBe(400);
    expect((await api(worker, FEED, {}, 'otra')).status).toBe(403);
  });

  it('is empty, with only the sections the person may use, for someone with nothing to do', async () => {
    const feed = await feedOf(bare);
    expect(feed.activities).toBeNull(); // no VIEW_TASKS
    expect(feed.tasks).toEqual({ results: [], count: 0 });
    expect(feed.posts).toEqual({ results: [], awaiting_ack: 0, unread: 0 });
    expect(feed.quick_actions.map((a) => a.key)).toEqual(['links']);
    const full = await feedOf(admin);
    expect(full.quick_actions.map((a) => a.key)).toEqual(['new-activity', 'new-post', 'start-workflow', 'reports', 'links']);
  });

  it('answers in one round trip: overdue and today’s activities, open tasks, posts awaiting acknowledgement first', async () => {
    const now = Date.now();
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    // overdue: three days ago, open; today: started a minute ago, due in two hours; tomorrow: not today
    const ongoing = new Date(now - 60_000).toISOString().slice(0, 16);
    await created(
      await api(admin, `${ACT}/activities/`, {
        method: 'POST',
        json: { title: 'Inventario atrasado', start: `${day(-3)}T08:00`, timezone: 'UTC', duration_minutes: 30, responsibles: [workerPassport] },
      }),
    );
    await created(
      await api(admin, `${ACT}/activities/`, { method: 'POST', json: { title: 'Cierre de caja', start: ongoing, timezone: 'UTC', duration_minutes: 120, responsibles: [workerPassport] } }),
    );
    await created(
      await api(admin, `${ACT}/activities/`, { method: 'POST', json: { title: 'Mañana', start: `${day(1)}T10:00`, timezone: 'UTC', duration_minutes: 20, responsibles: [workerPassport] } }),
    );
    await created(await api(admin, `${ACT}/activities/`, { method: 'POST', json: { title: 'De otro', start: ongoing, timezone: 'UTC', duration_minutes: 20 } }));

    const form = await createForm(server.api, 'acme', admin, 'Conteo', [{ type: 'boolean', name: 'done', label: 'Listo', required: true }]);
    const { versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Reposición',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', name: 'Contar stock', assigneeType: 'people', assignees: workerPassport, formId: form },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const execution = await created<{ id: string }>(await api(admin, `${WF}/versions/${versionId}/executions/`, { method: 'POST', json: {} }));

    const plainPost = await created<{ id: string }>(await api(admin, POSTS, { method: 'POST', json: { title: 'Menú del casino', publish: true } }));
    const ackPost = await created<{ id: string }>(await api(admin, POSTS, { method: 'POST', json: { title: 'Nuevo protocolo de seguridad', requires_ack: true, publish: true } }));
    const readPost = await created<{ id: string }>(await api(admin, POSTS, { method: 'POST', json: { title: 'Ya leído', publish: true } }));
    expect((await api(worker, `${POSTS}${readPost.id}/read/`, { method: 'POST' })).status).toBe(200);

    const feed = await feedOf(worker);
    expect(feed.activities!.overdue.map((o) => o.title)).toEqual(['Inventario atrasado']);
    expect(feed.activities!.today.map((o) => o.title)).toEqual(['Cierre de caja']);
    expect(feed.activities!.count).toBe(2);
    expect(feed.tasks!.count).toBe(1);
    expect(feed.tasks!.results[0]).toMatchObject({ name: 'Contar stock', execution: execution.id, workflow_type: { name: 'Reposición' } });
    expect(feed.posts!.results.map((p) => p.id)).toEqual([ackPost.id, plainPost.id, readPost.id]);
    expect(feed.posts!).toMatchObject({ awaiting_ack: 1, unread: 2 });
    expect(feed.quick_actions.map((a) => a.key)).toEqual(['start-workflow', 'links']);

    // acknowledged: it is no longer first
    expect((await api(worker, `${POSTS}${ackPost.id}/ack/`, { method: 'POST' })).status).toBe(200);
    const after = await feedOf(worker);
    expect(after.posts!.awaiting_ack).toBe(0);
    expect(after.posts!.results[0]!.id).toBe(plainPost.id);

    // another tenant's person sees none of it
    const theirs = await feedOf(other, 'otra');
    expect(theirs.activities!.count).toBe(0);
    expect(theirs.tasks!.count).toBe(0);
    expect(theirs.posts!.results).toEqual([]);
  });
});
