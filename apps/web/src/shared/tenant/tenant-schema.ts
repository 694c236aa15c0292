import { z } from 'zod';
import type { ServerTenant } from './tenant.ts';

/**
 * Spec §5: tenant records are checked against the shape of §3 before use. Loaded lazily (zod)
 * beside the first request, never in the entry chunk.
 */
const ZServerTenant = z.object({
  id: z.union([z.string(), z.number()]),
  subdomain: z.string().nullish(),
  name: z.string(),
  firebase_tenant_id: z.string().nullable(),
  firebase_sign_in_methods: z.array(z.string()),
  logo_url: z.string().nullish(),
  disabled_modules: z.array(z.string()).optional(),
  white_label: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  feature_flags: z.record(z.string(), z.boolean()).optional(),
  password_policy: z
    .object({
      min_length: z.number().int().optional(),
      max_length: z.number().int().optional(),
      require_lowercase: z.boolean().optional(),
      require_uppercase: z.boolean().optional(),
      require_numeric: z.boolean().optional(),
      require_non_alphanumeric: z.boolean().optional(),
    })
    .optional(),
  support_email: z.string().nullish(),
});

export class TenantShapeError extends Error {
  override name = 'TenantShapeError';
}

export function parseServerTenant(value: unknown): ServerTenant {
  const parsed = ZServerTenant.safeParse(value);
  if (!parsed.success) {
    throw new TenantShapeError(`Invalid tenant record: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data as ServerTenant;
}
