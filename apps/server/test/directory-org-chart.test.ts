import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@faena/domain';
import { addMember, body, DEMO_PASSWORD, engines, seededDemo, setFlags, signIn, tenantOf, type TestServer } from './harness.ts';
import { AUD, ORG, PERSONS, RES } from './directory.helpers.ts';
import { resolveAudience } from '../src/modules/audiences/audiences.service.ts';

interface Position {
  id: string;
  title: string;
  department: string | null;
  code: string | null;
  is_root: boolean;
  organization: string;
  tenant: string;
  parents: string[];
  people: { id: string; name: string; passport: string }[];
  people_count: number;
  default_permission_list: string[];
  default_permissions: number;
}
interface Chart {
  organization_id: string;
  organization_name: string;
  nodes: { id: string; title: string; persons: { id: string; name: string }[]; additional_count: number }[];
  edges: { from: string; to: string }[];
}

const POSITIONS = `${AUD}/positions/`;
const AUDIENCES = `${AUD}/audiences/`;

describe.each(engines())('positions, org chart, audiences and permissions calculator on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let tenantId: string;
  let people: { id: string; name: string }[];
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    tenantId = (await tenantOf(server, 'demo')).id;
    people = (await body<{ results: { id: string; name: string }[] }>(await server.api('demo', `${PERSONS}?status=active&page_size=12`, { token: admin }))).results;
  });
  afterAll(() => server?.close());

  const post = (json: unknown, token = admin) => server.api('demo', POSITIONS, { method: 'POST', token, json });
  const patch = (id: string, json: unknown, token = admin) => server.api('demo', `${POSITIONS}${id}/`, { method: 'PATCH', token, json });
  const position = async (json: unknown) => {
    const response = await post(json);
    expect(response.status, await response.clone().text()).toBe(201);
    return body<Position>(response);
  };

  it('creates positions with title, department, code, root, parents, people and default permissions', async () => {
    const ceo = await position({
      title: 'Directora Ejecutiva',
      department: 'Gerencia',
      code: 'T-DE',
      is_root: true,
      people: [people[0]!.id],
      default_permission_list: ['VIEW_PEOPLE', 'VIEW_ORG_CHART'],
    });
    expect(ceo).toMatchObject({
      title: 'Directora Ejecutiva',
      department: 'Gerencia',
      code: 'T-DE',
      is_root: true,
      organization: tenantId,
      tenant: 'demo',
      parents: [],
      people_count: 1,
      default_permission_list: ['VIEW_ORG_CHART', 'VIEW_PEOPLE'],
    });
    const bit = (key: string) => 1 << PERMISSION_KEYS.indexOf(key as never);
    expect(ceo.default_permissions).toBe(bit('VIEW_PEOPLE') | bit('VIEW_ORG_CHART'));
    expect(ceo.people.map((p) => p.id)).toEqual([people[0]!.id]);
    const ops = await position({ title: 'Jefe de Operaciones', parents: [ceo.id], people: people.slice(1, 6).map((p) => p.id) });
    const hr = await position({ title: 'Jefa de Personas', parents: [ceo.id] });
    // a DAG: several parents
    const analyst = await position({ title: 'Analista', parents: [ops.id, hr.id] });
    expect(analyst.parents.sort()).toEqual([ops.id, hr.id].sort());
    const listed = await body<{ count: number; results: Position[] }>(await server.api('demo', `${POSITIONS}?search=jefe%20de%20op`, { token: admin }));
    expect(listed.results.map((p) => p.title)).toEqual(['Jefe de Operaciones']);
    expect(await body(await server.api('demo', `${POSITIONS}${ops.id}/`, { token: admin }))).toMatchObject({ people_count: 5, parents: [ceo.id] });
  });

  it('lists positions by title, numbers by their value, and finds them by a number as written', async () => {
    for (const title of ['Turno 10', 'Turno 2', 'Turno 1', 'Turno 1B']) await position({ title, department: 'Turnos' });
    const titles = async (search: string) =>
      (await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?search=${encodeURIComponent(search)}`, { token: admin }))).results.map((p) => p.title);
    expect(await titles('turno')).toEqual(['Turno 1', 'Turno 1B', 'Turno 2', 'Turno 10']);
    expect(await titles('turno 1')).toEqual(['Turno 1', 'Turno 1B', 'Turno 10']);
  });

  it('lists the vacant positions, or the held ones', async () => {
    const held = await position({ title: 'Ocupado Filtro', people: [people[1]!.id] });
    const vacant = await position({ title: 'Vacante Filtro' });
    const ids = async (query: string) => (await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?search=filtro&${query}`, { token: admin }))).results.map((p) => p.id);
    expect(await ids('')).toEqual([held.id, vacant.id]);
    expect(await ids('vacant=true')).toEqual([vacant.id]);
    expect(await ids('vacant=false')).toEqual([held.id]);
    expect((await server.api('demo', `${POSITIONS}?vacant=maybe`, { token: admin })).status).toBe(400);
    // the count follows the filter
    const page = await body<{ count: number; results: Position[] }>(await server.api('demo', `${POSITIONS}?vacant=true&page_size=1`, { token: admin }));
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.results.every((p) => p.people_count === 0)).toBe(true);
  });

  it('draws the chart: nodes with up to three persons and the rest counted, edges from parent to child', async () => {
    const chart = await body<Chart>(await server.api('demo', `${AUD}/org-chart/`, { token: admin }));
    expect(chart.organization_id).toBe(tenantId);
    expect(chart.organization_name).toBe('Faena Demo');
    const byTitle = new Map(chart.nodes.map((node) => [node.title, node]));
    const ops = byTitle.get('Jefe de Operaciones')!;
    expect(ops.persons).toHaveLength(3);
    expect(ops.additional_count).toBe(2);
    expect(byTitle.get('Directora Ejecutiva')!.additional_count).toBe(0);
    const ceo = byTitle.get('Directora Ejecutiva')!.id;
    expect(chart.edges).toEqual(expect.arrayContaining([{ from: ceo, to: ops.id }]));
    const analyst = byTitle.get('Analista')!.id;
    expect(chart.edges.filter((edge) => edge.to === analyst)).toHaveLength(2);
  });

  it('refuses cycles, unknown parents, a root with parents and codes taken', async () => {
    const titles = new Map((await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?page_size=200`, { token: admin }))).results.map((p) => [p.title, p]));
    const ceo = titles.get('Directora Ejecutiva')!;
    const analyst = titles.get('Analista')!;
    // each refusal by the reason a client words it by (decision 016)
    const reasons = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await body<{ reasons: Record<string, string> }>(response)).reasons;
    };
    expect(await reasons(await patch(ceo.id, { parents: [analyst.id], is_root: false }))).toEqual({ parents: 'cycle' });
    expect(await reasons(await patch(ceo.id, { parents: [ceo.id], is_root: false }))).toEqual({ parents: 'cycle' });
    expect(await reasons(await post({ title: 'X', parents: ['00000000-0000-4000-8000-000000000000'] }))).toEqual({ parents: 'unknown-reference' });
    expect(await reasons(await post({ title: 'X', is_root: true, parents: [ceo.id] }))).toEqual({ is_root: 'root-with-parents' });
    expect(await reasons(await patch(analyst.id, { is_root: true }))).toEqual({ is_root: 'root-with-parents' });
    const taken = await post({ title: 'Otra DE', code: 'T-DE' });
    expect(await body(taken)).toEqual({ code: 'validation-error', errors: { code: ['Code already in use'] }, reasons: { code: 'in-use' } });
    expect(await reasons(await post({ title: 'X', default_permission_list: ['FLY'] }))).toEqual({ default_permission_list: 'unknown-reference' });
    expect((await patch('00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
  });

  it('gives new holders the default permissions, never beyond what the manager holds', async () => {
    const member = await addMember(server, tenantId, { email: 'cargo@faena.test', permissions: ['VIEW_HOME'] });
    const chief = await position({ title: 'Supervisor de turno', default_permission_list: ['VIEW_TASKS', 'VIEW_WF'] });
    await patch(chief.id, { people: [member.personId] });
    const set = await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${member.passport}`, { token: admin }));
    expect(set.permissions).toEqual(['VIEW_HOME', 'VIEW_TASKS', 'VIEW_WF']);
    // a chart manager without MANAGE_PEOPLE cannot make a position that grants it, nor staff one that does
    const manager = await addMember(server, tenantId, { email: 'organigrama@faena.test', permissions: ['VIEW_ORG_CHART', 'MANAGE_ORG_CHART', 'VIEW_TASKS', 'VIEW_WF'] });
    const token = (await signIn(server, 'demo', manager.email, manager.password)).id_token;
    const refused = await post({ title: 'Atajo', default_permission_list: ['MANAGE_PEOPLE'] }, token);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'permission-denied', required: ['MANAGE_PEOPLE'], reason: 'beyond-own' });
    const ceo = (await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?search=Directora`, { token: admin }))).results[0]!;
    expect((await patch(ceo.id, { people: [manager.personId] }, token)).status).toBe(403);
    expect((await patch(chief.id, { people: [member.personId, manager.personId] }, token)).status).toBe(200);
    // removing a holder keeps the permissions given (they are the person's now)
    await patch(chief.id, { people: [] });
    expect((await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${member.passport}`, { token: admin }))).permissions).toContain('VIEW_WF');
  });

  it('adds and takes off holders one by one, leaving the others as they are', async () => {
    const [ana, beto, carla] = [people[3]!.id, people[4]!.id, people[5]!.id];
    const crew = await position({ title: 'Cuadrilla', people: [ana] });
    const holders = async () => (await body<Position>(await server.api('demo', `${POSITIONS}${crew.id}/`, { token: admin }))).people.map((person) => person.id).sort();
    // two editors of the same position: one adds Beto, the other adds Carla and takes Ana off
    expect((await patch(crew.id, { people_added: [beto] })).status).toBe(200);
    expect((await patch(crew.id, { people_added: [carla], people_removed: [ana] })).status).toBe(200);
    expect(await holders()).toEqual([beto, carla].sort());
    // taking off someone who is not there, or adding someone already there, changes nothing
    expect((await patch(crew.id, { people_added: [beto], people_removed: [ana] })).status).toBe(200);
    expect(await holders()).toEqual([beto, carla].sort());
    const unknown = await patch(crew.id, { people_added: ['00000000-0000-4000-8000-000000000000'] });
    expect(await body(unknown)).toMatchObject({ code: 'validation-error', reasons: { people_added: 'unknown-reference' } });
    expect((await patch(crew.id, { people: [ana], people_added: [beto] })).status).toBe(400);
    expect(await holders()).toEqual([beto, carla].sort());
  });

  it('deletes a position with its edges and assignments', async () => {
    const temporary = await position({ title: 'Temporal', people: [people[7]!.id] });
    const child = await position({ title: 'Hijo de temporal', parents: [temporary.id] });
    expect((await server.api('demo', `${POSITIONS}${temporary.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('demo', `${POSITIONS}${temporary.id}/`, { token: admin })).status).toBe(404);
    expect((await body<Position>(await server.api('demo', `${POSITIONS}${child.id}/`, { token: admin }))).parents).toEqual([]);
    expect((await server.api('demo', `${POSITIONS}${temporary.id}/`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('needs VIEW_ORG_CHART (or MANAGE_ORG_CHART) to read the chart and MANAGE_ORG_CHART to write', async () => {
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', `${AUD}/org-chart/`, { token: operario })).status).toBe(403);
    expect((await server.api('demo', POSITIONS, { token: operario })).status).toBe(403);
    expect((await server.api('demo', `${AUD}/org-chart/`, { token: supervisora })).status).toBe(200);
    expect((await post({ title: 'No' }, supervisora)).status).toBe(403);
  });

  it('lets whoever works with people read positions (their pickers), not the chart', async () => {
    const reader = await addMember(server, tenantId, { email: 'lectora-personas@faena.test', permissions: ['VIEW_PEOPLE'] });
    const token = (await signIn(server, 'demo', reader.email, reader.password)).id_token;
    const list = await body<{ count: number; results: Position[] }>(await server.api('demo', POSITIONS, { token }));
    expect(list.count).toBeGreaterThan(0);
    expect((await server.api('demo', `${POSITIONS}${list.results[0]!.id}/`, { token })).status).toBe(200);
    expect((await server.api('demo', `${AUD}/org-chart/`, { token })).status).toBe(403);
    expect((await post({ title: 'No' }, token)).status).toBe(403);
  });

  it('manages positions behind their own flag (manage_positions), not the chart’s', async () => {
    const [some] = (await body<{ results: Position[] }>(await server.api('demo', POSITIONS, { token: admin }))).results;
    await setFlags(server, tenantId, { org_chart: false });
    try {
      // the chart's flag off (as in production) leaves positions manageable
      const made = await position({ title: 'Encargada de Turno Flag' });
      expect((await patch(made.id, { department: 'Turnos' })).status).toBe(200);
      await setFlags(server, tenantId, { manage_positions: false });
      const refused = { code: 'operation-not-allowed', detail: 'Managing positions is not enabled for this organisation.', flag: 'manage_positions' };
      for (const response of [
        await post({ title: 'No' }),
        await patch(made.id, { title: 'No' }),
        await server.api('demo', `${POSITIONS}${made.id}/`, { method: 'DELETE', token: admin }),
        await server.api('demo', `${POSITIONS}imports/`, { token: admin }),
      ]) {
        expect(response.status).toBe(403);
        expect(await body(response)).toEqual(refused);
      }
      // reading stays: the chart and the pickers still show the positions there are
      expect((await server.api('demo', `${POSITIONS}${some!.id}/`, { token: admin })).status).toBe(200);
      expect((await body<Position>(await server.api('demo', `${POSITIONS}${made.id}/`, { token: admin }))).title).toBe('Encargada de Turno Flag');
    } finally {
      await setFlags(server, tenantId, { org_chart: true, manage_positions: true });
    }
  });

  it('audiences: rules by position, venue, business line and explicit people resolve to enabled persons', async () => {
    const venue = await body<{ id: string }>(await server.api('demo', `${ORG}/venues/`, { method: 'POST', token: admin, json: { name: 'Planta Norte', code: 'T-PN' } }));
    const line = await body<{ id: string }>(await server.api('demo', `${ORG}/business-lines/`, { method: 'POST', token: admin, json: { name: 'Minería Test', code: 'T-MIN' } }));
    const ops = (await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?search=Jefe%20de%20Operaciones`, { token: admin }))).results[0]!;
    await server.api('demo', `${PERSONS}${people[8]!.id}/`, { method: 'PATCH', token: admin, json: { workspace_ids: [venue.id] } });
    await server.api('demo', `${PERSONS}${people[9]!.id}/`, { method: 'PATCH', token: admin, json: { business_line_ids: [line.id] } });
    const disabled = (await body<{ results: { id: string }[] }>(await server.api('demo', `${PERSONS}?status=disabled`, { token: admin }))).results[0]!;
    const rules = { positions: [ops.id], venues: [venue.id], business_lines: [line.id], persons: [people[10]!.id, disabled.id, people[1]!.id] };
    const created = await server.api('demo', AUDIENCES, { method: 'POST', token: admin, json: { name: 'Brigada', description: 'Emergencias', rules } });
    expect(created.status).toBe(201);
    const audience = await body<{ id: string; rules: typeof rules }>(created);
    const expected = [...people.slice(1, 6).map((p) => p.id), people[8]!.id, people[9]!.id, people[10]!.id].sort();
    const members = await body<{ count: number; results: { id: string }[] }>(await server.api('demo', `${AUDIENCES}${audience.id}/persons/?page_size=50`, { token: admin }));
    expect(members.count).toBe(expected.length);
    expect(members.results.map((p) => p.id).sort()).toEqual(expected);
    // the resolver other modules call
    const resolved = await server.running.platform.db.transaction(tenantId, (tx) => resolveAudience(tx, tenantId, audience.id));
    expect(resolved.sort()).toEqual(expected);
    expect(await server.running.platform.db.transaction(tenantId, (tx) => resolveAudience(tx, tenantId, { positions: [], venues: [], business_lines: [], persons: [] }))).toEqual([]);
    // the other way round: a person's audiences, each with the rules that take them in
    const audiencesOf = (id: string, token = admin) => server.api('demo', `${PERSONS}${id}/audiences/`, { token });
    const brigadeOf = async (id: string) => (await body<{ results: { id: string; name: string; matched_by: string[] }[] }>(await audiencesOf(id))).results.filter((a) => a.id === audience.id);
    expect(await brigadeOf(people[1]!.id)).toEqual([{ id: audience.id, name: 'Brigada', matched_by: ['position', 'person'] }]);
    expect((await brigadeOf(people[8]!.id))[0]?.matched_by).toEqual(['venue']);
    expect((await brigadeOf(people[9]!.id))[0]?.matched_by).toEqual(['business_line']);
    expect((await brigadeOf(people[10]!.id))[0]?.matched_by).toEqual(['person']);
    // named in the rules but disabled: in no audience; not matched by any rule: not in this one
    expect(await body(await audiencesOf(disabled.id))).toEqual({ results: [] });
    expect(await brigadeOf(people[7]!.id)).toEqual([]);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) expect((await audiencesOf(id)).status).toBe(404);
    // preview of draft rules, edit, list, delete
    const preview = await body<{ count: number }>(await server.api('demo', `${AUDIENCES}preview`, { method: 'POST', token: admin, json: { rules: { venues: [venue.id] } } }));
    expect(preview.count).toBe(1);
    expect(
      await body(await server.api('demo', `${AUDIENCES}${audience.id}/`, { method: 'PATCH', token: admin, json: { name: 'Brigada de emergencia', rules: { persons: [people[10]!.id] } } })),
    ).toMatchObject({ name: 'Brigada de emergencia', rules: { positions: [], persons: [people[10]!.id] } });
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    expect((await body<{ results: { name: string }[] }>(await server.api('demo', AUDIENCES, { token: operario }))).results.map((a) => a.name)).toContain('Brigada de emergencia');
    expect((await server.api('demo', `${AUDIENCES}${audience.id}/persons/`, { token: operario })).status).toBe(403);
    expect((await audiencesOf(people[10]!.id, operario)).status).toBe(403);
    expect((await server.api('demo', AUDIENCES, { method: 'POST', token: operario, json: { name: 'x' } })).status).toBe(403);
    const bad = await server.api('demo', AUDIENCES, { method: 'POST', token: admin, json: { name: 'Mala', rules: { venues: ['00000000-0000-4000-8000-000000000000'], positions: ['x'] } } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await body<{ errors: object }>(bad)).errors).sort()).toEqual(['rules.positions', 'rules.venues']);
    expect((await server.api('demo', `${AUDIENCES}${audience.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('demo', `${AUDIENCES}${audience.id}/`, { token: admin })).status).toBe(404);
  });

  it('audiences: rules added and taken off one by one leave the rest, as another manager left it', async () => {
    const NIL = '00000000-0000-4000-8000-000000000000';
    const created = await body<{ id: string }>(await server.api('demo', AUDIENCES, { method: 'POST', token: admin, json: { name: 'Turno delta', rules: { persons: [people[1]!.id] } } }));
    const edit = (json: unknown) => server.api('demo', `${AUDIENCES}${created.id}/`, { method: 'PATCH', token: admin, json });
    const rulesOf = async () => (await body<{ rules: Record<string, string[]> }>(await server.api('demo', `${AUDIENCES}${created.id}/`, { token: admin }))).rules;
    const ops = (await body<{ results: Position[] }>(await server.api('demo', `${POSITIONS}?search=Jefe%20de%20Operaciones`, { token: admin }))).results[0]!;
    // one manager adds a person; another, whose form still shows only the first, adds a position and takes the first person off
    expect((await edit({ rules_added: { persons: [people[2]!.id] } })).status).toBe(200);
    expect((await edit({ name: 'Turno delta B', rules_added: { positions: [ops.id] }, rules_removed: { persons: [people[1]!.id] } })).status).toBe(200);
    expect(await rulesOf()).toEqual({ positions: [ops.id], venues: [], business_lines: [], persons: [people[2]!.id] });
    // an id both added and taken off stays; taking off what is not there changes nothing
    expect((await edit({ rules_added: { persons: [people[3]!.id] }, rules_removed: { persons: [people[3]!.id, NIL], venues: [NIL] } })).status).toBe(200);
    expect((await rulesOf()).persons!.sort()).toEqual([people[2]!.id, people[3]!.id].sort());
    // bad input: both shapes, an unknown id added; nothing changes
    const both = await edit({ rules: { persons: [] }, rules_added: { persons: [people[4]!.id] } });
    expect(both.status).toBe(400);
    expect(Object.keys((await body<{ errors: object }>(both)).errors)).toEqual(['rules']);
    const unknown = await edit({ name: 'No', rules_added: { venues: [NIL] }, rules_removed: { positions: [ops.id] } });
    expect(await body(unknown)).toMatchObject({ code: 'validation-error', reasons: { 'rules.venues': 'unknown-reference' } });
    expect(await body(await server.api('demo', `${AUDIENCES}${created.id}/`, { token: admin }))).toMatchObject({ name: 'Turno delta B', rules: { positions: [ops.id] } });
    expect((await server.api('demo', `${AUDIENCES}${NIL}/`, { method: 'PATCH', token: admin, json: { rules_added: { persons: [people[2]!.id] } } })).status).toBe(404);
    expect((await server.api('demo', `${AUDIENCES}${created.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('person options: any member finds people by name (never by e-mail, document or phone), narrowed by an audience, and names picked ones back', async () => {
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', PERSONS, { token: operario })).status).toBe(403);
    type Options = { more: boolean; results: { id: string; name: string; positions: string[]; is_disabled: boolean }[] };
    const options = async (query: string, token = operario) => {
      const response = await server.api('demo', `${AUD}/person-options/?${query}`, { token });
      expect(response.status, await response.clone().text()).toBe(200);
      return body<Options>(response);
    };
    const detail = await body<{ id: string; name: string; primary_email: string; identity_documents: { number: string }[]; phones: { number: string }[]; positions: { title: string }[] }>(
      await server.api('demo', `${PERSONS}${people[3]!.id}/`, { token: admin }),
    );
    const [first, last] = [detail.name.split(' ')[0]!, detail.name.split(' ').at(-1)!];
    // by name: the beginning of any word of it, without case or accents; only name and positions come back
    const found = await options(`search=${encodeURIComponent(`${last.slice(0, 4).toUpperCase()} ${first.normalize('NFD').replace(/[\u0300-\u036f]/g, '')}`)}`);
    expect(found.results).toContainEqual({ id: detail.id, name: detail.name, positions: detail.positions.map((p) => p.title), is_disabled: false });
    expect(Object.keys(found.results[0]!).sort()).toEqual(['id', 'is_disabled', 'name', 'positions']);
    // two letters are the start of any word of the name too (a surname)
    expect((await options(`search=${encodeURIComponent(last.slice(0, 2))}&page_size=50`)).results.map((p) => p.id)).toContain(detail.id);
    // what the people list finds by, a picker does not
    for (const search of [detail.primary_email, detail.identity_documents[0]!.number, detail.phones[0]?.number.slice(-8)].filter(Boolean)) {
      expect((await options(`search=${encodeURIComponent(search!)}`)).results, search).toEqual([]);
      expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=${encodeURIComponent(search!)}`, { token: admin }))).count, search).toBeGreaterThan(0);
    }
    // a regular expression's characters are plain text
    expect((await options(`search=${encodeURIComponent('.*')}`)).results).toEqual([]);
    // everyone enabled, by name, without a search; disabled ones are not offered but are named back
    const all = await options('page_size=50');
    const enabled = await body<{ count: number }>(await server.api('demo', `${PERSONS}?status=active`, { token: admin }));
    expect([all.results.length, all.more]).toEqual([enabled.count, false]);
    // a page, and whether more match
    const five = await options('page_size=5');
    expect([five.results, five.more]).toEqual([all.results.slice(0, 5), true]);
    const names = all.results.map((p) => p.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'es')));
    const disabled = (await body<{ results: { id: string; name: string }[] }>(await server.api('demo', `${PERSONS}?status=disabled`, { token: admin }))).results[0]!;
    expect(all.results.map((p) => p.id)).not.toContain(disabled.id);
    const named = await options(`ids=${disabled.id},${detail.id},nope,00000000-0000-4000-8000-000000000000`);
    expect(named.results.map((p) => [p.id, p.is_disabled]).sort()).toEqual(
      [
        [detail.id, false],
        [disabled.id, true],
      ].sort(),
    );
    // an audience narrows the options; an unknown one is not found
    const audience = await body<{ id: string }>(
      await server.api('demo', AUDIENCES, { method: 'POST', token: admin, json: { name: 'Opciones', rules: { persons: [detail.id, people[4]!.id, disabled.id] } } }),
    );
    expect((await options(`audience=${audience.id}`)).results.map((p) => p.id).sort()).toEqual([detail.id, people[4]!.id].sort());
    expect((await options(`audience=${audience.id}&search=${encodeURIComponent(first)}`)).results.map((p) => p.id)).toEqual([detail.id]);
    for (const unknown of ['nope', '00000000-0000-4000-8000-000000000000']) expect((await server.api('demo', `${AUD}/person-options/?audience=${unknown}`, { token: operario })).status).toBe(404);
    expect(
      (await server.api('demo', `${AUD}/person-options/?ids=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`, { token: operario })).status,
    ).toBe(400);
    expect((await server.api('demo', `${AUD}/person-options/`)).status).toBe(401);
  });

  it('a form response names only rows its pickers offer: audience members, active venues and locations of the audience’s venues, active data-source rows, nothing of another organisation', async () => {
    const json = async <T>(path: string, payload: unknown, token = admin, subdomain = 'demo') => {
      const response = await server.api(subdomain, path, { method: 'POST', token, json: payload });
      expect(response.status, await response.clone().text()).toBe(201);
      return body<T>(response);
    };
    const plantA = await json<{ id: string }>(`${ORG}/venues/`, { name: 'Planta Referencias A', code: 'T-RF-A' });
    const plantB = await json<{ id: string }>(`${ORG}/venues/`, { name: 'Planta Referencias B', code: 'T-RF-B' });
    const spotA = await json<{ id: string }>(`${ORG}/locations/`, { name: 'Bodega A', code: 'T-RF-LA', venue: plantA.id });
    const spotB = await json<{ id: string }>(`${ORG}/locations/`, { name: 'Bodega B', code: 'T-RF-LB', venue: plantB.id });
    const audience = await json<{ id: string }>(AUDIENCES, { name: 'Planta A', rules: { venues: [plantA.id], persons: [people[2]!.id] } });
    const source = await json<{ id: string }>(`${RES}/data-sources/`, { name: 'Regiones de prueba' });
    await json(`${RES}/data-sources/${source.id}/rows/`, { key: 'RM', label: 'Metropolitana' });
    const valparaiso = await json<{ id: string }>(`${RES}/data-sources/${source.id}/rows/`, { key: 'V', label: 'Valparaíso' });
    expect((await server.api('demo', `${RES}/data-sources/${source.id}/rows/${valparaiso.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    const disabled = (await body<{ results: { id: string }[] }>(await server.api('demo', `${PERSONS}?status=disabled`, { token: admin }))).results[0]!;
    const norte = (await signIn(server, 'demo-norte', 'admin@faena.test', DEMO_PASSWORD)).id_token;
    const foreigner = (await body<{ results: { id: string }[] }>(await server.api('demo-norte', PERSONS, { token: norte }))).results[0]!;
    const foreignPlant = await json<{ id: string }>(`${ORG}/venues/`, { name: 'Planta Norte Ajena', code: 'T-RF-N' }, norte, 'demo-norte');

    const base = { required: false, skippable: false, validators: [] };
    const form = await json<{ id: string }>('/api/forms/v3/forms/', {
      name: 'Visita a planta',
      description: [
        { ...base, id: 1, type: 'user', name: 'supervisor', label: 'Supervisor', audience: audience.id },
        { ...base, id: 2, type: 'users', name: 'crew', label: 'Cuadrilla' },
        { ...base, id: 3, type: 'venue', name: 'plant', label: 'Planta', audience: { id: audience.id, name: 'Planta A' } },
        { ...base, id: 4, type: 'location', name: 'spot', label: 'Bodega', audience: audience.id },
        { ...base, id: 5, type: 'data_source', name: 'region', label: 'Región', data_source_id: source.id },
        { ...base, id: 6, type: 'form', name: 'visit', label: 'Visita', fields: [{ ...base, id: 1, type: 'user', name: 'guide', label: 'Guía' }] },
      ],
    });
    const responses = `/api/forms/v3/forms/${form.id}/responses/`;
    const submit = (response: Record<string, unknown>) => server.api('demo', responses, { method: 'POST', token: admin, json: { response } });
    const refused = async (response: Record<string, unknown>) => {
      const answer = await submit(response);
      expect(answer.status, await answer.clone().text()).toBe(400);
      const errors = (await body<{ non_field_errors: { loc: string[]; msg: string }[] }>(answer)).non_field_errors;
      expect(new Set(errors.map((error) => error.msg))).toEqual(new Set(['Valor inválido']));
      return errors.map((error) => error.loc.slice(1).join('.'));
    };
    const valid = { supervisor: people[2]!.id, crew: [people[3]!.id, people[4]!.id], plant: plantA.id, spot: spotA.id, region: ['RM'], visit: { guide: people[5]!.id } };
    expect((await submit(valid)).status).toBe(201);
    // outside the audience, disabled, of the audience's other venue, a deleted row, another organisation's person
    expect(await refused({ supervisor: people[3]!.id, crew: [people[3]!.id, disabled.id], plant: plantB.id, spot: spotB.id, region: ['RM', 'V'], visit: { guide: foreigner.id } })).toEqual([
      'supervisor',
      'crew',
      'plant',
      'spot',
      'region',
      'visit.guide',
    ]);
    expect(await refused({ ...valid, plant: foreignPlant.id, crew: ['00000000-0000-4000-8000-000000000000'], supervisor: 'nope', region: ['rm'] })).toEqual(['supervisor', 'crew', 'plant', 'region']);
    // an audience that is gone offers nobody, as its picker offers nothing
    expect((await server.api('demo', `${AUDIENCES}${audience.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect(await refused(valid)).toEqual(['supervisor', 'plant', 'spot']);
    const { supervisor: _supervisor, plant: _plant, spot: _spot, ...rest } = valid;
    expect((await submit(rest)).status).toBe(201);
    // nothing refused was stored
    expect((await body<{ count: number }>(await server.api('demo', responses, { token: admin }))).count).toBe(2);
  });

  it('the permissions calculator lists the effective keys and which source grants each', async () => {
    const member = await addMember(server, tenantId, { email: 'calculo@faena.test', name: 'Cálculo', permissions: ['VIEW_HOME', 'VIEW_TASKS'] });
    const shift = await position({ title: 'Turno calculado', default_permission_list: ['VIEW_TASKS'], people: [member.personId] });
    const other = await position({ title: 'Solo reportes', default_permission_list: ['VIEW_REPORTS'] });
    const response = await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: admin, json: { persons: [member.personId], positions: [other.id] } });
    expect(response.status).toBe(200);
    const result = await body<{
      persons_count: number;
      positions_count: number;
      permissions: { key: string; meaning: string; granted_count: number; granted_by: { type: string; id: string; name: string }[] }[];
    }>(response);
    expect(result.persons_count).toBe(1);
    expect(result.positions_count).toBe(1);
    const byKey = new Map(result.permissions.map((p) => [p.key, p]));
    expect([...byKey.keys()]).toEqual(['VIEW_HOME', 'VIEW_REPORTS', 'VIEW_TASKS']);
    expect(byKey.get('VIEW_HOME')!.granted_by).toEqual([{ type: 'person', id: member.personId, name: 'Cálculo' }]);
    expect(byKey.get('VIEW_REPORTS')!.granted_by).toEqual([{ type: 'position', id: other.id, name: 'Solo reportes' }]);
    expect(byKey.get('VIEW_TASKS')!.granted_by).toEqual(
      expect.arrayContaining([
        { type: 'person', id: member.personId, name: 'Cálculo' },
        { type: 'position', id: shift.id, name: 'Turno calculado' },
      ]),
    );
    expect(byKey.get('VIEW_HOME')!.meaning).toBe('menu and home');
    const audience = await body<{ id: string }>(await server.api('demo', AUDIENCES, { method: 'POST', token: admin, json: { name: 'Calculada', rules: { positions: [shift.id] } } }));
    const viaAudience = await body<{ persons_count: number; permissions: { key: string }[] }>(
      await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: admin, json: { audience: audience.id } }),
    );
    expect(viaAudience.persons_count).toBe(1);
    expect(viaAudience.permissions.map((p) => p.key)).toEqual(['VIEW_HOME', 'VIEW_TASKS']);
    expect(await body(await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: admin, json: {} }))).toEqual({ persons_count: 0, positions_count: 0, permissions: [] });
    expect((await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: admin, json: { audience: 'nope' } })).status).toBe(400);
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: supervisora, json: {} })).status).toBe(403);
  });
});
