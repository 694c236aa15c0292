/** The tenants module's public face: what other modules may use. */
export { lookupTenant, sweepTenants } from './tenants.service.ts';
export { allTenants } from './tenants.service.ts';
export { findTenantById, updateTenant } from './tenants.repository.ts';
export { createTenant, enterTenant } from './tenants.service.ts';
