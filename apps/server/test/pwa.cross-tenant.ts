import sharp from 'sharp';
import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';
import { uploadFile } from './directory.helpers.ts';

/**
 * The cross-tenant table's entries for the installable app (cross-tenant.test.ts, decision 030).
 * Tenant A is `demo`, B is `demo-norte`: A's host answers A's manifest and icons, never B's name,
 * B's brand colour or B's logo.
 */
export interface PwaFixture {
  b: { admin: { id_token: string } };
}
type Check = (server: TestServer, f: PwaFixture) => Promise<void>;

const memo = new WeakMap<TestServer, Promise<void>>();
/** B's brand colour, set with its logo. */
const B_COLOUR = '#b22222';
/** B's logo: a red picture, set once through B's own API (with B's brand colour). */
export const redLogo = () =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
const bHasALogo = (server: TestServer, f: PwaFixture) => {
  if (!memo.has(server))
    memo.set(
      server,
      (async () => {
        const logo = await uploadFile(server, 'demo-norte', f.b.admin.id_token, await redLogo(), 'logo-norte.png');
        const response = await server.api('demo-norte', '/api/organization/v3/current', { method: 'PATCH', token: f.b.admin.id_token, json: { logo_upload_id: logo, brand_color: B_COLOUR } });
        expect(response.status, await response.clone().text()).toBe(200);
      })(),
    );
  return memo.get(server)!;
};

/** The colour of an icon's centre pixel, as #rrggbb. */
export async function centreColour(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export const PWA_ROUTES: Record<string, { access: 'public'; check: Check }> = {
  'GET /api/pwa/manifest.webmanifest': {
    access: 'public',
    check: async (server, f) => {
      await bHasALogo(server, f);
      const a = await server.api('demo', '/api/pwa/manifest.webmanifest');
      const b = await body<{ name: string; theme_color: string; icons: { src: string }[] }>(await server.api('demo-norte', '/api/pwa/manifest.webmanifest'));
      const text = await a.text();
      expect(JSON.parse(text)).toMatchObject({ name: 'Faena Demo' });
      expect(text).not.toContain('Norte');
      expect(b.name).toBe('Minera Norte (demo)');
      // B's brand colour is B's manifest's theme colour, never A's
      expect(b.theme_color).toBe(B_COLOUR);
      expect(text).not.toContain(B_COLOUR);
      // B's icons carry B's logo version; A's do not
      expect(text).not.toContain(b.icons[0]!.src);
    },
  },
  'GET /api/pwa/icons/:icon': {
    access: 'public',
    check: async (server, f) => {
      await bHasALogo(server, f);
      const icon = async (subdomain: string) => Buffer.from(await (await server.api(subdomain, '/api/pwa/icons/192.png')).arrayBuffer());
      expect(await centreColour(await icon('demo-norte'))).toBe('#ff0000');
      expect(await centreColour(await icon('demo'))).not.toBe('#ff0000');
    },
  },
};
