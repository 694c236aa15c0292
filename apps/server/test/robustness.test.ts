import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, outbox, routeTable, seededDemo, signIn, type TestServer } from './harness.ts';

const SIGN_IN = '/api/auth/v3/sign-in/password';
const PERSONS = '/api/audiences/v3/persons/';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe.each(engines())('robustness on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => ({ server, admin } = await seededDemo(engine)));
  afterAll(() => server?.close());

  const raw = (method: string, path: string, rawBody: string | Buffer | undefined, headers: Record<string, string> = JSON_HEADERS, token: string | undefined = admin) =>
    server.api('demo', path, { method, headers, ...(rawBody === undefined ? {} : { body: rawBody }), ...(token ? { token } : {}) });
  const personCount = async () => (await body<{ count: number }>(await server.api('demo', `${PERSONS}?page_size=1`, { token: admin }))).count;
  const auditCount = async () => (await body<{ count: number }>(await server.api('demo', '/api/audit/v3/entries?page_size=1', { token: admin }))).count;

  it('answers 400 invalid-json to a body that is not JSON, on public and protected routes', async () => {
    for (const [path, token] of [
      [SIGN_IN, undefined],
      [PERSONS, admin],
    ] as const) {
      for (const text of ['{', '{"email": }', 'not json', "{'a': 1}", '{"a":1}}']) {
        const response = await raw('POST', path, text, JSON_HEADERS, token);
        expect(response.status, `${path} ${text}`).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await body(response)).toEqual({ code: 'invalid-json', detail: expect.any(String) });
      }
    }
    const empty = await raw('POST', SIGN_IN, '', JSON_HEADERS);
    expect(empty.status).toBe(400);
    expect(await body(empty)).toMatchObject({ code: 'invalid-json' });
  });

  it('refuses prototype pollution in a body', async () => {
    const response = await raw('POST', PERSONS, '{"name":"Proto","__proto__":{"isAdmin":true}}');
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ code: 'invalid-json' });
  });

  it('answers 400 validation-error with per-field errors for wrong types and missing fields', async () => {
    const wrong = await server.api('demo', SIGN_IN, { method: 'POST', json: { email: 42, password: ['x'] } });
    expect(wrong.status).toBe(400);
    const answer = await body<{ code: string; errors: Record<string, string[]> }>(wrong);
    expect(answer.code).toBe('validation-error');
    expect(Object.keys(answer.errors).sort()).toEqual(['email', 'password']);
    for (const messages of Object.values(answer.errors)) expect(messages.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);

    const missing = await server.api('demo', SIGN_IN, { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys((await body<{ errors: Record<string, string[]> }>(missing)).errors).sort()).toEqual(['email', 'password']);

    for (const json of [[], 'text', 42, null]) {
      const response = await server.api('demo', SIGN_IN, { method: 'POST', json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await body(response)).code).toMatch(/^(validation-error|invalid-json)$/);
    }
    const query = await server.api('demo', `${PERSONS}?page=zero`, { token: admin });
    expect(query.status).toBe(400);
    expect(await body(query)).toMatchObject({ code: 'validation-error', errors: { page: [expect.any(String)] } });
  });

  it('answers 413 payload-too-large to a body over 1 MB', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(1024 * 1024), password: 'x' });
    const response = await raw('POST', SIGN_IN, big, JSON_HEADERS, undefined);
    expect(response.status).toBe(413);
    expect(await body(response)).toEqual({ code: 'payload-too-large', detail: expect.any(String) });
    // just under the limit is parsed (and then validated)
    const under = await raw('POST', PERSONS, JSON.stringify({ name: 'x'.repeat(1000 * 1000) }));
    expect(under.status).toBe(400);
    expect(await body(under)).toMatchObject({ code: 'validation-error', errors: { name: [expect.any(String)] } });
  });

  it('answers 415 to a content type it does not read', async () => {
    const response = await raw('POST', SIGN_IN, '<xml/>', { 'content-type': 'application/xml' }, undefined);
    expect(response.status).toBe(415);
    expect(await body(response)).toMatchObject({ code: 'unsupported-media-type' });
  });

  it('answers 400, not 500, to text holding a NUL character, anywhere', async () => {
    const cases: [string, string, unknown][] = [
      ['GET', `${PERSONS}?search=%00`, undefined],
      ['POST', SIGN_IN, { email: 'a\u0000@faena.test', password: 'x' }],
      ['POST', PERSONS, { name: 'Nul\u0000Name' }],
      ['POST', '/api/auth/v3/invites', { email: 'nul@faena.test', name: 'x\u0000' }],
      ['PUT', '/api/permissions/v3/by-passport/abc', { permissions: ['VIEW_HOME\u0000'] }],
      ['GET', '/api/permissions/v3/by-passport/a%00b', undefined],
      ['GET', '/api/auth/v3/invites/a%00b', undefined],
    ];
    const before = await personCount();
    for (const [method, path, json] of cases) {
      const response = await server.api('demo', path, { method, token: admin, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await body(response), path).toMatchObject({ code: 'validation-error', errors: expect.any(Object) });
    }
    expect(await personCount()).toBe(before);
    const named = await body<{ errors: Record<string, string[]> }>(await server.api('demo', PERSONS, { method: 'POST', json: { name: 'ok', extra: { deep: ['fine', 'bad\u0000'] } }, token: admin }));
    expect(Object.keys(named.errors)).toEqual(['extra.deep.1']);
  });

  it('answers 400, not 500, to a lone surrogate escape ("x\\ud800y" is valid JSON, not storable text), in values and keys', async () => {
    const form = await body<{ id: string }>(
      await server.api('demo', '/api/forms/v3/forms/', {
        method: 'POST',
        token: admin,
        json: { name: 'Sondeo', description: [{ id: 1, name: 'nota', type: 'text', label: 'Nota', required: false }] },
      }),
    );
    const cases: [string, string, unknown][] = [
      ['POST', `/api/forms/v3/forms/${form.id}/responses/`, { response: { nota: 'x\ud800y' } }],
      ['POST', `/api/forms/v3/forms/${form.id}/responses/`, { response: { ['nota\udc00']: 'ok' } }],
      ['POST', '/api/forms/v3/forms/', { name: 'Roto', description: [{ id: 1, name: 'a', type: 'text', label: 'Etiqueta \udfff' }] }],
      ['POST', '/api/organization/v3/venues/', { name: 'Sede', code: 'S-SUR', extra_data: { nota: 'x\ud800y' } }],
      ['POST', `${PERSONS}exports/`, { format: 'csv', filters: { search: 'a\ud800' } }],
    ];
    for (const [method, path, json] of cases) {
      const response = await server.api('demo', path, { method, token: admin, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path} ${JSON.stringify(json)}`).toBeLessThan(500);
      expect(response.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
    }
    // A query string holding the UTF-8 bytes of a surrogate decodes to replacement characters: searched, not a 500.
    expect((await server.api('demo', `${PERSONS}?search=%ED%A0%80`, { token: admin })).status).toBe(200);
    const responses = await body<{ count: number }>(await server.api('demo', `/api/forms/v3/forms/${form.id}/responses/`, { token: admin }));
    expect(responses.count).toBe(0);
    const refused = await body<{ code: string; errors: Record<string, string[]> }>(
      await server.api('demo', `/api/forms/v3/forms/${form.id}/responses/`, { method: 'POST', token: admin, json: { response: { nota: 'x\ud800y' } } }),
    );
    expect(refused).toMatchObject({ code: 'validation-error', errors: { 'response.nota': [expect.stringContaining('surrogate')] } });
  });

  it('answers 404 JSON to an unknown /api route and to a wrong method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/auth/v3/nope'],
      ['GET', '/api/audiences/v3/persons'],
      ['DELETE', '/api/tenant'],
      ['PUT', '/api/auth/v3/me'],
      ['PATCH', PERSONS],
      ['GET', SIGN_IN],
      ['DELETE', '/api/permissions/v3/permissions'],
    ] as const) {
      const response = await server.api('demo', path, { method, token: admin, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await body(response)).toEqual({ code: 'not-found', detail: expect.stringContaining('not found') });
    }
  });

  it('serves the web app for other paths, and JSON 404 for writes to them', async () => {
    const page = await server.api('demo', '/people/123');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const write = await server.api('demo', '/people/123', { method: 'POST', json: {} });
    expect(write.status).toBe(404);
    expect(await body(write)).toMatchObject({ code: 'not-found' });
  });

  it('echoes a well-formed request id and replaces a bad one', async () => {
    const kept = await server.api('demo', '/api/tenant', { headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await server.api('demo', '/api/tenant', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing when a create fails, whatever the reason', async () => {
    const people = await personCount();
    const audit = await auditCount();
    const mails = (await outbox(server, 'demo', admin)).length;
    const attempts: [string, string | Buffer][] = [
      [PERSONS, JSON.stringify({ name: 'Fallida', primary_email: 'not-an-email' })],
      [PERSONS, JSON.stringify({ name: 'Fallida', primary_email: 'supervisora@faena.test' })],
      [PERSONS, JSON.stringify({ primary_email: 'fallida@faena.test' })],
      [PERSONS, '{"name": "Fallida"'],
      [PERSONS, JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) })],
      [PERSONS, JSON.stringify({ name: 'Fallida\u0000' })],
      ['/api/auth/v3/invites', JSON.stringify({ email: 'bad email' })],
      ['/api/auth/v3/invites', JSON.stringify({ email: 'supervisora@faena.test' })],
    ];
    for (const [path, text] of attempts) {
      const response = await raw('POST', path, text);
      expect(response.status, `${path} ${String(text).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await personCount()).toBe(people);
    expect(await auditCount()).toBe(audit);
    expect((await outbox(server, 'demo', admin)).length).toBe(mails);
    expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=Fallida`, { token: admin }))).count).toBe(0);
  });

  it('never answers 500 to hostile input on any route', { timeout: 300_000 }, async () => {
    const routes = routeTable(server.running.app).filter((route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(15);
    const paramValues = ['x', '%00', "'", '00000000-0000-4000-8000-000000000000', 'x'.repeat(150), '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd'];
    const bodies: (string | undefined)[] = [
      undefined,
      '',
      '{',
      '[]',
      'null',
      '"text"',
      '{"a":{"b":{"c":[1,2,{"d":null}]}}}',
      '{"email":"a@b.co","password":1,"name":[],"person_id":{},"refresh_token":null,"permissions":[null]}',
      JSON.stringify({ email: '\u0000', name: '\u0000', person_id: '\u0000', refresh_token: '\u0000', permissions: ['\u0000'] }),
    ];
    const failures: string[] = [];
    for (const route of routes) {
      // a fresh session per route: sign-out and impersonation may end it
      const token = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
      for (const param of route.url.includes(':') ? paramValues : ['']) {
        const path = route.url.replace(/:[A-Za-z_]+/g, param);
        for (const text of route.method === 'GET' ? [undefined] : bodies) {
          for (const auth of [token, undefined]) {
            const label = `${route.method} ${path} ${text ?? '(no body)'} ${auth ? 'signed in' : 'anonymous'}`;
            const response = await raw(route.method, `${path}${route.method === 'GET' ? '?page=x&search=%00&impersonated=maybe' : ''}`, text, text === undefined ? {} : JSON_HEADERS, auth).catch(
              (error: unknown) => {
                failures.push(`${label} → ${String(error)}`);
                return null;
              },
            );
            if (!response) continue;
            if (response.status >= 500) failures.push(`${label} → ${response.status} ${await response.text()}`);
            else if (response.status >= 400 && response.status !== 404 && !/^application\/json/.test(response.headers.get('content-type') ?? ''))
              failures.push(`${label} → ${response.status} without JSON`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
