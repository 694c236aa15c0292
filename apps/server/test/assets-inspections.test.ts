import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setDisabledModules, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { openInspectionCorrectives } from '../src/modules/assets/index.ts';

const AM = '/api/asset-manager/v3';
const CL = '/api/checklists/v3';
const ORG = '/api/organization/v3';

interface Execution {
  id: string;
  status: string;
  venue: { id: string } | null;
  failed_items: { field_id: string; critical: boolean }[];
  asset?: { id: string; code: string; name: string } | null;
  asset_maintenances?: { id: string; field_id: string; title: string; status: string; asset: { id: string } }[];
}
interface Maintenance {
  id: string;
  kind: string;
  status: string;
  source: string;
  title: string;
  inspection?: { execution_id: string; field_id: string } | null;
}

/** A vehicle inspection: a critical yes/no and a choice with a failing option. */
const FIELDS = [
  { id: 1, type: 'boolean', name: 'frenos', label: '¿Frenos en buen estado?', required: true },
  { id: 2, type: 'multiple_choice', name: 'luces', label: 'Luces', required: true, choices: [{ choice: 'Bien' }, { choice: 'Mal' }] },
  { id: 3, type: 'float', name: 'km', label: 'Kilometraje' },
];
const ITEMS = [
  { field_id: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } },
  { field_id: 2, scoring: { kind: 'choice', scores: { Bien: 1, Mal: 0 }, failing: ['Mal'] } },
];

describe.each(engines())('inspections at assets on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let inspector: string;
  let noAssets: string;
  let foreign: string;
  let responsible: string;
  let venueId: string;
  let assetId: string;
  let foreignAssetId: string;
  let checklistId: string;

  const call = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, token });
  const json = async <T>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const start = (token: string, json: Record<string, unknown>) => call(token, `${CL}/checklists/${checklistId}/executions/`, { method: 'POST', json });

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    const otherId = (await makeTenant(server, 'otra')).tenant.id;
    for (const id of [tenantId, otherId]) await setFlags(server, id, { assets: true, assets_tab: true, asset_admin: true });
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    foreign = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    await addMember(server, tenantId, { email: 'insp@acme.test', name: 'Iván Inspector', permissions: ['VIEW_CHECKLISTS', 'VIEW_ASSETS'] });
    await addMember(server, tenantId, { email: 'sin@acme.test', name: 'Sonia Sin Activos', permissions: ['VIEW_CHECKLISTS'] });
    const owner = await addMember(server, tenantId, { email: 'resp@acme.test', name: 'Rosa Responsable', permissions: ['VIEW_ASSETS', 'VIEW_NOTIFICATIONS'] });
    inspector = (await signIn(server, 'acme', 'insp@acme.test', 'member-pass')).id_token;
    responsible = (await signIn(server, 'acme', 'resp@acme.test', 'member-pass')).id_token;
    noAssets = (await signIn(server, 'acme', 'sin@acme.test', 'member-pass')).id_token;
    venueId = (await json<{ id: string }>(await call(admin, `${ORG}/venues/`, { method: 'POST', json: { name: 'Patio de camiones', code: 'PC' } }), 201)).id;
    const category = await json<{ id: string }>(await call(admin, `${AM}/categories/`, { method: 'POST', json: { name: 'Flota' } }), 201);
    const type = await json<{ id: string }>(await call(admin, `${AM}/asset-types/`, { method: 'POST', json: { name: 'Camión', category: category.id } }), 201);
    assetId = (
      await json<{ id: string }>(await call(admin, `${AM}/assets/`, { method: 'POST', json: { type: type.id, code: 'CAM-01', name: 'Camión 1', venue: venueId, responsible: owner.passport } }), 201)
    ).id;
    const otherCategory = await json<{ id: string }>(await call(foreign, `${AM}/categories/`, { method: 'POST', json: { name: 'Flota' } }, 'otra'), 201);
    const otherType = await json<{ id: string }>(await call(foreign, `${AM}/asset-types/`, { method: 'POST', json: { name: 'Camión', category: otherCategory.id } }, 'otra'), 201);
    foreignAssetId = (await json<{ id: string }>(await call(foreign, `${AM}/assets/`, { method: 'POST', json: { type: otherType.id, code: 'CAM-01', name: 'Camión ajeno' } }, 'otra'), 201)).id;
    const checklistCategory = await json<{ id: string }>(await call(admin, `${CL}/categories/`, { method: 'POST', json: { name: 'Flota' } }), 201);
    checklistId = (
      await json<{ id: string }>(
        await call(admin, `${CL}/checklists/`, {
          method: 'POST',
          json: { name: 'Inspección de camión', category: checklistCategory.id, sections: [{ id: 's', title: 'Camión', field_ids: [1, 2, 3] }], fields: FIELDS, items: ITEMS },
        }),
        201,
      )
    ).id;
  });
  afterAll(() => server?.close());

  it('a checklist is started at an asset: the asset must be the organisation’s and visible to the executor; its venue is the execution’s', async () => {
    const unknown = await start(inspector, { asset: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(await body(unknown)).toMatchObject({ errors: { asset: [expect.stringContaining('Unknown asset')] } });
    expect((await start(inspector, { asset: foreignAssetId })).status).toBe(400);
    expect((await start(inspector, { asset: 'not-a-uuid' })).status).toBe(400);
    // who holds no asset key cannot name one (the picker's list is theirs to read)
    expect((await start(noAssets, { asset: assetId })).status).toBe(400);
    const draft = await json<Execution>(await start(inspector, { asset: assetId }), 201);
    expect(draft.asset).toEqual({ id: assetId, code: 'CAM-01', name: 'Camión 1' });
    expect(draft.venue?.id).toBe(venueId);
    expect(draft.asset_maintenances).toEqual([]);
  });

  it('on submit each failed item opens one corrective maintenance of the asset, linked both ways; the asset turns maintenance_needed', async () => {
    const draft = await json<Execution>(await start(inspector, { asset: assetId }), 200);
    const submitted = await json<Execution>(await call(inspector, `${CL}/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { frenos: false, luces: 'Mal', km: 120000 } } }), 200);
    expect(submitted.failed_items.map((item) => item.field_id).sort()).toEqual(['1', '2']);
    expect(submitted.asset_maintenances).toHaveLength(2);
    expect(submitted.asset_maintenances!.map((m) => [m.field_id, m.status, m.asset.id]).sort()).toEqual([
      ['1', 'InProcess', assetId],
      ['2', 'InProcess', assetId],
    ]);
    expect(submitted.asset_maintenances!.find((m) => m.field_id === '1')!.title).toBe('Ítem crítico reprobado: ¿Frenos en buen estado?');

    // the asset's responsible is told once, opening the asset's maintenance
    const inbox = await json<{ data: { summary: { title: string; body: string }; context: { action: string; path?: string } }[] }>(
      await call(responsible, '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=50'),
      200,
    );
    const told = inbox.data.filter((n) => n.context.action === 'inspection-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.summary.title).toBe('2 ítems reprobados en una inspección: CAM-01 · Camión 1');
    expect(told[0]!.context.path).toBe(`/assets/${assetId}/detail?tab=maintenance`);

    const asset = await json<{ maintenance_status: string; status_reason: { code: string; maintenance_id: string } | null }>(await call(inspector, `${AM}/assets/${assetId}/`), 200);
    expect(asset.maintenance_status).toBe('maintenance_needed');
    expect(asset.status_reason?.code).toBe('corrective_open');
    const history = await json<{ results: Maintenance[] }>(await call(inspector, `${AM}/assets/${assetId}/maintenances/`), 200);
    expect(history.results).toHaveLength(2);
    for (const m of history.results) expect(m).toMatchObject({ kind: 'corrective', source: 'inspection', status: 'InProcess', inspection: { execution_id: draft.id } });

    // the asset's inspections: the executions list filtered by asset
    const inspections = await json<{ count: number; results: { id: string }[] }>(await call(inspector, `${CL}/executions/?asset=${assetId}`), 200);
    expect(inspections.results.map((e) => e.id)).toEqual([draft.id]);
    expect((await json<{ count: number }>(await call(inspector, `${CL}/executions/?asset=not-a-uuid`), 200)).count).toBe(0);

    // idempotent per execution and item: opening them again opens nothing
    const again = await server.running.platform.db.transaction(tenantId, async (tx) => {
      const tenant = { id: tenantId, disabledModules: [] as string[], featureFlags: { assets: true } };
      return openInspectionCorrectives(server.running.platform, tx, tenant as never, { assetId, executionId: draft.id, startedBy: null, items: [{ fieldKey: '1', title: 'x', description: '' }] });
    });
    expect(again).toEqual([]);
    expect((await json<{ count: number }>(await call(inspector, `${AM}/assets/${assetId}/maintenances/`), 200)).count).toBe(2);

    // completing both turns the asset ok; the execution shows them done
    for (const m of history.results) await json(await call(admin, `${AM}/assets/${assetId}/maintenances/${m.id}/complete/`, { method: 'POST', json: { outcome: 'done', cost: 15000 } }), 200);
    expect((await json<{ maintenance_status: string }>(await call(inspector, `${AM}/assets/${assetId}/`), 200)).maintenance_status).toBe('ok');
    const seen = await json<Execution>(await call(inspector, `${CL}/executions/${draft.id}/`), 200);
    expect(seen.asset_maintenances!.map((m) => m.status)).toEqual(['Success', 'Success']);
  });

  it('a passing inspection opens nothing; one without an asset opens nothing', async () => {
    const draft = await json<Execution>(await start(inspector, { asset: assetId }), 201);
    const passed = await json<Execution>(await call(inspector, `${CL}/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { frenos: true, luces: 'Bien' } } }), 200);
    expect(passed.asset_maintenances).toEqual([]);
    const plain = await json<Execution>(await start(inspector, {}), 201);
    const failed = await json<Execution>(await call(inspector, `${CL}/executions/${plain.id}/submit/`, { method: 'POST', json: { answers: { frenos: false, luces: 'Mal' } } }), 200);
    expect(failed.asset).toBeNull();
    expect(failed.asset_maintenances).toEqual([]);
    expect((await json<{ count: number }>(await call(inspector, `${AM}/assets/${assetId}/maintenances/`), 200)).count).toBe(2);
  });

  it('the asset module off: an asset cannot be named, and a draft started before opens no maintenance when submitted', async () => {
    const draft = await json<Execution>(await start(inspector, { asset: assetId }), 201);
    await setDisabledModules(server, tenantId, ['asset']);
    try {
      expect((await start(noAssets, { asset: assetId })).status).toBe(400);
      const submitted = await json<Execution>(await call(inspector, `${CL}/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { frenos: false, luces: 'Bien' } } }), 200);
      expect(submitted.failed_items).toHaveLength(1);
    } finally {
      await setDisabledModules(server, tenantId, []);
    }
    expect((await json<{ count: number }>(await call(inspector, `${AM}/assets/${assetId}/maintenances/`), 200)).count).toBe(2);
  });
  it('a form’s asset field (forms §3) accepts only the organisation’s assets (another’s, an unknown or a malformed id is refused)', async () => {
    const created = await call(admin, '/api/forms/v3/forms/', {
      method: 'POST',
      json: { name: 'Entrega de equipos', description: [{ id: 1, type: 'assets', name: 'equipos', label: 'Equipos', required: true, skippable: false, validators: [] }] },
    });
    const formId = (await json<{ id: string }>(created, 201)).id;
    const answer = (equipos: unknown) => call(admin, `/api/forms/v3/forms/${formId}/responses/`, { method: 'POST', json: { response: { equipos } } });
    expect((await answer([assetId])).status).toBe(201);
    for (const bad of [[foreignAssetId], ['00000000-0000-4000-8000-000000000000'], [assetId, 'not-a-uuid']]) {
      const refused = await answer(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await body(refused)).toMatchObject({ non_field_errors: [expect.objectContaining({ loc: ['response', 'equipos'], type: 'assertion_error' })] });
    }
  });
});
