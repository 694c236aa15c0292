import { ZTenant } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC } from '../../platform/http/access.ts';
import type { Platform } from '../../platform/platform.ts';
import { toTenantResponse } from './tenants.service.ts';
import { tenantSignInMethods } from '../auth/index.ts';

export function tenantsRoutes(app: App, platform: Platform): void {
  app.get(
    '/api/tenant',
    { config: { access: PUBLIC }, schema: { tags: ['tenants'], summary: "The host's tenant", response: { 200: ZTenant } } },
    // The sign-in methods include the identity providers the tenant configured and enabled (decision 029).
    async (request) => ({ ...toTenantResponse(request.tenantRecord!), firebase_sign_in_methods: await tenantSignInMethods({ platform, tenant: request.tenantRecord! }) }),
  );
}
