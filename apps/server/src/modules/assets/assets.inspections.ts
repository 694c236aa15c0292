import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TAssetRef } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { isModuleDisabled, type TenantRecord } from '../../platform/tenancy.ts';
import { resolveFlags } from '@faena/domain';
import { openMaintenance, refreshStatus, syncExecutions } from './assets.maintenance.ts';
import { tellProblem } from './assets.notify.ts';
import { findAsset, findType } from './assets.service.ts';
import { assetMaintenances, assets } from './assets.table.ts';

/**
 * What the checklists module uses of assets (decision 028, issue 49 point 4): a checklist executed
 * at an asset, whose failed items each open one corrective maintenance of it. The checklists module
 * calls these through the assets face; it never reads these tables.
 */

export const ASSET_PERMISSIONS = ['VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS'] as const;

/** Assets exist for this tenant (module on, `assets` flag on). */
export const assetsEnabled = (tenant: Pick<TenantRecord, 'disabledModules' | 'featureFlags'>): boolean => !isModuleDisabled(tenant, 'asset') && resolveFlags(tenant.featureFlags).assets === true;

/** Someone holding any asset key sees assets (as the Assets tab shows for any of them). */
export const seesAssets = (permissions: ReadonlySet<string>): boolean => ASSET_PERMISSIONS.some((key) => permissions.has(key));

export interface InspectedAsset extends TAssetRef {
  venueId: string | null;
  locationId: string | null;
}

/** The asset an inspection is executed at, when the tenant has assets and it is theirs; null otherwise. */
export async function inspectedAsset(tx: Drizzle, tenant: Pick<TenantRecord, 'id' | 'disabledModules' | 'featureFlags'>, assetId: string): Promise<InspectedAsset | null> {
  if (!assetsEnabled(tenant) || !isUuid(assetId)) return null;
  const row = await findAsset(tx, tenant.id, assetId);
  return row ? { id: row.id, code: row.code, name: row.name, venueId: row.venueId, locationId: row.locationId } : null;
}

/** Code and name of these assets (absent: gone). */
export async function assetRefs(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, TAssetRef>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: assets.id, code: assets.code, name: assets.name })
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), inArray(assets.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface FailedInspectionItem {
  fieldKey: string;
  title: string;
  description: string;
}

/**
 * One corrective maintenance of the asset per failed item of a submitted execution: an execution of
 * the type's corrective workflow type, or a record of this module. Idempotent per execution and item
 * (an item that already opened one opens nothing; the unique index refuses a second under a race).
 * Nothing is opened when the tenant has no assets any more or the asset is gone. Returns the ids opened.
 */
export async function openInspectionCorrectives(
  platform: Platform,
  tx: Drizzle,
  tenant: Pick<TenantRecord, 'id' | 'disabledModules' | 'featureFlags'>,
  input: { assetId: string; executionId: string; startedBy: string | null; items: readonly FailedInspectionItem[] },
): Promise<string[]> {
  if (input.items.length === 0 || !assetsEnabled(tenant)) return [];
  const tenantId = tenant.id;
  const asset = await findAsset(tx, tenantId, input.assetId, { lock: true });
  if (!asset) return [];
  const existing = await tx
    .select({ fieldKey: assetMaintenances.sourceFieldKey })
    .from(assetMaintenances)
    .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.sourceExecutionId, input.executionId)));
  const done = new Set(existing.map((row) => row.fieldKey));
  const type = await findType(tx, tenantId, asset.typeId);
  const opened: string[] = [];
  for (const item of input.items) {
    if (done.has(item.fieldKey)) continue;
    done.add(item.fieldKey);
    const row = await openMaintenance(platform, tx, tenantId, asset, {
      kind: 'corrective',
      workflowTypeId: type?.correctiveWorkflowTypeId ?? null,
      title: item.title,
      description: item.description,
      source: 'inspection',
      sourceExecutionId: input.executionId,
      sourceFieldKey: item.fieldKey,
      startedBy: input.startedBy,
    });
    opened.push(row.id);
  }
  if (opened.length > 0) {
    const named = input.items.filter((item) => !existing.some((row) => row.fieldKey === item.fieldKey)).map((item) => item.title);
    await tellProblem(platform, tx, tenantId, asset, { source: 'inspection', description: named.join('\n'), count: opened.length }, input.startedBy);
  }
  return opened;
}

export interface InspectionMaintenance {
  id: string;
  field_id: string;
  title: string;
  status: string;
  asset: TAssetRef;
  started_at: string;
}

/** The corrective maintenances these executions' failed items opened, oldest first (executions finished in the workflows copied in first). */
export async function inspectionMaintenances(tx: Drizzle, tenantId: string, executionIds: readonly string[]): Promise<InspectionMaintenance[]> {
  const ids = [...new Set(executionIds)].filter(isUuid);
  if (ids.length === 0) return [];
  const read = () =>
    tx
      .select({
        id: assetMaintenances.id,
        executionId: assetMaintenances.sourceExecutionId,
        fieldKey: assetMaintenances.sourceFieldKey,
        title: assetMaintenances.title,
        status: assetMaintenances.status,
        startedAt: assetMaintenances.startedAt,
        assetId: assets.id,
        code: assets.code,
        name: assets.name,
      })
      .from(assetMaintenances)
      .innerJoin(assets, and(eq(assets.tenantId, assetMaintenances.tenantId), eq(assets.id, assetMaintenances.assetId)))
      .where(and(eq(assetMaintenances.tenantId, tenantId), inArray(assetMaintenances.sourceExecutionId, ids)))
      .orderBy(asc(assetMaintenances.startedAt), asc(assetMaintenances.id));
  let rows = await read();
  const open = [...new Set(rows.filter((row) => row.status === 'InProcess').map((row) => row.assetId))];
  if (open.length > 0) {
    const changed = await syncExecutions(tx, tenantId, open);
    if (changed.length > 0) {
      await refreshStatus(tx, tenantId, changed);
      rows = await read();
    }
  }
  return rows.map((row) => ({
    id: row.id,
    field_id: row.fieldKey ?? '',
    title: row.title,
    status: row.status,
    asset: { id: row.assetId, code: row.code, name: row.name },
    started_at: row.startedAt.toISOString(),
  }));
}
