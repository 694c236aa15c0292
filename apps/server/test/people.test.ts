import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';

const PERSONS = '/api/audiences/v3/persons/';

interface Person {
  id: string;
  passport: string;
  name: string;
  primary_email: string | null;
  picture: string | null;
  is_disabled: boolean;
  has_account: boolean;
  created_at: string;
  updated_at: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Person[];
}

describe.each(engines())('people on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let norteAdmin: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    norteAdmin = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  const list = async (query = '', token = admin, subdomain = 'demo') => {
    const response = await server.api(subdomain, `${PERSONS}${query}`, { token });
    expect(response.status, query).toBe(200);
    return body<Page>(response);
  };
  const create = (json: unknown, token = admin, subdomain = 'demo') => server.api(subdomain, PERSONS, { method: 'POST', json, token });

  describe('GET /persons/', () => {
    it('answers a page {count, next, previous, results} with 20 per page by default', async () => {
      const page = await list();
      expect(Object.keys(page).sort()).toEqual(['count', 'next', 'previous', 'results']);
      expect(page.count).toBeGreaterThanOrEqual(45);
      expect(page.results).toHaveLength(20);
      expect(page.previous).toBeNull();
      expect(page.next).toBe(`${PERSONS}?page=2&page_size=20`);
      const person = page.results[0]!;
      expect(Object.keys(person).sort()).toEqual([
        'created_at',
        'has_account',
        'id',
        'identity_documents',
        'invited',
        'is_disabled',
        'name',
        'origin',
        'passport',
        'photo_upload_id',
        'picture',
        'positions',
        'primary_email',
        'updated_at',
      ]);
    });

    it('walks every page with page and page_size, each person once, in a stable order', async () => {
      const first = await list('?page_size=7');
      const seen: Person[] = [];
      let url: string | null = `?page=1&page_size=7`;
      let pages = 0;
      while (url) {
        const page: Page = await list(url.replace(PERSONS, ''));
        expect(page.count).toBe(first.count);
        seen.push(...page.results);
        pages++;
        if (pages > 1) expect(page.previous).toBe(`${PERSONS}?page=${pages - 1}&page_size=7`);
        url = page.next;
      }
      expect(pages).toBe(Math.ceil(first.count / 7));
      expect(seen).toHaveLength(first.count);
      expect(new Set(seen.map((p) => p.id)).size).toBe(first.count);
      // a stable order: one big page lists the same people in the same order
      const all = await list(`?page_size=200`);
      expect(all.results.map((p) => p.id)).toEqual(seen.map((p) => p.id));
    });

    it('answers an empty page past the end, with the count', async () => {
      const page = await list('?page=500&page_size=10');
      expect(page.results).toEqual([]);
      expect(page.next).toBeNull();
      expect(page.count).toBeGreaterThanOrEqual(45);
    });

    it('searches names and e-mails case-insensitively, keeping the search in the links', async () => {
      const camila = await list('?search=camila');
      expect(camila.count).toBe(1);
      expect(camila.results[0]).toMatchObject({ name: 'Camila Rojas', primary_email: 'supervisora@faena.test', has_account: true, is_disabled: false });
      expect((await list('?search=SUPERVISORA%40faena')).results.map((p) => p.name)).toEqual(['Camila Rojas']);
      // each word typed is the start of a word of the name, or of an e-mail
      const many = await list('?search=sof&page_size=5');
      expect(many.count).toBeGreaterThan(1);
      const next = new URL((await list('?search=sof&page_size=1')).next!, 'http://x');
      expect(next.pathname).toBe(PERSONS);
      expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'sof', page: '2', page_size: '1' });
      expect(await list('?search=zzzz-nobody')).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      expect((await list('?search=%25')).count).toBe(0);
      expect((await list('?search=_')).count).toBe(0);
      expect((await list('?search=%5C')).count).toBe(0);
    });

    it('refuses bad paging values with 400', async () => {
      for (const query of ['?page=0', '?page=-1', '?page=abc', '?page_size=0', '?page_size=201', '?page=1.5']) {
        const response = await server.api('demo', `${PERSONS}${query}`, { token: admin });
        expect(response.status, query).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error' });
      }
    });

    it('needs VIEW_PEOPLE', async () => {
      const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
      const response = await server.api('demo', PERSONS, { token: operario });
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ code: 'permission-denied' });
      const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
      expect((await server.api('demo', PERSONS, { token: supervisora })).status).toBe(200);
      expect((await server.api('demo', PERSONS)).status).toBe(401);
    });
  });

  describe('POST /persons/', () => {
    it('creates a person (201) that the list and the detail then show', async () => {
      const before = (await list()).count;
      const response = await create({ name: '  Rosa Espinoza  ', primary_email: ' Rosa.Espinoza@Faena.test ' });
      expect(response.status).toBe(201);
      const person = await body<Person>(response);
      expect(person).toMatchObject({ name: 'Rosa Espinoza', primary_email: 'rosa.espinoza@faena.test', picture: null, is_disabled: false, has_account: false });
      expect(person.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(person.passport).toMatch(/^[0-9a-f-]{36}$/);
      expect((await list()).count).toBe(before + 1);
      const detail = await server.api('demo', `${PERSONS}${person.id}/`, { token: admin });
      expect(detail.status).toBe(200);
      expect(await body(detail)).toEqual(person);
    });

    it('creates a person without e-mail', async () => {
      const response = await create({ name: 'Sin Correo' });
      expect(response.status).toBe(201);
      expect(await body(response)).toMatchObject({ name: 'Sin Correo', primary_email: null });
      expect((await create({ name: 'Otra Sin Correo', primary_email: null })).status).toBe(201);
    });

    it('ignores unknown keys', async () => {
      const response = await create({
        name: 'Con Extras',
        primary_email: 'extras@faena.test',
        is_disabled: true,
        has_account: true,
        id: '00000000-0000-4000-8000-000000000000',
        tenant_id: 'x',
        role: 'admin',
      });
      expect(response.status).toBe(201);
      const person = await body<Person & Record<string, unknown>>(response);
      expect(person).toMatchObject({ name: 'Con Extras', is_disabled: false, has_account: false });
      expect(person.id).not.toBe('00000000-0000-4000-8000-000000000000');
      expect(person).not.toHaveProperty('role');
      expect(person).not.toHaveProperty('tenant_id');
    });

    it('answers 400 with per-field errors for a missing or blank name and a bad e-mail', async () => {
      for (const json of [{}, { primary_email: 'x@faena.test' }, { name: '' }, { name: '   ' }, { name: 42 }]) {
        const response = await create(json);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error', errors: { name: [expect.any(String)] } });
      }
      const bad = await create({ name: 'Mal Correo', primary_email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect(await body(bad)).toMatchObject({ errors: { primary_email: ['Invalid email'] } });
    });

    it('answers 400 "Email already in use" for an e-mail taken in the tenant, in any case', async () => {
      for (const email of ['supervisora@faena.test', 'SUPERVISORA@Faena.Test', '  supervisora@faena.test ']) {
        const response = await create({ name: 'Duplicada', primary_email: email });
        expect(response.status, email).toBe(400);
        const answer = await body(response);
        expect(answer.errors).toEqual({ primary_email: ['Email already in use'] });
      }
      expect((await list('?search=Duplicada')).count).toBe(0);
    });

    it('lets exactly one of several concurrent creates with one e-mail through', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => create({ name: `Carrera ${i}`, primary_email: i % 2 ? 'CARRERA@faena.test' : 'carrera@faena.test' })));
      expect(answers.map((response) => response.status).sort()).toEqual([201, 400, 400, 400, 400]);
      for (const response of answers.filter((r) => r.status === 400)) expect((await body(response)).errors).toEqual({ primary_email: ['Email already in use'] });
      expect((await list('?search=carrera%40')).count).toBe(1);
    });

    it('needs MANAGE_PEOPLE', async () => {
      const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
      const response = await create({ name: 'No Permitido' }, supervisora);
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ code: 'permission-denied' });
      expect((await create({ name: 'No Permitido' }, '')).status).toBe(401);
      expect((await list('?search=No%20Permitido')).count).toBe(0);
    });

    it('is audited as the caller', async () => {
      const response = await create({ name: 'Auditada' });
      const person = await body<Person>(response);
      const entries = await body<{ results: { action: string; path: string; status: number; actor_person_id: string; impersonator_person_id: string | null }[] }>(
        await server.api('demo', '/api/audit/v3/entries', { token: admin }),
      );
      const entry = entries.results.find((e) => e.action === 'people.create');
      expect(entry).toMatchObject({ path: PERSONS, impersonator_person_id: null });
      expect(person.id).toBeDefined();
    });
  });

  describe('GET /persons/{id}/', () => {
    it("answers 404 for another tenant's id, an unknown id and a malformed id", async () => {
      const norteId = (await list('?search=Rodrigo', norteAdmin, 'demo-norte')).results[0]!.id;
      expect((await server.api('demo-norte', `${PERSONS}${norteId}/`, { token: norteAdmin })).status).toBe(200);
      for (const id of [norteId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "1'%20OR%20'1'='1", '%E0%A4%A', 'x'.repeat(300), `${norteId}x`]) {
        const response = await server.api('demo', `${PERSONS}${id}/`, { token: admin });
        expect(response.status, id).toBe(404);
        expect(await body(response), id).toMatchObject({ code: 'not-found' });
      }
    });

    it('needs VIEW_PEOPLE', async () => {
      const someone = (await list()).results[0]!.id;
      const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
      expect((await server.api('demo', `${PERSONS}${someone}/`, { token: operario })).status).toBe(403);
    });
  });
});
