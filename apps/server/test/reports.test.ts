import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { eventually } from './documents.helpers.ts';
import { createForm, publishModel, WF } from './workflows.helpers.ts';
import { deliverReport } from '../src/modules/reports/index.ts';

const R = '/api/reports/v3';
const INBOX = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=100';
const AUDIENCES = '/api/audiences/v3/audiences/';
const ACT = '/api/activities/v3';

interface Report {
  id: string;
  title: string;
  kind: string;
  chart: string | null;
  category: { id: string; name: string };
  audience: { id: string } | null;
}
interface Chart {
  chart: string;
  grouping: string;
  from: string;
  to: string;
  series: string[];
  points: { key: string; label: string; values: Record<string, number> }[];
  totals: Record<string, number>;
}
interface View {
  report: Report;
  chart: Chart | null;
  embed: { provider: string; url: string; token: string | null; resource_id: string | null; expires_at: string } | null;
}
interface Link {
  id: string;
  public_id: string;
  path: string;
  state: string;
}
interface Inbox {
  data: { summary: { title: string }; context: { type: string; action: string; id?: string } }[];
}

/** A stand-in for Azure AD + the Power BI REST API, and for Superset's security API: real HTTP, recording what it was asked. */
function fakeBi() {
  const calls: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, body: text });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const url = request.url ?? '';
      if (/\/oauth2\/v2\.0\/token$/.test(url)) {
        const form = new URLSearchParams(text);
        return form.get('client_secret') === 'azure-secret' ? json(200, { access_token: 'aad-access', token_type: 'Bearer', expires_in: 3599 }) : json(401, { error: 'invalid_client' });
      }
      if (/\/GenerateToken$/.test(url)) {
        if (request.headers.authorization !== 'Bearer aad-access') return json(403, {});
        return json(200, { token: 'pbi-embed-token', tokenId: 't1', expiration: new Date(Date.now() + 3_600_000).toISOString() });
      }
      if (url === '/api/v1/security/login') {
        const login = JSON.parse(text) as { password: string };
        return login.password === 'superset-pass' ? json(200, { access_token: 'ss-access' }) : json(401, {});
      }
      if (url === '/api/v1/security/guest_token/') return request.headers.authorization === 'Bearer ss-access' ? json(200, { token: 'ss-guest-token' }) : json(401, {});
      json(404, {});
    });
  });
  return {
    calls,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines())('reports on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let viewer: string; // VIEW_REPORTS, in the audience
  let outsider: string; // VIEW_REPORTS, not in the audience
  let plain: string; // no VIEW_REPORTS
  let other: string; // another tenant's administrator
  let audienceId: string;
  let categoryId: string;
  let chartReport: Report;
  const bi = fakeBi();
  let biUrl: string;

  const api = (token: string | null, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, ...(token ? { token } : {}) });
  const created = async <T>(response: Response): Promise<T> => {
    if (response.status !== 201) throw new Error(`expected 201, got ${response.status} ${await response.text()}`);
    return body<T>(response);
  };
  const newReport = (json: Record<string, unknown>) => api(admin, `${R}/reports/`, { method: 'POST', json: { category_id: categoryId, ...json } });
  const inboxOf = async (token: string) => (await body<Inbox>(await api(token, INBOX))).data;
  const about = (items: Inbox['data'], id: string) => items.filter((n) => n.context.type === 'Report' && n.context.id === id);

  beforeAll(async () => {
    biUrl = await bi.start();
    server = await startServer(engine, { env: { BI_ALLOW_LOCAL_HOSTS: 'true' } });
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const viewerPerson = await addMember(server, tenantId, { email: 'viewer@acme.test', name: 'Vera Vista', permissions: ['VIEW_REPORTS', 'VIEW_HOME', 'VIEW_NOTIFICATIONS'] });
    await addMember(server, tenantId, { email: 'outsider@acme.test', name: 'Omar Otro', permissions: ['VIEW_REPORTS', 'VIEW_NOTIFICATIONS'] });
    await addMember(server, tenantId, { email: 'plain@acme.test', name: 'Pablo Plano', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] });
    viewer = (await signIn(server, 'acme', 'viewer@acme.test', 'member-pass')).id_token;
    outsider = (await signIn(server, 'acme', 'outsider@acme.test', 'member-pass')).id_token;
    plain = (await signIn(server, 'acme', 'plain@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    audienceId = (
      await created<{ id: string }>(
        await api(admin, AUDIENCES, { method: 'POST', json: { name: 'Analistas', rules: { positions: [], venues: [], business_lines: [], persons: [viewerPerson.personId] } } }),
      )
    ).id;

    // Faena's own data: a daily activity of the last days (one occurrence completed), two workflow runs (one finished)
    const start = new Date(Date.now() - 5 * 86_400_000);
    const wall = `${start.toISOString().slice(0, 10)}T09:00`;
    const series = await created<{ public_id: string }>(
      await api(admin, `${ACT}/activities/`, { method: 'POST', json: { title: 'Ronda de seguridad', start: wall, timezone: 'UTC', duration_minutes: 30, rrule: 'FREQ=DAILY;COUNT=4' } }),
    );
    const rid = `${start.toISOString().slice(0, 10).replace(/-/g, '')}T090000Z`;
    expect((await api(admin, `${ACT}/activities/${series.public_id}/occurrences/${rid}/completion/`, { method: 'POST', json: { status: 'COMPLETED' } })).status).toBe(201);
    const quick = await publishModel(
      server.api,
      'acme',
      admin,
      'Aviso rápido',
      [
        { id: 's', kind: 'start' },
        { id: 'e', kind: 'end' },
      ],
      [{ id: 'f', from: 's', to: 'e' }],
    );
    await created(await api(admin, `${WF}/versions/${quick.versionId}/executions/`, { method: 'POST', json: {} }));
    const form = await createForm(server.api, 'acme', admin, 'Aprobación', [{ type: 'boolean', name: 'approved', label: 'Aprobado', required: true }]);
    const slow = await publishModel(
      server.api,
      'acme',
      admin,
      'Compra',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', name: 'Aprobar', formId: form },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    await created(await api(admin, `${WF}/versions/${slow.versionId}/executions/`, { method: 'POST', json: {} }));
  }, 300_000); // a shared, busy machine: starting a server and seeding can take minutes
  afterAll(async () => {
    await server?.close();
    await bi.close();
  });

  it('asks VIEW_REPORTS to read and MANAGE_REPORTS to administer', async () => {
    expect((await api(plain, `${R}/reports/`)).status).toBe(403);
    expect((await api(plain, `${R}/categories/`)).status).toBe(403);
    expect((await api(null, `${R}/reports/`)).status).toBe(401);
    expect((await api(viewer, `${R}/reports/`)).status).toBe(200);
    expect((await api(viewer, `${R}/categories/`, { method: 'POST', json: { name: 'X' } })).status).toBe(403);
    expect((await api(viewer, `${R}/reports/`, { method: 'POST', json: { title: 'X', category_id: 'x', kind: 'builtin' } })).status).toBe(403);
    expect((await api(viewer, `${R}/bi-connections/`)).status).toBe(403);
  });

  it('creates, renames, orders and deletes categories; a category with reports stays', async () => {
    const first = await created<{ id: string; position: number }>(await api(admin, `${R}/categories/`, { method: 'POST', json: { name: 'Operación' } }));
    const second = await created<{ id: string; position: number }>(await api(admin, `${R}/categories/`, { method: 'POST', json: { name: 'Procesos' } }));
    expect(second.position).toBe(first.position + 1);
    expect((await api(admin, `${R}/categories/`, { method: 'POST', json: { name: '  ' } })).status).toBe(400);
    const renamed = await body<{ name: string }>(await api(admin, `${R}/categories/${second.id}/`, { method: 'PATCH', json: { name: 'Procesos y flujos' } }));
    expect(renamed.name).toBe('Procesos y flujos');
    const ordered = await body<{ results: { id: string }[] }>(await api(admin, `${R}/categories/order/`, { method: 'PUT', json: { ids: [second.id, first.id] } }));
    expect(ordered.results.map((c) => c.id)).toEqual([second.id, first.id]);
    const unknown = await api(admin, `${R}/categories/order/`, { method: 'PUT', json: { ids: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknown.status).toBe(400);
    categoryId = first.id;
    expect((await api(admin, `${R}/categories/${second.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(admin, `${R}/categories/${second.id}/`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a bad report with field errors and writes nothing', async () => {
    const before = (await body<{ results: unknown[] }>(await api(admin, `${R}/reports/`))).results.length;
    const bad = await newReport({ title: 'X', kind: 'builtin', chart: 'no-such-chart', audience_id: '00000000-0000-4000-8000-000000000000', category_id: '00000000-0000-4000-8000-000000000000' });
    expect(bad.status).toBe(400);
    const errors = (await body<{ errors: Record<string, string[]> }>(bad)).errors;
    expect(Object.keys(errors).sort()).toEqual(['audience_id', 'category_id', 'chart']);
    const grouping = await newReport({ title: 'X', kind: 'builtin', chart: 'workflow-lead-time', params: { range_days: 30, grouping: 'responsible' } });
    expect(grouping.status).toBe(400);
    expect((await newReport({ title: '', kind: 'builtin', chart: 'activity-completion' })).status).toBe(400);
    expect((await body<{ results: unknown[] }>(await api(admin, `${R}/reports/`))).results.length).toBe(before);
  });

  it('draws the built-in charts from the activities and workflows data', async () => {
    chartReport = await created<Report>(await newReport({ title: 'Cumplimiento de actividades', kind: 'builtin', chart: 'activity-completion', params: { range_days: 14, grouping: 'week' } }));
    const view = await body<View>(await api(viewer, `${R}/reports/${chartReport.id}/view/`));
    expect(view.embed).toBeNull();
    expect(view.chart).toMatchObject({ chart: 'activity-completion', grouping: 'week', series: ['completed', 'cancelled', 'missed', 'pending'] });
    // four daily occurrences: one completed, the past ones missed, the rest pending
    expect(view.chart!.totals.completed).toBe(1);
    expect(view.chart!.totals.completed! + view.chart!.totals.missed! + view.chart!.totals.pending!).toBe(4);
    expect(view.chart!.points.length).toBeGreaterThanOrEqual(2); // 14 days: two or three weeks, zeros included
    const byPerson = await body<View>(await api(viewer, `${R}/reports/${chartReport.id}/view/?grouping=responsible&tz=America/Santiago`));
    expect(byPerson.chart!.grouping).toBe('responsible');
    expect(byPerson.chart!.points.reduce((n, p) => n + (p.values.completed ?? 0), 0)).toBe(1);
    expect((await api(viewer, `${R}/reports/${chartReport.id}/view/?tz=Mars/Olympus`)).status).toBe(400);
    expect((await api(viewer, `${R}/reports/${chartReport.id}/view/?grouping=type`)).status).toBe(400);
    expect((await api(viewer, `${R}/reports/${chartReport.id}/view/?from=2026-02-01&to=2026-01-01`)).status).toBe(400);

    const throughput = await created<Report>(await newReport({ title: 'Flujos por semana', kind: 'builtin', chart: 'workflow-throughput' }));
    const flows = (await body<View>(await api(viewer, `${R}/reports/${throughput.id}/view/`))).chart!;
    expect(flows.totals).toEqual({ started: 2, finished: 1 });
    const byType = (await body<View>(await api(viewer, `${R}/reports/${throughput.id}/view/?grouping=type`))).chart!;
    expect(byType.points.map((p) => p.label).sort()).toEqual(['Aviso rápido', 'Compra']);
    const lead = await created<Report>(await newReport({ title: 'Tiempo de ciclo', kind: 'builtin', chart: 'workflow-lead-time', params: { range_days: 30, grouping: 'type' } }));
    const leadChart = (await body<View>(await api(viewer, `${R}/reports/${lead.id}/view/`))).chart!;
    expect(leadChart.points.map((p) => p.label)).toEqual(['Aviso rápido']);
    expect(leadChart.totals.finished).toBe(1);
    // a category holding reports stays, and counts them
    const inUse = await api(admin, `${R}/categories/${categoryId}/`, { method: 'DELETE' });
    expect(inUse.status).toBe(409);
    expect(await body(inUse)).toMatchObject({ code: 'conflict', reason: 'in-use' });
    const categories = await body<{ results: { id: string; report_count: number }[] }>(await api(admin, `${R}/categories/`));
    expect(categories.results.find((c) => c.id === categoryId)?.report_count).toBe(3);
    const kinds = await body<{ results: { key: string }[] }>(await api(viewer, `${R}/charts/`));
    expect(kinds.results.map((k) => k.key)).toEqual(expect.arrayContaining(['activity-completion', 'workflow-throughput', 'workflow-lead-time']));
  });

  it('draws checklist scores from submitted executions, read through the checklists module', async () => {
    const CL = '/api/checklists/v3';
    const category = await created<{ id: string }>(await api(admin, `${CL}/categories/`, { method: 'POST', json: { name: 'Seguridad' } }));
    const checklist = await created<{ id: string }>(
      await api(admin, `${CL}/checklists/`, {
        method: 'POST',
        json: {
          name: 'Ronda de cierre',
          category: category.id,
          pass_mark: 50,
          sections: [{ id: 's', title: 'Cierre', field_ids: [1] }],
          fields: [{ id: 1, type: 'boolean', name: 'alarma', label: 'Alarma activada', required: true }],
          items: [{ field_id: 1, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
        },
      }),
    );
    for (const alarma of [true, false]) {
      const draft = await created<{ id: string }>(await api(admin, `${CL}/checklists/${checklist.id}/executions/`, { method: 'POST', json: {} }));
      expect((await api(admin, `${CL}/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { alarma } } })).status).toBe(200);
    }
    // a draft is not counted
    await created(await api(admin, `${CL}/checklists/${checklist.id}/executions/`, { method: 'POST', json: {} }));
    const report = await created<Report>(await newReport({ title: 'Puntajes', kind: 'builtin', chart: 'checklist-scores', params: { range_days: 7, grouping: 'checklist' } }));
    const byChecklist = (await body<View>(await api(viewer, `${R}/reports/${report.id}/view/`))).chart!;
    expect(byChecklist).toMatchObject({ chart: 'checklist-scores', grouping: 'checklist', series: ['average_score'], totals: { average_score: 50, executions: 2, failed_executions: 1 } });
    expect(byChecklist.points).toEqual([{ key: checklist.id, label: 'Ronda de cierre', values: { average_score: 50, executions: 2, failed_executions: 1 } }]);
    const byWeek = (await body<View>(await api(viewer, `${R}/reports/${report.id}/view/?grouping=week&tz=America/Santiago`))).chart!;
    expect(byWeek.points.length).toBeGreaterThanOrEqual(1);
    expect(byWeek.points.reduce((n, p) => n + (p.values.executions ?? 0), 0)).toBe(2);
    const byCategory = (await body<View>(await api(viewer, `${R}/reports/${report.id}/view/?grouping=category`))).chart!;
    expect(byCategory.points.map((p) => p.label)).toEqual(['Seguridad']);
    const byPerson = (await body<View>(await api(viewer, `${R}/reports/${report.id}/view/?grouping=responsible`))).chart!;
    expect(byPerson.points).toHaveLength(1);
    expect(byPerson.points[0]!.values.executions).toBe(2);
    expect((await api(viewer, `${R}/reports/${report.id}/view/?grouping=type`)).status).toBe(400);
    // another tenant's view of the same report id is out of reach
    expect((await api(other, `${R}/reports/${report.id}/view/`, {}, 'otra')).status).toBe(404);
  });

  it('shows a report only to its audience and notifies its holders of VIEW_REPORTS once', async () => {
    const report = await created<Report>(await newReport({ title: 'Solo analistas', kind: 'builtin', chart: 'activity-completion', audience_id: audienceId }));
    expect(report.audience?.id).toBe(audienceId);
    const listed = async (token: string) => (await body<{ results: Report[] }>(await api(token, `${R}/reports/`))).results.map((r) => r.id);
    expect(await listed(viewer)).toContain(report.id);
    expect(await listed(outsider)).not.toContain(report.id);
    expect(await listed(outsider)).toContain(chartReport.id); // everyone's
    expect((await api(outsider, `${R}/reports/${report.id}/`)).status).toBe(404);
    expect((await api(outsider, `${R}/reports/${report.id}/view/`)).status).toBe(404);

    const inbox = await eventually(
      () => inboxOf(viewer),
      (items) => about(items, report.id).length > 0,
      15_000,
    );
    expect(about(inbox, report.id)).toEqual([
      expect.objectContaining({ summary: expect.objectContaining({ title: 'Solo analistas' }), context: { type: 'Report', action: 'created', id: report.id } }),
    ]);
    // the report for everyone reached the outsider too, but never the person without VIEW_REPORTS
    await eventually(
      () => inboxOf(outsider),
      (items) => about(items, chartReport.id).length > 0,
      15_000,
    );
    expect(about(await inboxOf(outsider), report.id)).toHaveLength(0);
    expect(about(await inboxOf(plain), chartReport.id)).toHaveLength(0);
    // the job again: nobody twice
    expect(await deliverReport(server.running.platform, { tenantId, reportId: report.id })).toBe(0);
    expect(about(await inboxOf(viewer), report.id)).toHaveLength(1);
  });

  it('gives a built-in chart a public link that works signed out, expires and can be revoked', async () => {
    const link = await created<Link>(await api(admin, `${R}/reports/${chartReport.id}/public-links/`, { method: 'POST', json: {} }));
    expect(link).toMatchObject({ state: 'active', path: `/reports/${link.public_id}` });
    expect(link.public_id.length).toBeGreaterThanOrEqual(22);
    const read = await api(null, `${R}/public/${link.public_id}/`);
    expect(read.status).toBe(200);
    const page = await body<{ title: string; organization: string; chart: Chart }>(read);
    expect(page.title).toBe('Cumplimiento de actividades');
    expect(page.chart.totals.completed).toBe(1);
    expect((await api(viewer, `${R}/reports/${chartReport.id}/public-links/`)).status).toBe(403);

    const revoked = await body<Link>(await api(admin, `${R}/reports/${chartReport.id}/public-links/${link.id}/revoke/`, { method: 'POST' }));
    expect(revoked.state).toBe('revoked');
    const dead = await api(null, `${R}/public/${link.public_id}/`);
    expect(dead.status).toBe(410);
    expect(await body(dead)).toEqual({ code: 'report-link-revoked', detail: 'This public link was revoked.' });

    const soon = await created<Link>(await api(admin, `${R}/reports/${chartReport.id}/public-links/`, { method: 'POST', json: { expires_at: new Date(Date.now() + 3_600_000).toISOString() } }));
    expect((await api(null, `${R}/public/${soon.public_id}/`)).status).toBe(200);
    await server.running.platform.db.transaction(tenantId, (tx) =>
      tx.execute(sql`UPDATE report_public_links SET expires_at = now() - interval '1 minute' WHERE tenant_id = ${tenantId} AND id = ${soon.id}`),
    );
    const expired = await api(null, `${R}/public/${soon.public_id}/`);
    expect(expired.status).toBe(410);
    expect((await body<{ code: string }>(expired)).code).toBe('report-link-expired');
    expect((await api(admin, `${R}/reports/${chartReport.id}/public-links/`, { method: 'POST', json: { expires_at: '2020-01-01T00:00:00Z' } })).status).toBe(400);
    expect((await api(null, `${R}/public/${'x'.repeat(24)}/`)).status).toBe(404);
    // another tenant's host does not know the link
    const fresh = await created<Link>(await api(admin, `${R}/reports/${chartReport.id}/public-links/`, { method: 'POST', json: {} }));
    expect((await api(null, `${R}/public/${fresh.public_id}/`, {}, 'otra')).status).toBe(404);
  });

  it('signs a Metabase embed for 10 minutes with the tenant locked in, and never shows the secret', async () => {
    const secret = 'metabase-embedding-secret-0123456789abcdef';
    const saved = await api(admin, `${R}/bi-connections/metabase/`, { method: 'PUT', json: { site_url: 'https://metabase.acme.example', secret } });
    expect(saved.status).toBe(200);
    const text = await saved.text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({ provider: 'metabase', has_secret: true, tenant_param: 'tenant_id' });
    expect(await (await api(admin, `${R}/bi-connections/`)).text()).not.toContain(secret);
    const stored = await server.running.platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT secret_enc FROM report_bi_connections WHERE tenant_id = ${tenantId}`));
    expect(JSON.stringify(stored)).not.toContain(secret);

    // an address on a host the tenant has not configured: refused, nothing written
    const foreign = await newReport({ title: 'Ventas', kind: 'metabase', embed: { url: 'https://evil.example/dashboard/12' } });
    expect(foreign.status).toBe(400);
    expect(await body(foreign)).toMatchObject({ code: 'embed-host-not-allowed', host: 'evil.example' });
    const report = await created<Report>(await newReport({ title: 'Ventas', kind: 'metabase', embed: { url: 'https://metabase.acme.example/dashboard/12-ventas' } }));
    const view = await body<View>(await api(viewer, `${R}/reports/${report.id}/view/`));
    expect(view.chart).toBeNull();
    const match = /^https:\/\/metabase\.acme\.example\/embed\/dashboard\/([^#]+)#/.exec(view.embed!.url);
    expect(match).not.toBeNull();
    const { payload, protectedHeader } = await jwtVerify(match![1]!, new TextEncoder().encode(secret));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ resource: { dashboard: 12 }, params: { tenant_id: tenantId } });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(Math.abs(payload.exp! * 1000 - Date.now() - 600_000)).toBeLessThan(30_000);
    expect(JSON.stringify(view)).not.toContain(secret);
  });

  it('mints a Tableau connected-app JWT; a missing secret is 409 bi-secret-missing', async () => {
    const scriptSrc = async (subdomain: string) => {
      const page = await api(null, '/reports/list', {}, subdomain);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      return /(?:^|;)\s*script-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    };
    expect(await scriptSrc('acme')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(
      (
        await api(admin, `${R}/bi-connections/tableau/`, {
          method: 'PUT',
          json: { site_url: 'https://tableau.acme.example', allowed_hosts: ['prod-useast-b.online.tableau.com'], client_id: 'client-1', secret_id: 'secret-id-1', username: 'embed@acme.example' },
        })
      ).status,
    ).toBe(200);
    // the page of this organisation may load the Embedding API from its Tableau hosts; no other organisation's page may
    expect(await scriptSrc('acme')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://tableau.acme.example', 'https://prod-useast-b.online.tableau.com']);
    expect(await scriptSrc('otra')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect((await api(null, `${R}/public/nothing-here/`)).headers.get('content-security-policy')).not.toContain('tableau');
    const report = await created<Report>(await newReport({ title: 'Tablero Tableau', kind: 'tableau', embed: { url: 'https://tableau.acme.example/views/Operacion/Resumen' } }));
    const missing = await api(viewer, `${R}/reports/${report.id}/view/`);
    expect(missing.status).toBe(409);
    expect((await body<{ code: string }>(missing)).code).toBe('bi-secret-missing');
    const secret = 'tableau-connected-app-secret-value';
    expect(
      (
        await api(admin, `${R}/bi-connections/tableau/`, {
          method: 'PUT',
          json: { site_url: 'https://tableau.acme.example', client_id: 'client-1', secret_id: 'secret-id-1', username: 'embed@acme.example', secret },
        })
      ).status,
    ).toBe(200);
    const view = await body<View>(await api(viewer, `${R}/reports/${report.id}/view/`));
    expect(view.embed).toMatchObject({ provider: 'tableau', url: 'https://tableau.acme.example/views/Operacion/Resumen' });
    const token = view.embed!.token!;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: 'secret-id-1', iss: 'client-1' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { audience: 'tableau', issuer: 'client-1' });
    expect(payload).toMatchObject({ sub: 'embed@acme.example', scp: ['tableau:views:embed'], tenant_id: tenantId });
    expect(typeof payload.jti).toBe('string');
    expect(payload.exp! - payload.iat!).toBe(600);
    // the secret deleted: 409 again
    expect((await api(admin, `${R}/bi-connections/tableau/secret/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(viewer, `${R}/reports/${report.id}/view/`)).status).toBe(409);
  });

  it('gets a Power BI embed token from Azure AD and the Power BI API (a local stand-in), the tenant as the RLS identity', async () => {
    const group = '11111111-2222-4333-8444-555555555555';
    const reportId = '66666666-7777-4888-8999-000000000000';
    expect(
      (
        await api(admin, `${R}/bi-connections/powerbi/`, {
          method: 'PUT',
          json: { site_url: biUrl, allowed_hosts: ['app.powerbi.com'], client_id: 'aad-app', secret_id: 'aad-directory', username: 'Tenant', secret: 'azure-secret' },
        })
      ).status,
    ).toBe(200);
    const bad = await newReport({ title: 'PBI', kind: 'powerbi', embed: { url: `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${group}` } });
    expect(bad.status).toBe(400); // no dataset id
    const report = await created<Report>(
      await newReport({ title: 'PBI', kind: 'powerbi', embed: { url: `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${group}`, resource_id: 'dataset-1' } }),
    );
    bi.calls.length = 0;
    const view = await body<View>(await api(viewer, `${R}/reports/${report.id}/view/`));
    expect(view.embed).toMatchObject({ provider: 'powerbi', token: 'pbi-embed-token', resource_id: reportId });
    // never longer than 10 minutes, whatever the service says
    expect(Date.parse(view.embed!.expires_at) - Date.now()).toBeLessThanOrEqual(600_000);
    const [aad, generate] = bi.calls;
    expect(aad!.path).toBe('/aad-directory/oauth2/v2.0/token');
    expect(Object.fromEntries(new URLSearchParams(aad!.body))).toMatchObject({ grant_type: 'client_credentials', client_id: 'aad-app', scope: 'https://analysis.windows.net/powerbi/api/.default' });
    expect(generate!.path).toBe(`/v1.0/myorg/groups/${group}/reports/${reportId}/GenerateToken`);
    expect(JSON.parse(generate!.body)).toEqual({ accessLevel: 'View', lifetimeInMinutes: 10, identities: [{ username: tenantId, roles: ['Tenant'], datasets: ['dataset-1'] }] });
    // a wrong secret: the service refuses, the viewer gets a coded 502 and no token
    expect(
      (
        await api(admin, `${R}/bi-connections/powerbi/`, {
          method: 'PUT',
          json: { site_url: biUrl, allowed_hosts: ['app.powerbi.com'], client_id: 'aad-app', secret_id: 'aad-directory', username: 'Tenant', secret: 'wrong' },
        })
      ).status,
    ).toBe(200);
    const refused = await api(viewer, `${R}/reports/${report.id}/view/`);
    expect(refused.status).toBe(502);
    expect((await body<{ code: string }>(refused)).code).toBe('bi-token-failed');
  });

  it('gets a Superset guest token with the tenant as RLS clause, only on a release without the known leak', async () => {
    const dashboard = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    expect((await api(admin, `${R}/bi-connections/superset/`, { method: 'PUT', json: { site_url: biUrl, client_id: 'guest-minter', version: '4.0.2', secret: 'superset-pass' } })).status).toBe(200);
    const report = await created<Report>(await newReport({ title: 'Superset', kind: 'superset', embed: { url: `${biUrl}/superset/dashboard/7/`, resource_id: dashboard } }));
    const unsafe = await api(viewer, `${R}/reports/${report.id}/view/`);
    expect(unsafe.status).toBe(409);
    expect((await body<{ code: string }>(unsafe)).code).toBe('bi-version-unsafe');
    expect((await api(admin, `${R}/bi-connections/superset/`, { method: 'PUT', json: { site_url: biUrl, client_id: 'guest-minter', version: '4.1.2' } })).status).toBe(200);
    bi.calls.length = 0;
    const view = await body<View>(await api(viewer, `${R}/reports/${report.id}/view/`));
    expect(view.embed).toMatchObject({ provider: 'superset', token: 'ss-guest-token', resource_id: dashboard });
    const guest = JSON.parse(bi.calls.find((c) => c.path === '/api/v1/security/guest_token/')!.body) as { resources: unknown; rls: unknown };
    expect(guest.resources).toEqual([{ type: 'dashboard', id: dashboard }]);
    expect(guest.rls).toEqual([{ clause: `tenant_id = '${tenantId}'` }]);
  });

  it('keeps every report of a tenant out of reach of another', async () => {
    const theirs = await created<{ id: string }>(await api(other, `${R}/categories/`, { method: 'POST', json: { name: 'De otra' } }, 'otra'));
    expect((await api(admin, `${R}/categories/${theirs.id}/`, { method: 'PATCH', json: { name: 'robada' } })).status).toBe(404);
    expect((await api(admin, `${R}/categories/${theirs.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(admin, `${R}/reports/`, { method: 'POST', json: { title: 'X', kind: 'builtin', chart: 'activity-completion', category_id: theirs.id } })).status).toBe(400);
    for (const path of [`${R}/reports/${chartReport.id}/`, `${R}/reports/${chartReport.id}/view/`, `${R}/reports/${chartReport.id}/public-links/`]) {
      expect((await api(other, path, {}, 'otra')).status, path).toBe(404);
    }
    expect((await api(other, `${R}/reports/${chartReport.id}/`, { method: 'PATCH', json: { title: 'robado' } }, 'otra')).status).toBe(404);
    expect((await api(other, `${R}/reports/${chartReport.id}/`, { method: 'DELETE' }, 'otra')).status).toBe(404);
    expect((await body<{ results: unknown[] }>(await api(other, `${R}/bi-connections/`, {}, 'otra'))).results).toEqual([]);
    expect((await body<{ results: unknown[] }>(await api(other, `${R}/reports/`, {}, 'otra'))).results).toEqual([]);
    // a token of acme on otra's host
    expect((await api(admin, `${R}/reports/`, {}, 'otra')).status).toBe(403);
  });

  it('limits signed-out reads per address', async () => {
    const link = await created<Link>(await api(admin, `${R}/reports/${chartReport.id}/public-links/`, { method: 'POST', json: {} }));
    let status = 200;
    for (let i = 0; i < 70 && status !== 429; i++) status = (await api(null, `${R}/public/${link.public_id}/`)).status;
    expect(status).toBe(429);
    // guessed addresses count too
    expect((await api(null, `${R}/public/${'y'.repeat(24)}/`)).status).toBe(429);
  });
});
