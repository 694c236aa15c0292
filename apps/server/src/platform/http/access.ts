import type { FeatureFlag, PermissionKey } from '@faena/domain';

/**
 * What every route must declare (spec shell §6). `public`: no sign-in; `permissions`: a signed-in
 * member of the host's tenant holding every listed key (an empty list asks only for sign-in) and,
 * when `anyOf` is given, at least one of those keys too.
 * `feature`: the tenant's flag the route sits behind (spec §9); while it is off the route answers
 * 403 `operation-not-allowed` with `flag` and the given `detail`, as the web app hides it.
 * `tenant: false` marks the few routes that work without a tenant (health, OpenAPI).
 * A route that declares neither is refused when the server starts.
 */
export type Access =
  { public: true; tenant?: boolean; cookie?: never } | { permissions: readonly PermissionKey[]; anyOf?: readonly PermissionKey[]; feature?: Feature; tenant?: true; cookie?: boolean };

/** A feature flag a route needs on, and what the refusal says while it is off. */
export interface Feature {
  flag: FeatureFlag;
  detail: string;
}

export const PUBLIC = { public: true } as const satisfies Access;
export const NO_TENANT = { public: true, tenant: false } as const satisfies Access;
export const SIGNED_IN = { permissions: [] } as const satisfies Access;
/** The access of a signed-in member (what `requires`, `requiresAny` and `behind` make). */
export type MemberAccess = Extract<Access, { permissions: readonly PermissionKey[] }>;

export const requires = (...permissions: PermissionKey[]): MemberAccess => ({ permissions });
/** A signed-in member holding at least one of the keys (a read several areas need, e.g. positions). */
export const requiresAny = (...anyOf: PermissionKey[]): MemberAccess => ({ permissions: [], anyOf });
/** The same access, behind one of the tenant's feature flags. */
export const behind = (access: MemberAccess, feature: Feature): MemberAccess => ({ ...access, feature });

export function isAccess(value: unknown): value is Access {
  if (typeof value !== 'object' || value === null) return false;
  const access = value as Record<string, unknown>;
  return access.public === true || Array.isArray(access.permissions);
}
