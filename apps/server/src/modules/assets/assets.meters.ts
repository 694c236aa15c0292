import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TMeter, TMeterPlan, TMeterReading, TMeterReadingResult, ZMeterPlanWrite, ZMeterWrite } from '@faena/contracts';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError, FieldErrors, problem } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { personSummaries } from '../people/index.ts';
import { workflowTypeRefs } from '../workflows/index.ts';
import { notFound } from './assets.guard.ts';
import { allowedWorkflowTypes, openMaintenance } from './assets.maintenance.ts';
import { findAsset, type AssetRow } from './assets.service.ts';
import { assetMaintenances, assetMeterPlans, assetMeterReadings, assetMeters } from './assets.table.ts';

type MeterRow = typeof assetMeters.$inferSelect;
type PlanRow = typeof assetMeterPlans.$inferSelect;
type ReadingRow = typeof assetMeterReadings.$inferSelect;
type MeterWrite = z.output<typeof ZMeterWrite>;
type MeterPlanWrite = z.output<typeof ZMeterPlanWrite>;

/** Readings are kept to the thousandth (numeric(16,3)); sums are rounded the same way so thresholds never drift. */
const thousandth = (value: number) => Math.round(value * 1000) / 1000;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const meterNotFound = () => notFound('Meter');

/**
 * Where the next maintenance of a plan opens once `value` is read: the first threshold after it
 * (a reading that jumps several thresholds opens one maintenance, not one per threshold passed).
 */
export function nextThreshold(nextAt: number, every: number, value: number): number {
  if (value < nextAt) return nextAt;
  const steps = Math.floor((value - nextAt) / every) + 1;
  return thousandth(nextAt + steps * every);
}

async function meterViews(tx: Drizzle, tenantId: string, meters: readonly MeterRow[]): Promise<TMeter[]> {
  if (meters.length === 0) return [];
  const plans = await tx
    .select()
    .from(assetMeterPlans)
    .where(
      and(
        eq(assetMeterPlans.tenantId, tenantId),
        inArray(
          assetMeterPlans.meterId,
          meters.map((m) => m.id),
        ),
      ),
    )
    .orderBy(asc(assetMeterPlans.createdAt));
  const workflows = await workflowTypeRefs(
    tx,
    tenantId,
    plans.flatMap((p) => (p.workflowTypeId ? [p.workflowTypeId] : [])),
  );
  const planView = (p: PlanRow): TMeterPlan => ({
    id: p.id,
    title: p.title,
    every: p.every,
    next_at: p.nextAt,
    workflow_type: p.workflowTypeId ? { id: p.workflowTypeId, name: workflows.get(p.workflowTypeId)?.name ?? '' } : null,
    created_at: p.createdAt.toISOString(),
  });
  return meters.map((m) => ({
    id: m.id,
    name: m.name,
    unit: m.unit,
    last_value: m.lastValue,
    last_read_at: iso(m.lastReadAt),
    plans: plans.filter((p) => p.meterId === m.id).map(planView),
    created_at: m.createdAt.toISOString(),
  }));
}

async function findMeter(tx: Drizzle, tenantId: string, assetId: string, meterId: string, options: { lock?: boolean } = {}): Promise<MeterRow | null> {
  if (!isUuid(assetId) || !isUuid(meterId)) return null;
  const query = tx
    .select()
    .from(assetMeters)
    .where(and(eq(assetMeters.tenantId, tenantId), eq(assetMeters.assetId, assetId), eq(assetMeters.id, meterId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Names of the meter plans (what a maintenance opened by one shows as its plan). */
export async function meterPlanNames(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: assetMeterPlans.id, title: assetMeterPlans.title })
    .from(assetMeterPlans)
    .where(and(eq(assetMeterPlans.tenantId, tenantId), inArray(assetMeterPlans.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function listMeters(ctx: Ctx, assetId: string): Promise<{ results: TMeter[] }> {
  return ctx.tx(async (tx) => {
    if (!(await findAsset(tx, ctx.tenant.id, assetId))) throw notFound('Asset');
    const rows = await tx
      .select()
      .from(assetMeters)
      .where(and(eq(assetMeters.tenantId, ctx.tenant.id), eq(assetMeters.assetId, assetId)))
      .orderBy(asc(assetMeters.name));
    return { results: await meterViews(tx, ctx.tenant.id, rows) };
  });
}

const nameTaken = () => new FieldErrors({ name: [problem('in-use', 'This asset already has a meter with this name.')] });

export async function createMeter(ctx: Ctx, assetId: string, input: MeterWrite): Promise<TMeter> {
  const { caller } = signedIn(ctx);
  try {
    return await ctx.tx(
      async (tx) => {
        const tenantId = ctx.tenant.id;
        if (!(await findAsset(tx, tenantId, assetId, { lock: true }))) throw notFound('Asset');
        const [taken] = await tx
          .select({ id: assetMeters.id })
          .from(assetMeters)
          .where(and(eq(assetMeters.tenantId, tenantId), eq(assetMeters.assetId, assetId), sql`lower(${assetMeters.name}) = lower(${input.name})`));
        if (taken) throw nameTaken();
        const now = new Date();
        const [row] = await tx
          .insert(assetMeters)
          .values({ tenantId, assetId, name: input.name, unit: input.unit, lastValue: input.initial, lastReadAt: input.initial === null ? null : now })
          .returning();
        if (input.initial !== null) await tx.insert(assetMeterReadings).values({ tenantId, meterId: row!.id, assetId, value: input.initial, readAt: now, recordedByPersonId: caller.personId });
        return (await meterViews(tx, tenantId, [row!]))[0]!;
      },
      { audit: 'assets.meter.create', subject: (m) => m.id, details: { asset: assetId } },
    );
  } catch (error) {
    // the unique index under a race: the same answer as the check
    if (error instanceof Error && /asset_meters_name/.test(error.message)) throw nameTaken();
    throw error;
  }
}

export async function deleteMeter(ctx: Ctx, assetId: string, meterId: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const meter = await findMeter(tx, tenantId, assetId, meterId, { lock: true });
      if (!meter) throw meterNotFound();
      await tx.delete(assetMeterPlans).where(and(eq(assetMeterPlans.tenantId, tenantId), eq(assetMeterPlans.meterId, meterId)));
      await tx.delete(assetMeterReadings).where(and(eq(assetMeterReadings.tenantId, tenantId), eq(assetMeterReadings.meterId, meterId)));
      await tx.delete(assetMeters).where(and(eq(assetMeters.tenantId, tenantId), eq(assetMeters.id, meterId)));
    },
    { audit: 'assets.meter.delete', subject: () => meterId, details: { asset: assetId } },
  );
}

async function readingViews(tx: Drizzle, tenantId: string, rows: readonly ReadingRow[]): Promise<TMeterReading[]> {
  const people = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((r) => (r.recordedByPersonId ? [r.recordedByPersonId] : [])),
  );
  return rows.map((r) => {
    const p = r.recordedByPersonId ? people.get(r.recordedByPersonId) : undefined;
    return { id: r.id, value: r.value, read_at: r.readAt.toISOString(), recorded_by: p ? { passport: p.passport, name: p.name } : null, maintenance_id: r.maintenanceId };
  });
}

export async function listReadings(ctx: Ctx, assetId: string, meterId: string, query: { page: number; page_size: number }): Promise<{ count: number; results: TMeterReading[] }> {
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    if (!(await findMeter(tx, tenantId, assetId, meterId))) throw meterNotFound();
    const where = and(eq(assetMeterReadings.tenantId, tenantId), eq(assetMeterReadings.meterId, meterId));
    const [total] = await tx.select({ n: count() }).from(assetMeterReadings).where(where);
    const rows = await tx
      .select()
      .from(assetMeterReadings)
      .where(where)
      .orderBy(desc(assetMeterReadings.readAt), desc(assetMeterReadings.value))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return { count: total?.n ?? 0, results: await readingViews(tx, tenantId, rows) };
  });
}

/**
 * Records a reading inside `tx` (the meter locked): never below the last one (400 reading-decreased);
 * each plan of the meter whose threshold it reaches opens one preventive maintenance (unless the
 * plan's previous one is still open) and moves its threshold past the reading.
 */
export async function recordReading(
  platform: Platform,
  tx: Drizzle,
  tenantId: string,
  asset: AssetRow,
  meter: MeterRow,
  value: number,
  by: { personId: string | null; maintenanceId?: string | null },
  field = 'value',
): Promise<{ reading: ReadingRow; meter: MeterRow; opened: string[] }> {
  const read = thousandth(value);
  if (meter.lastValue !== null && read < meter.lastValue) {
    throw new BodyError(400, {
      code: 'reading-decreased',
      detail: `A reading of ${meter.name} cannot be lower than the last one (${meter.lastValue}).`,
      errors: { [field]: [`The last reading was ${meter.lastValue}.`] },
    });
  }
  const now = new Date();
  const [reading] = await tx
    .insert(assetMeterReadings)
    .values({ tenantId, meterId: meter.id, assetId: asset.id, value: read, readAt: now, recordedByPersonId: by.personId, maintenanceId: by.maintenanceId ?? null })
    .returning();
  const [updated] = await tx
    .update(assetMeters)
    .set({ lastValue: read, lastReadAt: now })
    .where(and(eq(assetMeters.tenantId, tenantId), eq(assetMeters.id, meter.id)))
    .returning();
  const plans = await tx
    .select()
    .from(assetMeterPlans)
    .where(and(eq(assetMeterPlans.tenantId, tenantId), eq(assetMeterPlans.meterId, meter.id)))
    .for('update');
  const due = plans.filter((p) => read >= p.nextAt);
  const opened: string[] = [];
  if (due.length > 0) {
    const stillOpen = await tx
      .select({ planId: assetMaintenances.meterPlanId })
      .from(assetMaintenances)
      .where(
        and(
          eq(assetMaintenances.tenantId, tenantId),
          inArray(
            assetMaintenances.meterPlanId,
            due.map((p) => p.id),
          ),
          eq(assetMaintenances.status, 'InProcess'),
        ),
      );
    const open = new Set(stillOpen.map((m) => m.planId));
    for (const plan of due) {
      if (!open.has(plan.id)) {
        const unit = meter.unit ? ` ${meter.unit}` : '';
        const row = await openMaintenance(platform, tx, tenantId, asset, {
          kind: 'preventive',
          workflowTypeId: plan.workflowTypeId,
          title: plan.title,
          description: `${meter.name}: ${read}${unit} (cada ${plan.every}${unit}, tocaba a los ${plan.nextAt}${unit})`,
          source: 'plan',
          meterPlanId: plan.id,
          startedBy: by.personId,
        });
        opened.push(row.id);
      }
      await tx
        .update(assetMeterPlans)
        .set({ nextAt: nextThreshold(plan.nextAt, plan.every, read) })
        .where(and(eq(assetMeterPlans.tenantId, tenantId), eq(assetMeterPlans.id, plan.id)));
    }
  }
  return { reading: reading!, meter: updated!, opened };
}

export async function addReading(ctx: Ctx, assetId: string, meterId: string, value: number): Promise<TMeterReadingResult> {
  const { caller } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const asset = await findAsset(tx, tenantId, assetId, { lock: true });
      if (!asset) throw notFound('Asset');
      const meter = await findMeter(tx, tenantId, assetId, meterId, { lock: true });
      if (!meter) throw meterNotFound();
      const result = await recordReading(ctx.platform, tx, tenantId, asset, meter, value, { personId: caller.personId });
      return { reading: (await readingViews(tx, tenantId, [result.reading]))[0]!, meter: (await meterViews(tx, tenantId, [result.meter]))[0]!, opened: result.opened };
    },
    { audit: 'assets.meter.reading', details: (r) => ({ asset: assetId, meter: meterId, value: r.reading.value, opened: r.opened }) },
  );
}

/** The readings taken at a maintenance's completion: each of this asset's meters at most once. */
export async function recordCompletionReadings(ctx: Ctx, tx: Drizzle, asset: AssetRow, maintenanceId: string, readings: readonly { meter: string; value: number }[]): Promise<void> {
  if (readings.length === 0) return;
  const { caller } = signedIn(ctx);
  const seen = new Set<string>();
  for (const [index, entry] of readings.entries()) {
    const field = `readings.${index}.meter`;
    if (seen.has(entry.meter)) throw new FieldErrors({ [field]: ['This meter is read twice.'] });
    seen.add(entry.meter);
    const meter = await findMeter(tx, ctx.tenant.id, asset.id, entry.meter, { lock: true });
    if (!meter) throw new FieldErrors({ [field]: [problem('unknown-reference', 'Not a meter of this asset.')] });
    await recordReading(ctx.platform, tx, ctx.tenant.id, asset, meter, entry.value, { personId: caller.personId, maintenanceId }, `readings.${index}.value`);
  }
}

export async function createMeterPlan(ctx: Ctx, assetId: string, meterId: string, input: MeterPlanWrite): Promise<TMeter> {
  signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const asset = await findAsset(tx, tenantId, assetId);
      if (!asset) throw notFound('Asset');
      const meter = await findMeter(tx, tenantId, assetId, meterId, { lock: true });
      if (!meter) throw meterNotFound();
      if (input.workflow_type !== null && !(await allowedWorkflowTypes(tx, tenantId, asset)).all.has(input.workflow_type)) {
        throw new FieldErrors({ workflow_type: [problem('unknown-reference', 'This workflow type is not a maintenance of the asset’s type.')] });
      }
      const every = thousandth(input.every);
      if (every <= 0) throw new FieldErrors({ every: ['Must be at least 0.001.'] });
      const firstAt = input.first_at === null ? thousandth((meter.lastValue ?? 0) + every) : thousandth(input.first_at);
      if (meter.lastValue !== null && firstAt <= meter.lastValue) throw new FieldErrors({ first_at: [`The meter already reads ${meter.lastValue}.`] });
      await tx.insert(assetMeterPlans).values({ tenantId, assetId, meterId, title: input.title, every, nextAt: firstAt, workflowTypeId: input.workflow_type });
      return (await meterViews(tx, tenantId, [meter]))[0]!;
    },
    { audit: 'assets.meter-plan.create', details: { asset: assetId, meter: meterId } },
  );
}

export async function deleteMeterPlan(ctx: Ctx, assetId: string, meterId: string, planId: string): Promise<void> {
  if (!isUuid(assetId) || !isUuid(meterId) || !isUuid(planId)) throw notFound('Plan');
  await ctx.tx(
    async (tx) => {
      const [row] = await tx
        .delete(assetMeterPlans)
        .where(and(eq(assetMeterPlans.tenantId, ctx.tenant.id), eq(assetMeterPlans.assetId, assetId), eq(assetMeterPlans.meterId, meterId), eq(assetMeterPlans.id, planId)))
        .returning();
      if (!row) throw notFound('Plan');
    },
    { audit: 'assets.meter-plan.delete', subject: () => planId },
  );
}

/** Removes an asset's meters, readings and meter plans (the asset is being deleted). */
export async function detachMeters(tx: Drizzle, tenantId: string, assetId: string): Promise<void> {
  await tx.delete(assetMeterPlans).where(and(eq(assetMeterPlans.tenantId, tenantId), eq(assetMeterPlans.assetId, assetId)));
  await tx.delete(assetMeterReadings).where(and(eq(assetMeterReadings.tenantId, tenantId), eq(assetMeterReadings.assetId, assetId)));
  await tx.delete(assetMeters).where(and(eq(assetMeters.tenantId, tenantId), eq(assetMeters.assetId, assetId)));
}
