import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setDisabledModules, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { PDF, PNG_1X1, store, storedId, uploadWhole, uploadedId } from './documents.helpers.ts';
import { WF, createForm, publishModel } from './workflows.helpers.ts';
import { csv, importAll, rowsOf, startImport, waitForJob } from './directory.helpers.ts';
import { sweepStatuses } from '../src/modules/assets/assets.maintenance.ts';

const AM = '/api/asset-manager/v3';
const ORG = '/api/organization/v3';

interface Asset {
  id: string;
  code: string;
  name: string;
  type: { id: string; name: string };
  category: { id: string; name: string };
  venue: { id: string; name: string } | null;
  responsible: { passport: string; name: string } | null;
  parent: { id: string; code: string } | null;
  children: { id: string; code: string }[];
  related: { id: string; code: string }[];
  maintenance_status: 'ok' | 'maintenance_needed';
  status_reason: { code: string; maintenance_id: string | null; plan_id: string | null } | null;
  last_maintenance_at: string | null;
  photos: { id: string }[];
  label_token: string;
  public_url: string;
  can_manage: boolean;
  extra: Record<string, unknown>;
}
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
interface Maintenance {
  id: string;
  kind: string;
  status: string;
  execution_id: string | null;
  cost: number | null;
  source: string;
  workflow_type: { id: string; name: string } | null;
}

describe.each(engines())('assets on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let otherTenantId: string;
  let admin: string;
  let viewer: string;
  let manager: string;
  let assetAdmin: string;
  let nobody: string;
  let other: string;
  let managerPassport: string;
  let categoryId: string;
  let typeId: string;
  let venueId: string;
  let correctiveWf: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, `${AM}${path}`, { ...init, token });
  const ok = async <T>(response: Response, status = 200): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return (status === 204 ? null : await response.json()) as T;
  };
  const createAsset = (json: Record<string, unknown>, token = manager) => api(token, '/assets/', { method: 'POST', json: { type: typeId, ...json } });

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    otherTenantId = (await makeTenant(server, 'otra')).tenant.id;
    for (const id of [tenantId, otherTenantId]) await setFlags(server, id, { assets: true, assets_tab: true, asset_admin: true, qr_generator: true });
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    await addMember(server, tenantId, { email: 'ver@acme.test', name: 'Vera Viewer', permissions: ['VIEW_ASSETS'] });
    managerPassport = (await addMember(server, tenantId, { email: 'man@acme.test', name: 'Manuel Manager', permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS', 'VIEW_TASKS', 'VIEW_WF'] })).passport;
    await addMember(server, tenantId, { email: 'adm@acme.test', name: 'Ada Admin', permissions: ['ADMIN_ASSETS'] });
    await addMember(server, tenantId, { email: 'none@acme.test', name: 'Nadie', permissions: ['VIEW_HOME'] });
    viewer = (await signIn(server, 'acme', 'ver@acme.test', 'member-pass')).id_token;
    manager = (await signIn(server, 'acme', 'man@acme.test', 'member-pass')).id_token;
    assetAdmin = (await signIn(server, 'acme', 'adm@acme.test', 'member-pass')).id_token;
    nobody = (await signIn(server, 'acme', 'none@acme.test', 'member-pass')).id_token;
    venueId = (await ok<{ id: string }>(await server.api('acme', `${ORG}/venues/`, { method: 'POST', token: admin, json: { name: 'Bodega Central', code: 'BC' } }), 201)).id;
    const costForm = await createForm(server.api, 'acme', admin, 'Cierre de mantención', [{ type: 'float', name: 'cost', label: 'Costo', required: true }]);
    correctiveWf = (
      await publishModel(
        server.api,
        'acme',
        admin,
        'Mantención correctiva',
        [
          { id: 's', kind: 'start' },
          { id: 'fix', kind: 'userTask', name: 'Reparar', formId: costForm },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f1', from: 's', to: 'fix' },
          { id: 'f2', from: 'fix', to: 'e' },
        ],
      )
    ).typeId;
    categoryId = (await ok<{ id: string }>(await api(assetAdmin, '/categories/', { method: 'POST', json: { name: 'Equipos' } }), 201)).id;
    typeId = (
      await ok<{ id: string }>(
        await api(assetAdmin, '/asset-types/', {
          method: 'POST',
          json: { name: 'Refrigerador', category: categoryId, icon: 'fridge', color: '#1C7ED6', maintenance_workflow_types: [correctiveWf], corrective_workflow_type: correctiveWf },
        }),
        201,
      )
    ).id;
  });
  afterAll(() => server?.close());

  it('categories and types: ADMIN_ASSETS writes, every asset key reads; names are unique; used ones are not deleted', async () => {
    expect((await api(manager, '/categories/', { method: 'POST', json: { name: 'X' } })).status).toBe(403);
    expect((await api(nobody, '/categories/')).status).toBe(403);
    const list = await ok<{ results: { id: string; name: string; type_count: number }[] }>(await api(viewer, '/categories/'));
    expect(list.results).toEqual([expect.objectContaining({ id: categoryId, name: 'Equipos', type_count: 1 })]);
    const dup = await api(assetAdmin, '/categories/', { method: 'POST', json: { name: 'equipos' } });
    expect(dup.status).toBe(400);
    expect(await body(dup)).toMatchObject({ errors: { name: expect.any(Array) }, reasons: { name: 'in-use' } });
    const vehicles = await ok<{ id: string }>(await api(assetAdmin, '/categories/', { method: 'POST', json: { name: 'Vehículos' } }), 201);
    expect(await ok(await api(assetAdmin, `/categories/${vehicles.id}/`, { method: 'PATCH', json: { description: 'Flota' } }))).toMatchObject({ name: 'Vehículos', description: 'Flota' });
    const refused = await api(assetAdmin, `/categories/${categoryId}/`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ code: 'in-use' });

    const type = await ok<{ id: string; category: { name: string }; color: string; corrective_workflow_type: { id: string; name: string } }>(await api(viewer, `/asset-types/${typeId}/`));
    expect(type).toMatchObject({ category: { name: 'Equipos' }, color: '#1c7ed6', corrective_workflow_type: { id: correctiveWf, name: 'Mantención correctiva' } });
    const bad = await api(assetAdmin, '/asset-types/', { method: 'POST', json: { name: 'Malo', category: crypto.randomUUID(), color: 'red', maintenance_workflow_types: [crypto.randomUUID()] } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await body<{ errors: Record<string, unknown> }>(bad)).errors).sort()).toEqual(['color']);
    const unknownRefs = await api(assetAdmin, '/asset-types/', { method: 'POST', json: { name: 'Malo', category: crypto.randomUUID(), maintenance_workflow_types: [crypto.randomUUID()] } });
    expect(await body(unknownRefs)).toMatchObject({ reasons: { category: 'unknown-reference', maintenance_workflow_types: 'unknown-reference' } });
    const truck = await ok<{ id: string }>(await api(assetAdmin, '/asset-types/', { method: 'POST', json: { name: 'Montacargas', category: vehicles.id, icon: 'forklift' } }), 201);
    expect((await api(viewer, `/asset-types/?category=${vehicles.id}`)).status).toBe(200);
    expect((await ok<{ results: { id: string }[] }>(await api(viewer, `/asset-types/?category=${vehicles.id}`))).results.map((t) => t.id)).toEqual([truck.id]);
    expect((await api(assetAdmin, `/asset-types/${truck.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(assetAdmin, `/categories/${vehicles.id}/`, { method: 'DELETE' })).status).toBe(204);
  });

  it('assets: MANAGE_ASSETS creates with every field; codes are unique per organisation (409 duplicate-code); a non-image photo is refused', async () => {
    expect((await createAsset({ code: 'REF-001', name: 'Refri' }, viewer)).status).toBe(403);
    const photo = await storedId(await store(server, 'acme', manager, await uploadedId(await uploadWhole(server, 'acme', manager, PNG_1X1, 'refri.png'))));
    const manual = await storedId(await store(server, 'acme', manager, await uploadedId(await uploadWhole(server, 'acme', manager, PDF, 'manual.pdf'))));
    const parent = await ok<Asset>(await createAsset({ code: 'SALA-1', name: 'Sala de frío' }), 201);
    const created = await ok<Asset>(
      await createAsset({
        code: 'REF-001',
        name: 'Refrigerador vertical',
        manufacturer: 'Frigo',
        model: 'FV-300',
        venue: venueId,
        responsible: managerPassport,
        parent: parent.id,
        description: 'Lácteos',
        purchase_date: '2024-01-15',
        purchase_cost: 1200000,
        useful_life_years: 5,
        salvage_value: 200000,
        gps: { lat: -33.45, lng: -70.66 },
        photos: [photo],
        documents: [manual],
      }),
      201,
    );
    expect(created).toMatchObject({
      code: 'REF-001',
      type: { id: typeId, name: 'Refrigerador' },
      category: { id: categoryId, name: 'Equipos' },
      venue: { id: venueId, name: 'Bodega Central' },
      responsible: { passport: managerPassport, name: 'Manuel Manager' },
      parent: { id: parent.id, code: 'SALA-1' },
      maintenance_status: 'ok',
      status_reason: null,
      photos: [{ id: photo }],
      can_manage: true,
    });
    expect(created.label_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.public_url).toMatch(new RegExp(`/public/assets/${created.label_token}$`));
    expect((await ok<Asset>(await api(viewer, `/assets/${parent.id}/`))).children.map((c) => c.code)).toEqual(['REF-001']);

    const dup = await createAsset({ code: 'REF-001', name: 'Otro' });
    expect(dup.status).toBe(409);
    expect(await body(dup)).toMatchObject({ code: 'duplicate-code' });
    // another organisation may use the same code
    const otherType = await ok<{ id: string }>(
      await api(
        other,
        '/asset-types/',
        { method: 'POST', json: { name: 'Refri', category: (await ok<{ id: string }>(await api(other, '/categories/', { method: 'POST', json: { name: 'Equipos' } }, 'otra'), 201)).id } },
        'otra',
      ),
      201,
    );
    expect((await api(other, '/assets/', { method: 'POST', json: { code: 'REF-001', name: 'Ajeno', type: otherType.id } }, 'otra')).status).toBe(201);

    const notImage = await createAsset({ code: 'REF-002', name: 'Con PDF como foto', photos: [manual] });
    expect(notImage.status).toBe(400);
    expect(await body(notImage)).toMatchObject({ reasons: { photos: 'not-an-image' } });
    const badRefs = await createAsset({ code: 'REF-003', name: 'Refs', venue: crypto.randomUUID(), responsible: 'nadie', parent: crypto.randomUUID(), related: [crypto.randomUUID()] });
    expect(await body(badRefs)).toMatchObject({ reasons: { venue: 'unknown-reference', responsible: 'unknown-reference', parent: 'unknown-reference', related: 'unknown-reference' } });
    const badCode = await createAsset({ code: 'con espacio', name: 'x' });
    expect(badCode.status).toBe(400);
    // nothing half-written
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?search=REF-00'))).results.map((a) => a.code)).toEqual(['REF-001']);
  });

  it('edits: PATCH changes only what it names; a parent cycle is refused; a code taken is 409; related assets show both ways; DELETE detaches children', async () => {
    const a = await ok<Asset>(await createAsset({ code: 'EDIT-A', name: 'A' }), 201);
    const b = await ok<Asset>(await createAsset({ code: 'EDIT-B', name: 'B', parent: a.id }), 201);
    const edited = await ok<Asset>(await api(manager, `/assets/${a.id}/`, { method: 'PATCH', json: { name: 'A2', related: [b.id] } }));
    expect(edited).toMatchObject({ code: 'EDIT-A', name: 'A2', related: [{ id: b.id }] });
    expect((await ok<Asset>(await api(viewer, `/assets/${b.id}/`))).related.map((r) => r.id)).toEqual([a.id]);
    const cycle = await api(manager, `/assets/${a.id}/`, { method: 'PATCH', json: { parent: b.id } });
    expect(cycle.status).toBe(400);
    expect(await body(cycle)).toMatchObject({ reasons: { parent: 'cycle' } });
    expect((await api(manager, `/assets/${a.id}/`, { method: 'PATCH', json: { code: 'EDIT-B' } })).status).toBe(409);
    // a day that does not exist is the field's error, never the date column's
    for (const day of ['2026-02-31', '0000-01-01', '2026-13-01']) {
      const response = await api(manager, `/assets/${a.id}/`, { method: 'PATCH', json: { purchase_date: day } });
      expect(response.status, day).toBe(400);
      expect(Object.keys((await body<{ errors: Record<string, unknown> }>(response)).errors)).toEqual(['purchase_date']);
    }
    expect(await ok<{ purchase_date: string }>(await api(manager, `/assets/${a.id}/`, { method: 'PATCH', json: { purchase_date: '2024-02-29' } }))).toMatchObject({ purchase_date: '2024-02-29' });
    expect((await api(viewer, `/assets/${a.id}/`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(403);
    expect((await api(manager, `/assets/${a.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(viewer, `/assets/${a.id}/`)).status).toBe(404);
    expect(await ok<Asset>(await api(viewer, `/assets/${b.id}/`))).toMatchObject({ parent: null, related: [] });
  });

  it('list: filters, search, ordering and paging links', async () => {
    for (let i = 1; i <= 5; i++) await ok(await createAsset({ code: `LIST-${i}`, name: `Lista ${6 - i}`, venue: i % 2 ? venueId : null }), 201);
    const page = await ok<Page<Asset>>(await api(viewer, '/assets/?search=list-&page_size=2&ordering=-code'));
    expect(page.count).toBe(5);
    expect(page.results.map((a) => a.code)).toEqual(['LIST-5', 'LIST-4']);
    expect(page.next).toContain('page=2');
    expect(page.previous).toBeNull();
    expect((await ok<Page<Asset>>(await api(viewer, `/assets/?search=list-&venue=${venueId}`))).results.map((a) => a.code)).toEqual(['LIST-1', 'LIST-3', 'LIST-5']);
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?search=list-&ordering=name'))).results[0]!.code).toBe('LIST-5');
    expect((await ok<Page<Asset>>(await api(viewer, `/assets/?type=${typeId}&category=${categoryId}&status=ok&search=LIST-3`))).count).toBe(1);
    expect((await ok<Page<Asset>>(await api(viewer, `/assets/?responsible=${managerPassport}`))).results.map((a) => a.code)).toEqual(['REF-001']);
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?type=not-a-uuid'))).count).toBe(0);
    expect((await api(viewer, '/assets/?ordering=nonsense')).status).toBe(400);
    const overview = await ok<{ total: number; by_status: { status: string; count: number }[]; by_type: { name: string; count: number }[]; by_venue: { id: string | null; count: number }[] }>(
      await api(viewer, '/assets/overview/'),
    );
    expect(overview.total).toBeGreaterThanOrEqual(7);
    expect(overview.by_status.find((s) => s.status === 'ok')!.count).toBe(overview.total);
    expect(overview.by_type).toEqual([expect.objectContaining({ name: 'Refrigerador', count: overview.total })]);
    expect(overview.by_venue.find((v) => v.id === venueId)!.count).toBe(4);
  });

  it('by code (fixed contract) and scans: my history; another organisation’s code is not found, never leaked', async () => {
    expect(await ok(await api(viewer, '/assets/by-code/REF-001/'))).toMatchObject({ code: 'REF-001', name: 'Refrigerador vertical' });
    const missing = await api(viewer, '/assets/by-code/NOPE-9/');
    expect(missing.status).toBe(404);
    expect(await body(missing)).toEqual({ code: 'asset-not-found', detail: 'Could not find an asset with the code NOPE-9' });
    // the other organisation has its own REF-001, and an asset only it has
    await ok(
      await api(
        other,
        '/assets/',
        { method: 'POST', json: { code: 'SOLO-OTRA', name: 'Ajeno', type: (await ok<{ results: { id: string }[] }>(await api(other, '/asset-types/', {}, 'otra'))).results[0]!.id } },
        'otra',
      ),
      201,
    );
    const foreign = await api(viewer, '/assets/by-code/SOLO-OTRA/');
    expect(foreign.status).toBe(404);
    expect(await body(foreign)).toEqual({ code: 'asset-not-found', detail: 'Could not find an asset with the code SOLO-OTRA' });
    expect((await ok<Asset>(await api(other, '/assets/by-code/REF-001/', {}, 'otra'))).name).toBe('Ajeno');
    const foreignScan = await api(viewer, '/assets/scans/', { method: 'POST', json: { code: 'SOLO-OTRA' } });
    expect(foreignScan.status).toBe(404);
    expect(await body(foreignScan)).toMatchObject({ code: 'asset-not-found' });

    expect(await ok(await api(viewer, '/assets/scans/', { method: 'POST', json: { code: 'LIST-2' } }))).toMatchObject({ code: 'LIST-2' });
    await ok(await api(viewer, '/assets/scans/', { method: 'POST', json: { code: 'REF-001' } }));
    const history = await ok<Page<{ code: string; asset: { code: string } | null }>>(await api(viewer, '/assets/scans/'));
    expect(history.results.map((s) => s.code)).toEqual(['REF-001', 'LIST-2']);
    expect((await ok<Page<unknown>>(await api(manager, '/assets/scans/'))).count).toBe(0);
  });

  it('cross-tenant: another organisation’s ids answer 404 on every asset route', async () => {
    const mine = (await ok<Asset>(await api(viewer, '/assets/by-code/REF-001/'))).id;
    for (const path of [`/assets/${mine}/`, `/assets/${mine}/maintenances/`, `/assets/${mine}/plans/`, `/assets/${mine}/investment/`, `/asset-types/${typeId}/`]) {
      expect((await api(other, path, {}, 'otra')).status).toBe(404);
    }
    expect((await api(other, `/assets/${mine}/`, { method: 'PATCH', json: { name: 'hack' } }, 'otra')).status).toBe(404);
    expect((await api(other, `/assets/${mine}/`, { method: 'DELETE' }, 'otra')).status).toBe(404);
    expect((await api(other, `/assets/${mine}/maintenances/`, { method: 'POST', json: { kind: 'corrective' } }, 'otra')).status).toBe(404);
    expect((await api(other, `/categories/${categoryId}/`, { method: 'PATCH', json: { name: 'hack' } }, 'otra')).status).toBe(404);
    expect((await ok<Page<Asset>>(await api(other, '/assets/?page_size=200', {}, 'otra'))).results.map((a) => a.code).sort()).toEqual(['REF-001', 'SOLO-OTRA']);
    // a token of one organisation on another's host is refused
    expect((await api(admin, '/assets/', {}, 'otra')).status).toBe(403);
  });

  it('maintenance: a corrective execution turns the asset maintenance_needed; completing its workflow with a cost turns it ok and counts in the investment', async () => {
    const asset = await ok<Asset>(await api(viewer, '/assets/by-code/REF-001/'));
    const wrongType = await api(manager, `/assets/${asset.id}/maintenances/`, { method: 'POST', json: { kind: 'corrective', workflow_type: crypto.randomUUID() } });
    expect(wrongType.status).toBe(400);
    expect((await api(viewer, `/assets/${asset.id}/maintenances/`, { method: 'POST', json: { kind: 'corrective' } })).status).toBe(403);
    const started = await ok<Maintenance>(
      await api(manager, `/assets/${asset.id}/maintenances/`, { method: 'POST', json: { kind: 'corrective', workflow_type: correctiveWf, title: 'No enfría' } }),
      201,
    );
    expect(started).toMatchObject({ kind: 'corrective', status: 'InProcess', source: 'manual', workflow_type: { id: correctiveWf } });
    const exec = await ok<{ variables: Record<string, unknown>; tasks: { id: string; is_active: boolean }[] }>(await server.api('acme', `${WF}/executions/${started.execution_id}/`, { token: admin }));
    expect(exec.variables).toMatchObject({ asset: asset.id, asset_code: 'REF-001' });
    const needed = await ok<Asset>(await api(viewer, `/assets/${asset.id}/`));
    expect(needed).toMatchObject({ maintenance_status: 'maintenance_needed', status_reason: { code: 'corrective_open', maintenance_id: started.id } });
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?status=maintenance_needed'))).results.map((a) => a.code)).toEqual(['REF-001']);
    // a workflow execution finishes in its workflow, not here
    expect((await api(manager, `/assets/${asset.id}/maintenances/${started.id}/complete/`, { method: 'POST', json: {} })).status).toBe(409);

    const task = exec.tasks.find((t) => t.is_active)!;
    await ok(await server.api('acme', `${WF}/user-tasks/${task.id}/responses/`, { method: 'POST', token: manager, json: { response: { cost: 45000 } } }), 201);
    const fixed = await ok<Asset>(await api(viewer, `/assets/${asset.id}/`));
    expect(fixed).toMatchObject({ maintenance_status: 'ok', status_reason: null });
    expect(fixed.last_maintenance_at).not.toBeNull();
    const history = await ok<Page<Maintenance>>(await api(viewer, `/assets/${asset.id}/maintenances/`));
    expect(history.results[0]).toMatchObject({ id: started.id, status: 'Success', cost: 45000 });
    const all = await ok<Page<Maintenance>>(await api(viewer, `/maintenance-executions/?status=Success`));
    expect(all.results.map((m) => m.id)).toContain(started.id);
    // one maintenance by its id alone (the execution page without its asset in the address)
    expect(await ok<Maintenance>(await api(viewer, `/maintenance-executions/${started.id}/`))).toEqual(history.results[0]);
    expect((await api(nobody, `/maintenance-executions/${started.id}/`)).status).toBe(403);
    for (const unknown of [crypto.randomUUID(), 'not-a-uuid']) expect((await api(viewer, `/maintenance-executions/${unknown}/`)).status).toBe(404);
    expect((await api(other, `/maintenance-executions/${started.id}/`, {}, 'otra')).status).toBe(404);

    const inv = await ok<{
      purchase_cost: number;
      maintenance_spend_total: number;
      maintenance_spend_by_month: { month: string; cost: number }[];
      depreciation: { year: number; book_value: number }[];
    }>(await api(viewer, `/assets/${asset.id}/investment/`));
    expect(inv).toMatchObject({ purchase_cost: 1200000, maintenance_spend_total: 45000 });
    expect(inv.maintenance_spend_by_month).toEqual([{ month: new Date().toISOString().slice(0, 7), cost: 45000 }]);
    expect(inv.depreciation.map((d) => d.book_value)).toEqual([1000000, 800000, 600000, 400000, 200000]);
  });

  it('maintenance records: without a workflow type a record is opened and completed by hand', async () => {
    const asset = await ok<Asset>(await api(viewer, '/assets/by-code/LIST-1/'));
    const record = await ok<Maintenance>(await api(manager, `/assets/${asset.id}/maintenances/`, { method: 'POST', json: { kind: 'corrective', title: 'Puerta suelta' } }), 201);
    expect(record).toMatchObject({ execution_id: null, workflow_type: null, status: 'InProcess' });
    expect((await ok<Asset>(await api(viewer, `/assets/${asset.id}/`))).maintenance_status).toBe('maintenance_needed');
    const done = await ok<Maintenance>(await api(manager, `/assets/${asset.id}/maintenances/${record.id}/complete/`, { method: 'POST', json: { cost: 1500.5, notes: 'Bisagra nueva' } }));
    expect(done).toMatchObject({ status: 'Success', cost: 1500.5 });
    expect((await ok<Asset>(await api(viewer, `/assets/${asset.id}/`))).maintenance_status).toBe('ok');
    expect((await api(manager, `/assets/${asset.id}/maintenances/${record.id}/complete/`, { method: 'POST', json: {} })).status).toBe(409);
  });

  it('preventive plans: a recurring activity whose occurrences show on the asset calendar; an overdue one turns the asset maintenance_needed', async () => {
    const asset = await ok<Asset>(await api(viewer, '/assets/by-code/LIST-3/'));
    const bad = await api(manager, `/assets/${asset.id}/plans/`, {
      method: 'POST',
      json: { title: 'Revisión', rrule: 'FREQ=WEEKLY', start: '2026-12-07T09:00', timezone: 'America/Santiago', responsible: 'nadie' },
    });
    expect(bad.status).toBe(400);
    // weekly, starting two weeks ago: the past occurrences are overdue
    const start = new Date(Date.now() - 15 * 86_400_000);
    const wall = `${start.toISOString().slice(0, 10)}T09:00`;
    const plan = await ok<{ id: string; activity_public_id: string; rrule: string; responsible: { passport: string } }>(
      await api(manager, `/assets/${asset.id}/plans/`, { method: 'POST', json: { title: 'Revisión semanal', rrule: 'FREQ=WEEKLY', start: wall, timezone: 'UTC', responsible: managerPassport } }),
      201,
    );
    expect(plan).toMatchObject({ rrule: 'FREQ=WEEKLY', responsible: { passport: managerPassport } });
    expect((await ok<{ results: { id: string }[] }>(await api(viewer, `/assets/${asset.id}/plans/`))).results.map((p) => p.id)).toEqual([plan.id]);
    const day = Date.parse(`${start.toISOString().slice(0, 10)}T00:00:00Z`);
    const from = new Date(day - 86_400_000).toISOString();
    const to = new Date(day + 34 * 86_400_000).toISOString();
    const cal = await ok<{ results: { plan: { id: string }; start: string; status: string }[] }>(
      await api(viewer, `/assets/${asset.id}/calendar/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    );
    expect(cal.results).toHaveLength(5);
    expect(cal.results.every((o) => o.plan.id === plan.id)).toBe(true);
    expect(cal.results.slice(0, 2).map((o) => o.status)).toEqual(['EXPIRED', 'EXPIRED']);
    const overdue = await ok<Asset>(await api(viewer, `/assets/${asset.id}/`));
    expect(overdue).toMatchObject({ maintenance_status: 'maintenance_needed', status_reason: { code: 'preventive_overdue', plan_id: plan.id } });
    expect((await api(viewer, `/assets/${asset.id}/calendar/?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`)).status).toBe(400);
    // removing the plan removes its activity and the reason
    expect((await api(manager, `/assets/${asset.id}/plans/${plan.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await ok<Asset>(await api(viewer, `/assets/${asset.id}/`))).maintenance_status).toBe('ok');

    // an occurrence that falls overdue later is turned by the sweep (a read recomputes nothing)
    const later = await ok<Asset>(await api(viewer, '/assets/by-code/LIST-5/'));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const daily = await ok<{ id: string }>(
      await api(manager, `/assets/${later.id}/plans/`, {
        method: 'POST',
        json: { title: 'Revisión diaria', rrule: 'FREQ=DAILY', start: `${tomorrow}T09:00`, timezone: 'UTC', responsible: managerPassport },
      }),
      201,
    );
    expect((await ok<Asset>(await api(viewer, `/assets/${later.id}/`))).maintenance_status).toBe('ok');
    const inThreeDays = Date.now() + 3 * 86_400_000;
    const swept = await server.running.platform.db.transaction(tenantId, (tx) => sweepStatuses(tx, tenantId, inThreeDays));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await ok<Asset>(await api(viewer, `/assets/${later.id}/`))).toMatchObject({ maintenance_status: 'maintenance_needed', status_reason: { code: 'preventive_overdue', plan_id: daily.id } });
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?status=maintenance_needed&search=LIST-5'))).results.map((a) => a.code)).toEqual(['LIST-5']);
    expect((await api(manager, `/assets/${later.id}/plans/${daily.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await ok<Asset>(await api(viewer, `/assets/${later.id}/`))).maintenance_status).toBe('ok');
  });

  it('labels: a PDF sheet of QR codes, barcodes or DataMatrix for chosen or filtered assets; more than 5,000 is 400 too-many-labels', async () => {
    const ids = (await ok<Page<Asset>>(await api(viewer, '/assets/?search=LIST-'))).results.map((a) => a.id);
    expect((await api(viewer, '/labels/', { method: 'POST', json: { asset_ids: ids } })).status).toBe(403);
    for (const [kind, size] of [
      ['qr', 'avery-5160'],
      ['barcode', 'avery-l7160'],
      ['datamatrix', '50x25'],
    ] as const) {
      const response = await api(manager, '/labels/', { method: 'POST', json: { asset_ids: ids, kind, size } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // one page per label on a roll; a sheet holds them all
      const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      expect(pages).toBe(size === '50x25' ? ids.length : 1);
    }
    const filtered = await api(manager, '/labels/', { method: 'POST', json: { filters: { search: 'LIST-' }, kind: 'qr', size: '100x50' } });
    expect(filtered.status).toBe(200);
    expect(
      (
        Buffer.from(await filtered.arrayBuffer())
          .toString('latin1')
          .match(/\/Type \/Page\b/g) ?? []
      ).length,
    ).toBe(5);
    const tooMany = await api(manager, '/labels/', { method: 'POST', json: { asset_ids: Array.from({ length: 5001 }, () => crypto.randomUUID()) } });
    expect(tooMany.status).toBe(400);
    expect(await body(tooMany)).toMatchObject({ code: 'too-many-labels' });
    const unknown = await api(manager, '/labels/', { method: 'POST', json: { asset_ids: [crypto.randomUUID()] } });
    expect(await body(unknown)).toMatchObject({ reasons: { asset_ids: 'unknown-reference' } });
    expect((await api(manager, '/labels/', { method: 'POST', json: {} })).status).toBe(400);
    await setFlags(server, tenantId, { qr_generator: false });
    expect((await api(manager, '/labels/', { method: 'POST', json: { asset_ids: ids } })).status).toBe(403);
    await setFlags(server, tenantId, { qr_generator: true });
  });

  it('a label’s public page: anyone reports a problem without signing in; a corrective execution opens; rate-limited with Retry-After; completing it turns the asset ok', async () => {
    const asset = await ok<Asset>(await api(viewer, '/assets/by-code/LIST-4/'));
    const pub = (path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, `${AM}/public/assets/${asset.label_token}${path}`, init);
    expect(await ok(await pub('/'))).toEqual({ name: 'Lista 2', code: 'LIST-4', tenant_name: 'Org acme' });
    // the token is the organisation's: another host does not know it
    expect((await pub('/', {}, 'otra')).status).toBe(404);
    expect((await server.api('acme', `${AM}/public/assets/AAAAAAAAAAAAAAAAAAAAAA/`)).status).toBe(404);
    // a scan of the label's QR (its public address) opens the asset
    expect(await ok(await api(viewer, '/assets/scans/', { method: 'POST', json: { code: asset.public_url } }))).toMatchObject({ id: asset.id });

    const notImage = await pub('/reports/', { method: 'POST', json: { description: 'Gotea', photo: `data:image/png;base64,${PDF.toString('base64')}` } });
    expect(notImage.status).toBe(400);
    expect(await body(notImage)).toMatchObject({ reasons: { photo: 'not-an-image' } });
    expect((await ok<Asset>(await api(viewer, `/assets/${asset.id}/`))).maintenance_status).toBe('ok');

    const report = await ok<{ id: string }>(
      await pub('/reports/', {
        method: 'POST',
        json: { description: 'Gotea agua por la puerta', reporter_name: 'Visita', contact: '+56 9 1234 5678', photo: `data:image/png;base64,${PNG_1X1.toString('base64')}` },
      }),
      201,
    );
    const needed = await ok<Asset>(await api(viewer, `/assets/${asset.id}/`));
    expect(needed).toMatchObject({ maintenance_status: 'maintenance_needed', status_reason: { code: 'corrective_open', maintenance_id: report.id } });
    const [opened] = (
      await ok<Page<Maintenance & { reporter: { name: string; contact: string }; photo: { content_type: string } | null; description: string }>>(await api(viewer, `/assets/${asset.id}/maintenances/`))
    ).results;
    expect(opened).toMatchObject({
      id: report.id,
      kind: 'corrective',
      source: 'public_report',
      status: 'InProcess',
      workflow_type: { id: correctiveWf },
      reporter: { name: 'Visita', contact: '+56 9 1234 5678' },
      photo: { content_type: 'image/png' },
      description: 'Gotea agua por la puerta',
    });

    // the anonymous start's task goes to the workflow type's owner (the administrator)
    const exec = await ok<{ tasks: { id: string; is_active: boolean }[] }>(await server.api('acme', `${WF}/executions/${opened!.execution_id}/`, { token: admin }));
    await ok(await server.api('acme', `${WF}/user-tasks/${exec.tasks.find((t) => t.is_active)!.id}/responses/`, { method: 'POST', token: admin, json: { response: { cost: 9990 } } }), 201);
    // read by its id, the maintenance takes its finished execution's state and cost
    expect(await ok<Maintenance>(await api(viewer, `/maintenance-executions/${report.id}/`))).toMatchObject({ id: report.id, status: 'Success', cost: 9990 });
    expect((await ok<Page<Asset>>(await api(viewer, '/assets/?search=LIST-4'))).results[0]).toMatchObject({ maintenance_status: 'ok', status_reason: null });

    // five attempts per address in ten minutes (two spent above), then 429 with Retry-After
    for (let i = 0; i < 3; i++) expect((await pub('/reports/', { method: 'POST', json: { description: `Otro ${i}` } })).status).toBe(201);
    const limited = await pub('/reports/', { method: 'POST', json: { description: 'Uno más' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await body(limited)).toMatchObject({ code: 'too-many-requests' });
  });

  it('export: a CSV of the filtered assets made in the background, in the import’s columns; only its maker sees it', async () => {
    const created = await ok<{ id: string; status: string }>(await api(viewer, '/assets/export/', { method: 'POST', json: { format: 'csv', filters: { search: 'LIST-' } } }), 202);
    let now = created;
    for (let i = 0; i < 200 && now.status !== 'DONE' && now.status !== 'FAILED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await ok(await api(viewer, `/assets/exports/${created.id}/`));
    }
    expect(now).toMatchObject({ status: 'DONE', rows: 5 });
    const file = await api(viewer, `/assets/exports/${created.id}/download`);
    expect(file.status).toBe(200);
    const lines = (await file.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Código[,;]Nombre[,;]Tipo/);
    expect(lines.slice(1).map((l) => l.split(/[,;]/)[0])).toEqual(['LIST-1', 'LIST-2', 'LIST-3', 'LIST-4', 'LIST-5']);
    expect((await ok<Page<{ id: string }>>(await api(viewer, '/assets/exports/'))).results.map((e) => e.id)).toEqual([created.id]);
    expect((await api(manager, `/assets/exports/${created.id}/`)).status).toBe(404);
    expect((await api(other, `/assets/exports/${created.id}/`, {}, 'otra')).status).toBe(404);
    const xlsx = await ok<{ id: string }>(await api(viewer, '/assets/export/', { method: 'POST', json: { format: 'xlsx' } }), 202);
    expect(xlsx.id).toBeTruthy();
  });

  it('bulk load: an assets import adds and updates by code (type by name, venue by code, responsible by passport); bad rows are refused whole', async () => {
    const base = `${AM}/assets/imports/`;
    const done = await importAll(
      server,
      'acme',
      manager,
      base,
      csv([
        ['Código', 'Nombre', 'Tipo', 'Fabricante', 'Sede', 'Responsable', 'Costo de compra', 'Vida útil (años)'],
        ['IMP-1', 'Importado uno', 'Refrigerador', 'Frigo', 'BC', managerPassport, '1000', '5'],
        ['REF-001', 'Refrigerador vertical renombrado', '', '', '', '', '', ''],
      ]),
      'activos.csv',
    );
    expect(done.counts).toMatchObject({ ADD: 1, UPDATE: 1 });
    const added = await ok<Asset>(await api(viewer, '/assets/by-code/IMP-1/'));
    expect(added).toMatchObject({
      name: 'Importado uno',
      type: { id: typeId },
      category: { id: categoryId },
      venue: { id: venueId },
      responsible: { passport: managerPassport },
      maintenance_status: 'ok',
    });
    expect(added.label_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await ok<Asset>(await api(viewer, '/assets/by-code/REF-001/'))).name).toBe('Refrigerador vertical renombrado');

    const bad = await startImport(
      server,
      'acme',
      manager,
      base,
      csv([
        ['Código', 'Nombre', 'Tipo'],
        ['IMP-2', 'Sin tipo conocido', 'Lavadora'],
        ['IMP-3', 'Sin tipo', ''],
      ]),
      'malo.csv',
    );
    expect((await waitForJob(server, 'acme', manager, base, bad.id, ['VALIDATION_OK', 'VALIDATION_FAILED'])).status).toBe('VALIDATION_FAILED');
    expect((await rowsOf(server, 'acme', manager, base, bad.id, 'ERROR')).map((r) => r.key).sort()).toEqual(['IMP-2', 'IMP-3']);
    expect((await api(viewer, '/assets/by-code/IMP-2/')).status).toBe(404);
    expect((await server.api('acme', base, { token: viewer })).status).toBe(403);
  });

  it('the module toggle: a disabled asset module answers as absent; the flag off refuses', async () => {
    await setDisabledModules(server, otherTenantId, ['asset']);
    for (const path of [
      '/assets/',
      '/categories/',
      '/asset-types/',
      '/assets/by-code/REF-001/',
      '/assets/overview/',
      '/maintenance-executions/',
      '/assets/scans/',
      '/assets/imports/',
      `/public/assets/${'A'.repeat(22)}/`,
    ]) {
      const response = await api(other, path, {}, 'otra');
      expect(response.status).toBe(404);
      expect(await body(response)).toMatchObject({ code: 'module-disabled' });
    }
    expect((await api(other, '/assets/', { method: 'POST', json: { code: 'N', name: 'N', type: crypto.randomUUID() } }, 'otra')).status).toBe(404);
    await setDisabledModules(server, otherTenantId, []);
    await setFlags(server, otherTenantId, { assets: false });
    const flagged = await api(other, '/assets/', {}, 'otra');
    expect(flagged.status).toBe(403);
    expect(await body(flagged)).toMatchObject({ code: 'operation-not-allowed', flag: 'assets' });
    await setFlags(server, otherTenantId, { assets: true, asset_admin: false });
    expect((await api(other, '/categories/', { method: 'POST', json: { name: 'Nueva' } }, 'otra')).status).toBe(403);
    expect((await api(other, '/categories/', {}, 'otra')).status).toBe(200);
    await setFlags(server, otherTenantId, { asset_admin: true });
  });
});
