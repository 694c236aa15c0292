import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { bookValueAt, straightLineSchedule } from '@faena/domain/assets/depreciation';
import type { TCalendarOccurrence, TInvestment, TMaintenance, TMaintenancePlan, ZMaintenanceComplete, ZMaintenancePlanWrite, ZMaintenanceQuery, ZMaintenanceStart } from '@faena/contracts';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createActivity, removeActivity, seriesOccurrences, seriesSummaries } from '../activities/index.ts';
import { findStoredFiles, holdFiles, storedFileLink } from '../documents/index.ts';
import { MAINTENANCE_HOLDER } from './assets.files.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { executionStates, startEmbeddedExecution, workflowTypeRefs } from '../workflows/index.ts';
import { notFound } from './assets.guard.ts';
import { detachMeters, meterPlanNames, recordCompletionReadings } from './assets.meters.ts';
import { findAsset, findType, type AssetRow } from './assets.service.ts';
import { assetMaintenances, assetPlans, assets, type StoredStatusReason } from './assets.table.ts';

type MaintenanceRow = typeof assetMaintenances.$inferSelect;
type PlanRow = typeof assetPlans.$inferSelect;
type MaintenanceStart = z.output<typeof ZMaintenanceStart>;
type MaintenanceComplete = z.output<typeof ZMaintenanceComplete>;
type MaintenanceQuery = z.output<typeof ZMaintenanceQuery>;
type PlanWrite = z.output<typeof ZMaintenancePlanWrite>;

const DAY_MS = 86_400_000;
/** How far back an overdue preventive occurrence still counts (a year, as the activities' longest listing). */
export const OVERDUE_LOOKBACK_DAYS = 366;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A workflow execution's `cost` variable as money, when it holds one. */
function costOf(variables: Record<string, unknown>): number | null {
  const raw = variables.cost;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
}

// ------------------------------------------------------------------------------------------ status

/**
 * Copies the state of finished workflow executions onto their maintenances (the workflows module
 * finishes them; its `cost` variable becomes the cost). Only still-open maintenances are looked at.
 * Returns the assets whose maintenances changed.
 */
export async function syncExecutions(tx: Drizzle, tenantId: string, assetIds: readonly string[] | null): Promise<string[]> {
  const where = and(
    eq(assetMaintenances.tenantId, tenantId),
    eq(assetMaintenances.status, 'InProcess'),
    isNotNull(assetMaintenances.executionId),
    assetIds ? (assetIds.length > 0 ? inArray(assetMaintenances.assetId, [...assetIds]) : sql`false`) : undefined,
  );
  const open = await tx.select({ id: assetMaintenances.id, assetId: assetMaintenances.assetId, executionId: assetMaintenances.executionId }).from(assetMaintenances).where(where);
  if (open.length === 0) return [];
  const states = await executionStates(
    tx,
    tenantId,
    open.map((m) => m.executionId!),
  );
  const changed = new Set<string>();
  for (const m of open) {
    const state = states.get(m.executionId!);
    if (!state || state.status === 'InProcess') continue;
    await tx
      .update(assetMaintenances)
      .set({ status: state.status, completedAt: state.completedAt ?? new Date(), cost: costOf(state.variables) })
      .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.id, m.id), eq(assetMaintenances.status, 'InProcess')));
    changed.add(m.assetId);
  }
  return [...changed];
}

/** How many assets one round of the status computation reads at once (the sweep may pass thousands). */
const STATUS_CHUNK = 500;

/**
 * Why each of these assets needs maintenance now (absent: it does not): an open corrective
 * maintenance first, then the oldest overdue preventive occurrence. A fixed number of statements
 * for any number of assets.
 */
async function reasonsOf(tx: Drizzle, tenantId: string, assetIds: readonly string[], nowMs: number): Promise<Map<string, StoredStatusReason>> {
  const reasons = new Map<string, StoredStatusReason>();
  const correctives = await tx
    .select({ id: assetMaintenances.id, assetId: assetMaintenances.assetId, startedAt: assetMaintenances.startedAt })
    .from(assetMaintenances)
    .where(and(eq(assetMaintenances.tenantId, tenantId), inArray(assetMaintenances.assetId, [...assetIds]), eq(assetMaintenances.status, 'InProcess'), eq(assetMaintenances.kind, 'corrective')))
    .orderBy(asc(assetMaintenances.startedAt));
  for (const c of correctives) {
    if (!reasons.has(c.assetId)) reasons.set(c.assetId, { code: 'corrective_open', since: c.startedAt.toISOString(), maintenance_id: c.id, plan_id: null, recurrence_id: null });
  }
  // a meter reading reached a plan's threshold: its preventive maintenance is due while it is open
  const byUse = await tx
    .select({ id: assetMaintenances.id, assetId: assetMaintenances.assetId, startedAt: assetMaintenances.startedAt, planId: assetMaintenances.meterPlanId })
    .from(assetMaintenances)
    .where(and(eq(assetMaintenances.tenantId, tenantId), inArray(assetMaintenances.assetId, [...assetIds]), eq(assetMaintenances.status, 'InProcess'), isNotNull(assetMaintenances.meterPlanId)))
    .orderBy(asc(assetMaintenances.startedAt));
  for (const m of byUse) {
    if (!reasons.has(m.assetId)) reasons.set(m.assetId, { code: 'preventive_overdue', since: m.startedAt.toISOString(), maintenance_id: m.id, plan_id: m.planId, recurrence_id: null });
  }
  const plans = (
    await tx
      .select()
      .from(assetPlans)
      .where(and(eq(assetPlans.tenantId, tenantId), inArray(assetPlans.assetId, [...assetIds])))
  ).filter((p) => !reasons.has(p.assetId));
  if (plans.length === 0) return reasons;
  const done = await tx
    .select({ planId: assetMaintenances.planId, completedAt: assetMaintenances.completedAt })
    .from(assetMaintenances)
    .where(
      and(
        eq(assetMaintenances.tenantId, tenantId),
        inArray(assetMaintenances.assetId, [...new Set(plans.map((p) => p.assetId))]),
        eq(assetMaintenances.kind, 'preventive'),
        eq(assetMaintenances.status, 'Success'),
        isNotNull(assetMaintenances.planId),
      ),
    );
  // the series' own schedule counts, from its start (a plan given a past start is behind from day one)
  const occurrences = await seriesOccurrences(
    tx,
    tenantId,
    plans.map((p) => p.activityId),
    nowMs - OVERDUE_LOOKBACK_DAYS * DAY_MS,
    nowMs,
    nowMs,
  );
  const bySeries = Map.groupBy(occurrences, (o) => o.activityId);
  for (const plan of plans) {
    for (const o of bySeries.get(plan.activityId) ?? []) {
      if (o.status !== 'EXPIRED') continue;
      // a preventive maintenance of the plan completed since the occurrence began covers it
      if (done.some((d) => d.planId === plan.id && d.completedAt && d.completedAt.getTime() >= o.startMs)) continue;
      const oldest = reasons.get(plan.assetId);
      if (!oldest || o.dueMs < Date.parse(oldest.since))
        reasons.set(plan.assetId, { code: 'preventive_overdue', since: new Date(o.dueMs).toISOString(), maintenance_id: null, plan_id: plan.id, recurrence_id: o.recurrenceId });
      break;
    }
  }
  return reasons;
}

/** Field by field: a jsonb value comes back with its keys in the engine's order, not the order they were written in. */
const sameReason = (stored: StoredStatusReason | null, reason: StoredStatusReason | null): boolean =>
  stored === null || reason === null
    ? stored === reason
    : stored.code === reason.code &&
      stored.since === reason.since &&
      stored.maintenance_id === reason.maintenance_id &&
      stored.plan_id === reason.plan_id &&
      stored.recurrence_id === reason.recurrence_id;

/** Recomputes these assets' maintenance status, reason and last maintenance; writes only what changed. */
export async function refreshStatus(tx: Drizzle, tenantId: string, assetIds: readonly string[], nowMs = Date.now()): Promise<void> {
  const ids = [...new Set(assetIds)].filter(isUuid);
  for (let i = 0; i < ids.length; i += STATUS_CHUNK) {
    const chunk = ids.slice(i, i + STATUS_CHUNK);
    const rows = await tx
      .select({ id: assets.id, maintenanceStatus: assets.maintenanceStatus, statusReason: assets.statusReason, lastMaintenanceAt: assets.lastMaintenanceAt })
      .from(assets)
      .where(and(eq(assets.tenantId, tenantId), inArray(assets.id, chunk)));
    if (rows.length === 0) continue;
    const reasons = await reasonsOf(tx, tenantId, chunk, nowMs);
    const last = await tx
      .select({ assetId: assetMaintenances.assetId, at: sql<Date | string | null>`max(${assetMaintenances.completedAt})` })
      .from(assetMaintenances)
      .where(and(eq(assetMaintenances.tenantId, tenantId), inArray(assetMaintenances.assetId, chunk), eq(assetMaintenances.status, 'Success')))
      .groupBy(assetMaintenances.assetId);
    const lastOf = new Map(last.map((l) => [l.assetId, l.at ? new Date(l.at) : null]));
    for (const row of rows) {
      const reason = reasons.get(row.id) ?? null;
      const lastAt = lastOf.get(row.id) ?? null;
      const status = reason ? 'maintenance_needed' : 'ok';
      const same = row.maintenanceStatus === status && sameReason(row.statusReason, reason) && (row.lastMaintenanceAt?.getTime() ?? null) === (lastAt?.getTime() ?? null);
      if (same) continue;
      await tx
        .update(assets)
        .set({ maintenanceStatus: status, statusReason: reason, lastMaintenanceAt: lastAt })
        .where(and(eq(assets.tenantId, tenantId), eq(assets.id, row.id)));
    }
  }
}

/**
 * One asset with the executions of its maintenances that finished in the workflows copied in (and
 * then its status recomputed). Nothing else is recomputed on a read: every maintenance and plan
 * write keeps the status, and the sweep turns occurrences that fall overdue meanwhile.
 */
export async function freshAsset(tx: Drizzle, tenantId: string, row: AssetRow): Promise<AssetRow> {
  const changed = await syncExecutions(tx, tenantId, [row.id]);
  if (changed.length === 0) return row;
  await refreshStatus(tx, tenantId, changed);
  return (await findAsset(tx, tenantId, row.id)) ?? row;
}

/** The assets whose open execution-backed maintenances have finished in the workflows (a read: nothing is written). */
export async function finishedExecutionAssets(db: Drizzle, tenantId: string): Promise<string[]> {
  const open = await db
    .select({ assetId: assetMaintenances.assetId, executionId: assetMaintenances.executionId })
    .from(assetMaintenances)
    .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.status, 'InProcess'), isNotNull(assetMaintenances.executionId)));
  if (open.length === 0) return [];
  const states = await executionStates(
    db,
    tenantId,
    open.map((m) => m.executionId!),
  );
  return [...new Set(open.filter((m) => (states.get(m.executionId!)?.status ?? 'InProcess') !== 'InProcess').map((m) => m.assetId))];
}

/**
 * Before a list: maintenances whose executions finished meanwhile turn their assets' status at
 * once. A read first; a transaction only when something finished (a list costs one statement).
 */
export async function syncTenant(ctx: Pick<Ctx, 'tenant' | 'read' | 'tx'>): Promise<void> {
  const finished = await ctx.read((db) => finishedExecutionAssets(db, ctx.tenant.id));
  if (finished.length === 0) return;
  await ctx.tx(async (tx) => {
    const changed = await syncExecutions(tx, ctx.tenant.id, finished);
    if (changed.length > 0) await refreshStatus(tx, ctx.tenant.id, changed);
  });
}

/** The sweep (every few minutes): assets with open maintenances or plans, so overdue occurrences turn their status. */
export async function sweepStatuses(tx: Drizzle, tenantId: string, nowMs = Date.now()): Promise<number> {
  await syncExecutions(tx, tenantId, null);
  const found = (await tx.execute(sql`
    SELECT DISTINCT asset_id FROM (
      SELECT asset_id FROM asset_plans WHERE tenant_id = ${tenantId}
      UNION SELECT asset_id FROM asset_maintenances WHERE tenant_id = ${tenantId} AND status = 'InProcess'
      UNION SELECT id AS asset_id FROM assets WHERE tenant_id = ${tenantId} AND maintenance_status = 'maintenance_needed') s`)) as unknown as { rows: { asset_id: string }[] };
  const ids = found.rows.map((r) => r.asset_id);
  await refreshStatus(tx, tenantId, ids, nowMs);
  return ids.length;
}

// ------------------------------------------------------------------------------------------ maintenances

async function maintenanceViews(tx: Drizzle, tenantId: string, rows: readonly MaintenanceRow[]): Promise<TMaintenance[]> {
  if (rows.length === 0) return [];
  const assetRows = await tx
    .select({ id: assets.id, code: assets.code, name: assets.name })
    .from(assets)
    .where(and(eq(assets.tenantId, tenantId), inArray(assets.id, [...new Set(rows.map((r) => r.assetId))])));
  const assetById = new Map(assetRows.map((a) => [a.id, a]));
  const workflows = await workflowTypeRefs(
    tx,
    tenantId,
    rows.flatMap((r) => (r.workflowTypeId ? [r.workflowTypeId] : [])),
  );
  const planIds = [...new Set(rows.flatMap((r) => (r.planId ? [r.planId] : [])))];
  const plans =
    planIds.length > 0
      ? await tx
          .select({ id: assetPlans.id, title: assetPlans.title })
          .from(assetPlans)
          .where(and(eq(assetPlans.tenantId, tenantId), inArray(assetPlans.id, planIds)))
      : [];
  const planName = new Map(plans.map((p) => [p.id, p.title]));
  for (const [id, title] of await meterPlanNames(
    tx,
    tenantId,
    rows.flatMap((r) => (r.meterPlanId ? [r.meterPlanId] : [])),
  ))
    planName.set(id, title);
  const people = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((r) => [r.startedByPersonId, r.completedByPersonId].filter((p): p is string => p !== null)),
  );
  const files = new Map(
    (
      await findStoredFiles(
        tx,
        tenantId,
        rows.flatMap((r) => (r.photoId ? [r.photoId] : [])),
      )
    ).map((f) => [f.id, f]),
  );
  const who = (id: string | null) => {
    const p = id ? people.get(id) : undefined;
    return p ? { passport: p.passport, name: p.name } : null;
  };
  return rows.map((r) => {
    const photo = r.photoId ? files.get(r.photoId) : undefined;
    return {
      id: r.id,
      asset: assetById.get(r.assetId) ?? { id: r.assetId, code: '', name: '' },
      kind: r.kind,
      status: r.status,
      workflow_type: r.workflowTypeId ? { id: r.workflowTypeId, name: workflows.get(r.workflowTypeId)?.name ?? '' } : null,
      execution_id: r.executionId,
      title: r.title,
      description: r.description,
      cost: r.cost,
      source: r.source,
      plan: r.planId ? { id: r.planId, name: planName.get(r.planId) ?? '' } : r.meterPlanId ? { id: r.meterPlanId, name: planName.get(r.meterPlanId) ?? '' } : null,
      inspection: r.sourceExecutionId ? { execution_id: r.sourceExecutionId, field_id: r.sourceFieldKey ?? '' } : null,
      reporter: r.source === 'public_report' ? { name: r.reporterName ?? '', contact: r.reporterContact ?? '' } : null,
      photo: photo ? storedFileLink(photo) : null,
      started_by: who(r.startedByPersonId),
      started_at: r.startedAt.toISOString(),
      completed_at: iso(r.completedAt),
      completed_by: who(r.completedByPersonId),
      notes: r.notes,
    };
  });
}

/** The maintenances of one asset (assetId) or of every asset, newest first, with their executions synced first. */
export async function listMaintenances(ctx: Ctx, assetId: string | null, query: MaintenanceQuery): Promise<{ count: number; results: TMaintenance[] }> {
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const onlyAsset = assetId ?? query.asset ?? null;
    if (assetId !== null && !(await findAsset(tx, tenantId, assetId))) throw notFound('Asset');
    if (onlyAsset !== null && !isUuid(onlyAsset)) return { count: 0, results: [] };
    if (query.workflow_type !== undefined && !isUuid(query.workflow_type)) return { count: 0, results: [] };
    const changed = await syncExecutions(tx, tenantId, onlyAsset ? [onlyAsset] : null);
    if (changed.length > 0) await refreshStatus(tx, tenantId, changed);
    const where: (SQL | undefined)[] = [eq(assetMaintenances.tenantId, tenantId)];
    if (onlyAsset) where.push(eq(assetMaintenances.assetId, onlyAsset));
    if (query.kind) where.push(eq(assetMaintenances.kind, query.kind));
    if (query.status) where.push(eq(assetMaintenances.status, query.status));
    if (query.workflow_type) where.push(eq(assetMaintenances.workflowTypeId, query.workflow_type));
    const [total] = await tx
      .select({ n: count() })
      .from(assetMaintenances)
      .where(and(...where));
    const rows = await tx
      .select()
      .from(assetMaintenances)
      .where(and(...where))
      .orderBy(desc(assetMaintenances.startedAt), desc(assetMaintenances.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return { count: total?.n ?? 0, results: await maintenanceViews(tx, tenantId, rows) };
  });
}

/** One maintenance of any asset (GET /maintenance-executions/{id}/), its execution synced first. */
export async function getMaintenance(ctx: Ctx, id: string): Promise<TMaintenance> {
  if (!isUuid(id)) throw notFound('Maintenance');
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const where = and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.id, id));
    const [row] = await tx.select().from(assetMaintenances).where(where);
    if (!row) throw notFound('Maintenance');
    if (row.status !== 'InProcess' || !row.executionId) return (await maintenanceViews(tx, tenantId, [row]))[0]!;
    const changed = await syncExecutions(tx, tenantId, [row.assetId]);
    if (changed.length > 0) await refreshStatus(tx, tenantId, changed);
    const [fresh] = await tx.select().from(assetMaintenances).where(where);
    return (await maintenanceViews(tx, tenantId, [fresh!]))[0]!;
  });
}

export interface OpenInput {
  kind: 'corrective' | 'preventive';
  workflowTypeId: string | null;
  title: string;
  description: string;
  source: MaintenanceRow['source'];
  planId?: string | null;
  sourceExecutionId?: string | null;
  sourceFieldKey?: string | null;
  meterPlanId?: string | null;
  reporterName?: string | null;
  reporterContact?: string | null;
  photoId?: string | null;
  startedBy: string | null;
}

/**
 * Opens a maintenance inside `tx`: an execution of the workflow type (variable `asset` = the asset's
 * id, with its code and name) and its record, or the record alone; then the asset's status.
 */
export async function openMaintenance(platform: Platform, tx: Drizzle, tenantId: string, asset: AssetRow, input: OpenInput): Promise<MaintenanceRow> {
  let executionId: string | null = null;
  if (input.workflowTypeId) {
    const exec = await startEmbeddedExecution(platform, tx, {
      tenantId,
      typeId: input.workflowTypeId,
      startedBy: input.startedBy,
      name: `${input.title || (input.kind === 'corrective' ? 'Mantención correctiva' : 'Mantención preventiva')} · ${asset.code}`,
      variables: { asset: asset.id, asset_code: asset.code, asset_name: asset.name, maintenance_kind: input.kind, description: input.description },
    });
    executionId = exec.id;
  }
  const [row] = await tx
    .insert(assetMaintenances)
    .values({
      tenantId,
      assetId: asset.id,
      kind: input.kind,
      workflowTypeId: input.workflowTypeId,
      executionId,
      title: input.title,
      description: input.description,
      source: input.source,
      planId: input.planId ?? null,
      sourceExecutionId: input.sourceExecutionId ?? null,
      sourceFieldKey: input.sourceFieldKey ?? null,
      meterPlanId: input.meterPlanId ?? null,
      reporterName: input.reporterName ?? null,
      reporterContact: input.reporterContact ?? null,
      photoId: input.photoId ?? null,
      startedByPersonId: input.startedBy,
    })
    .returning();
  // the report's photo is the server's own file (assets.public): held by the maintenance (decision 032)
  if (row!.photoId) await holdFiles(tx, tenantId, { kind: MAINTENANCE_HOLDER, id: row!.id }, [row!.photoId], { by: null });
  // an execution that ran to its end at once (no user task) is finished already
  await syncExecutions(tx, tenantId, [asset.id]);
  await refreshStatus(tx, tenantId, [asset.id]);
  return row!;
}

/** The workflow types an asset's type allows for its maintenances (its maintenance types and its corrective one). */
export async function allowedWorkflowTypes(tx: Drizzle, tenantId: string, asset: AssetRow): Promise<{ all: Set<string>; corrective: string | null }> {
  const type = await findType(tx, tenantId, asset.typeId);
  const all = new Set(type?.maintenanceWorkflowTypeIds ?? []);
  if (type?.correctiveWorkflowTypeId) all.add(type.correctiveWorkflowTypeId);
  return { all, corrective: type?.correctiveWorkflowTypeId ?? null };
}

export async function startMaintenance(ctx: Ctx, assetId: string, input: MaintenanceStart): Promise<TMaintenance> {
  const { caller } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const asset = await findAsset(tx, tenantId, assetId, { lock: true });
      if (!asset) throw notFound('Asset');
      if (input.workflow_type !== null) {
        const allowed = await allowedWorkflowTypes(tx, tenantId, asset);
        if (!allowed.all.has(input.workflow_type)) throw new FieldErrors({ workflow_type: [problem('unknown-reference', 'This workflow type is not a maintenance of the asset’s type.')] });
      }
      const row = await openMaintenance(ctx.platform, tx, tenantId, asset, {
        kind: input.kind,
        workflowTypeId: input.workflow_type,
        title: input.title,
        description: input.description,
        source: 'manual',
        startedBy: caller.personId,
      });
      const [fresh] = await tx
        .select()
        .from(assetMaintenances)
        .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.id, row.id)));
      return (await maintenanceViews(tx, tenantId, [fresh!]))[0]!;
    },
    { audit: 'assets.maintenance.start', subject: (m) => m.id, details: (m) => ({ asset: assetId, kind: m.kind, execution: m.execution_id }) },
  );
}

/** Completes (or cancels) a maintenance record of this module; a workflow's maintenance finishes in its workflow (409). */
export async function completeMaintenance(ctx: Ctx, assetId: string, id: string, input: MaintenanceComplete): Promise<TMaintenance> {
  const { caller } = signedIn(ctx);
  if (!isUuid(assetId) || !isUuid(id)) throw notFound('Maintenance');
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const [row] = await tx
        .select()
        .from(assetMaintenances)
        .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.assetId, assetId), eq(assetMaintenances.id, id)))
        .for('update');
      if (!row) throw notFound('Maintenance');
      if (row.executionId) throw new BodyError(409, { code: 'workflow-maintenance', detail: 'This maintenance is a workflow execution: it finishes when its workflow does.' });
      if (row.status !== 'InProcess') throw new BodyError(409, { code: 'already-completed', detail: 'This maintenance is already finished.' });
      if (input.readings.length > 0) {
        const asset = await findAsset(tx, tenantId, assetId, { lock: true });
        if (asset) await recordCompletionReadings(ctx, tx, asset, id, input.readings);
      }
      await tx
        .update(assetMaintenances)
        .set({ status: input.outcome === 'done' ? 'Success' : 'Error', completedAt: new Date(), completedByPersonId: caller.personId, cost: input.cost, notes: input.notes })
        .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.id, id)));
      await refreshStatus(tx, tenantId, [assetId]);
      const [fresh] = await tx
        .select()
        .from(assetMaintenances)
        .where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.id, id)));
      return (await maintenanceViews(tx, tenantId, [fresh!]))[0]!;
    },
    { audit: 'assets.maintenance.complete', details: { outcome: input.outcome } },
  );
}

// ------------------------------------------------------------------------------------------ plans and calendar

async function planViews(ctx: Ctx, tx: Drizzle, rows: readonly PlanRow[]): Promise<TMaintenancePlan[]> {
  const out: TMaintenancePlan[] = [];
  const workflows = await workflowTypeRefs(
    tx,
    ctx.tenant.id,
    rows.flatMap((r) => (r.workflowTypeId ? [r.workflowTypeId] : [])),
  );
  const allSeries = await seriesSummaries(
    tx,
    ctx.tenant.id,
    rows.map((r) => r.activityId),
  );
  const people = await personSummaries(
    tx,
    ctx.tenant.id,
    [...allSeries.values()].flatMap((s) => s.responsibles.slice(0, 1)),
  );
  for (const r of rows) {
    const series = allSeries.get(r.activityId);
    const first = series?.responsibles[0] ? people.get(series.responsibles[0]) : undefined;
    out.push({
      id: r.id,
      title: r.title,
      activity_public_id: r.activityId,
      rrule: series?.rrule ?? null,
      start: series?.start ?? '',
      timezone: series?.timezone ?? '',
      duration_minutes: series?.durationMinutes ?? 0,
      responsible: first ? { passport: first.passport, name: first.name } : null,
      workflow_type: r.workflowTypeId ? { id: r.workflowTypeId, name: workflows.get(r.workflowTypeId)?.name ?? '' } : null,
      created_at: r.createdAt.toISOString(),
    });
  }
  return out;
}

export async function listPlans(ctx: Ctx, assetId: string): Promise<{ results: TMaintenancePlan[] }> {
  return ctx.tx(async (tx) => {
    if (!(await findAsset(tx, ctx.tenant.id, assetId))) throw notFound('Asset');
    const rows = await tx
      .select()
      .from(assetPlans)
      .where(and(eq(assetPlans.tenantId, ctx.tenant.id), eq(assetPlans.assetId, assetId)))
      .orderBy(asc(assetPlans.createdAt));
    return { results: await planViews(ctx, tx, rows) };
  });
}

/**
 * A preventive plan: a recurring activity (activities module) for the responsible, at the asset's
 * venue, then the plan that links it to the asset. The activity is written in its module's own
 * transaction; if the plan cannot be written after it, the activity is removed again.
 */
export async function createPlan(ctx: Ctx, assetId: string, input: PlanWrite): Promise<TMaintenancePlan> {
  signedIn(ctx);
  const asset = await ctx.read((db) => findAsset(db, ctx.tenant.id, assetId));
  if (!asset) throw notFound('Asset');
  await ctx.read(async (db) => {
    const errors: FieldMessages = {};
    if (!(await findPersonByPassport(db, ctx.tenant.id, input.responsible))) errors.responsible = [problem('unknown-reference', 'Unknown person.')];
    if (input.workflow_type !== null && !(await allowedWorkflowTypes(db, ctx.tenant.id, asset)).all.has(input.workflow_type))
      errors.workflow_type = [problem('unknown-reference', 'This workflow type is not a maintenance of the asset’s type.')];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  });
  const activity = await createActivity(ctx, {
    title: `${input.title} · ${asset.code}`,
    description: `Mantención preventiva de ${asset.code} ${asset.name}`,
    venue_id: asset.venueId,
    responsibles: [input.responsible],
    start: input.start,
    timezone: input.timezone,
    duration_minutes: input.duration_minutes,
    rrule: input.rrule,
  });
  try {
    return await ctx.tx(
      async (tx) => {
        if (!(await findAsset(tx, ctx.tenant.id, assetId))) throw notFound('Asset');
        const [row] = await tx.insert(assetPlans).values({ tenantId: ctx.tenant.id, assetId, activityId: activity.public_id, title: input.title, workflowTypeId: input.workflow_type }).returning();
        await refreshStatus(tx, ctx.tenant.id, [assetId]);
        return (await planViews(ctx, tx, [row!]))[0]!;
      },
      { audit: 'assets.plan.create', subject: (p) => p.id, details: { asset: assetId } },
    );
  } catch (error) {
    await removeActivity(ctx, activity.public_id).catch(() => undefined);
    throw error;
  }
}

export async function deletePlan(ctx: Ctx, assetId: string, planId: string): Promise<void> {
  if (!isUuid(assetId) || !isUuid(planId)) throw notFound('Plan');
  const plan = await ctx.tx(
    async (tx) => {
      const [row] = await tx
        .delete(assetPlans)
        .where(and(eq(assetPlans.tenantId, ctx.tenant.id), eq(assetPlans.assetId, assetId), eq(assetPlans.id, planId)))
        .returning();
      if (!row) throw notFound('Plan');
      await refreshStatus(tx, ctx.tenant.id, [assetId]);
      return row;
    },
    { audit: 'assets.plan.delete' },
  );
  await removeActivity(ctx, plan.activityId).catch(() => undefined);
}

/** The plans' occurrences starting in [from, to) (at most 400 days). */
export async function calendar(ctx: Ctx, assetId: string, from: string, to: string): Promise<{ results: TCalendarOccurrence[] }> {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!(toMs > fromMs)) throw new FieldErrors({ to: ['to must be after from.'] });
  if (toMs - fromMs > 400 * DAY_MS) throw new BodyError(400, { code: 'range-too-long', detail: 'A calendar covers at most 400 days.' });
  return ctx.tx(async (tx) => {
    if (!(await findAsset(tx, ctx.tenant.id, assetId))) throw notFound('Asset');
    const plans = await tx
      .select()
      .from(assetPlans)
      .where(and(eq(assetPlans.tenantId, ctx.tenant.id), eq(assetPlans.assetId, assetId)));
    const planOf = new Map(plans.map((p) => [p.activityId, p]));
    const occurrences = await seriesOccurrences(
      tx,
      ctx.tenant.id,
      plans.map((p) => p.activityId),
      fromMs,
      toMs,
    );
    return {
      results: occurrences.map((o) => {
        const plan = planOf.get(o.activityId)!;
        return {
          plan: { id: plan.id, name: plan.title },
          activity_public_id: o.activityId,
          recurrence_id: o.recurrenceId,
          title: o.title,
          start: new Date(o.startMs).toISOString(),
          end: new Date(o.dueMs).toISOString(),
          status: o.status,
        };
      }),
    };
  });
}

/** Removes what hangs off an asset being deleted (its plans' activities are removed after). */
export async function detachAsset(tx: Drizzle, tenantId: string, assetId: string): Promise<string[]> {
  const plans = await tx
    .delete(assetPlans)
    .where(and(eq(assetPlans.tenantId, tenantId), eq(assetPlans.assetId, assetId)))
    .returning({ activityId: assetPlans.activityId });
  await tx.delete(assetMaintenances).where(and(eq(assetMaintenances.tenantId, tenantId), eq(assetMaintenances.assetId, assetId)));
  await detachMeters(tx, tenantId, assetId);
  return plans.map((p) => p.activityId);
}

// ------------------------------------------------------------------------------------------ investment

export async function investment(ctx: Ctx, assetId: string, nowMs = Date.now()): Promise<TInvestment> {
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const asset = await findAsset(tx, tenantId, assetId);
    if (!asset) throw notFound('Asset');
    await syncExecutions(tx, tenantId, [assetId]);
    const months = (await tx.execute(sql`
      SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(cost)::float8 AS cost
      FROM asset_maintenances
      WHERE tenant_id = ${tenantId} AND asset_id = ${assetId} AND status = 'Success' AND cost IS NOT NULL AND completed_at IS NOT NULL
      GROUP BY 1 ORDER BY 1`)) as unknown as { rows: { month: string; cost: number | string }[] };
    const spend = months.rows.map((r) => ({ month: r.month, cost: Math.round(Number(r.cost) * 100) / 100 }));
    const input = { purchaseCost: asset.purchaseCost, purchaseDate: asset.purchaseDate, usefulLifeYears: asset.usefulLifeYears, salvageValue: asset.salvageValue };
    return {
      purchase_cost: asset.purchaseCost,
      purchase_date: asset.purchaseDate,
      useful_life_years: asset.usefulLifeYears,
      salvage_value: asset.salvageValue,
      maintenance_spend_by_month: spend,
      maintenance_spend_total: Math.round(spend.reduce((sum, m) => sum + m.cost, 0) * 100) / 100,
      depreciation: straightLineSchedule(input),
      current_book_value: bookValueAt(input, nowMs),
    };
  });
}
