import type { FileHolderKind } from '../documents/index.ts';

/**
 * An asset holds its photos, documents and the files of its extra fields; a maintenance holds the
 * photo of the problem report that opened it (decision 032). Both are read by whoever may see
 * assets (VIEW_ASSETS, MANAGE_ASSETS or ADMIN_ASSETS: the routes' VIEW), as the asset and its
 * maintenances are.
 */
export const ASSET_HOLDER = 'asset';
export const MAINTENANCE_HOLDER = 'maintenance';

const seesAssets = (permissions: ReadonlySet<string>) => permissions.has('VIEW_ASSETS') || permissions.has('MANAGE_ASSETS') || permissions.has('ADMIN_ASSETS');

export const assetFiles: FileHolderKind = { kind: ASSET_HOLDER, readable: async (ctx, holderIds) => new Set(seesAssets(ctx.caller.permissions) ? holderIds : []) };
export const maintenanceFiles: FileHolderKind = { kind: MAINTENANCE_HOLDER, readable: async (ctx, holderIds) => new Set(seesAssets(ctx.caller.permissions) ? holderIds : []) };
