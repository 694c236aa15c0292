import { z } from 'zod';
import { ZWebManifest } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { iconPng, webManifest } from './pwa.service.ts';

const prefix = '/api/pwa';
const tags = ['pwa'];

/** The installable app (decision 030): public, as a browser fetches them before anyone signs in. */
export function pwaRoutes(app: App, platform: Platform): void {
  app.get(
    `${prefix}/manifest.webmanifest`,
    { config: { access: PUBLIC }, schema: { tags, summary: "The web app manifest of the host's organisation (name, colour, icons)", response: { 200: ZWebManifest } } },
    async (request, reply) => {
      void reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return webManifest(request.tenantRecord!);
    },
  );
  app.get(
    `${prefix}/icons/:icon`,
    { config: { access: PUBLIC }, schema: { tags, summary: "The organisation's app icon as PNG (180.png, 192.png, 512.png, 512-maskable.png)", params: z.object({ icon: z.string().max(40) }) } },
    async (request, reply) => {
      const png = await iconPng(ctxOf(request, platform), request.params.icon);
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(png);
    },
  );
}
