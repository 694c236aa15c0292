import { z } from 'zod';

export const ZSiteConfig = z
  .object({
    permissions: z.array(z.string()),
    is_staff: z.boolean(),
    disabled_modules: z.array(z.string()),
    feature_flags: z.record(z.string(), z.boolean()),
  })
  .meta({ id: 'SiteConfig' });
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

export const ZPermissionInfo = z.object({ key: z.string(), meaning: z.string() });
export const ZPassportPermissions = z.object({ passport: z.string(), permissions: z.array(z.string()), is_staff: z.boolean() }).meta({ id: 'PassportPermissions' });
export type TPassportPermissions = z.infer<typeof ZPassportPermissions>;
export const ZSetPermissionsRequest = z.object({ permissions: z.array(z.string()).max(100), is_staff: z.boolean().optional() });
/**
 * PATCH: keys to add and keys to take off, the rest left as it is — so an editor does not undo
 * what was granted meanwhile (a position's defaults, another manager).
 */
export const ZChangePermissionsRequest = z.object({ added: z.array(z.string()).max(100).default([]), removed: z.array(z.string()).max(100).default([]) });
export type TChangePermissionsRequest = z.input<typeof ZChangePermissionsRequest>;
