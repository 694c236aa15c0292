import type { TCorrectiveAction, ZCorrectiveActionCreate } from '@faena/contracts/checklists';
import { inputFieldsByKey } from '@faena/domain/checklists/index';
import type { z } from 'zod';
import { AppError, BodyError, FieldErrors, problem } from '../../platform/errors.ts';
import type { TExecution } from '@faena/contracts/checklists';
import type { Drizzle } from '../../platform/db/database.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { createOneOffActivity } from '../activities/index.ts';
import { assetRefs, inspectedAsset, inspectionMaintenances, openInspectionCorrectives, seesAssets, type InspectedAsset } from '../assets/index.ts';
import { findPersonByPassport } from '../people/index.ts';
import { findChecklist, findVersion, manages } from './checklists.service.ts';
import type { VersionRow } from './checklists.service.ts';
import { checklistActions } from './checklists.table.ts';
import { executionNotFound, findExecution, type ExecutionRow } from './executions.service.ts';

type ActionCreate = z.output<typeof ZCorrectiveActionCreate>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A corrective action on a failed item of a submitted execution (MANAGE or who executed it): a
 * one-off activity for the responsible person, due when asked, at the execution's venue, whose
 * description names the checklist, the item and the execution, and which holds the item's photos
 * (the activity's files, decision 032); the link is kept here so the execution shows its actions
 * and their status.
 */
export async function createAction(ctx: Ctx, executionId: string, input: ActionCreate): Promise<TCorrectiveAction> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const execution = await findExecution(tx, tenantId, executionId);
      if (!execution) throw executionNotFound();
      const isOwn = execution.executedByPersonId === signed.caller.personId;
      if (!isOwn && !manages(signed)) throw executionNotFound();
      if (execution.status !== 'submitted') throw new BodyError(409, { code: 'not-submitted', detail: 'Corrective actions are raised once the execution is submitted.' });
      if (!execution.failedItems.some((item) => item.field_id === input.field_id)) {
        throw new BodyError(400, { code: 'item-not-failed', detail: 'Only a failed item can raise a corrective action.', errors: { field_id: ['This item did not fail.'] } });
      }
      const person = await findPersonByPassport(tx, tenantId, input.responsible);
      if (!person) throw new FieldErrors({ responsible: [problem('unknown-reference', `Unknown person: ${input.responsible}`)] });
      const checklist = await findChecklist(tx, tenantId, execution.checklistId);
      const version = await findVersion(tx, tenantId, execution.checklistId, execution.version);
      if (!checklist || !version) throw new AppError('not-found', 'Checklist not found.');
      const field = inputFieldsByKey(version.fields).get(input.field_id);
      const itemName = field?.label || field?.name || input.field_id;
      const description = [
        input.description ? `<p>${escapeHtml(input.description)}</p>` : '',
        `<p>Checklist: ${escapeHtml(checklist.name)} (v${execution.version})</p>`,
        `<p>Ítem: ${escapeHtml(itemName)}</p>`,
        execution.notes[input.field_id] ? `<p>Nota: ${escapeHtml(execution.notes[input.field_id]!)}</p>` : '',
        `<p>Ejecución: ${execution.id}</p>`,
      ].join('');
      // the item's photos go with the action: the activity holds them, so its responsible reads them without seeing the execution (decision 032)
      const photos = execution.photos[input.field_id] ?? [];
      const occurrence = await createOneOffActivity(
        signed,
        tx,
        {
          title: input.title,
          description,
          start: input.due,
          ...(input.timezone ? { timezone: input.timezone } : {}),
          duration_minutes: 0,
          responsibles: [person.passport],
          venue_id: execution.venueId,
          location_id: execution.locationId,
        },
        photos,
      );
      const [row] = await tx
        .insert(checklistActions)
        .values({
          tenantId,
          executionId: execution.id,
          fieldKey: input.field_id,
          activityId: occurrence.activityId,
          recurrenceId: occurrence.recurrenceId,
          title: input.title,
          responsiblePersonId: person.id,
          dueAt: occurrence.startAt,
          createdByPersonId: signed.caller.personId,
        })
        .returning();
      return {
        id: row!.id,
        field_id: row!.fieldKey,
        public_id: row!.activityId,
        recurrenceId: row!.recurrenceId,
        title: row!.title,
        responsible: { passport: person.passport, name: person.name },
        due: row!.dueAt.toISOString(),
        status: occurrence.startAt.getTime() < Date.now() ? 'EXPIRED' : 'SCHEDULED',
        created_at: row!.createdAt.toISOString(),
      };
    },
    { audit: 'checklists.action.create', details: { field_id: input.field_id } },
  );
}

/* ------------------------------------------------------------------------------ inspections of assets (decision 028) */

/**
 * The asset a checklist is started at: the tenant's, with assets on, and the caller one who sees
 * assets (any asset key, as the picker's list asks); otherwise a field error.
 */
export async function executionAsset(ctx: SignedInCtx, tx: Drizzle, assetId: string): Promise<InspectedAsset> {
  const asset = seesAssets(ctx.caller.permissions) ? await inspectedAsset(tx, ctx.tenant, assetId) : null;
  if (!asset) throw new FieldErrors({ asset: [problem('unknown-reference', `Unknown asset: ${assetId}`)] });
  return asset;
}

/**
 * On submit of an execution at an asset: each failed item opens one corrective maintenance of the
 * asset (idempotent per execution and item), named after the item, its description naming the
 * checklist, the answer's note and the execution.
 */
export async function openAssetCorrectives(ctx: SignedInCtx, tx: Drizzle, row: ExecutionRow, checklistName: string, version: VersionRow): Promise<void> {
  if (!row.assetId || row.failedItems.length === 0) return;
  const fields = inputFieldsByKey(version.fields);
  const items = row.failedItems.map((item) => {
    const field = fields.get(item.field_id);
    const itemName = field?.label || field?.name || item.field_id;
    const note = row.notes[item.field_id];
    return {
      fieldKey: item.field_id,
      title: `${item.critical ? 'Ítem crítico reprobado' : 'Ítem reprobado'}: ${itemName}`.slice(0, 200),
      // the execution itself is linked (the maintenance's inspection), so its id is not repeated here
      description: [`Checklist ${checklistName} (v${row.version})`, itemName, note ? `Nota: ${note}` : ''].filter(Boolean).join(' · '),
    };
  });
  await openInspectionCorrectives(ctx.platform, tx, ctx.tenant, { assetId: row.assetId, executionId: row.id, startedBy: ctx.caller.personId, items });
}

/** What an execution shows of its asset: the asset, and the maintenances its failed items opened. */
export async function executionAssetLinks(tx: Drizzle, tenantId: string, row: ExecutionRow): Promise<Pick<TExecution, 'asset' | 'asset_maintenances'>> {
  if (!row.assetId) return { asset: null, asset_maintenances: [] };
  const refs = await assetRefs(tx, tenantId, [row.assetId]);
  const maintenances = row.status === 'submitted' ? await inspectionMaintenances(tx, tenantId, [row.id]) : [];
  return { asset: refs.get(row.assetId) ?? null, asset_maintenances: maintenances };
}
