import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';

describe.each(engines())('platform smoke on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
    await makeTenant(server, 'acme');
  });
  afterAll(() => server?.close());

  it('answers health without a tenant', async () => {
    const response = await server.api(null, '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.2.257' });
  });

  it('signs in on the tenant host and reads /me', async () => {
    const pair = await signIn(server, 'acme', 'admin@acme.test', 'secret-pass');
    const me = await server.api('acme', '/api/auth/v3/me', { token: pair.id_token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'admin@acme.test', sign_in_method: 'PASSWORD' });
  });
});
