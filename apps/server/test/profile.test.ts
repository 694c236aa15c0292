import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PDF, PNG_1X1, uploadWhole } from './documents.helpers.ts';

describe.each(engines())('profile editing on %s', (engine) => {
  let server: TestServer;
  let token: string;

  const stored = async (file: Buffer, name: string) => {
    const temp = await (await uploadWhole(server, 'demo', token, file, name)).text();
    const { upload_id } = await body<{ upload_id: string }>(await server.api('demo', `${DM}/filepond/${temp}/store`, { method: 'POST', token }));
    return `${DM}/upload/${upload_id}/download`;
  };

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    await makeTenant(server, 'acme');
    token = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  it('changes the caller’s name everywhere it is shown, including people search', async () => {
    const response = await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { name: 'Matías G. Soto' } });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ name: 'Matías G. Soto', email: 'operario@faena.test' });
    const admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    const found = await body<{ results: { name: string }[] }>(await server.api('demo', '/api/audiences/v3/persons/?search=soto', { token: admin }));
    expect(found.results.map((p) => p.name)).toContain('Matías G. Soto');
  });

  it('takes a picture only from an image the tenant stored', async () => {
    const image = await stored(PNG_1X1, 'yo.png');
    const ok = await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { picture: image } });
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({ picture: image });
    const pdf = await stored(PDF, 'cv.pdf');
    expect((await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { picture: pdf } })).status).toBe(400);
    expect((await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { picture: 'https://evil.example/x.png' } })).status).toBe(400);
    const cleared = await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { picture: null } });
    expect(await body(cleared)).toMatchObject({ picture: null });
    expect((await server.api('demo', '/api/auth/v3/me', { method: 'PATCH', token, json: { name: '' } })).status).toBe(400);
  });

  it('is refused where the organisation has profile editing off', async () => {
    const acme = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const refused = await server.api('acme', '/api/auth/v3/me', { method: 'PATCH', token: acme, json: { name: 'Otro' } });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'operation-not-allowed' });
  });
});
