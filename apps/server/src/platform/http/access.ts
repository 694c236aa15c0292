import type { PermissionKey } from '@faena/domain';

/**
 * What every route must declare (spec shell §6). `public`: no sign-in; `permissions`: a signed-in
 * member of the host's tenant holding every listed key (an empty list asks only for sign-in) and,
 * when `anyOf` is given, at least one of those keys too.
 * `tenant: false` marks the few routes that work without a tenant (health, OpenAPI).
 * A route that declares neither is refused when the server starts.
 */
export type Access =
  | { public: true; tenant?: boolean; cookie?: never }
  | { permissions: readonly PermissionKey[]; anyOf?: readonly PermissionKey[]; tenant?: true; cookie?: boolean };

export const PUBLIC = { public: true } as const satisfies Access;
export const NO_TENANT = { public: true, tenant: false } as const satisfies Access;
export const SIGNED_IN = { permissions: [] } as const satisfies Access;
export const requires = (...permissions: PermissionKey[]): Access => ({ permissions });
/** A signed-in member holding at least one of the keys (a read several areas need, e.g. positions). */
export const requiresAny = (...anyOf: PermissionKey[]): Access => ({ permissions: [], anyOf });

export function isAccess(value: unknown): value is Access {
  if (typeof value !== 'object' || value === null) return false;
  const access = value as Record<string, unknown>;
  return access.public === true || Array.isArray(access.permissions);
}
