import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN } from '../src/platform/http/access.ts';
import type { App } from '../src/platform/http/app.ts';
import { sweepIdempotencyKeys } from '../src/platform/http/idempotency.ts';
import { addMember, body, engines, makeTenant, signIn, startProbeApp, startServer, type ProbeApp, type TestServer } from './harness.ts';

const A = '/api/activities/v3';

/**
 * The Idempotency-Key header (decision 031): an offline device sends each submission with the key
 * made when the person submitted, and sends it again until it hears an answer. A replay makes no
 * second record and answers the first answer; the same key with another body is refused; a
 * duplicate arriving while the first runs is 409; keys are a person's own within a tenant.
 */
describe.each(engines())('idempotency keys on %s', (engine) => {
  let server: TestServer;
  let probe: ProbeApp;
  let acmeId: string;
  let norteId: string;
  let admin: string;
  let operario: string;
  let operarioPassport: string;
  let norteAdmin: string;
  let nortePassport: string;
  let release: () => void = () => undefined;
  let slowRuns = 0;

  const complete = (subdomain: string, token: string, publicId: string, rid: string, json: unknown, key?: string) =>
    (subdomain === 'probe' ? probe.api : server.api)(subdomain === 'probe' ? 'acme' : subdomain, `${A}/activities/${publicId}/occurrences/${rid}/completion/`, {
      method: 'POST',
      token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const completions = async (tenantId: string, publicId: string) =>
    rows(await server.running.platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT id FROM activity_completions WHERE tenant_id = ${tenantId} AND activity_id = ${publicId}`))).length;
  const series = async (subdomain: string, token: string, passport: string) => {
    const response = await server.api(subdomain, `${A}/activities/`, {
      method: 'POST',
      token,
      json: { title: 'Ronda', start: '2026-12-01T09:00', duration_minutes: 30, timezone: 'America/Santiago', rrule: 'FREQ=DAILY;COUNT=5', responsibles: [passport] },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await body<{ public_id: string }>(response)).public_id;
  };

  beforeAll(async () => {
    server = await startServer(engine);
    acmeId = (await makeTenant(server, 'acme')).tenant.id;
    norteId = (await makeTenant(server, 'norte')).tenant.id;
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const op = await addMember(server, acmeId, { email: 'operario@acme.test', permissions: ['VIEW_TASKS'] });
    operarioPassport = op.passport;
    operario = (await signIn(server, 'acme', 'operario@acme.test', 'member-pass')).id_token;
    const np = await addMember(server, norteId, { email: 'operario@norte.test', permissions: ['VIEW_TASKS'] });
    nortePassport = np.passport;
    norteAdmin = (await signIn(server, 'norte', 'operario@norte.test', 'member-pass')).id_token;
    // a route that waits until the test lets it go: how a duplicate meets its first request running
    const slow = (app: App) => {
      app.post('/api/probe/slow/', { config: { access: SIGNED_IN, idempotent: true } }, async (_request, reply) => {
        slowRuns += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return reply.status(201).send({ run: slowRuns });
      });
    };
    probe = await startProbeApp(server, [slow]);
  });
  afterAll(async () => {
    await probe?.close();
    await server?.close();
  });

  it('a replay with the same key and body makes one completion and answers the first answer', async () => {
    const publicId = await series('acme', admin, operarioPassport);
    const key = `k-${crypto.randomUUID()}`;
    const first = await complete('acme', operario, publicId, '20261201T120000Z', { status: 'COMPLETED', description: 'Listo' }, key);
    expect(first.status).toBe(201);
    const firstBody = await body(first);
    const replay = await complete('acme', operario, publicId, '20261201T120000Z', { description: 'Listo', status: 'COMPLETED' }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await body(replay)).toEqual(firstBody);
    expect(await completions(acmeId, publicId)).toBe(1);
    // without a key the route behaves as before: the second completion is refused
    expect((await complete('acme', operario, publicId, '20261201T120000Z', { status: 'COMPLETED' })).status).toBe(409);
  });

  it('the same key with another body or another occurrence is 422 idempotency-key-reused, nothing written', async () => {
    const publicId = await series('acme', admin, operarioPassport);
    const key = `k-${crypto.randomUUID()}`;
    expect((await complete('acme', operario, publicId, '20261202T120000Z', { status: 'COMPLETED' }, key)).status).toBe(201);
    const otherBody = await complete('acme', operario, publicId, '20261202T120000Z', { status: 'CANCELLED' }, key);
    expect(otherBody.status).toBe(422);
    expect(await body(otherBody)).toMatchObject({ code: 'idempotency-key-reused' });
    const otherOccurrence = await complete('acme', operario, publicId, '20261203T120000Z', { status: 'COMPLETED' }, key);
    expect(otherOccurrence.status).toBe(422);
    expect(await completions(acmeId, publicId)).toBe(1);
  });

  it('a refused request frees its key: the same submission sent again once it can succeed is written once', async () => {
    const publicId = await series('acme', admin, operarioPassport);
    const key = `k-${crypto.randomUUID()}`;
    // not yet a responsible: 404, nothing stored for the key
    const outsider = await addMember(server, acmeId, { email: `tarde-${engine}@acme.test`, permissions: ['VIEW_TASKS'] });
    const token = (await signIn(server, 'acme', outsider.email, outsider.password)).id_token;
    expect((await complete('acme', token, publicId, '20261204T120000Z', { status: 'COMPLETED' }, key)).status).toBe(404);
    expect((await complete('acme', operario, publicId, '20261204T120000Z', { status: 'COMPLETED' }, key)).status).toBe(201);
    expect((await complete('acme', operario, publicId, '20261204T120000Z', { status: 'COMPLETED' }, key)).headers.get('idempotent-replayed')).toBe('true');
    expect(await completions(acmeId, publicId)).toBe(1);
  });

  it('a checklist draft started and submitted twice with their keys: one draft, one submission, the same answers', async () => {
    const C = '/api/checklists/v3';
    const post = (path: string, json: unknown, key: string) => server.api('acme', `${C}${path}`, { method: 'POST', token: admin, json, headers: { 'idempotency-key': key } });
    const category = await body<{ id: string }>(await server.api('acme', `${C}/categories/`, { method: 'POST', token: admin, json: { name: `Idem ${engine}` } }));
    const checklist = await body<{ id: string }>(
      await server.api('acme', `${C}/checklists/`, {
        method: 'POST',
        token: admin,
        json: { name: 'Ronda', category: category.id, sections: [{ id: 's', title: 'S', field_ids: [1] }], fields: [{ id: 1, type: 'boolean', name: 'epp', label: 'EPP', required: true }] },
      }),
    );
    const startKey = `k-${crypto.randomUUID()}`;
    const started = await post(`/checklists/${checklist.id}/executions/`, {}, startKey);
    expect(started.status).toBe(201);
    const draft = await body<{ id: string }>(started);
    const startedAgain = await post(`/checklists/${checklist.id}/executions/`, {}, startKey);
    expect(startedAgain.status).toBe(201);
    expect((await body<{ id: string }>(startedAgain)).id).toBe(draft.id);
    const submitKey = `k-${crypto.randomUUID()}`;
    const submitted = await post(`/executions/${draft.id}/submit/`, { answers: { epp: true } }, submitKey);
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const replay = await post(`/executions/${draft.id}/submit/`, { answers: { epp: true } }, submitKey);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await body(replay)).toEqual(await body(submitted));
    // without the key the second submit is what the runner shows as "already submitted"
    expect((await server.api('acme', `${C}/executions/${draft.id}/submit/`, { method: 'POST', token: admin, json: { answers: { epp: true } } })).status).toBe(409);
    const list = await body<{ count: number }>(await server.api('acme', `${C}/executions/?checklist=${checklist.id}`, { token: admin }));
    expect(list.count).toBe(1);
  });

  it('the OpenAPI document says which routes honour the header', async () => {
    const doc = await body<{ paths: Record<string, Record<string, { description?: string }>> }>(await server.api(null, '/api/openapi.json'));
    expect(doc.paths['/api/activities/v3/activities/{id}/occurrences/{recurrenceId}/completion/']!.post!.description).toContain('Idempotency-Key');
    expect(doc.paths['/api/checklists/v3/executions/{id}/submit/']!.post!.description).toContain('Idempotency-Key');
    expect(doc.paths['/api/workflow-backend/v3/user-tasks/{id}/responses/']!.post!.description).toContain('Idempotency-Key');
    expect(doc.paths['/api/activities/v3/activities/']!.post!.description ?? '').not.toContain('Idempotency-Key');
  });

  it('a malformed key is a 400 with a code, before anything is written', async () => {
    const publicId = await series('acme', admin, operarioPassport);
    const response = await complete('acme', operario, publicId, '20261205T120000Z', { status: 'COMPLETED' }, 'short');
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ code: 'bad-request' });
    expect(await completions(acmeId, publicId)).toBe(0);
  });

  it('a duplicate arriving while the first request runs is 409 idempotency-in-progress; after it, the stored answer', async () => {
    const key = `k-${crypto.randomUUID()}`;
    const send = () => probe.api('acme', '/api/probe/slow/', { method: 'POST', token: operario, json: { a: 1 }, headers: { 'idempotency-key': key } });
    const first = send();
    await expect.poll(() => slowRuns).toBe(1);
    const duplicate = await send();
    expect(duplicate.status).toBe(409);
    expect(await body(duplicate)).toMatchObject({ code: 'idempotency-in-progress' });
    expect(duplicate.headers.get('retry-after')).toBe('1');
    release();
    expect((await first).status).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(await body(replay)).toEqual({ run: 1 });
    expect(slowRuns).toBe(1);
  });

  it('cross-tenant: the same key in tenant B is B’s own, and B’s replay never answers A’s record', async () => {
    const acmeSeries = await series('acme', admin, operarioPassport);
    const norteAdminToken = (await signIn(server, 'norte', 'admin@norte.test', 'secret-pass')).id_token;
    const norteSeries = await series('norte', norteAdminToken, nortePassport);
    const key = `shared-${crypto.randomUUID()}`;
    const inA = await complete('acme', operario, acmeSeries, '20261201T120000Z', { status: 'COMPLETED' }, key);
    expect(inA.status).toBe(201);
    const inB = await complete('norte', norteAdmin, norteSeries, '20261201T120000Z', { status: 'COMPLETED' }, key);
    expect(inB.status).toBe(201);
    expect(inB.headers.get('idempotent-replayed')).toBeNull();
    expect((await body<{ activity: string }>(inB)).activity).toBe(norteSeries);
    expect(await completions(acmeId, acmeSeries)).toBe(1);
    expect(await completions(norteId, norteSeries)).toBe(1);
    // A's keys are invisible from B's tenant (RLS and the explicit tenant filter)
    const seen = await server.running.platform.db.transaction(norteId, (tx) => tx.execute(sql`SELECT tenant_id FROM idempotency_keys WHERE key = ${key}`));
    expect(rows<{ tenant_id: string }>(seen).map((row) => row.tenant_id)).toEqual([norteId]);
  });

  it('the sweep removes keys past their days and keeps recent ones', async () => {
    const publicId = await series('acme', admin, operarioPassport);
    const oldKey = `old-${crypto.randomUUID()}`;
    const newKey = `new-${crypto.randomUUID()}`;
    expect((await complete('acme', operario, publicId, '20261201T120000Z', { status: 'COMPLETED' }, oldKey)).status).toBe(201);
    expect((await complete('acme', operario, publicId, '20261202T120000Z', { status: 'COMPLETED' }, newKey)).status).toBe(201);
    await server.running.platform.db.transaction(acmeId, (tx) => tx.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '8 days' WHERE key = ${oldKey}`));
    await sweepIdempotencyKeys(server.running.platform);
    const left = await server.running.platform.db.transaction(acmeId, (tx) => tx.execute(sql`SELECT key FROM idempotency_keys WHERE key IN (${oldKey}, ${newKey})`));
    expect(rows<{ key: string }>(left).map((row) => row.key)).toEqual([newKey]);
  });
});
