import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, httpRequest, makeTenant, signIn, startServer, type TestServer } from './harness.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

describe.each(engines())('web assets and invitees on %s', (engine) => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'faena-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="es"><title>Faena</title><div id="root"></div></html>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    server = await startServer(engine, { env: { WEB_DIST: webDist } });
    await makeTenant(server, 'acme');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the precompressed copy of an asset to a client that accepts it', async () => {
    const get = (encoding: string | null) => {
      const headers = new Headers({ host: `acme.app.localhost:${server.port}` });
      if (encoding) headers.set('accept-encoding', encoding);
      return httpRequest(server.port, '/assets/app-abc123.js', { method: 'GET', headers });
    };
    const br = await get('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get(null);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers index.html for app paths and JSON 404 under /api', async () => {
    const page = await httpRequest(server.port, '/people/123', { method: 'GET', headers: new Headers({ host: 'acme.app.localhost' }) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await httpRequest(server.port, '/api/nothing-here', { method: 'GET', headers: new Headers({ host: 'acme.app.localhost' }) });
    expect(api.status).toBe(404);
    expect(await body(api)).toMatchObject({ code: 'not-found' });
  });

  it('gives a new invitee the frontline basics instead of an empty app', async () => {
    const admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const invite = await body<{ link: string }>(await server.api('acme', '/api/auth/v3/invites', { method: 'POST', token: admin, json: { email: 'nueva@acme.test' } }));
    const token = new URL(invite.link).searchParams.get('token')!;
    const accepted = await server.api('acme', `/api/auth/v3/invites/${token}/accept`, { method: 'POST', json: { name: 'Nueva Persona', password: 'clave-segura' } });
    expect(accepted.status).toBe(200);
    const { id_token } = await body<{ id_token: string }>(accepted);
    const config = await body<{ permissions: string[] }>(await server.api('acme', '/api/permissions/v3/my-site-config', { token: id_token }));
    expect(config.permissions).toEqual(['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_WF']);
  });
});
