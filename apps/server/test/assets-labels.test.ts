import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';

const AM = '/api/asset-manager/v3';

interface Job {
  id: string;
  status: string;
  percent: number;
  labels: number;
  download_url: string | null;
  file_name: string;
}

describe.each(engines())('large label sheets on %s', (engine) => {
  let server: TestServer;
  let manager: string;
  let otherManager: string;
  let viewer: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', `${AM}${path}`, { ...init, token });
  const json = async <T>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };

  beforeAll(async () => {
    server = await startServer(engine);
    const tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await setFlags(server, tenantId, { assets: true, asset_admin: true, qr_generator: true });
    const admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    await addMember(server, tenantId, { email: 'man@acme.test', name: 'Manuel Manager', permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS', 'VIEW_NOTIFICATIONS'] });
    await addMember(server, tenantId, { email: 'man2@acme.test', name: 'Marta Manager', permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS'] });
    await addMember(server, tenantId, { email: 'ver@acme.test', name: 'Vera Viewer', permissions: ['VIEW_ASSETS'] });
    manager = (await signIn(server, 'acme', 'man@acme.test', 'member-pass')).id_token;
    otherManager = (await signIn(server, 'acme', 'man2@acme.test', 'member-pass')).id_token;
    viewer = (await signIn(server, 'acme', 'ver@acme.test', 'member-pass')).id_token;
    const category = await json<{ id: string }>(await api(admin, '/categories/', { method: 'POST', json: { name: 'Bodega' } }), 201);
    const type = await json<{ id: string }>(await api(admin, '/asset-types/', { method: 'POST', json: { name: 'Estante', category: category.id } }), 201);
    // 1,010 assets written at once (the API would take a request each)
    await server.running.platform.db.ownerExec(
      `INSERT INTO assets (tenant_id, code, name, type_id, category_id, label_token)
       SELECT '${tenantId}', 'EST-' || lpad(i::text, 4, '0'), 'Estante ' || i, '${type.id}', '${category.id}', substr(md5(i::text), 1, 22) FROM generate_series(1, 1010) i`,
    );
  });
  afterAll(() => server?.close());

  it('the direct PDF refuses more than 1,000 labels, pointing at the job', async () => {
    const direct = await api(manager, '/labels/', { method: 'POST', json: { filters: {}, kind: 'qr' } });
    expect(direct.status).toBe(400);
    expect(await body(direct)).toMatchObject({ code: 'labels-use-job', max: 1000, count: 1010 });
  });

  it('a job lays out 1,010 QR labels with progress; its maker downloads the PDF and is told; nobody else sees it', async () => {
    expect((await api(viewer, '/labels/jobs/', { method: 'POST', json: { filters: {}, kind: 'qr' } })).status).toBe(403);
    const started = await json<Job>(await api(manager, '/labels/jobs/', { method: 'POST', json: { filters: {}, kind: 'qr', size: 'avery-5160' } }), 202);
    expect(started).toMatchObject({ status: 'PENDING', labels: 1010, download_url: null });
    let job = started;
    for (let i = 0; i < 600 && job.status !== 'DONE' && job.status !== 'FAILED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await json<Job>(await api(manager, `/labels/jobs/${started.id}/`), 200);
    }
    expect(job).toMatchObject({ status: 'DONE', percent: 100, labels: 1010, file_name: 'etiquetas-qr-avery-5160.pdf' });
    const file = Buffer.from(await (await api(manager, `/labels/jobs/${started.id}/download`)).arrayBuffer());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // 1,010 labels, 30 a sheet: 34 pages
    expect(file.toString('latin1')).toMatch(/\/Type \/Pages\s*\/Count 34/);
    expect((await json<{ results: Job[] }>(await api(manager, '/labels/jobs/'), 200)).results.map((j) => j.id)).toEqual([started.id]);
    const inbox = await json<{ data: { summary: { title: string } }[] }>(await server.api('acme', '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=20', { token: manager }), 200);
    expect(inbox.data.map((n) => n.summary.title)).toContain('Tus etiquetas están listas');
    // another manager's sheet is not theirs to see
    expect((await api(otherManager, `/labels/jobs/${started.id}/`)).status).toBe(404);
    expect((await api(otherManager, `/labels/jobs/${started.id}/download`)).status).toBe(404);
  }, 120_000);

  it('a job over 5,000 ids or naming unknown assets is refused before any work', async () => {
    const many = await api(manager, '/labels/jobs/', { method: 'POST', json: { asset_ids: Array.from({ length: 5001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) } });
    expect(many.status).toBe(400);
    expect(await body(many)).toMatchObject({ code: 'too-many-labels' });
    const unknown = await api(manager, '/labels/jobs/', { method: 'POST', json: { asset_ids: ['00000000-0000-4000-8000-000000000001'] } });
    expect(unknown.status).toBe(400);
    expect((await json<{ results: Job[] }>(await api(manager, '/labels/jobs/'), 200)).results).toHaveLength(1);
  });
});
