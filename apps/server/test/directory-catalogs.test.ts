import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerKey } from '@faena/domain';
import { body, collectRoutes, DEMO_PASSWORD, engines, seededDemo, signIn, tenantOf, type TestServer } from './harness.ts';
import { csv, importAll, ORG, RES, rowsOf, uploadFile } from './directory.helpers.ts';
import { PDF, PNG_1X1 } from './documents.helpers.ts';

interface Venue {
  id: string;
  name: string;
  code: string;
  business_line: string | null;
  business_line_name: string | null;
  categories: string[];
  timezone: string | null;
  country: string | null;
  gla: number | null;
  extra_data: Record<string, unknown>;
  is_active: boolean;
}
interface Item {
  id: string;
  name: string;
  code: string | null;
  is_active: boolean;
}

describe.each(engines())('venues, locations, catalogues, organisation and data sources on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let norteAdmin: string;
  let operario: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    norteAdmin = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
    operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  const post = async <T>(path: string, json: unknown, status = 201, token = admin, subdomain = 'demo') => {
    const response = await server.api(subdomain, path, { method: 'POST', token, json });
    expect(response.status, `${path} ${await response.clone().text()}`).toBe(status);
    return body<T>(response);
  };

  it('generic catalogues: list with search and is_active, create, detail, edit, soft delete; codes unique among active rows', async () => {
    for (const catalog of ['venue-categories', 'business-lines', 'blueprints', 'companies', 'stores']) {
      const base = `${ORG}/${catalog}/`;
      const first = await post<Item>(base, { name: `Primero ${catalog}`, code: 'A1', description: 'uno' });
      expect(first).toMatchObject({ name: `Primero ${catalog}`, code: 'A1', description: 'uno', is_active: true });
      expect(await post(base, { name: 'Otro', code: 'A1' }, 400)).toEqual({ code: 'validation-error', errors: { code: ['Code already in use'] }, reasons: { code: 'in-use' } });
      await post<Item>(base, { name: `Segundo ${catalog}` });
      const page = await body<{ count: number; results: Item[] }>(await server.api('demo', `${base}?search=primero`, { token: operario }));
      expect(page.results.map((i) => i.id)).toEqual([first.id]);
      expect(await body(await server.api('demo', `${base}${first.id}/`, { method: 'PATCH', token: admin, json: { name: 'Renombrado' } }))).toMatchObject({ name: 'Renombrado', code: 'A1' });
      expect((await server.api('demo', `${base}${first.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
      expect(await body(await server.api('demo', `${base}${first.id}/`, { token: operario }))).toMatchObject({ is_active: false });
      expect((await body<{ results: Item[] }>(await server.api('demo', base, { token: admin }))).results.map((i) => i.id)).not.toContain(first.id);
      expect((await body<{ results: Item[] }>(await server.api('demo', `${base}?is_active=false`, { token: admin }))).results.map((i) => i.id)).toEqual([first.id]);
      // the code is free again once its row is inactive
      await post<Item>(base, { name: 'Reutiliza', code: 'A1' });
      expect((await server.api('demo', `${base}${first.id}/`, { method: 'PATCH', token: admin, json: { is_active: true } })).status).toBe(400);
    }
    expect((await server.api('demo', `${ORG}/unicorns/`, { token: admin })).status).toBe(404);
    expect((await server.api('demo', `${ORG}/stores/nope/`, { token: admin })).status).toBe(404);
  });

  it('venues: full fields, business line and categories checked, IANA time zone and ISO country validated', async () => {
    const line = await post<Item>(`${ORG}/business-lines/`, { name: 'Centros comerciales', code: 'CC' });
    const category = await post<Item>(`${ORG}/venue-categories/`, { name: 'Outlet', code: 'OUT' });
    const venue = await post<Venue>(`${ORG}/venues/`, {
      name: 'Mall Norte',
      code: 'MN-01',
      address: 'Av. Siempre Viva 742',
      description: 'Sede principal',
      legacy_id: 42,
      business_line: line.id,
      country: 'cl',
      timezone: 'America/Santiago',
      gla: 12500.5,
      extra_data: { floors: 3, parking: true },
      categories: [category.id],
    });
    expect(venue).toMatchObject({
      code: 'MN-01',
      business_line: line.id,
      business_line_name: 'Centros comerciales',
      country: 'CL',
      timezone: 'America/Santiago',
      gla: 12500.5,
      extra_data: { floors: 3, parking: true },
      categories: [category.id],
      legacy_id: 42,
    });
    const errors = async (json: unknown) => (await body<{ errors: Record<string, string[]> }>(await server.api('demo', `${ORG}/venues/`, { method: 'POST', token: admin, json }))).errors;
    expect(Object.keys(await errors({ name: 'X', code: 'X1', timezone: 'Mars/Olympus' }))).toEqual(['timezone']);
    expect(Object.keys(await errors({ name: 'X', code: 'X1', country: 'ZZ' }))).toEqual(['country']);
    expect(Object.keys(await errors({ name: 'X', code: 'X1', business_line: category.id }))).toEqual(['business_line']);
    expect(Object.keys(await errors({ name: 'X', code: 'X1', categories: [line.id] }))).toEqual(['categories']);
    expect(await errors({ name: 'X', code: 'MN-01' })).toEqual({ code: ['Code already in use'] });
    expect(await body(await server.api('demo', `${ORG}/venues/${venue.id}/public`))).toEqual({ id: venue.id, name: 'Mall Norte', code: 'MN-01', address: 'Av. Siempre Viva 742' });
    expect(await body(await server.api('demo', `${ORG}/venues/${venue.id}/`, { method: 'PATCH', token: admin, json: { timezone: 'UTC', gla: null } }))).toMatchObject({ timezone: 'UTC', gla: null });
    expect((await server.api('demo', `${ORG}/venues/?search=mn-01`, { token: operario })).status).toBe(200);
    expect((await server.api('demo', `${ORG}/venues/`, { method: 'POST', token: operario, json: { name: 'x', code: 'y' } })).status).toBe(403);
    expect((await server.api('demo', `${ORG}/venues/${venue.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('demo', `${ORG}/venues/${venue.id}/public`)).status).toBe(404);
  });

  it('locations: a tree in a venue on a blueprint, cycles refused', async () => {
    const venue = await post<Venue>(`${ORG}/venues/`, { name: 'Planta', code: 'PL' });
    const blueprint = await post<Item>(`${ORG}/blueprints/`, { name: 'Plano piso 1', code: 'P1' });
    const building = await post<{ id: string; venue_name: string }>(`${ORG}/locations/`, { name: 'Edificio A', code: 'EA', venue: venue.id, blue_print: blueprint.id });
    expect(building).toMatchObject({ venue_name: 'Planta', blue_print: blueprint.id, parent: null });
    const floor = await post<{ id: string }>(`${ORG}/locations/`, { name: 'Piso 1', code: 'EA-1', parent: building.id, venue: venue.id });
    const room = await post<{ id: string }>(`${ORG}/locations/`, { name: 'Sala 101', code: 'EA-101', parent: floor.id });
    for (const parent of [room.id, floor.id, building.id]) {
      const response = await server.api('demo', `${ORG}/locations/${building.id}/`, { method: 'PATCH', token: admin, json: { parent } });
      expect(response.status, parent).toBe(400);
      expect(Object.keys((await body<{ errors: object }>(response)).errors)).toEqual(['parent']);
    }
    expect((await server.api('demo', `${ORG}/locations/`, { method: 'POST', token: admin, json: { name: 'x', code: 'x', venue: 'nope' } })).status).toBe(400);
    const children = await body<{ results: { id: string }[] }>(await server.api('demo', `${ORG}/locations/?parent=${building.id}`, { token: admin }));
    expect(children.results.map((l) => l.id)).toEqual([floor.id]);
    expect((await body<{ count: number }>(await server.api('demo', `${ORG}/locations/?venue=${venue.id}`, { token: admin }))).count).toBe(2);
    // the tree loads lazily: roots (parent=none), then a node's children, each with its children_count
    type Listed = { results: { id: string; children_count: number }[] };
    const roots = async (query = '') =>
      (await body<Listed>(await server.api('demo', `${ORG}/locations/?parent=none&venue=${venue.id}${query}`, { token: admin }))).results.map((l) => [l.id, l.children_count]);
    expect(await roots()).toEqual([[building.id, 1]]);
    expect((await body<Listed>(await server.api('demo', `${ORG}/locations/?parent=${building.id}`, { token: admin }))).results.map((l) => l.children_count)).toEqual([1]);
    expect(await body(await server.api('demo', `${ORG}/locations/${floor.id}/`, { token: admin }))).toMatchObject({ children_count: 1 });
    // a sub-location of a deleted one is a root of the active tree, and under its parent with is_active=all
    expect((await server.api('demo', `${ORG}/locations/${building.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect(await roots()).toEqual([[floor.id, 1]]);
    expect(await roots('&is_active=all')).toEqual([[building.id, 1]]);
    expect((await body<Listed>(await server.api('demo', `${ORG}/locations/?parent=not-an-id`, { token: admin }))).results).toEqual([]);
  });

  it('says what points at a row: persons, active venues and locations that would keep naming it', async () => {
    const usage = async (path: string, token = admin) => server.api('demo', `${ORG}/${path}usage/`, { token });
    const line = await post<Item>(`${ORG}/business-lines/`, { name: 'Retail usos', code: 'RU' });
    const category = await post<Item>(`${ORG}/venue-categories/`, { name: 'Outlet usos', code: 'OU' });
    const plan = await post<Item>(`${ORG}/blueprints/`, { name: 'Plano usos', code: 'PU' });
    const company = await post<Item>(`${ORG}/companies/`, { name: 'Contratista usos', code: 'CU' });
    const venue = await post<Venue>(`${ORG}/venues/`, { name: 'Sede usos', code: 'SU', business_line: line.id, categories: [category.id] });
    const floor = await post<{ id: string }>(`${ORG}/locations/`, { name: 'Piso usos', code: 'PU-1', venue: venue.id, blue_print: plan.id });
    await post(`${ORG}/locations/`, { name: 'Sala usos', code: 'PU-1-S', venue: venue.id, parent: floor.id });
    const gone = await post<{ id: string }>(`${ORG}/locations/`, { name: 'Sala cerrada', code: 'PU-1-X', venue: venue.id, parent: floor.id });
    expect((await server.api('demo', `${ORG}/locations/${gone.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    await post('/api/audiences/v3/persons/', { name: 'Persona usos', workspace_ids: [venue.id], business_line_ids: [line.id], company_id: company.id });
    const read = async (path: string) => body(await usage(path));
    expect(await read(`venues/${venue.id}/`)).toEqual({ persons: 1, locations: 3 - 1 });
    expect(await read(`locations/${floor.id}/`)).toEqual({ locations: 1 });
    expect(await read(`business-lines/${line.id}/`)).toEqual({ persons: 1, venues: 1 });
    expect(await read(`venue-categories/${category.id}/`)).toEqual({ venues: 1 });
    expect(await read(`blueprints/${plan.id}/`)).toEqual({ locations: 1 });
    expect(await read(`companies/${company.id}/`)).toEqual({ persons: 1 });
    // a row of another catalogue, or none at all, is not found here
    expect((await usage(`venue-categories/${line.id}/`)).status).toBe(404);
    expect((await usage('venues/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
    expect((await usage(`venues/${venue.id}/`, operario)).status).toBe(403);
  });

  it('a module the tenant disabled answers 404 module-disabled on its routes (demo-norte: store, company)', async () => {
    for (const path of [`${ORG}/stores/`, `${ORG}/companies/`, `${ORG}/imports/stores/`, `${ORG}/stores/00000000-0000-4000-8000-000000000000/`]) {
      const response = await server.api('demo-norte', path, { token: norteAdmin });
      expect(response.status, path).toBe(404);
      expect(await body(response), path).toMatchObject({ code: 'module-disabled', module: expect.any(String) });
    }
    expect((await server.api('demo-norte', `${ORG}/stores/`, { method: 'POST', token: norteAdmin, json: { name: 'x' } })).status).toBe(404);
    expect((await server.api('demo-norte', `${ORG}/business-lines/`, { token: norteAdmin })).status).toBe(200);
    expect((await server.api('demo', `${ORG}/stores/`, { token: admin })).status).toBe(200);
  });

  it('organisation profile: name and logo, the tenant cache dropped at once', async () => {
    const current = await body<{ id: string; name: string; logo_url: string | null }>(await server.api('demo', `${ORG}/current`, { token: operario }));
    expect(current).toMatchObject({ subdomain: 'demo', name: 'Faena Demo', logo_url: null, logo_upload_id: null, disabled_modules: [] });
    const logo = await uploadFile(server, 'demo', admin, PNG_1X1, 'logo.png');
    const updated = await body<{ name: string; logo_url: string; logo_upload_id: string }>(
      await server.api('demo', `${ORG}/current`, { method: 'PATCH', token: admin, json: { name: 'Faena Demo S.A.', logo_upload_id: logo } }),
    );
    expect(updated).toMatchObject({ name: 'Faena Demo S.A.', logo_url: `/api/organization/v3/logo/${logo}`, logo_upload_id: logo });
    // the public tenant answer (sign-in page) shows it on the next request
    expect(await body(await server.api('demo', '/api/tenant'))).toMatchObject({ name: 'Faena Demo S.A.', logo_url: `/api/organization/v3/logo/${logo}` });
    const image = await server.api('demo', updated.logo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // only the current logo, only on its own host
    const other = await uploadFile(server, 'demo', admin, PNG_1X1, 'otro.png');
    expect((await server.api('demo', `${ORG}/logo/${other}`)).status).toBe(404);
    expect((await server.api('demo-norte', updated.logo_url)).status).toBe(404);
    const pdf = await uploadFile(server, 'demo', admin, PDF, 'logo.pdf');
    const notImage = await server.api('demo', `${ORG}/current`, { method: 'PATCH', token: admin, json: { logo_upload_id: pdf } });
    expect(await body(notImage)).toMatchObject({ code: 'validation-error', reasons: { logo_upload_id: 'not-an-image' } });
    expect((await server.api('demo', `${ORG}/current`, { method: 'PATCH', token: operario, json: { name: 'Hackeada' } })).status).toBe(403);
    expect(await body(await server.api('demo', `${ORG}/current`, { method: 'PATCH', token: admin, json: { name: 'Faena Demo', logo_upload_id: null } }))).toMatchObject({
      name: 'Faena Demo',
      logo_url: null,
    });
    expect(await body(await server.api('demo', '/api/tenant'))).toMatchObject({ name: 'Faena Demo', logo_url: null });
  });

  it('data sources: key/label rows edited by hand, searchable for pickers, MANAGE_DATA_SOURCES to write', async () => {
    const source = await post<{ id: string; rows_count: number }>(`${RES}/data-sources/`, { name: 'Regiones', description: 'Regiones de Chile' });
    expect(source.rows_count).toBe(0);
    const rows = `${RES}/data-sources/${source.id}/rows/`;
    const rm = await post<{ id: string }>(rows, { key: 'RM', label: 'Región Metropolitana' });
    await post(rows, { key: 'V', label: 'Valparaíso' });
    // listed by label as Spanish readers expect: accents ignored, ñ after n, whatever the engine's collation
    // and numbers by their value: "Zona 2" before "Zona 10"
    const numbered = [
      ['Z10', 'Zona 10'],
      ['Z2', 'Zona 2'],
      ['Z1', 'Zona 1'],
      ['Z100', 'Zona 100'],
      ['Z9A', 'Zona 9a'],
    ];
    for (const [key, label] of [['XVI', 'Ñuble'], ['VII', 'Maule'], ['XV', 'Arica y Parinacota'], ['X', 'los Lagos'], ['VI', "O'Higgins"], ['IX', 'Nuevo Biobío'], ['II', 'Álamos'], ...numbered])
      await post(rows, { key, label });
    const ordered = await body<{ results: { label: string }[] }>(await server.api('demo', `${rows}?page_size=50`, { token: operario }));
    expect(ordered.results.map((r) => r.label)).toEqual([
      'Álamos',
      'Arica y Parinacota',
      'los Lagos',
      'Maule',
      'Nuevo Biobío',
      'Ñuble',
      "O'Higgins",
      'Región Metropolitana',
      'Valparaíso',
      'Zona 1',
      'Zona 2',
      'Zona 9a',
      'Zona 10',
      'Zona 100',
    ]);
    // a search of a number still finds it as written
    expect((await body<{ results: { key: string }[] }>(await server.api('demo', `${rows}?search=${encodeURIComponent('zona 10')}`, { token: operario }))).results.map((r) => r.key).sort()).toEqual([
      'Z10',
      'Z100',
    ]);
    for (const key of ['XVI', 'VII', 'XV', 'X', 'VI', 'IX', 'II', ...numbered.map(([numberedKey]) => numberedKey!)]) {
      const row = (await body<{ results: { id: string; key: string }[] }>(await server.api('demo', `${rows}?page_size=50`, { token: operario }))).results.find((r) => r.key === key)!;
      expect((await server.api('demo', `${rows}${row.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    }
    expect(await post(rows, { key: 'RM', label: 'Otra' }, 400)).toEqual({ code: 'validation-error', errors: { key: ['Key already in use'] }, reasons: { key: 'in-use' } });
    const search = await body<{ count: number; results: { key: string; label: string }[] }>(await server.api('demo', `${rows}?search=metro`, { token: operario }));
    expect(search.results).toEqual([{ id: rm.id, key: 'RM', label: 'Región Metropolitana', is_active: true }]);
    expect(await body(await server.api('demo', `${rows}${rm.id}`, { method: 'PATCH', token: admin, json: { label: 'Metropolitana de Santiago' } }))).toMatchObject({
      label: 'Metropolitana de Santiago',
    });
    expect((await server.api('demo', `${rows}${rm.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await body<{ count: number }>(await server.api('demo', rows, { token: operario }))).count).toBe(1);
    expect(await body(await server.api('demo', `${RES}/data-sources/${source.id}/`, { token: operario }))).toMatchObject({ name: 'Regiones', rows_count: 1 });
    const rrhh = (await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', `${RES}/data-sources/`, { method: 'POST', token: rrhh, json: { name: 'x' } })).status).toBe(403);
    expect((await server.api('demo', rows, { method: 'POST', token: operario, json: { key: 'x', label: 'y' } })).status).toBe(403);
    // which forms read it: the latest version of each form decides
    const usage = async () => body<{ forms: { id: string; name: string }[] }>(await server.api('demo', `${RES}/data-sources/${source.id}/usage/`, { token: admin }));
    expect(await usage()).toEqual({ forms: [] });
    // the demo's own form reads both demo sources
    const demoSources = await body<{ results: { id: string; name: string }[] }>(await server.api('demo', `${RES}/data-sources/?page_size=50`, { token: admin }));
    for (const name of ['Tallas de uniforme', 'Regiones de Chile']) {
      const demo = demoSources.results.find((s) => s.name === name)!;
      expect(await body(await server.api('demo', `${RES}/data-sources/${demo.id}/usage/`, { token: admin }))).toEqual({ forms: [{ id: expect.any(String), name: 'Solicitud de ropa de trabajo' }] });
    }
    const field = (id: number, dataSource: string) => ({
      id,
      type: 'data_source',
      name: `region_${id}`,
      label: 'Región',
      required: false,
      skippable: false,
      validators: [],
      data_source_id: dataSource,
    });
    const other = await post<{ id: string }>(`${RES}/data-sources/`, { name: 'Turnos' });
    const uses = await post<{ id: string }>('/api/forms/v3/forms/', { name: 'Despacho', description: [field(1, source.id)] });
    await post('/api/forms/v3/forms/', { name: 'Turnos de bodega', description: [field(1, other.id)] });
    expect(await usage()).toEqual({ forms: [{ id: uses.id, name: 'Despacho' }] });
    const edited = await server.api('demo', `/api/forms/v3/forms/${uses.id}/`, { method: 'PUT', token: admin, json: { name: 'Despacho', description: [field(1, other.id)] } });
    expect(edited.status).toBe(200);
    expect(await usage()).toEqual({ forms: [] });
    expect((await server.api('demo', `${RES}/data-sources/${source.id}/usage/`, { token: operario })).status).toBe(403);
    expect((await server.api('demo', `${RES}/data-sources/${source.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('demo', rows, { method: 'POST', token: admin, json: { key: 'x', label: 'y' } })).status).toBe(404);
    expect((await server.api('demo', `${RES}/data-sources/nope/rows/`, { token: admin })).status).toBe(404);
  });

  it("data source rows named back by their exact keys (an answer's labels): keys with commas, deleted rows on request, a key a search would bury", async () => {
    const source = await post<{ id: string }>(`${RES}/data-sources/`, { name: 'Bodegas numeradas' });
    const rows = `${RES}/data-sources/${source.id}/rows/`;
    for (let n = 1; n <= 60; n += 1) await post(rows, { key: String(n), label: `Bodega ${String(n).padStart(2, '0')}` });
    await post(rows, { key: 'Norte, 2', label: 'Norte segundo piso' });
    const gone = await post<{ id: string }>(rows, { key: 'Z', label: 'Zona cerrada' });
    expect((await server.api('demo', `${rows}${gone.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    const named = async (query: string) =>
      (await body<{ count: number; results: { key: string; label: string }[] }>(await server.api('demo', `${rows}?${query}`, { token: operario }))).results.map((r) => `${r.key}=${r.label}`);
    // a search is a substring match ("1" is in 15 keys and labels), a key is the row's own: only the exact keys answer
    const keys = new URLSearchParams([
      ['key', '60'],
      ['key', 'Norte, 2'],
      ['key', 'Z'],
      ['key', 'nope'],
      ['is_active', 'all'],
    ]);
    expect((await named(keys.toString())).sort()).toEqual(['60=Bodega 60', 'Norte, 2=Norte segundo piso', 'Z=Zona cerrada']);
    expect(await named('key=1&page_size=1')).toEqual(['1=Bodega 01']);
    expect(await named('key=Z')).toEqual([]); // active rows unless asked
    expect(await named('key=60')).toEqual(['60=Bodega 60']);
    const tooMany = new URLSearchParams(Array.from({ length: 101 }, (_, n): [string, string] => ['key', String(n)]));
    expect((await server.api('demo', `${rows}?${tooMany.toString()}`, { token: operario })).status).toBe(400);
  });

  it('a data source in manual order: rows moved by hand, new ones at the end, pickers and the current file in that order (decision 018)', async () => {
    const source = await post<{ id: string; row_order: string }>(`${RES}/data-sources/`, { name: 'Prioridades' });
    expect(source.row_order).toBe('label');
    const rows = `${RES}/data-sources/${source.id}/rows/`;
    const ids: Record<string, string> = {};
    for (const [key, label] of [
      ['3', 'Baja'],
      ['1', 'Urgente'],
      ['2', 'Alta'],
    ] as const)
      ids[key] = (await post<{ id: string }>(rows, { key, label })).id;
    const keys = async (query = '') => (await body<{ results: { key: string }[] }>(await server.api('demo', `${rows}?page_size=50${query}`, { token: operario }))).results.map((r) => r.key).join('');
    const move = (key: string, to: string, token = admin) => server.api('demo', `${rows}${ids[key]}/move`, { method: 'POST', token, json: { to } });
    // by label until someone says otherwise: Alta, Baja, Urgente
    expect(await keys()).toBe('231');
    const refused = await move('1', 'first');
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ code: 'conflict', reason: 'label-order' });
    // manual order starts from what readers saw
    expect(await body(await server.api('demo', `${RES}/data-sources/${source.id}/`, { method: 'PATCH', token: admin, json: { row_order: 'manual' } }))).toMatchObject({ row_order: 'manual' });
    expect(await keys()).toBe('231');
    expect(await body(await move('1', 'first'))).toMatchObject({ key: '1', label: 'Urgente' });
    expect(await keys()).toBe('123');
    expect((await move('3', 'up')).status).toBe(200);
    expect(await keys()).toBe('132');
    expect((await move('1', 'up')).status).toBe(200); // already first: nothing moves
    expect((await move('1', 'down')).status).toBe(200);
    expect(await keys()).toBe('312');
    expect((await move('3', 'last')).status).toBe(200);
    expect(await keys()).toBe('123');
    // a new row goes last; a search keeps the order
    ids['0'] = (await post<{ id: string }>(rows, { key: '0', label: 'Informativa' })).id;
    expect(await keys()).toBe('1230');
    expect(await keys('&search=a')).toBe('230');
    // a deleted row is skipped by its neighbours' moves and cannot move itself
    expect((await server.api('demo', `${rows}${ids['2']}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect(await keys()).toBe('130');
    expect((await move('3', 'up')).status).toBe(200);
    expect(await keys()).toBe('310');
    expect(await body(await move('2', 'first'))).toMatchObject({ code: 'conflict', reason: 'deleted' });
    expect((await server.api('demo', `${rows}${ids['2']}`, { method: 'PATCH', token: admin, json: { is_active: true } })).status).toBe(200);
    expect(await keys()).toBe('3210'); // back in its old place
    // an import appends its new rows in the file's order and leaves the others where they are
    const imports = `${RES}/data-sources/${source.id}/imports/`;
    const job = await importAll(
      server,
      'demo',
      admin,
      imports,
      csv([
        ['key', 'label'],
        ['9', 'Nueva nueve'],
        ['1', 'Urgente'],
        ['8', 'Nueva ocho'],
      ]),
      'prioridades.csv',
      'upsert',
    );
    expect(job).toMatchObject({ status: 'APPLY_OK', counts: { ADD: 2 } });
    expect(await keys()).toBe('321098');
    // the current file follows the order too
    const current = await server.api('demo', `${imports}current.csv`, { token: admin });
    expect(
      (await current.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')
        .map((line) => line.split(',')[0])
        .join(''),
    ).toBe('Clave321098');
    // replacing everything puts the source in the file's order: the fewest rows that move count as updated
    const reordered = csv([
      ['key', 'label'],
      ['1', 'Urgente'],
      ['2', 'Alta'],
      ['3', 'Baja'],
      ['0', 'Informativa general'],
      ['8', 'Nueva ocho'],
      ['7', 'Nueva siete'],
    ]);
    const replaced = await importAll(server, 'demo', admin, imports, reordered, 'prioridades.csv', 'replace');
    expect(replaced.counts).toMatchObject({ ADD: 1, DELETE: 1, UPDATE: 3, NO_CHANGE: 2 });
    const preview = Object.fromEntries((await rowsOf(server, 'demo', admin, imports, replaced.id)).map((row) => [row.key, row.operation]));
    expect(preview).toEqual({ '1': 'UPDATE', '2': 'UPDATE', '3': 'NO_CHANGE', '0': 'UPDATE', '8': 'NO_CHANGE', '7': 'ADD', '9': 'DELETE' });
    expect(await keys()).toBe('123087');
    // the same file again changes nothing; upsert mode never reorders
    expect((await importAll(server, 'demo', admin, imports, reordered, 'prioridades.csv', 'replace')).counts).toMatchObject({ ADD: 0, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 6 });
    const upserted = await importAll(
      server,
      'demo',
      admin,
      imports,
      csv([
        ['key', 'label'],
        ['7', 'Nueva siete'],
        ['1', 'Urgente'],
      ]),
      'prioridades.csv',
      'upsert',
    );
    expect(upserted.counts).toMatchObject({ ADD: 0, UPDATE: 0, NO_CHANGE: 2 });
    expect(await keys()).toBe('123087');
    // a move by hand after the import works from the new order
    ids['7'] = (await body<{ results: { id: string; key: string }[] }>(await server.api('demo', `${rows}?search=siete`, { token: admin }))).results[0]!.id;
    expect((await move('7', 'first')).status).toBe(200);
    expect(await keys()).toBe('712308');
    expect((await move('7', 'last')).status).toBe(200);
    // rules of the route
    expect((await move('1', 'last', operario)).status).toBe(403);
    expect((await move('1', 'sideways')).status).toBe(400);
    expect((await server.api('demo', `${rows}00000000-0000-4000-8000-000000000000/move`, { method: 'POST', token: admin, json: { to: 'up' } })).status).toBe(404);
    // back to alphabetical: Alta, Baja, Informativa general, Nueva ocho, Nueva siete, Urgente
    await server.api('demo', `${RES}/data-sources/${source.id}/`, { method: 'PATCH', token: admin, json: { row_order: 'label' } });
    expect(await keys()).toBe('230871');
  });

  it('a file of 20,000 rows in the reverse order reorders a manual source: all but one row move, and the same file again changes nothing', async () => {
    // the statements must not depend on statistics of rows written a moment ago (a nested loop of 20,000 by 20,000 would not finish here)
    const source = await post<{ id: string }>(`${RES}/data-sources/`, { name: 'Códigos de falla', row_order: 'manual' });
    const imports = `${RES}/data-sources/${source.id}/imports/`;
    const keys = Array.from({ length: 20_000 }, (_, i) => `F${String(i).padStart(5, '0')}`);
    const file = (order: string[]) => csv([['key', 'label'], ...order.map((key) => [key, `Falla ${key}`])]);
    expect((await importAll(server, 'demo', admin, imports, file(keys), 'fallas.csv', 'replace')).counts).toMatchObject({ ADD: 20_000 });
    const reversed = [...keys].reverse();
    expect((await importAll(server, 'demo', admin, imports, file(reversed), 'fallas.csv', 'replace')).counts).toMatchObject({ UPDATE: 19_999, NO_CHANGE: 1 });
    expect((await importAll(server, 'demo', admin, imports, file(reversed), 'fallas.csv', 'replace')).counts).toMatchObject({ UPDATE: 0, NO_CHANGE: 20_000 });
    const page = async (n: number) =>
      (await body<{ results: { key: string }[] }>(await server.api('demo', `${RES}/data-sources/${source.id}/rows/?page_size=100&page=${n}`, { token: operario }))).results.map((row) => row.key);
    expect(await page(1)).toEqual(reversed.slice(0, 100));
    expect(await page(200)).toEqual(reversed.slice(19_900));
  });

  it("keeps tenant B's venues, locations, catalogues, organisation and data sources out of tenant A's reach", async () => {
    const bId = (await tenantOf(server, 'demo-norte')).id;
    const venue = await post<Venue>(`${ORG}/venues/`, { name: 'Faena B', code: 'FB' }, 201, norteAdmin, 'demo-norte');
    const location = await post<{ id: string }>(`${ORG}/locations/`, { name: 'Rajo', code: 'R1', venue: venue.id }, 201, norteAdmin, 'demo-norte');
    const line = await post<Item>(`${ORG}/business-lines/`, { name: 'Cobre', code: 'CU' }, 201, norteAdmin, 'demo-norte');
    const source = await post<{ id: string }>(`${RES}/data-sources/`, { name: 'Turnos B' }, 201, norteAdmin, 'demo-norte');
    const row = await post<{ id: string }>(`${RES}/data-sources/${source.id}/rows/`, { key: 'N', label: 'Noche' }, 201, norteAdmin, 'demo-norte');
    const reads = [
      `${ORG}/venues/${venue.id}/`,
      `${ORG}/venues/${venue.id}/public`,
      `${ORG}/locations/${location.id}/`,
      `${ORG}/business-lines/${line.id}/`,
      `${RES}/data-sources/${source.id}/`,
      `${RES}/data-sources/${source.id}/rows/`,
      `${RES}/data-sources/${source.id}/imports/`,
      `${RES}/data-sources/${source.id}/imports/current.csv`,
      `${RES}/data-sources/${source.id}/usage/`,
      `${ORG}/venues/${venue.id}/usage/`,
      `${ORG}/locations/${location.id}/usage/`,
      `${ORG}/business-lines/${line.id}/usage/`,
    ];
    for (const path of reads) expect((await server.api('demo', path, { token: admin })).status, path).toBe(404);
    for (const [method, path, json] of [
      ['PATCH', `${ORG}/venues/${venue.id}/`, { name: 'x' }],
      ['DELETE', `${ORG}/locations/${location.id}/`, undefined],
      ['PATCH', `${ORG}/business-lines/${line.id}/`, { name: 'x' }],
      ['PATCH', `${RES}/data-sources/${source.id}/rows/${row.id}`, { label: 'x' }],
      ['POST', `${RES}/data-sources/${source.id}/rows/`, { key: 'x', label: 'x' }],
      ['POST', `${RES}/data-sources/${source.id}/rows/${row.id}/move`, { to: 'first' }],
    ] as const) {
      expect((await server.api('demo', path, { method, token: admin, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(404);
    }
    // references to B's rows are unknown in A
    expect((await server.api('demo', `${ORG}/locations/`, { method: 'POST', token: admin, json: { name: 'x', code: 'x', venue: venue.id } })).status).toBe(400);
    expect((await server.api('demo', `${ORG}/venues/`, { method: 'POST', token: admin, json: { name: 'x', code: 'x', business_line: line.id } })).status).toBe(400);
    // lists of A hold none of B's
    const listed = JSON.stringify([
      await body(await server.api('demo', `${ORG}/venues/?page_size=200&is_active=all`, { token: admin })),
      await body(await server.api('demo', `${ORG}/locations/?page_size=200&is_active=all`, { token: admin })),
      await body(await server.api('demo', `${ORG}/business-lines/?page_size=200&is_active=all`, { token: admin })),
      await body(await server.api('demo', `${RES}/data-sources/?page_size=200&is_active=all`, { token: admin })),
      await body(await server.api('demo', `${ORG}/current`, { token: admin })),
    ]);
    for (const id of [venue.id, location.id, line.id, source.id, bId]) expect(listed).not.toContain(id);
    // B's token on A's host: refused before anything is read
    const routes = (await collectRoutes(server)).filter((route) => route.url.startsWith(ORG) || route.url.startsWith(RES));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes.filter((r) => r.access && 'permissions' in r.access)) {
      const path = route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const response = await server.api('demo', path, { method: route.method, token: norteAdmin, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect((await body(response)).code).toBe('tenant-mismatch');
    }
  });

  it('lists the import kinds with their columns and every error text', async () => {
    const kinds = await body<{
      kinds: { kind: string; columns: { name: string; header_es: string; aliases: string[]; required: boolean; description: string; description_es: string }[] }[];
      error_codes: Record<string, string>;
      limits: { max_bytes: number; max_rows: number };
    }>(await server.api('demo', `${RES}/imports/kinds`, { token: operario }));
    expect(kinds.kinds.map((k) => k.kind).sort()).toEqual([
      'assets',
      'blueprints',
      'business-lines',
      'companies',
      'data-source-rows',
      'locations',
      'people',
      'positions',
      'stores',
      'venue-categories',
      'venues',
    ]);
    // every column is described in English and in Spanish
    const people = kinds.kinds.find((k) => k.kind === 'people')!.columns;
    expect(people.find((c) => c.name === 'phones')).toMatchObject({ description: 'Phone numbers, separated by ;.', description_es: 'Teléfonos, separados por ;.' });
    for (const kind of kinds.kinds) for (const column of kind.columns) expect(column.description_es.length, `${kind.kind}`).toBeGreaterThan(3);
    expect(people.find((c) => c.name === 'workspaces')?.header_es).toBe('Lugares de trabajo');
    // what one file may be on this server, for the upload card to say
    expect(kinds.limits).toEqual({ max_bytes: 50 * 1024 * 1024, max_rows: 500_000 });
    // every column has a Spanish header, and no header or alias of a kind names two of its columns
    for (const kind of kinds.kinds) {
      const owners = new Map<string, string>();
      for (const column of kind.columns) {
        expect(column.header_es, `${kind.kind}.${column.name}`).toMatch(/^\p{Lu}/u);
        for (const header of [column.name, column.header_es, ...column.aliases]) {
          expect(owners.get(headerKey(header)) ?? column.name, `${kind.kind}: ${header}`).toBe(column.name);
          owners.set(headerKey(header), column.name);
        }
      }
    }
    expect(kinds.error_codes).toMatchObject({
      FILE_ROW_BLANK_LABEL: "La columna 'label' no puede estar vacía",
      FILE_ROW_DUPLICATE_KEY: "La columna 'key' está duplicada",
      UNHANDLED_ERROR: 'Error no manejado',
      FILE_NOT_REACHABLE: expect.any(String),
      FILE_TYPE_NOT_SUPPORTED: expect.any(String),
      FILE_WITHOUT_REQUIRED_HEADERS: expect.any(String),
      FILE_WITH_ERROR_IN_ROWS: expect.any(String),
    });
  });
});
