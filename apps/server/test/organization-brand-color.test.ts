import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, type TestServer } from './harness.ts';

const ORG = '/api/organization/v3/current';
const MANIFEST = '/api/pwa/manifest.webmanifest';

/** Issue 46 point 1 (decision 030): the organisation's brand colour, set by its administrators, is its installed app's theme colour. */
describe.each(engines())('the organisation’s brand colour on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let operario: string;
  let norteAdmin: string;
  const colourOf = async (subdomain: string, token: string) => (await body<{ brand_color: string | null }>(await server.api(subdomain, ORG, { token }))).brand_color;
  const tenantColourOf = async (subdomain: string) => (await body<{ brand_color: string | null }>(await server.api(subdomain, '/api/tenant'))).brand_color;
  const themeOf = async (subdomain: string) => (await body<{ theme_color: string; background_color: string }>(await server.api(subdomain, MANIFEST))).theme_color;

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    norteAdmin = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  it('has none until set (Faena’s teal in the manifest); an administrator sets it, kept in lower case, and the profile, the tenant and the manifest carry it', async () => {
    expect(await colourOf('demo', operario)).toBeNull();
    expect(await tenantColourOf('demo')).toBeNull();
    expect(await themeOf('demo')).toBe('#44a690');

    const saved = await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { brand_color: ' #1A2B3C ' } });
    expect(saved.status).toBe(200);
    expect(await body(saved)).toMatchObject({ brand_color: '#1a2b3c', name: 'Faena Demo' });
    expect(await colourOf('demo', operario)).toBe('#1a2b3c');
    expect(await tenantColourOf('demo')).toBe('#1a2b3c');
    const manifest = await body<{ theme_color: string; background_color: string }>(await server.api('demo', MANIFEST));
    expect(manifest).toMatchObject({ theme_color: '#1a2b3c', background_color: '#ffffff' });
    // a change of something else leaves the colour as it is
    expect(await body(await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { name: 'Faena Demo' } }))).toMatchObject({ brand_color: '#1a2b3c' });
  });

  it('refuses anything but #rrggbb with a coded field error, writing nothing of the request', async () => {
    for (const wrong of ['red', '#fff', '#12345', '#1234567', '#gg0000', '44a690', 'rgb(68,166,144)', '#44a690; x', 'x'.repeat(100)]) {
      const response = await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { name: 'Nombre a medias', brand_color: wrong } });
      expect(response.status, wrong).toBe(400);
      expect(await body(response), wrong).toMatchObject({
        code: 'validation-error',
        errors: { brand_color: ['The brand colour must be a hex colour like #44a690.'] },
        reasons: { brand_color: 'invalid-color' },
      });
    }
    // with a bad time zone too, both fields are told at once
    const both = await body<{ errors: Record<string, string[]>; reasons: Record<string, string> }>(
      await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { timezone: 'Mars/Olympus', brand_color: 'teal' } }),
    );
    expect(both.reasons).toEqual({ timezone: 'invalid-timezone', brand_color: 'invalid-color' });
    // not a text at all: the request's shape is refused
    expect((await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { brand_color: 4_498_064 } })).status).toBe(400);
    expect(await body(await server.api('demo', ORG, { token: admin }))).toMatchObject({ name: 'Faena Demo', brand_color: '#1a2b3c', timezone: 'America/Santiago' });
    expect(await themeOf('demo')).toBe('#1a2b3c');
  });

  it('a member cannot change it', async () => {
    const response = await server.api('demo', ORG, { method: 'PATCH', token: operario, json: { brand_color: '#000000' } });
    expect(response.status).toBe(403);
    expect(await colourOf('demo', admin)).toBe('#1a2b3c');
  });

  it('stays with its organisation: B’s colour is B’s manifest’s only, and B’s administrator cannot set A’s', async () => {
    expect((await server.api('demo-norte', ORG, { method: 'PATCH', token: norteAdmin, json: { brand_color: '#c0392b' } })).status).toBe(200);
    expect(await themeOf('demo-norte')).toBe('#c0392b');
    expect(await tenantColourOf('demo-norte')).toBe('#c0392b');
    expect(await themeOf('demo')).toBe('#1a2b3c');
    expect(await tenantColourOf('demo')).toBe('#1a2b3c');
    expect(await colourOf('demo', admin)).toBe('#1a2b3c');
    // B's token on A's host changes nothing anywhere
    const intruder = await server.api('demo', ORG, { method: 'PATCH', token: norteAdmin, json: { brand_color: '#000000' } });
    expect(intruder.status).toBe(403);
    expect(await body(intruder)).toMatchObject({ code: 'tenant-mismatch' });
    expect(await colourOf('demo', admin)).toBe('#1a2b3c');
    expect(await colourOf('demo-norte', norteAdmin)).toBe('#c0392b');
  });

  it('null or an empty text goes back to Faena’s colour', async () => {
    expect(await body(await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { brand_color: null } }))).toMatchObject({ brand_color: null });
    expect(await themeOf('demo')).toBe('#44a690');
    expect(await tenantColourOf('demo')).toBeNull();
    expect(await body(await server.api('demo-norte', ORG, { method: 'PATCH', token: norteAdmin, json: { brand_color: '' } }))).toMatchObject({ brand_color: null });
    expect(await themeOf('demo-norte')).toBe('#44a690');
  });
});
