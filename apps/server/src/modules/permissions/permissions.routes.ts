import { z } from 'zod';
import { ZChangePermissionsRequest, ZPassportPermissions, ZPermissionInfo, ZSetPermissionsRequest, ZSiteConfig } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { allPermissions, changeByPassport, getByPassport, setByPassport, siteConfig } from './permissions.service.ts';

const prefix = '/api/permissions/v3';
const tags = ['permissions'];
const passportParams = z.object({ passport: z.string().max(200) });

export function permissionsRoutes(app: App, platform: Platform): void {
  app.get(`${prefix}/my-site-config`, { config: { access: SIGNED_IN }, schema: { tags, response: { 200: ZSiteConfig } } }, async (request) => siteConfig(ctxOf(request, platform)));
  app.get(`${prefix}/permissions`, { config: { access: SIGNED_IN }, schema: { tags, response: { 200: z.array(ZPermissionInfo) } } }, async () => allPermissions());
  app.get(
    `${prefix}/by-passport/:passport`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Get or create the permission set of a passport (your own, or anyone’s with MANAGE_PEOPLE)', params: passportParams, response: { 200: ZPassportPermissions } },
    },
    async (request) => getByPassport(ctxOf(request, platform), request.params.passport),
  );
  app.put(
    `${prefix}/by-passport/:passport`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'Replace the whole permission set', params: passportParams, body: ZSetPermissionsRequest, response: { 200: ZPassportPermissions } },
    },
    async (request) => setByPassport(ctxOf(request, platform), request.params.passport, request.body),
  );
  app.patch(
    `${prefix}/by-passport/:passport`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'Add and take off keys, leaving the rest of the set as it is', params: passportParams, body: ZChangePermissionsRequest, response: { 200: ZPassportPermissions } },
    },
    async (request) => changeByPassport(ctxOf(request, platform), request.params.passport, request.body),
  );
}
