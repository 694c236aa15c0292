import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, seededDemo, signIn, type TestServer } from './harness.ts';

interface Entry {
  action: string;
  method: string;
  path: string;
  status: number;
}

/** The audit log records what happened: a refused write is not a success, a created record is a 201. */
describe.each(engines())('audit truth on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let northPerson: string;
  let northVenue: string;

  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    const north = (await signIn(server, 'demo-norte', 'admin@faena.test', 'faena-demo')).id_token;
    const persons = await body<{ results: { id: string }[] }>(await server.api('demo-norte', '/api/audiences/v3/persons/?page_size=1', { token: north }));
    northPerson = persons.results[0]!.id;
    const venue = await server.api('demo-norte', '/api/organization/v3/venues/', { method: 'POST', token: north, json: { name: 'Sede del norte', code: 'N-1' } });
    northVenue = (await body<{ id: string }>(venue)).id;
  });
  afterAll(() => server?.close());

  const entries = async () => (await body<{ results: Entry[] }>(await server.api('demo', '/api/audit/v3/entries?page_size=100', { token: admin }))).results;

  it("records a write refused with 404 (another tenant's id) with its final status, never as a success", async () => {
    const refused: [string, string, unknown][] = [
      ['PATCH', `/api/audiences/v3/persons/${northPerson}/`, { name: 'Intruso' }],
      ['PATCH', `/api/organization/v3/venues/${northVenue}/`, { name: 'Intrusa' }],
      ['DELETE', `/api/organization/v3/venues/${northVenue}/`, undefined],
    ];
    for (const [method, path, json] of refused) {
      const response = await server.api('demo', path, { method, token: admin, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const log = await entries();
    for (const [method, path] of refused) {
      const rows = log.filter((entry) => entry.method === method && entry.path === path);
      expect(
        rows.filter((row) => row.status < 400),
        `${method} ${path}: ${JSON.stringify(rows)}`,
      ).toEqual([]);
    }
  });

  it('records a created record with 201', async () => {
    const created = await server.api('demo', '/api/organization/v3/venues/', { method: 'POST', token: admin, json: { name: 'Sede auditada', code: 'AUD-1' } });
    expect(created.status).toBe(201);
    const rows = (await entries()).filter((entry) => entry.method === 'POST' && entry.path === '/api/organization/v3/venues/');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.status).toBe(201);
  });
});
