import { z } from 'zod';
import { ZOrganization, ZUpdateOrganizationRequest } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { currentOrganization, sendLogo, updateOrganization } from './organization.service.ts';

const prefix = '/api/organization/v3';
const tags = ['organization'];

/** The organisation's profile (/organization): getCurrentOrganization, name and logo. */
export function organizationRoutes(app: App, platform: Platform): void {
  app.get(`${prefix}/current`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'getCurrentOrganization', response: { 200: ZOrganization } } }, async (request) =>
    currentOrganization(ctxOf(request, platform)),
  );
  app.patch(
    `${prefix}/current`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'Rename the organisation or change its logo (an image upload_id; null removes it)', body: ZUpdateOrganizationRequest, response: { 200: ZOrganization } },
    },
    async (request) => updateOrganization(ctxOf(request, platform), request.body),
  );
  app.get(
    `${prefix}/logo/:uploadId`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'The organisation’s current logo (public: the sign-in page shows it)', params: z.object({ uploadId: z.string().max(100) }) } },
    async (request, reply) => sendLogo(ctxOf(request, platform), request.params.uploadId, reply),
  );
}
