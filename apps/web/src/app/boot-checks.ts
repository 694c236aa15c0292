// Loaded beside the first request (it brings zod): configuration and tenant-shape validation.
export { loadClientConfig } from '../shared/config/client-config.ts';
export { parseServerTenant } from '../shared/tenant/tenant-schema.ts';
