/** The tenants module's public face: what other modules may use. */
export { sweepTenants } from './tenants.service.ts';
