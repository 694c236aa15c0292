/** The organization module's public face: what other modules may use (its routes are assembled in ../index.ts). */
export { currentOrganization } from './organization.service.ts';
