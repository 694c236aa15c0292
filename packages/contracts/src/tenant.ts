import { z } from 'zod';

/** GET /api/tenant: the spec's server shape plus disabled_modules, white_label, feature_flags. */
export const ZTenant = z
  .object({
    id: z.string(),
    subdomain: z.string(),
    name: z.string(),
    firebase_tenant_id: z.null(),
    firebase_sign_in_methods: z.array(z.string()),
    logo_url: z.string().nullable(),
    disabled_modules: z.array(z.string()),
    white_label: z.record(z.string(), z.record(z.string(), z.string())),
    feature_flags: z.record(z.string(), z.boolean()),
    password_policy: z.object({
      min_length: z.number().int(),
      max_length: z.number().int().optional(),
      require_lowercase: z.boolean().optional(),
      require_uppercase: z.boolean().optional(),
      require_numeric: z.boolean().optional(),
      require_non_alphanumeric: z.boolean().optional(),
    }),
    support_email: z.string().nullable(),
    /** The organisation's brand colour (#rrggbb) or null: the installed app's theme colour (decision 030). */
    brand_color: z.string().nullable(),
  })
  .meta({ id: 'Tenant' });
export type TTenant = z.infer<typeof ZTenant>;
