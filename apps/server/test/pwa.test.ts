import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_PASSWORD, engines, signIn, startServer, type TestServer } from './harness.ts';
import { pngOfSize } from './documents.helpers.ts';
import { uploadFile } from './directory.helpers.ts';
import { centreColour, redLogo } from './pwa.cross-tenant.ts';

/** The installable app (decision 030): the web app manifest and icons of each organisation. */
describe.each(engines())('installable app on %s', (engine) => {
  let server: TestServer;
  let norteAdmin: string;

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    norteAdmin = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  const manifestOf = async (subdomain: string) => {
    const response = await server.api(subdomain, '/api/pwa/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    return body<{
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    }>(response);
  };
  const iconOf = async (subdomain: string, path: string) => {
    const response = await server.api(subdomain, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    return Buffer.from(await response.arrayBuffer());
  };

  it('answers each organisation its own name, colour and icons, signed out', async () => {
    const demo = await manifestOf('demo');
    expect(demo).toMatchObject({ name: 'Faena Demo', short_name: 'Faena Demo', theme_color: '#44a690', background_color: '#ffffff', start_url: '/', display: 'standalone' });
    expect(demo.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    const norte = await manifestOf('demo-norte');
    expect(norte.name).toBe('Minera Norte (demo)');
    expect(norte.short_name).toBe('Minera');
  });

  it('draws every icon as a PNG of its size, from the logo or with Faena’s mark', async () => {
    for (const icon of (await manifestOf('demo')).icons) {
      const png = await iconOf('demo', icon.src);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const apple = await sharp(await iconOf('demo', '/api/pwa/icons/180.png')).metadata();
    expect([apple.width, apple.height]).toEqual([180, 180]);
    // Faena's mark: the maskable icon is the brand teal to its corners (the launcher cuts its shape)
    const maskable = await sharp(await iconOf('demo', '/api/pwa/icons/512-maskable.png'))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([maskable[0], maskable[1], maskable[2]]).toEqual([0x44, 0xa6, 0x90]);
  });

  it('a new logo gives new icons under a new address; a logo sharp cannot read gives Faena’s mark', async () => {
    const before = await manifestOf('demo-norte');
    const logo = await uploadFile(server, 'demo-norte', norteAdmin, await redLogo(), 'logo.png');
    expect((await server.api('demo-norte', '/api/organization/v3/current', { method: 'PATCH', token: norteAdmin, json: { logo_upload_id: logo } })).status).toBe(200);
    const after = await manifestOf('demo-norte');
    expect(after.icons[0]!.src).not.toBe(before.icons[0]!.src);
    const icon = await iconOf('demo-norte', after.icons[1]!.src);
    expect(await sharp(icon).metadata()).toMatchObject({ width: 512, height: 512 });
    // a 300×120 logo fits inside the square on white
    expect(await centreColour(icon)).toBe('#ff0000');
    const { data, info } = await sharp(icon).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
    expect(info.channels).toBe(3);
    // the maskable icon keeps the logo inside the safe zone: its corner is background
    const maskable = await sharp(await iconOf('demo-norte', after.icons[2]!.src))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([maskable.data[0], maskable.data[1], maskable.data[2]]).toEqual([255, 255, 255]);

    const broken = await uploadFile(server, 'demo-norte', norteAdmin, pngOfSize(4000), 'roto.png');
    expect((await server.api('demo-norte', '/api/organization/v3/current', { method: 'PATCH', token: norteAdmin, json: { logo_upload_id: broken } })).status).toBe(200);
    const fallback = await iconOf('demo-norte', '/api/pwa/icons/192.png');
    expect(await sharp(fallback).metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
    expect(await centreColour(fallback)).not.toBe('#ff0000');
  });

  it('the theme colour is each organisation’s brand colour (Faena’s teal without one); the splash background stays white', async () => {
    const org = (subdomain: string, token: string, brand_color: string | null) => server.api(subdomain, '/api/organization/v3/current', { method: 'PATCH', token, json: { brand_color } });
    expect((await org('demo-norte', norteAdmin, '#FFD700')).status).toBe(200);
    expect(await manifestOf('demo-norte')).toMatchObject({ theme_color: '#ffd700', background_color: '#ffffff' });
    expect(await manifestOf('demo')).toMatchObject({ theme_color: '#44a690', background_color: '#ffffff' });
    const demoAdmin = (await signIn(server, 'demo', 'admin@faena.test', DEMO_PASSWORD)).id_token;
    expect((await org('demo', demoAdmin, '#0b3d91')).status).toBe(200);
    expect((await manifestOf('demo')).theme_color).toBe('#0b3d91');
    expect((await manifestOf('demo-norte')).theme_color).toBe('#ffd700');
    // Faena's mark stays Faena's: the icons do not take the colour
    const maskable = await sharp(await iconOf('demo', '/api/pwa/icons/512-maskable.png'))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([maskable[0], maskable[1], maskable[2]]).toEqual([0x44, 0xa6, 0x90]);
    expect((await org('demo', demoAdmin, null)).status).toBe(200);
    expect((await manifestOf('demo')).theme_color).toBe('#44a690');
  });

  it('an unknown icon or organisation is a clear 404', async () => {
    for (const name of ['64.png', '192.jpg', '..%2F..%2Fpackage.json', 'constructor', '__proto__']) {
      const response = await server.api('demo', `/api/pwa/icons/${name}`);
      expect(response.status, name).toBe(404);
      expect((await body<{ code: string }>(response)).code).toBe('not-found');
    }
    expect((await body<{ code: string }>(await server.api('demo', `/api/pwa/icons/${'x'.repeat(41)}`))).code).toBe('validation-error');
    expect((await server.api('no-such-org', '/api/pwa/manifest.webmanifest')).status).toBe(404);
  });
});
