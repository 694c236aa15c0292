import { ZTenant } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC } from '../../platform/http/access.ts';
import type { Platform } from '../../platform/platform.ts';
import { toTenantResponse } from './tenants.service.ts';

export function tenantsRoutes(app: App, _platform: Platform): void {
  app.get(
    '/api/tenant',
    { config: { access: PUBLIC }, schema: { tags: ['tenants'], summary: "The host's tenant", response: { 200: ZTenant } } },
    async (request) => toTenantResponse(request.tenantRecord!),
  );
}
