import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, httpRequest, signIn, startServer, type TestServer } from './harness.ts';

interface Outbox {
  results: { recipient: string; subject: string; text: string; transport: string }[];
}

describe.each(engines())('sign-in secrets in the outbox on %s', (engine) => {
  let server: TestServer;
  let staff: string;
  let hr: string;

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    staff = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    hr = (await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  it('shows a magic-link code to internal staff only, and to no other people manager', async () => {
    const requested = await server.api('demo', '/api/auth/v3/magic-link', { method: 'POST', json: { email: 'operario@faena.test' } });
    expect(requested.status).toBe(204);
    const forStaff = await body<Outbox>(await server.api('demo', '/api/auth/v3/outbox', { token: staff }));
    const seen = forStaff.results.find((m) => m.recipient === 'operario@faena.test')!;
    expect(seen.text).toMatch(/\b\d{6}\b/);
    const forHr = await body<Outbox>(await server.api('demo', '/api/auth/v3/outbox', { token: hr }));
    const hidden = forHr.results.find((m) => m.recipient === 'operario@faena.test')!;
    expect(hidden.text).not.toMatch(/\d{6}/);
    expect(hidden.subject).not.toMatch(/\d{6}/);
  });

  it('limits sign-in links per address so nobody floods an inbox', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.api('demo', '/api/auth/v3/magic-link', { method: 'POST', json: { email: 'supervisora@faena.test' } })).status);
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses[5]).toBe(429);
    expect((await server.api('demo', '/api/auth/v3/magic-link', { method: 'POST', json: { email: 'rrhh@faena.test' } })).status).toBe(204);
  });
});

describe.each(engines())('delivered secrets and the product apex on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // SMTP points at a closed port: the row records the failure, and delivery was not the outbox.
    server = await startServer(engine, { seed: true, env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_DOMAIN: 'faena.example.com' } });
  });
  afterAll(() => server?.close());

  it('never shows a code that went out by SMTP, even to staff', async () => {
    const host = (sub: string) => new Headers({ host: `${sub}.faena.example.com`, 'content-type': 'application/json' });
    const signInResponse = await httpRequest(server.port, '/api/auth/v3/sign-in/password', {
      method: 'POST',
      headers: host('demo'),
      body: JSON.stringify({ email: DEMO_ADMIN, password: DEMO_PASSWORD }),
    });
    const { id_token } = await body<{ id_token: string }>(signInResponse);
    await httpRequest(server.port, '/api/auth/v3/magic-link', { method: 'POST', headers: host('demo'), body: JSON.stringify({ email: 'operario@faena.test' }) });
    const headers = host('demo');
    headers.set('authorization', `Bearer ${id_token}`);
    const outbox = await body<Outbox>(await httpRequest(server.port, '/api/auth/v3/outbox', { method: 'GET', headers }));
    const message = outbox.results.find((m) => m.recipient === 'operario@faena.test')!;
    expect(message.transport).toBe('smtp');
    expect(message.text).not.toMatch(/\d{6}/);
  });

  it('reads the product apex (three labels) as no tenant: the default one', async () => {
    const apex = await httpRequest(server.port, '/api/tenant', { method: 'GET', headers: new Headers({ host: 'faena.example.com' }) });
    expect(apex.status).toBe(200);
    expect(await body(apex)).toMatchObject({ subdomain: 'demo' });
    const tenant = await httpRequest(server.port, '/api/tenant', { method: 'GET', headers: new Headers({ host: 'demo-norte.faena.example.com' }) });
    expect(await body(tenant)).toMatchObject({ subdomain: 'demo-norte' });
  });
});
