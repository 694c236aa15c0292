import { BodyError } from '../../platform/errors.ts';
import { assertFeature, isModuleDisabled, moduleDisabledDetail, type TenantRecord } from '../../platform/tenancy.ts';

/**
 * Every asset route, public ones included (decision 028): a tenant that disabled the asset module
 * has none (404 `module-disabled`, as every omitted module answers); one whose `assets` flag is off
 * is refused as every flagged feature is (403 `operation-not-allowed` with the flag).
 */
export function assertAssetsOn(tenant: Pick<TenantRecord, 'disabledModules' | 'featureFlags'>): void {
  if (isModuleDisabled(tenant, 'asset')) throw new BodyError(404, { code: 'module-disabled', detail: moduleDisabledDetail('asset'), module: 'asset' });
  assertFeature(tenant, 'assets', 'Assets are not enabled for this organisation.');
}

/** Category and type administration also sits behind the `asset_admin` flag. */
export function assertAssetAdminOn(tenant: Pick<TenantRecord, 'disabledModules' | 'featureFlags'>): void {
  assertAssetsOn(tenant);
  assertFeature(tenant, 'asset_admin', 'Asset administration is not enabled for this organisation.');
}

export const notFound = (what: string) => new BodyError(404, { code: 'not-found', detail: `${what} not found.` });
export const inUse = (detail: string) => new BodyError(409, { code: 'in-use', detail });
