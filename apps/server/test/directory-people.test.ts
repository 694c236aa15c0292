import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DEMO_PASSWORD, engines, outbox, seededDemo, setDisabledModules, signIn, tenantOf, type TestServer } from './harness.ts';
import { AUD, csv, importAll, ORG, PERSONS, uploadFile } from './directory.helpers.ts';
import { PNG_1X1, PDF } from './documents.helpers.ts';

interface Person {
  id: string;
  passport: string;
  name: string;
  primary_email: string | null;
  is_disabled: boolean;
  has_account: boolean;
  invited: boolean;
  origin: string | null;
  roles: string[];
  groups: string[];
  identity_documents: { type: string; number: string }[];
  other_emails: string[];
  phones: { number: string; label: string | null }[];
  address: string | null;
  photo_upload_id: string | null;
  business_lines: { id: string; name: string }[];
  workspaces: { id: string; name: string }[];
  company: { id: string; name: string } | null;
  positions: { id: string; title: string }[];
}
interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

describe.each(engines())('people directory on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let tenantId: string;
  const refs: { line: string; venue: string; company: string } = { line: '', venue: '', company: '' };

  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    tenantId = (await tenantOf(server, 'demo')).id;
    const make = async (path: string, json: unknown) => (await body<{ id: string }>(await server.api('demo', path, { method: 'POST', token: admin, json }))).id;
    refs.line = await make(`${ORG}/business-lines/`, { name: 'Retail Test', code: 'T-RET' });
    refs.venue = await make(`${ORG}/venues/`, { name: 'Mall Plaza Oeste', code: 'T-MPO' });
    refs.company = await make(`${ORG}/companies/`, { name: 'Servicios Limpieza SpA', code: 'T-LIMP' });
  });
  afterAll(() => server?.close());

  const create = (json: unknown, token = admin) => server.api('demo', PERSONS, { method: 'POST', token, json });
  const patch = (id: string, json: unknown, token = admin) => server.api('demo', `${PERSONS}${id}/`, { method: 'PATCH', token, json });
  const list = async (query: string, token = admin) => body<Page<Person>>(await server.api('demo', `${PERSONS}${query}`, { token }));

  it('creates a person with every field of the person form', async () => {
    const photo = await uploadFile(server, 'demo', admin, PNG_1X1, 'foto.png');
    const response = await create({
      name: 'María José Núñez',
      primary_email: 'MJ.Nunez@Faena.test',
      roles: ['Supervisora', 'Brigadista'],
      groups: ['Turno A'],
      identity_documents: [
        { type: 'CL_CI', number: '12.345.678-5' },
        { type: 'PASSPORT', number: 'p1234567' },
      ],
      other_emails: ['mjose@gmail.test', 'mj.nunez@faena.test'],
      phones: ['+56 9 1234 5678', { number: '(2) 2345 6789', label: 'Oficina' }],
      photo_upload_id: photo,
      address: 'Av. Providencia 1234, Santiago',
      business_line_ids: [refs.line],
      workspace_ids: [refs.venue],
      origin: 'CONTRACTOR_BUSINESS',
      company_id: refs.company,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const person = await body<Person>(response);
    expect(person).toMatchObject({
      name: 'María José Núñez',
      primary_email: 'mj.nunez@faena.test',
      roles: ['Supervisora', 'Brigadista'],
      groups: ['Turno A'],
      identity_documents: [
        { type: 'CL_CI', number: '12345678-5' },
        { type: 'PASSPORT', number: 'P1234567' },
      ],
      // the primary e-mail is not repeated among the others
      other_emails: ['mjose@gmail.test'],
      phones: [
        { number: '+56912345678', label: null },
        { number: '223456789', label: 'Oficina' },
      ],
      photo_upload_id: photo,
      address: 'Av. Providencia 1234, Santiago',
      business_lines: [{ id: refs.line, name: 'Retail Test' }],
      workspaces: [{ id: refs.venue, name: 'Mall Plaza Oeste' }],
      origin: 'CONTRACTOR_BUSINESS',
      company: { id: refs.company, name: 'Servicios Limpieza SpA' },
      positions: [],
      is_disabled: false,
      has_account: false,
    });
    expect(await body(await server.api('demo', `${PERSONS}${person.id}/`, { token: admin }))).toEqual(person);
    expect(await body(await server.api('demo', `${PERSONS}by-passport/${person.passport}/`, { token: admin }))).toEqual(person);
  });

  it('answers field errors: "Invalid RUT", "Invalid email", "Email already in use", documents, phones, references', async () => {
    const NIL = '00000000-0000-4000-8000-000000000000';
    // [request, errors, the reasons a client words them by (decision 016; spec texts have none)]
    const cases: [unknown, Record<string, string[]>, Record<string, string>?][] = [
      [{ name: 'X', identity_documents: [{ type: 'CL_CI', number: '12345678-9' }] }, { 'identity_documents.0.number': ['Invalid RUT'] }],
      [{ name: 'X', identity_documents: [{ type: 'MX_CURP', number: 'NOPE' }] }, { 'identity_documents.0.number': ['Invalid document number'] }],
      [{ name: 'X', primary_email: 'no-es-correo' }, { primary_email: ['Invalid email'] }],
      [{ name: 'X', other_emails: ['ok@faena.test', 'mal'] }, { 'other_emails.1': ['Invalid email'] }],
      [{ name: 'X', phones: ['12'] }, { 'phones.0': ['Invalid phone number'] }],
      [{ name: 'X', primary_email: 'supervisora@faena.test' }, { primary_email: ['Email already in use'] }],
      [
        { name: 'X', identity_documents: [{ type: 'CL_CI', number: '123456785' }] },
        { 'identity_documents.0.number': ['Identity document already in use'] },
        { 'identity_documents.0.number': 'in-use' },
      ],
      [{ name: 'X', business_line_ids: [NIL] }, { business_line_ids: [`Unknown business line: ${NIL}`] }, { business_line_ids: 'unknown-reference' }],
      [{ name: 'X', workspace_ids: ['nope'] }, { workspace_ids: ['Unknown venue: nope'] }, { workspace_ids: 'unknown-reference' }],
      [{ name: 'X', company_id: refs.line }, { company_id: [`Unknown company: ${refs.line}`] }, { company_id: 'unknown-reference' }],
      [{ name: 'X', position_ids: [NIL] }, { position_ids: [`Unknown position: ${NIL}`] }, { position_ids: 'unknown-reference' }],
    ];
    const before = (await list('?page_size=1')).count;
    for (const [json, errors, reasons] of cases) {
      const response = await create(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(await body(response), JSON.stringify(json)).toEqual({ code: 'validation-error', errors, ...(reasons ? { reasons } : {}) });
    }
    const notImage = await uploadFile(server, 'demo', admin, PDF, 'cv.pdf');
    expect(await body(await create({ name: 'X', photo_upload_id: notImage }))).toEqual({
      code: 'validation-error',
      errors: { photo_upload_id: ['The photo must be a PNG, JPEG or GIF image.'] },
      reasons: { photo_upload_id: 'not-an-image' },
    });
    expect((await create({ name: 'X', origin: 'MARTIAN' })).status).toBe(400);
    expect((await list('?page_size=1')).count).toBe(before);
  });

  it('takes no new business lines or company while the tenant has those modules disabled, and keeps what a person has', async () => {
    const person = await body<Person & { company: { id: string } | null; business_lines: { id: string }[] }>(
      await create({ name: 'Con Empresa', company_id: refs.company, business_line_ids: [refs.line] }),
    );
    await setDisabledModules(server, tenantId, ['company', 'business_line']);
    try {
      const refused = await create({ name: 'X', company_id: refs.company, business_line_ids: [refs.line] });
      expect(refused.status).toBe(400);
      expect((await body<{ errors: unknown }>(refused)).errors).toEqual({
        company_id: ['The company module is disabled for this organization.'],
        business_line_ids: ['The business line module is disabled for this organization.'],
      });
      const renamed = await body<Person & { company: { id: string } | null; business_lines: { id: string }[] }>(await patch(person.id, { name: 'Con Empresa Renombrada' }));
      expect(renamed.company?.id).toBe(refs.company);
      expect(renamed.business_lines.map((line) => line.id)).toEqual([refs.line]);
    } finally {
      await setDisabledModules(server, tenantId, []);
    }
  });

  it('edits with PATCH: only the fields sent change, the same checks apply', async () => {
    const person = await body<Person>(await create({ name: 'Pedro Editado', primary_email: 'pedro.editado@faena.test', roles: ['A'], phones: ['+56911111111'] }));
    const edited = await body<Person>(await patch(person.id, { name: 'Pedro Editado Soto', identity_documents: [{ type: 'PE_DNI', number: '12345678' }], address: null }));
    expect(edited).toMatchObject({
      name: 'Pedro Editado Soto',
      primary_email: 'pedro.editado@faena.test',
      roles: ['A'],
      phones: [{ number: '+56911111111', label: null }],
      identity_documents: [{ type: 'PE_DNI', number: '12345678' }],
      address: null,
    });
    // keeping one's own e-mail is fine; taking another's is not
    expect((await patch(person.id, { primary_email: 'PEDRO.EDITADO@faena.test' })).status).toBe(200);
    expect((await body<{ errors: unknown }>(await patch(person.id, { primary_email: 'supervisora@faena.test' }))).errors).toEqual({ primary_email: ['Email already in use'] });
    expect((await patch(person.id, { name: '' })).status).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) expect((await patch(id, { name: 'x' })).status).toBe(404);
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await patch(person.id, { name: 'x' }, supervisora)).status).toBe(403);
  });

  it('searches names without accents or case, e-mails, RUTs with or without dots and dash, and phones', async () => {
    const person = await body<Person>(
      await create({ name: 'Ñandú Pérez Gutiérrez', primary_email: 'nandu@faena.test', identity_documents: [{ type: 'CL_CI', number: '7775735-K' }], phones: ['+56 9 8765 4321'] }),
    );
    // numbers as the detail shows them (in groups) or as people write them: one number, not one word per group
    const written = ['+56 9 8765 4321', '9 8765 4321', '8765 4321', '(9) 8765-4321', '7 775 735-K'];
    for (const query of ['nandu', 'ÑANDÚ', 'perez gutierrez', 'nandu@faena', '7775735-k', '7.775.735', '7775735k', '87654321', 'Ñan', ...written]) {
      const page = await list(`?search=${encodeURIComponent(query)}`);
      expect(
        page.results.map((p) => p.id),
        query,
      ).toContain(person.id);
    }
    // two letters: the start of any word, a surname too; one letter: the start of the name (a jump to a letter)
    for (const query of ['%C3%B1a', 'pe', 'gu', 'pe%20gu'])
      expect(
        (await list(`?search=${query}`)).results.map((p) => p.id),
        query,
      ).toContain(person.id);
    expect((await list('?search=%C3%B1')).results.map((p) => p.id)).toContain(person.id);
    expect((await list('?search=p&page_size=200')).results.map((p) => p.id)).not.toContain(person.id);
    expect((await list('?search=zz%20nandu')).count).toBe(0);
    for (const query of ['+56 9 8765 4320', '8765 4320'])
      expect(
        (await list(`?search=${encodeURIComponent(query)}`)).results.map((p) => p.id),
        query,
      ).not.toContain(person.id);
  });

  it('says which phone or other e-mail found a person when nothing the list shows did', async () => {
    const person = await body<Person>(
      await create({
        name: 'Telma Ossandón',
        primary_email: 'telma@faena.test',
        other_emails: ['tossandon@proveedor.test'],
        identity_documents: [{ type: 'CL_CI', number: '16543210-K' }],
        phones: ['+56 9 4455 6677', '(2) 2999 1000'],
      }),
    );
    const matchesOf = async (query: string) => {
      const page = await list(`?search=${encodeURIComponent(query)}&page_size=200`);
      return (page.results as (Person & { search_matches?: unknown })[]).find((p) => p.id === person.id)?.search_matches;
    };
    // a phone typed whole or in part; another e-mail; each named as the person has it
    const [mobile, office] = person.phones.map((phone) => phone.number);
    expect(await matchesOf('+56 9 4455 6677')).toEqual([{ field: 'phone', value: mobile }]);
    expect(await matchesOf('2999')).toEqual([{ field: 'phone', value: office }]);
    expect(await matchesOf('tossandon')).toEqual([{ field: 'other_email', value: 'tossandon@proveedor.test' }]);
    expect(await matchesOf('telma 4455')).toEqual([{ field: 'phone', value: mobile }]);
    // what the list shows explains the rest: the name, the primary e-mail, a document
    for (const query of ['telma', 'ossandon', 'telma@faena', '16543210', '16.543.210-k']) expect(await matchesOf(query), query).toEqual([]);
    // no search, no field
    expect((await list('?page_size=200')).results.find((p) => p.id === person.id)).not.toHaveProperty('search_matches');
  });

  it('finds the holders of a position by the start of a word of its title, with the other words of the search', async () => {
    const position = async (title: string) => (await body<{ id: string }>(await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title, people: [] } }))).id;
    const jefa = await position('Jefa de Bodega (Turno Noche)');
    const peoneta = await position('Peoneta de reparto');
    const ana = await body<Person>(await create({ name: 'Ana Quiroz', position_ids: [jefa] }));
    const luis = await body<Person>(await create({ name: 'Luis Quiroz', position_ids: [peoneta] }));
    const tomas = await body<Person>(await create({ name: 'Tomás Quiroz Bodegón' }));
    const ids = async (query: string, extra = '') =>
      (await list(`?search=${encodeURIComponent(query)}&page_size=200${extra}`)).results.map((p) => p.id).filter((id) => [ana.id, luis.id, tomas.id].includes(id));
    // a word of the title, in any case or accent, after a sign too; a name's word still counts
    expect(await ids('bodeg')).toEqual([ana.id, tomas.id]);
    expect(await ids('JEFA')).toEqual([ana.id]);
    expect(await ids('turno')).toEqual([ana.id]);
    expect(await ids('noché')).toEqual([ana.id]);
    // every word of the search: one from the name, one from the title
    expect(await ids('quiroz reparto')).toEqual([luis.id]);
    expect(await ids('ana bodega')).toEqual([ana.id]);
    expect(await ids('luis bodega')).toEqual([]);
    // the middle of a title's word is not its start; the other filters still narrow
    expect(await ids('odega')).toEqual([]);
    expect(await ids('quiroz', `&position=${peoneta}`)).toEqual([luis.id]);
    expect((await list(`?search=peoneta&status=active`)).results.map((p) => p.id)).toEqual([luis.id]);
    // whoever leaves the position is not found by its title any more
    expect((await patch(luis.id, { position_ids: [] })).status).toBe(200);
    expect(await ids('peoneta')).toEqual([]);
    // the forms' people pickers find by a title's word too, with a name's word or alone
    const options = async (query: string) =>
      (await body<{ results: { id: string }[] }>(await server.api('demo', `${AUD}/person-options/?search=${encodeURIComponent(query)}`, { token: admin }))).results.map((p) => p.id);
    expect((await options('bodeg')).filter((id) => id === ana.id || id === tomas.id)).toEqual([ana.id, tomas.id]);
    expect(await options('quiroz jefa')).toEqual([ana.id]);
    expect(await options('jefa noche')).toEqual([ana.id]);
    // a picker never finds by e-mail, even where the word also names a position; the list does
    const rosa = await body<Person>(await create({ name: 'Rosa Pinto', primary_email: 'jefatura.rosa@faena.test' }));
    expect((await options('jefa')).filter((id) => id === rosa.id || id === ana.id)).toEqual([ana.id]);
    expect((await list('?search=jefa&page_size=200')).results.map((p) => p.id)).toEqual(expect.arrayContaining([ana.id, rosa.id]));
  });

  it('a position held by hundreds: its title lists them by name a page at a time, by state, newest first', async () => {
    await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title: 'Estibadora de Andén', people: [] } });
    // 520 holders from one import (the people file's positions column); the names sort backwards from the file's order
    const names = Array.from({ length: 520 }, (_, i) => `Carga ${String(519 - i).padStart(3, '0')} Andén`);
    const rows = names.map((name, i) => [name, `estiba${i}@faena.test`, 'Estibadora de Andén']);
    await importAll(server, 'demo', admin, `${PERSONS}imports/`, csv([['nombre', 'correo', 'cargos'], ...rows]), 'estiba.csv');
    const sorted = [...names].sort();
    const disabledName = names[7]!;
    const disabled = (await list(`?search=${encodeURIComponent('estibadora 512')}`)).results[0]!;
    expect((await server.api('demo', `${PERSONS}${disabled.id}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    const active = sorted.filter((name) => name !== disabledName);
    const page = async (query: string) => list(`?search=estibadora&${query}`);
    const first = await page('page_size=20&status=active');
    expect([first.count, first.results.map((p) => p.name)]).toEqual([519, active.slice(0, 20)]);
    const last = await page('page_size=20&page=26&status=active');
    expect([last.count, last.results.map((p) => p.name)]).toEqual([519, active.slice(500)]);
    expect((await page('page_size=200&page=2&status=all')).results.map((p) => p.name)).toEqual(sorted.slice(200, 400));
    expect((await page('status=disabled')).results.map((p) => p.name)).toEqual([disabledName]);
    // two words of the title, and a word of it with one of the names
    expect((await list('?search=estibadora%20anden&page_size=5&status=active')).results.map((p) => p.name)).toEqual(active.slice(0, 5));
    expect((await list(`?search=${encodeURIComponent('estibadora 007')}`)).results.map((p) => p.name)).toEqual(['Carga 007 Andén']);
    // the forms' people pickers page them by name too, and say there are more
    const picked = await body<{ more: boolean; results: { name: string }[] }>(await server.api('demo', `${AUD}/person-options/?search=estibadora&page_size=5`, { token: admin }));
    expect([picked.more, picked.results.map((p) => p.name)]).toEqual([true, active.slice(0, 5)]);
    const one = await body<{ more: boolean; results: { name: string }[] }>(await server.api('demo', `${AUD}/person-options/?search=${encodeURIComponent('anden estibadora 512')}`, { token: admin }));
    expect([one.more, one.results]).toEqual([false, []]);
    // newest first: the file's last rows
    expect((await page('page_size=3&ordering=-created_at')).results.map((p) => p.name)).toEqual(['Carga 000 Andén', 'Carga 001 Andén', 'Carga 002 Andén']);
  });

  it('filters by position, business line, workspace, company, origin and status, keeping the filters in the links', async () => {
    const position = await body<{ id: string }>(await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title: 'Filtro', people: [] } }));
    const a = await body<Person>(await create({ name: 'Filtrada Uno', origin: 'BUSINESS_PARTNER', business_line_ids: [refs.line], position_ids: [position.id] }));
    const b = await body<Person>(await create({ name: 'Filtrada Dos', origin: 'OWN_ORGANIZATION', workspace_ids: [refs.venue], company_id: refs.company }));
    const ids = async (query: string) => (await list(`?search=Filtrada&${query}`)).results.map((p) => p.id).sort();
    expect(await ids('')).toEqual([a.id, b.id].sort());
    expect(await ids(`position=${position.id}`)).toEqual([a.id]);
    expect(await ids(`business_line=${refs.line}`)).toEqual([a.id]);
    expect(await ids(`workspace=${refs.venue}`)).toEqual([b.id]);
    expect(await ids(`company=${refs.company}`)).toEqual([b.id]);
    expect(await ids(`company=${refs.line}`)).toEqual([]);
    expect(await ids('company=not-a-uuid')).toEqual([]);
    expect(await ids('origin=OWN_ORGANIZATION')).toEqual([b.id]);
    expect(await ids('position=not-a-uuid')).toEqual([]);
    expect((await server.api('demo', `${PERSONS}?origin=MARTIAN`, { token: admin })).status).toBe(400);
    const disabled = await list('?status=disabled&page_size=200');
    expect(disabled.results.every((p) => p.is_disabled)).toBe(true);
    expect(disabled.results.map((p) => p.name)).toContain('Jorge Soto');
    expect((await list('?status=active&page_size=200')).results.every((p) => !p.is_disabled)).toBe(true);
    // a search of the active or of the disabled ones (the list's default is the active): counted and paged by name
    const c = await body<Person>(await create({ name: 'Filtrada Tres' }));
    expect((await server.api('demo', `${PERSONS}${c.id}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    const names = async (query: string) => {
      const page = await list(`?search=${encodeURIComponent('filtrada')}&${query}`);
      expect(page.count, query).toBe(page.results.length);
      return page.results.map((p) => p.name);
    };
    expect(await names('status=active')).toEqual(['Filtrada Dos', 'Filtrada Uno']);
    expect(await names('status=disabled')).toEqual(['Filtrada Tres']);
    expect(await names('status=all')).toEqual(['Filtrada Dos', 'Filtrada Tres', 'Filtrada Uno']);
    const second = await list('?search=filtrada&status=active&page_size=1&page=2');
    expect([second.count, second.results.map((p) => p.name)]).toEqual([2, ['Filtrada Uno']]);
    expect((await server.api('demo', `${PERSONS}${c.id}/enable`, { method: 'POST', token: admin })).status).toBe(200);
    expect(await names('status=active')).toEqual(['Filtrada Dos', 'Filtrada Tres', 'Filtrada Uno']);
    const paged = await list(`?search=Filtrada&origin=BUSINESS_PARTNER&page_size=1`);
    expect(paged.next).toBeNull();
    const twoPages = await list(`?search=Filtrada&page_size=1`);
    expect(Object.fromEntries(new URL(twoPages.next!, 'http://x').searchParams)).toEqual({ search: 'Filtrada', page: '2', page_size: '1' });
  });

  it('GET /persons/me/ answers the caller’s own record to any member', async () => {
    const operario = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
    const me = await body<Person>(await server.api('demo', `${PERSONS}me/`, { token: operario.id_token }));
    expect(me).toMatchObject({ name: 'Matías González', primary_email: 'operario@faena.test', has_account: true });
    expect((await server.api('demo', `${PERSONS}${me.id}/`, { token: operario.id_token })).status).toBe(403);
    expect((await server.api('demo', `${PERSONS}me/`)).status).toBe(401);
    // and their place in the chart, for their profile, without the directory: the operario de
    // bodega reports to the jefe de bodega and has nobody below
    const team = await body<{ managers: { position: { title: string }; people: { name: string }[] }[]; reports: { count: number } }>(
      await server.api('demo', `${PERSONS}me/team/`, { token: operario.id_token }),
    );
    expect(team.managers.map((manager) => manager.position.title)).toEqual(['Jefe de Bodega']);
    expect(team.managers[0]!.people).toHaveLength(1);
    expect(team.reports.count).toBe(0);
    // the general manager has nobody above and the four managers below
    expect(await body(await server.api('demo', `${PERSONS}me/team/`, { token: admin }))).toMatchObject({ managers: [], reports: { count: 4 } });
    expect((await server.api('demo', `${PERSONS}${me.id}/team/`, { token: operario.id_token })).status).toBe(403);
    expect((await server.api('demo', `${PERSONS}me/team/`)).status).toBe(401);
  });

  it('disabling a person ends their access at once (403 user-disabled); enabling restores it', async () => {
    const member = await addMember(server, tenantId, { email: 'temporal@faena.test', name: 'Temporal', permissions: ['VIEW_HOME'] });
    const session = await signIn(server, 'demo', member.email, member.password);
    expect((await server.api('demo', '/api/auth/v3/me', { token: session.id_token })).status).toBe(200);
    const disabled = await server.api('demo', `${PERSONS}${member.personId}/disable`, { method: 'POST', token: admin });
    expect(disabled.status).toBe(200);
    expect(await body(disabled)).toMatchObject({ is_disabled: true });
    const refused = await server.api('demo', '/api/auth/v3/me', { token: session.id_token });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'user-disabled' });
    expect((await server.api('demo', '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: member.email, password: member.password } })).status).toBe(403);
    expect(await body(await server.api('demo', `${PERSONS}${member.personId}/enable`, { method: 'POST', token: admin }))).toMatchObject({ is_disabled: false });
    expect((await server.api('demo', '/api/auth/v3/me', { token: session.id_token })).status).toBe(200);
    // nobody disables themselves
    const own = await body<Person>(await server.api('demo', `${PERSONS}me/`, { token: admin }));
    const ownRefused = await server.api('demo', `${PERSONS}${own.id}/disable`, { method: 'POST', token: admin });
    expect(ownRefused.status).toBe(403);
    expect(await body(ownRefused)).toMatchObject({ code: 'operation-not-allowed', reason: 'disable-self' });
    expect((await server.api('demo', `${PERSONS}nope/disable`, { method: 'POST', token: admin })).status).toBe(404);
  });

  it('invites a person to create an account with their e-mail', async () => {
    const person = await body<Person>(await create({ name: 'Invitada Directorio', primary_email: 'invitada.directorio@faena.test' }));
    const response = await server.api('demo', `${PERSONS}${person.id}/invite`, { method: 'POST', token: admin });
    expect(response.status).toBe(201);
    const invite = await body<{ email: string; link: string }>(response);
    expect(invite.email).toBe('invitada.directorio@faena.test');
    expect(new URL(invite.link).pathname).toBe('/from-invite');
    expect((await outbox(server, 'demo', admin)).map((m) => m.recipient)).toContain('invitada.directorio@faena.test');
    const withoutEmail = await body<Person>(await create({ name: 'Sin Correo Invitable' }));
    expect((await server.api('demo', `${PERSONS}${withoutEmail.id}/invite`, { method: 'POST', token: admin })).status).toBe(400);
    const member = (await list('?search=supervisora%40faena')).results[0]!;
    const taken = await server.api('demo', `${PERSONS}${member.id}/invite`, { method: 'POST', token: admin });
    expect(taken.status).toBe(409);
    expect(await body(taken)).toMatchObject({ code: 'conflict', reason: 'has-account' });
    const gone = await body<Person>(await create({ name: 'Deshabilitada Invitable', primary_email: 'deshabilitada.invitable@faena.test' }));
    await server.api('demo', `${PERSONS}${gone.id}/disable`, { method: 'POST', token: admin });
    expect(await body(await server.api('demo', `${PERSONS}${gone.id}/invite`, { method: 'POST', token: admin }))).toMatchObject({ code: 'conflict', reason: 'disabled' });
  });

  it('invites several people at once: each gets a link, the rest are skipped by why, each invitation is in its person’s history', async () => {
    const made = async (name: string, email?: string) => body<Person>(await create({ name, ...(email ? { primary_email: email } : {}) }));
    const ana = await made('Ana Lote', 'ana.lote@faena.test');
    const beto = await made('Beto Lote', 'beto.lote@faena.test');
    const mute = await made('Sin Correo Lote');
    const off = await made('Apagada Lote', 'apagada.lote@faena.test');
    await server.api('demo', `${PERSONS}${off.id}/disable`, { method: 'POST', token: admin });
    const member = (await list('?search=supervisora%40faena')).results[0]!;
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await server.api('demo', `${PERSONS}bulk-invite`, { method: 'POST', token: admin, json: { person_ids: [ana.id, beto.id, mute.id, off.id, member.id, missing, ana.id] } });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ invited: [ana.id, beto.id], has_account: [member.id], disabled: [off.id], no_email: [mute.id], not_found: [missing] });
    const sent = (await outbox(server, 'demo', admin)).filter((message) => message.recipient.endsWith('.lote@faena.test'));
    expect(sent.map((message) => message.recipient).sort()).toEqual(['ana.lote@faena.test', 'beto.lote@faena.test']);
    // each got a link of their own, which opens their invitation
    const links = sent.map((message) => /https?:\/\/\S+\/from-invite\?token=\S+/.exec(message.text)?.[0]);
    expect(new Set(links).size).toBe(2);
    for (const link of links) expect((await server.api('demo', `/api/auth/v3/invites/${new URL(link!).searchParams.get('token')}`)).status).toBe(200);
    for (const person of [ana, beto]) {
      const credential = await body<{ status: string }>(await server.api('demo', `${PERSONS}${person.id}/credential-status/`, { token: admin }));
      expect(credential.status).toBe('INVITED');
      const history = await body<{ results: { action: string; details: { email: string } }[] }>(await server.api('demo', `${PERSONS}${person.id}/history/`, { token: admin }));
      expect(history.results.find((entry) => entry.action === 'auth.invite.create')?.details.email).toBe(person.primary_email);
    }
    // the list says who is invited, and filters by it
    const lote = async (account: string) => (await list(`?search=lote&status=all&account=${account}`)).results.map((person) => person.name).sort();
    expect(await lote('invited')).toEqual(['Ana Lote', 'Beto Lote']);
    expect(await lote('none')).toEqual(['Apagada Lote', 'Sin Correo Lote']);
    expect(await lote('active')).toEqual([]);
    expect((await list('?search=lote&status=all')).results.map((person) => [person.name, person.invited]).sort()).toEqual([
      ['Ana Lote', true],
      ['Apagada Lote', false],
      ['Beto Lote', true],
      ['Sin Correo Lote', false],
    ]);
    expect(await body(await server.api('demo', `${PERSONS}${ana.id}/`, { token: admin }))).toMatchObject({ invited: true, has_account: false });
    expect((await list('?search=supervisora&account=active')).count).toBe(1);
    expect((await server.api('demo', `${PERSONS}?account=maybe`, { token: admin })).status).toBe(400);
    expect((await server.api('demo', `${PERSONS}bulk-invite`, { method: 'POST', token: admin, json: { person_ids: [] } })).status).toBe(400);
    expect((await server.api('demo', `${PERSONS}bulk-invite`, { method: 'POST', token: admin, json: { person_ids: ['nope'] } })).status).toBe(400);
  });

  it('a person who takes a position gets its default permissions, within what the assigner holds', async () => {
    const position = await body<{ id: string }>(
      await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title: 'Encargada de reportes', default_permission_list: ['VIEW_REPORTS', 'MANAGE_REPORTS'] } }),
    );
    const member = await addMember(server, tenantId, { email: 'reportes@faena.test', name: 'Reportes', permissions: ['VIEW_HOME'] });
    const edited = await body<Person>(await patch(member.personId, { position_ids: [position.id] }));
    expect(edited.positions).toEqual([{ id: position.id, title: 'Encargada de reportes' }]);
    const set = await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${member.passport}`, { token: admin }));
    expect(set.permissions).toEqual(['MANAGE_REPORTS', 'VIEW_HOME', 'VIEW_REPORTS']);
    // takes effect on the member's next request
    const session = await signIn(server, 'demo', member.email, member.password);
    expect((await body<{ permissions: string[] }>(await server.api('demo', '/api/permissions/v3/my-site-config', { token: session.id_token }))).permissions).toContain('MANAGE_REPORTS');
    // an HR manager without MANAGE_REPORTS cannot hand it out through the position
    const hr = await addMember(server, tenantId, { email: 'rrhh2@faena.test', permissions: ['VIEW_PEOPLE', 'MANAGE_PEOPLE'] });
    const hrToken = (await signIn(server, 'demo', hr.email, hr.password)).id_token;
    const other = await body<Person>(await create({ name: 'Sin Cargo' }));
    const refused = await patch(other.id, { position_ids: [position.id] }, hrToken);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'permission-denied', required: ['MANAGE_REPORTS', 'VIEW_REPORTS'], reason: 'beyond-own' });
    expect((await body<Person>(await server.api('demo', `${PERSONS}${other.id}/`, { token: admin }))).positions).toEqual([]);
  });

  it('changes a person’s positions one by one: what someone gave them meanwhile stays, the defaults of what they take are granted', async () => {
    const make = async (title: string, defaults: string[] = []) =>
      (await body<{ id: string }>(await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title, default_permission_list: defaults } }))).id;
    const [cashier, guard, lead] = [await make('Cajera delta'), await make('Guardia delta'), await make('Jefa delta', ['VIEW_REPORTS'])];
    const member = await addMember(server, tenantId, { email: 'delta@faena.test', name: 'Delta Cargos', permissions: ['VIEW_HOME'] });
    const positionsOf = async () => (await body<Person>(await server.api('demo', `${PERSONS}${member.personId}/`, { token: admin }))).positions.map((position) => position.title).sort();
    expect((await patch(member.personId, { position_ids: [cashier] })).status).toBe(200);
    // meanwhile someone gives her the guard position from the position itself
    expect((await server.api('demo', `${AUD}/positions/${guard}/`, { method: 'PATCH', token: admin, json: { people_added: [member.personId] } })).status).toBe(200);
    // her form, opened before, takes the cashier position off and gives the lead one
    const edited = await patch(member.personId, { positions_added: [lead], positions_removed: [cashier] });
    expect(edited.status).toBe(200);
    expect(await positionsOf()).toEqual(['Guardia delta', 'Jefa delta']);
    const permissions = await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${member.passport}`, { token: admin }));
    expect(permissions.permissions).toEqual(['VIEW_HOME', 'VIEW_REPORTS']);
    const history = await body<{ results: { action: string; details: { fields: string[] } }[] }>(await server.api('demo', `${PERSONS}${member.personId}/history/`, { token: admin }));
    expect(history.results[0]).toMatchObject({ action: 'people.update', details: { fields: ['position_ids'] } });

    // taking off what she no longer holds and giving what she holds change nothing
    expect((await patch(member.personId, { positions_added: [guard], positions_removed: [cashier] })).status).toBe(200);
    expect(await positionsOf()).toEqual(['Guardia delta', 'Jefa delta']);
    const unchanged = await body<{ results: { details: { fields: string[] } }[] }>(await server.api('demo', `${PERSONS}${member.personId}/history/`, { token: admin }));
    expect(unchanged.results[0]?.details.fields).toEqual([]);

    // bad input: both shapes at once, an unknown position; nothing changes
    const both = await patch(member.personId, { position_ids: [cashier], positions_added: [cashier] });
    expect(both.status).toBe(400);
    const bothBody = await body<{ code: string; errors: Record<string, unknown> }>(both);
    expect(bothBody.code).toBe('validation-error');
    expect(Object.keys(bothBody.errors)).toEqual(['position_ids']);
    const NIL = '00000000-0000-4000-8000-000000000000';
    const unknown = await patch(member.personId, { positions_added: [NIL], positions_removed: [guard] });
    expect(await body(unknown)).toMatchObject({ code: 'validation-error', reasons: { positions_added: 'unknown-reference' } });
    expect(await positionsOf()).toEqual(['Guardia delta', 'Jefa delta']);
  });

  it('lists the newest first on request, with or without a search', async () => {
    for (const name of ['Zeta Ordenada', 'Alfa Ordenada', 'Mu Ordenada']) expect((await create({ name })).status).toBe(201);
    const names = async (query: string) => (await list(query)).results.map((person) => person.name);
    expect(await names('?ordering=-created_at&page_size=3')).toEqual(['Mu Ordenada', 'Alfa Ordenada', 'Zeta Ordenada']);
    expect(await names('?ordering=-created_at&search=ordenada')).toEqual(['Mu Ordenada', 'Alfa Ordenada', 'Zeta Ordenada']);
    expect(await names('?search=ordenada')).toEqual(['Alfa Ordenada', 'Mu Ordenada', 'Zeta Ordenada']);
    expect(await names('?ordering=name&search=ordenada&page=2&page_size=2')).toEqual(['Zeta Ordenada']);
    expect((await server.api('demo', `${PERSONS}?ordering=created_at`, { token: admin })).status).toBe(400);
  });

  it('gives a position to several people at once, or takes it from them: defaults granted, one history entry each, nothing half-done', async () => {
    const position = await body<{ id: string }>(
      await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title: 'Brigadista', default_permission_list: ['VIEW_ASSETS'] } }),
    );
    const bulk = (json: unknown, token = admin) => server.api('demo', `${PERSONS}bulk-position`, { method: 'POST', token, json });
    const members = [
      await addMember(server, tenantId, { email: 'brigada1@faena.test', name: 'Brigada Uno', permissions: ['VIEW_HOME'] }),
      await addMember(server, tenantId, { email: 'brigada2@faena.test', name: 'Brigada Dos', permissions: ['VIEW_HOME'] }),
    ];
    const [one, two] = members.map((member) => member.personId) as [string, string];
    const missing = '00000000-0000-4000-8000-0000000000bb';
    const added = await body<{ changed: string[]; unchanged: string[]; not_found: string[] }>(await bulk({ person_ids: [one, missing, one], position_id: position.id, action: 'add' }));
    expect(added).toEqual({ changed: [one], unchanged: [], not_found: [missing] });
    const again = await body<{ changed: string[]; unchanged: string[] }>(await bulk({ person_ids: [one, two], position_id: position.id, action: 'add' }));
    expect(again).toMatchObject({ changed: [two], unchanged: [one] });
    for (const member of members) {
      expect((await body<Person>(await server.api('demo', `${PERSONS}${member.personId}/`, { token: admin }))).positions).toEqual([{ id: position.id, title: 'Brigadista' }]);
      expect((await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${member.passport}`, { token: admin }))).permissions).toEqual([
        'VIEW_ASSETS',
        'VIEW_HOME',
      ]);
    }
    const latest = async (id: string) => (await body<{ results: { action: string; details: unknown }[] }>(await server.api('demo', `${PERSONS}${id}/history/`, { token: admin }))).results[0];
    expect(await latest(two)).toMatchObject({ action: 'people.position.add', details: { position_id: position.id, position: 'Brigadista' } });
    // taken from both: the position is left, the permissions stay (as when one person is edited)
    expect(await body(await bulk({ person_ids: [one, two], position_id: position.id, action: 'remove' }))).toMatchObject({ changed: expect.arrayContaining([one, two]), unchanged: [] });
    expect((await body<Person>(await server.api('demo', `${PERSONS}${one}/`, { token: admin }))).positions).toEqual([]);
    expect(await latest(one)).toMatchObject({ action: 'people.position.remove' });
    expect((await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${members[0]!.passport}`, { token: admin }))).permissions).toContain('VIEW_ASSETS');
    // defaults beyond the caller's own: refused, nobody takes the position
    const hr = await addMember(server, tenantId, { email: 'rrhh3@faena.test', permissions: ['VIEW_PEOPLE', 'MANAGE_PEOPLE'] });
    const hrToken = (await signIn(server, 'demo', hr.email, hr.password)).id_token;
    const refused = await bulk({ person_ids: [one], position_id: position.id, action: 'add' }, hrToken);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'permission-denied', reason: 'beyond-own' });
    expect((await body<Person>(await server.api('demo', `${PERSONS}${one}/`, { token: admin }))).positions).toEqual([]);
    // bad input
    const unknown = await bulk({ person_ids: [one], position_id: missing, action: 'add' });
    expect(unknown.status).toBe(400);
    expect(await body(unknown)).toMatchObject({ reasons: { position_id: 'unknown-reference' } });
    expect((await bulk({ person_ids: [one], position_id: position.id, action: 'swap' })).status).toBe(400);
    expect((await bulk({ person_ids: [], position_id: position.id, action: 'add' })).status).toBe(400);
    expect((await bulk({ person_ids: [one], position_id: 'nope', action: 'add' })).status).toBe(400);
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    expect((await bulk({ person_ids: [one], position_id: position.id, action: 'add' }, operario)).status).toBe(403);
  });

  it('needs VIEW_PEOPLE to read and MANAGE_PEOPLE to write', async () => {
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    const someone = (await list('?page_size=1')).results[0]!;
    for (const [method, path] of [
      ['GET', `${PERSONS}by-passport/${someone.passport}/`],
      ['PATCH', `${PERSONS}${someone.id}/`],
      ['POST', `${PERSONS}${someone.id}/disable`],
      ['POST', `${PERSONS}${someone.id}/enable`],
      ['POST', `${PERSONS}${someone.id}/invite`],
      ['POST', `${PERSONS}bulk-invite`],
    ] as const) {
      const response = await server.api('demo', path, { method, token: operario, ...(method === 'GET' ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });
});
