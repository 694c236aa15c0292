import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  convertForSubmit,
  fileReferences,
  forEachAnswer,
  isFileType,
  isInputField,
  referencedRows,
  resolveFlags,
  safeSet,
  skippedKey,
  toAssertionErrorBody,
  uploadIdFromLink,
  validateResponse,
  type DisplayStatus,
  type FileMetadata,
  type FormField,
} from '@faena/domain';
import { inputFieldsByKey, scoreExecution, upgradeDraft } from '@faena/domain/checklists/index';
import { UPLOAD_BASE } from '@faena/contracts/documents';
import type {
  TChecklistFile,
  TCorrectiveAction,
  TExecution,
  TExecutionFilters,
  TExecutionSave,
  TExecutionStart,
  TExecutionSummary,
  TExecutionUpgrade,
  ZExecutionSubmit,
} from '@faena/contracts/checklists';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { checklistOccurrence, completeByExecution, occurrenceStatuses } from '../activities/index.ts';
import { findLocation, findVenue, venueNames } from '../catalogs/index.ts';
import { assertFilesAttachable, findStoredFiles, holdFiles, uploadIdsIn } from '../documents/index.ts';
import { EXECUTION_HOLDER } from './checklists.files.ts';
import { knownReferences } from '../forms/index.ts';
import { notify } from '../notifications/index.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { executionAsset, executionAssetLinks, openAssetCorrectives } from './actions.service.ts';
import { canExecute, checklistCategoryNames, checklistNotFound, executorOf, findChecklist, findVersion, manages, versionContent, type ChecklistRow, type VersionRow } from './checklists.service.ts';
import { checklistActions, checklistExecutions, checklists } from './checklists.table.ts';

export type ExecutionRow = typeof checklistExecutions.$inferSelect;
type ExecutionSubmit = z.output<typeof ZExecutionSubmit>;

/**
 * The app's default zone. Days are read in the organisation's zone (`ctx.tenant.timezone`, decision
 * 020); only the export job (exports.service.ts) still reads its days and times in this one.
 */
export const EXECUTIONS_TIMEZONE = 'America/Santiago';

export const executionNotFound = () => new AppError('not-found', 'Execution not found.');
const alreadySubmitted = () => new BodyError(409, { code: 'already-submitted', detail: 'This execution was already submitted (from another device?).' });

export async function findExecution(tx: Drizzle, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<ExecutionRow | null> {
  if (!isUuid(id)) return null;
  const query = tx
    .select()
    .from(checklistExecutions)
    .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The execution to submit (locked), its checklist and the version it answers, in one statement. */
/**
 * The versions submits were checked against, parsed, by tenant, checklist and version. A version's
 * content changes only with its checklist's row, in the same transaction (an edit of a version
 * nobody executed yet), so a copy whose checklist row has not changed since is exact; each process
 * keeps its own, at most VERSIONS_KEPT. A 200-item definition read and parsed again at every submit
 * was a third of the submit's time.
 */
const VERSIONS_KEPT = 256;
const submittedVersions = new Map<string, { stamp: number; version: VersionRow }>();

async function versionToSubmit(tx: Drizzle, tenantId: string, checklist: ChecklistRow, number: number): Promise<VersionRow | null> {
  const key = `${tenantId}:${checklist.id}:${number}`;
  const stamp = checklist.updatedAt.getTime();
  const kept = submittedVersions.get(key);
  if (kept && kept.stamp === stamp) return kept.version;
  const version = await findVersion(tx, tenantId, checklist.id, number);
  if (!version) return null;
  submittedVersions.delete(key);
  if (submittedVersions.size >= VERSIONS_KEPT) submittedVersions.delete(submittedVersions.keys().next().value!);
  submittedVersions.set(key, { stamp, version });
  return version;
}

async function executionToSubmit(tx: Drizzle, tenantId: string, id: string): Promise<{ row: ExecutionRow; checklist: ChecklistRow; version: VersionRow | null } | null> {
  if (!isUuid(id)) return null;
  const e = checklistExecutions;
  const [found] = await tx
    .select({ row: e, checklist: checklists })
    .from(e)
    .innerJoin(checklists, and(eq(checklists.tenantId, e.tenantId), eq(checklists.id, e.checklistId)))
    .where(and(eq(e.tenantId, tenantId), eq(e.id, id)))
    .limit(1)
    .for('update', { of: e });
  if (!found) return null;
  return { ...found, version: await versionToSubmit(tx, tenantId, found.checklist, found.row.version) };
}

/** MANAGE sees every execution, everyone else their own (others' are 404: they do not exist for them). */
function assertVisible(ctx: SignedInCtx, row: ExecutionRow): void {
  if (row.executedByPersonId !== ctx.caller.personId && !manages(ctx)) throw executionNotFound();
}

/** Only who executes it writes a draft. */
function assertOwn(ctx: SignedInCtx, row: ExecutionRow): void {
  assertVisible(ctx, row);
  if (row.executedByPersonId !== ctx.caller.personId) throw new AppError('permission-denied', 'Only the person executing this checklist can change it.');
}

const fileView = (row: { id: string; name: string; size: number; contentType: string }): TChecklistFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  content_type: row.contentType,
  url: `${UPLOAD_BASE}${row.id}/download`,
});

async function filesById(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, TChecklistFile>> {
  const wanted = [...new Set(ids)];
  const rows = await findStoredFiles(tx, tenantId, wanted);
  return new Map(rows.map((row) => [row.id, fileView(row)]));
}

type ActionRow = typeof checklistActions.$inferSelect;

interface Names {
  checklists: Map<string, ChecklistRow>;
  categories: Map<string, string>;
  venues: Map<string, string>;
  locations: Map<string, string>;
  persons: Map<string, { passport: string; name: string }>;
  actionsOpen: Map<string, number>;
  /** The executions' corrective actions in the order they were raised, and their occurrences' display status. */
  actions: ActionRow[];
  statuses: Map<string, DisplayStatus>;
}

/** What the views of these executions name; `known` checklists (already read by the caller) are not read again, nor the actions when the caller knows them. */
async function namesFor(tx: Drizzle, tenantId: string, rows: readonly ExecutionRow[], known: readonly ChecklistRow[] = [], knownActions?: readonly ActionRow[]): Promise<Names> {
  const checklistIds = [...new Set(rows.map((row) => row.checklistId))].filter((id) => !known.some((checklist) => checklist.id === id));
  const checklistRows = [
    ...known,
    ...(checklistIds.length
      ? await tx
          .select()
          .from(checklists)
          .where(and(eq(checklists.tenantId, tenantId), inArray(checklists.id, checklistIds)))
      : []),
  ];
  const categories = await checklistCategoryNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])),
  );
  const venues = await venueNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.venueId ? [row.venueId] : [])),
  );
  const locations = new Map<string, string>();
  for (const id of new Set(rows.flatMap((row) => (row.locationId ? [row.locationId] : [])))) {
    const location = await findLocation(tx, tenantId, id);
    if (location) locations.set(id, location.name);
  }
  const persons = await personSummaries(
    tx,
    tenantId,
    rows.map((row) => row.executedByPersonId),
  );
  const ids = rows.map((row) => row.id);
  const actions = knownActions
    ? [...knownActions]
    : ids.length
      ? await tx
          .select()
          .from(checklistActions)
          .where(and(eq(checklistActions.tenantId, tenantId), inArray(checklistActions.executionId, ids)))
          .orderBy(checklistActions.createdAt)
      : [];
  const statuses = await occurrenceStatuses(tx, tenantId, actions);
  const actionsOpen = new Map<string, number>();
  for (const action of actions) {
    const status = statuses.get(`${action.activityId}/${action.recurrenceId}`);
    if (status !== 'COMPLETED' && status !== 'CANCELLED') actionsOpen.set(action.executionId, (actionsOpen.get(action.executionId) ?? 0) + 1);
  }
  return { checklists: new Map(checklistRows.map((row) => [row.id, row])), categories, venues, locations, persons, actionsOpen, actions, statuses };
}

function toSummary(row: ExecutionRow, names: Names): TExecutionSummary {
  const checklist = names.checklists.get(row.checklistId);
  const person = names.persons.get(row.executedByPersonId);
  return {
    id: row.id,
    checklist: { id: row.checklistId, name: checklist?.name ?? '', version: row.version },
    category: row.categoryId ? { id: row.categoryId, name: names.categories.get(row.categoryId) ?? '' } : null,
    venue: row.venueId ? { id: row.venueId, name: names.venues.get(row.venueId) ?? '' } : null,
    location: row.locationId ? { id: row.locationId, name: names.locations.get(row.locationId) ?? '' } : null,
    executed_by: person ? { passport: person.passport, name: person.name } : null,
    started_at: row.startedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    status: row.status,
    score: row.score,
    result: row.result,
    failed_count: row.failedCount,
    critical_failed: row.criticalFailed,
    actions_open: names.actionsOpen.get(row.id) ?? 0,
  };
}

/** The corrective actions of one execution, from what namesFor read. */
async function actionsOf(tx: Drizzle, tenantId: string, executionId: string, names: Names): Promise<TCorrectiveAction[]> {
  const rows = names.actions.filter((action) => action.executionId === executionId);
  const persons = await personSummaries(
    tx,
    tenantId,
    rows.flatMap((row) => (row.responsiblePersonId ? [row.responsiblePersonId] : [])),
  );
  return rows.map((row) => {
    const person = row.responsiblePersonId ? persons.get(row.responsiblePersonId) : undefined;
    return {
      id: row.id,
      field_id: row.fieldKey,
      public_id: row.activityId,
      recurrenceId: row.recurrenceId,
      title: row.title,
      responsible: person ? { passport: person.passport, name: person.name } : null,
      due: row.dueAt.toISOString(),
      status: names.statuses.get(`${row.activityId}/${row.recurrenceId}`) ?? 'ACTIVE',
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The full view of one execution; the checklist, the version and the actions the caller already knows are not read again. */
export async function executionView(
  tx: Drizzle,
  ctx: SignedInCtx,
  row: ExecutionRow,
  known: { checklist?: ChecklistRow; version?: VersionRow; actions?: readonly ActionRow[]; files?: ReadonlyMap<string, TChecklistFile> } = {},
): Promise<TExecution> {
  const tenantId = ctx.tenant.id;
  const names = await namesFor(tx, tenantId, [row], known.checklist ? [known.checklist] : [], known.actions);
  const checklist = names.checklists.get(row.checklistId);
  const version = known.version?.checklistId === row.checklistId && known.version.version === row.version ? known.version : await findVersion(tx, tenantId, row.checklistId, row.version);
  if (!checklist || !version) throw executionNotFound();
  const photoIds = Object.values(row.photos).flat();
  const files = known.files ?? (await filesById(tx, tenantId, [...photoIds, ...(row.signatureExecutor ? [row.signatureExecutor] : []), ...(row.signatureSecond ? [row.signatureSecond] : [])]));
  const photos: Record<string, TChecklistFile[]> = {};
  for (const [key, ids] of Object.entries(row.photos))
    safeSet(
      photos,
      key,
      ids.flatMap((id) => (files.has(id) ? [files.get(id)!] : [])),
    );
  const secondFile = row.signatureSecond ? files.get(row.signatureSecond) : undefined;
  const isOwn = row.executedByPersonId === ctx.caller.personId;
  return {
    ...toSummary(row, names),
    version: row.version,
    definition: versionContent(version),
    answers: row.answers,
    notes: row.notes,
    photos,
    current_section: row.currentSection,
    client_revision: row.revision,
    updated_at: row.updatedAt.toISOString(),
    signatures: {
      executor: row.signatureExecutor ? (files.get(row.signatureExecutor) ?? null) : null,
      second: secondFile ? { file: secondFile, name: row.signatureSecondName ?? '' } : null,
    },
    section_scores: row.sectionScores,
    failed_items: row.failedItems,
    actions: await actionsOf(tx, tenantId, row.id, names),
    activity: row.activityId && row.recurrenceId ? { public_id: row.activityId, recurrenceId: row.recurrenceId } : null,
    outdated: row.status === 'draft' && row.version !== checklist.currentVersion,
    latest_version: checklist.currentVersion,
    can_act: row.status === 'submitted' && (manages(ctx) || isOwn),
    ...(await executionAssetLinks(tx, tenantId, row)),
  };
}

/* ------------------------------------------------------------------------------ start */

/**
 * Starts a draft of the checklist's current version, or answers the caller's open draft of it (for
 * the same occurrence): `created` tells which.
 */
export async function startExecution(ctx: Ctx, checklistId: string, input: TExecutionStart): Promise<{ created: boolean; execution: TExecution }> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const checklist = await findChecklist(tx, tenantId, checklistId);
      if (!checklist || checklist.archivedAt) throw checklistNotFound();
      const executor = await executorOf(signed, tx);
      if (!canExecute(executor, checklist.executors)) throw new BodyError(403, { code: 'not-an-executor', detail: 'This checklist is for other people.' });
      let activityId: string | null = null;
      let recurrenceId: string | null = null;
      let venueId = input.venue ?? null;
      if (input.activity) {
        let occurrence;
        try {
          occurrence = await checklistOccurrence(signed, tx, input.activity.public_id, input.activity.recurrenceId);
        } catch (error) {
          if (error instanceof AppError && error.code === 'not-found') throw new BodyError(400, { code: 'occurrence-mismatch', detail: 'No such activity occurrence for you.' });
          throw error;
        }
        if (occurrence.checklistId !== checklist.id) throw new BodyError(400, { code: 'occurrence-mismatch', detail: 'That occurrence is not executed with this checklist.' });
        if (occurrence.completed) throw new BodyError(409, { code: 'already-completed', detail: 'That occurrence is already completed.' });
        activityId = occurrence.activityId;
        recurrenceId = occurrence.recurrenceId;
        venueId ??= occurrence.venueId;
      }
      // at an asset: its venue and location unless others are named; failed items open its correctives
      const asset = input.asset ? await executionAsset(signed, tx, input.asset) : null;
      venueId ??= asset?.venueId ?? null;
      let existing = await openDraft(tx, tenantId, checklist.id, signed.caller.personId, activityId, recurrenceId);
      if (existing && asset && existing.assetId !== asset.id) {
        // the open draft is resumed at the asset the person now names
        const [moved] = await tx
          .update(checklistExecutions)
          .set({ assetId: asset.id, updatedAt: new Date() })
          .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.id, existing.id)))
          .returning();
        existing = moved ?? existing;
      }
      if (existing) return { created: false, execution: await executionView(tx, signed, existing, { checklist }) };
      const errors: FieldMessages = {};
      if (venueId && !(isUuid(venueId) && (await findVenue(tx, tenantId, venueId)))) errors.venue = [problem('unknown-reference', `Unknown venue: ${venueId}`)];
      const locationId = input.location ?? (asset?.locationId && (checklist.locationIds.length === 0 || checklist.locationIds.includes(asset.locationId)) ? asset.locationId : null);
      if (locationId && !(isUuid(locationId) && (await findLocation(tx, tenantId, locationId)))) errors.location = [problem('unknown-reference', `Unknown location: ${locationId}`)];
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      if (checklist.venueIds.length > 0 && !(venueId && checklist.venueIds.includes(venueId))) {
        throw new BodyError(400, { code: 'place-not-allowed', detail: 'Choose one of the checklist’s venues.', errors: { venue: ['Choose one of the checklist’s venues.'] } });
      }
      if (checklist.locationIds.length > 0 && locationId && !checklist.locationIds.includes(locationId)) {
        throw new BodyError(400, { code: 'place-not-allowed', detail: 'Choose one of the checklist’s locations.', errors: { location: ['Choose one of the checklist’s locations.'] } });
      }
      const [inserted] = await tx
        .insert(checklistExecutions)
        .values({
          tenantId,
          checklistId: checklist.id,
          version: checklist.currentVersion,
          categoryId: checklist.categoryId,
          executedByPersonId: signed.caller.personId,
          venueId,
          locationId,
          activityId,
          recurrenceId,
          assetId: asset?.id ?? null,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted ?? (await openDraft(tx, tenantId, checklist.id, signed.caller.personId, activityId, recurrenceId));
      if (!row) throw new Error('the draft is neither inserted nor there');
      return { created: inserted !== undefined, execution: await executionView(tx, signed, row, { checklist }) };
    },
    { audit: 'checklists.execution.start', subject: (result) => result.execution.id },
  );
}

async function openDraft(tx: Drizzle, tenantId: string, checklistId: string, personId: string, activityId: string | null, recurrenceId: string | null): Promise<ExecutionRow | null> {
  const [row] = await tx
    .select()
    .from(checklistExecutions)
    .where(
      and(
        eq(checklistExecutions.tenantId, tenantId),
        eq(checklistExecutions.checklistId, checklistId),
        eq(checklistExecutions.executedByPersonId, personId),
        eq(checklistExecutions.status, 'draft'),
        sql`coalesce(${checklistExecutions.activityId}::text || ${checklistExecutions.recurrenceId}, '') = ${activityId && recurrenceId ? `${activityId}${recurrenceId}` : ''}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------------------------ drafts */

interface Merged {
  answers: Record<string, unknown>;
  notes: Record<string, string>;
  photos: Record<string, string[]>;
  currentSection: string | null;
}

/** Applies a save on a draft: answers key by key, notes and photos per field key (empty removes). Field errors for unknown keys. */
function merge(
  version: VersionRow,
  row: ExecutionRow,
  input: { answers?: Record<string, unknown> | undefined; notes?: Record<string, string> | undefined; photos?: Record<string, string[]> | undefined; current_section?: string | null | undefined },
): Merged {
  const names = new Set<string>();
  for (const field of version.fields) if (isInputField(field)) names.add(field.name);
  const keys = new Set(version.fields.map((field) => String(field.id)));
  const errors: FieldMessages = {};
  const answers: Record<string, unknown> = { ...row.answers };
  for (const [key, value] of Object.entries(input.answers ?? {})) {
    const base = key.endsWith('_skipped') ? key.slice(0, -'_skipped'.length) : key;
    if (!names.has(key) && !names.has(base)) {
      (errors[`answers.${key}`] ??= []).push('Unknown field.');
      continue;
    }
    if (value === undefined) delete answers[key];
    else safeSet(answers, key, value);
  }
  const notes: Record<string, string> = { ...row.notes };
  for (const [key, text] of Object.entries(input.notes ?? {})) {
    if (!keys.has(key)) (errors[`notes.${key}`] ??= []).push('Unknown field.');
    else if (text.trim() === '') delete notes[key];
    else safeSet(notes, key, text);
  }
  const photos: Record<string, string[]> = { ...row.photos };
  for (const [key, ids] of Object.entries(input.photos ?? {})) {
    if (!keys.has(key)) (errors[`photos.${key}`] ??= []).push('Unknown field.');
    else if (ids.length === 0) delete photos[key];
    else safeSet(photos, key, [...new Set(ids)]);
  }
  let currentSection = row.currentSection;
  if (input.current_section !== undefined) {
    if (input.current_section !== null && !version.sections.some((section) => section.id === input.current_section)) errors.current_section = ['Unknown section.'];
    currentSection = input.current_section;
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { answers, notes, photos, currentSection };
}

/** Photos must be the tenant's stored images. */
function addedPhotos(photos: Record<string, string[]>, before: Record<string, string[]>): (readonly [string, string])[] {
  return Object.entries(photos).flatMap(([key, ids]) => ids.filter((id) => !(before[key] ?? []).includes(id)).map((id) => [key, id] as const));
}

/** The photos added since `before` must be stored images: 400 unknown-file / not-an-image per item. */
function checkAddedPhotos(added: readonly (readonly [string, string])[], files: ReadonlyMap<string, TChecklistFile>): void {
  const errors: FieldMessages = {};
  for (const [key, id] of added) {
    const file = files.get(id);
    if (!file) (errors[`photos.${key}`] ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
    else if (!file.content_type.startsWith('image/')) (errors[`photos.${key}`] ??= []).push(problem('not-an-image', `${file.name} is not an image.`));
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

async function checkPhotos(tx: Drizzle, tenantId: string, photos: Record<string, string[]>, before: Record<string, string[]>): Promise<void> {
  const added = addedPhotos(photos, before);
  if (added.length === 0) return;
  checkAddedPhotos(
    added,
    await filesById(
      tx,
      tenantId,
      added.map(([, id]) => id),
    ),
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An execution holds its photos, signatures and file answers (decision 032): read by whoever may see it. */
const holdExecutionFiles = (ctx: SignedInCtx, tx: Drizzle, row: ExecutionRow, admitted?: ReadonlySet<string>) =>
  holdFiles(tx, ctx.tenant.id, { kind: EXECUTION_HOLDER, id: row.id }, uploadIdsIn([row.answers, row.photos, row.signatureExecutor, row.signatureSecond]), {
    by: ctx.caller.personId,
    only: true,
    ...(admitted ? { admitted } : {}),
  });

/**
 * Files a save or submit names that the caller may attach (decision 032: the download rule, or
 * already held by this execution); others are 400 unknown-file, before the transaction — otherwise
 * the answer would show the name, size and type of a file the caller cannot read.
 */
const attachable = async (ctx: SignedInCtx, id: string, fields: Record<string, unknown>) =>
  isUuid(id) ? assertFilesAttachable(ctx, { kind: EXECUTION_HOLDER, id }, Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, uploadIdsIn(value)]))) : new Set<string>();

/**
 * Autosave. A save names the revision it was made on: an older one is refused (409 stale-draft with
 * the server's copy) unless it changes nothing (a retry of a save already applied answers 200).
 */
export async function saveDraft(ctx: Ctx, id: string, input: TExecutionSave): Promise<TExecution> {
  const signed = signedIn(ctx);
  const admitted = await attachable(signed, id, { answers: input.answers, photos: input.photos });
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const row = await findExecution(tx, tenantId, id, { lock: true });
      if (!row) throw executionNotFound();
      assertOwn(signed, row);
      if (row.status === 'submitted') throw alreadySubmitted();
      const version = await findVersion(tx, tenantId, row.checklistId, row.version);
      if (!version) throw executionNotFound();
      const merged = merge(version, row, input);
      const unchanged = sameJson(merged.answers, row.answers) && sameJson(merged.notes, row.notes) && sameJson(merged.photos, row.photos) && merged.currentSection === row.currentSection;
      if (input.client_revision !== row.revision) {
        if (unchanged && input.client_revision < row.revision) return executionView(tx, signed, row, { version });
        throw new BodyError(409, { code: 'stale-draft', detail: 'The draft changed since (another device?): here is the saved copy.', execution: await executionView(tx, signed, row, { version }) });
      }
      if (unchanged) return executionView(tx, signed, row, { version });
      await checkPhotos(tx, tenantId, merged.photos, row.photos);
      const [updated] = await tx
        .update(checklistExecutions)
        .set({ answers: merged.answers, notes: merged.notes, photos: merged.photos, currentSection: merged.currentSection, revision: row.revision + 1, updatedAt: new Date() })
        .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.id, row.id)))
        .returning();
      await holdExecutionFiles(signed, tx, updated!, admitted);
      return executionView(tx, signed, updated!, { version });
    },
    { audit: 'checklists.execution.save' },
  );
}

/** Moves a draft of an old version to the checklist's current one, keeping the answers of items that still exist. */
export async function upgradeExecution(ctx: Ctx, id: string): Promise<TExecutionUpgrade> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const row = await findExecution(tx, tenantId, id, { lock: true });
      if (!row) throw executionNotFound();
      assertOwn(signed, row);
      if (row.status === 'submitted') throw alreadySubmitted();
      const checklist = await findChecklist(tx, tenantId, row.checklistId);
      if (!checklist) throw executionNotFound();
      if (checklist.currentVersion === row.version) return { execution: await executionView(tx, signed, row, { checklist }), dropped: [] };
      const before = await findVersion(tx, tenantId, row.checklistId, row.version);
      const after = await findVersion(tx, tenantId, row.checklistId, checklist.currentVersion);
      if (!before || !after) throw executionNotFound();
      const upgraded = upgradeDraft(before.fields, after.fields, { answers: row.answers, notes: row.notes, photos: row.photos });
      const section = after.sections.some((entry) => entry.id === row.currentSection) ? row.currentSection : (after.sections[0]?.id ?? null);
      const [updated] = await tx
        .update(checklistExecutions)
        .set({
          version: after.version,
          answers: upgraded.answers,
          notes: upgraded.notes,
          photos: upgraded.photos,
          currentSection: section,
          revision: row.revision + 1,
          categoryId: checklist.categoryId,
          updatedAt: new Date(),
        })
        .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.id, row.id)))
        .returning();
      return { execution: await executionView(tx, signed, updated!, { checklist, version: after }), dropped: upgraded.dropped };
    },
    { audit: 'checklists.execution.upgrade' },
  );
}

/* ------------------------------------------------------------------------------ submit */

function referencedUploads(fields: readonly FormField[], values: unknown): string[] {
  const uploads = new Set<string>();
  forEachAnswer(fields, values, (field, value) => {
    if (!isFileType(field.type)) return;
    for (const reference of fileReferences(field, value) ?? []) uploads.add(uploadIdFromLink(reference) ?? reference);
  });
  return [...uploads];
}

/**
 * Submits a draft: the forms engine validates the answers (every §5 message, 400 like the forms
 * module), the signatures asked for must be there (400 signature-required), then the server scores
 * it, completes the occurrence it came from and tells the supervisors once of a failed critical
 * item — all in one transaction. A second submit (another device) is 409 already-submitted.
 */
export async function submitExecution(ctx: Ctx, id: string, input: ExecutionSubmit): Promise<TExecution> {
  const signed = signedIn(ctx);
  const admitted = await attachable(signed, id, {
    answers: input.answers,
    photos: input.photos,
    'signatures.executor': input.signatures.executor,
    'signatures.second': input.signatures.second?.file,
  });
  return ctx.tx(
    async (tx) => {
      const tenantId = ctx.tenant.id;
      const found = await executionToSubmit(tx, tenantId, id);
      if (!found) throw executionNotFound();
      const { row, checklist, version } = found;
      assertOwn(signed, row);
      if (row.status === 'submitted') throw alreadySubmitted();
      if (!version) throw executionNotFound();
      if (checklist.currentVersion !== row.version) {
        throw new BodyError(409, { code: 'outdated-draft', detail: 'The checklist changed since this draft was started: upgrade it first.', latest_version: checklist.currentVersion });
      }
      const merged = merge(version, row, input);
      const executorSignature = input.signatures.executor ?? null;
      const second = input.signatures.second ?? null;
      // every file the submit names — photos, file answers, signatures — read once: checked here and shown in the answer
      const added = addedPhotos(merged.photos, row.photos);
      const uploads = referencedUploads(version.fields, merged.answers);
      const files = await filesById(tx, tenantId, [...Object.values(merged.photos).flat(), ...uploads, ...(executorSignature ? [executorSignature] : []), ...(second ? [second.file] : [])]);
      checkAddedPhotos(added, files);
      const metadata = new Map<string, FileMetadata>([...files.values()].map((file) => [file.id, { name: file.name, size: file.size, content_type: file.content_type }]));
      // picked persons, venues, locations and data-source rows must be ones the pickers offer, as for a form's response
      const picked = referencedRows(version.fields, merged.answers);
      const knownReference = picked.size > 0 ? await knownReferences(tx, tenantId, picked) : undefined;
      const errors = validateResponse(version.fields, merged.answers, {
        flags: resolveFlags(ctx.tenant.featureFlags),
        fileMetadata: (reference) => metadata.get(uploadIdFromLink(reference) ?? reference),
        knownReference,
      });
      if (errors.length > 0) throw new BodyError(400, { code: 'invalid-answers', ...toAssertionErrorBody(errors) });

      const signatureErrors: Record<string, string[]> = {};
      if (version.signatureExecutor && !executorSignature) signatureErrors['signatures.executor'] = ['The executor’s signature is required.'];
      if (version.signatureSecond && !second) signatureErrors['signatures.second'] = ['The second signature (and the signer’s name) is required.'];
      if (Object.keys(signatureErrors).length > 0) throw new BodyError(400, { code: 'signature-required', detail: 'Sign before submitting.', errors: signatureErrors });
      const badSignature: FieldMessages = {};
      if (executorSignature && !files.get(executorSignature)?.content_type.startsWith('image/'))
        badSignature['signatures.executor'] = [problem('unknown-file', 'The signature must be an uploaded image.')];
      if (second && !files.get(second.file)?.content_type.startsWith('image/')) badSignature['signatures.second'] = [problem('unknown-file', 'The signature must be an uploaded image.')];
      if (Object.keys(badSignature).length > 0) throw new FieldErrors(badSignature);

      const answers = convertForSubmit(version.fields, merged.answers, { timeZone: 'UTC' }) as Record<string, unknown>;
      // "No aplica" marks are kept beside the converted answers
      for (const field of version.fields) if (isInputField(field) && merged.answers[skippedKey(field.name)] === true) safeSet(answers, skippedKey(field.name), true);
      const scored = scoreExecution({ fields: version.fields, sections: version.sections, items: version.items, pass_mark: version.passMark }, answers);
      const now = new Date();
      const values = {
        status: 'submitted' as const,
        answers,
        notes: merged.notes,
        photos: merged.photos,
        currentSection: merged.currentSection,
        revision: row.revision + 1,
        signatureExecutor: executorSignature,
        signatureSecond: second?.file ?? null,
        signatureSecondName: second?.name ?? null,
        score: scored.score,
        result: scored.result,
        failedCount: scored.failed_items.length,
        criticalFailed: scored.critical_failed,
        failedItems: scored.failed_items,
        sectionScores: scored.section_scores,
        submittedAt: now,
        updatedAt: now,
        supervisorsNotifiedAt: scored.critical_failed && checklist.supervisorIds.length > 0 ? now : null,
      };
      // the row is known: the statement answers its id only (not the answers it was just sent)
      const [written] = await tx
        .update(checklistExecutions)
        .set(values)
        .where(and(eq(checklistExecutions.tenantId, tenantId), eq(checklistExecutions.id, row.id), eq(checklistExecutions.status, 'draft')))
        .returning({ id: checklistExecutions.id });
      if (!written) throw alreadySubmitted();
      const updated: ExecutionRow = { ...row, ...values };
      await holdExecutionFiles(signed, tx, updated, admitted);
      if (row.activityId && row.recurrenceId) await completeByExecution(signed, tx, row.activityId, row.recurrenceId, row.id);
      await openAssetCorrectives(signed, tx, updated, checklist.name, version);
      if (scored.critical_failed && checklist.supervisorIds.length > 0) {
        const fields = inputFieldsByKey(version.fields);
        const failed = scored.failed_items.filter((item) => item.critical).map((item) => fields.get(item.field_id)?.label || fields.get(item.field_id)?.name || item.field_id);
        await notify(ctx.platform, tx, {
          tenantId,
          personIds: checklist.supervisorIds,
          kind: 'system_update',
          title: `${checklist.name}: ítem crítico reprobado`,
          body: failed.join(', ').slice(0, 500),
          context: { type: 'ChecklistExecution', action: 'critical-failed', id: row.id },
        });
      }
      // a draft has no corrective actions: they are raised from a submitted execution's failed items
      return executionView(tx, signed, updated, { checklist, version, actions: [], files });
    },
    { audit: 'checklists.execution.submit' },
  );
}

/* ------------------------------------------------------------------------------ read */

export async function getExecution(ctx: Ctx, id: string): Promise<TExecution> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const row = await findExecution(tx, ctx.tenant.id, id);
    if (!row) throw executionNotFound();
    assertVisible(signed, row);
    return executionView(tx, signed, row);
  });
}

/** The WHERE of the executions list (and its export): the filters (days in `timeZone`, the organisation's), and the caller's scope (null: everyone's). */
export async function executionFilters(tx: Drizzle, tenantId: string, filters: Partial<TExecutionFilters>, personScope: string | null, timeZone = EXECUTIONS_TIMEZONE): Promise<SQL | null> {
  const e = checklistExecutions;
  const parts: (SQL | undefined)[] = [eq(e.tenantId, tenantId)];
  const uuidOrNothing = (value: string | undefined) => (value === undefined ? undefined : isUuid(value) ? value : null);
  const checklist = uuidOrNothing(filters.checklist);
  const category = uuidOrNothing(filters.category);
  const venue = uuidOrNothing(filters.venue);
  if (checklist === null || category === null || venue === null) return null;
  if (personScope) parts.push(eq(e.executedByPersonId, personScope));
  if (checklist) parts.push(eq(e.checklistId, checklist));
  if (category) parts.push(eq(e.categoryId, category));
  if (venue) parts.push(eq(e.venueId, venue));
  if (filters.person) {
    const person = await findPersonByPassport(tx, tenantId, filters.person);
    if (!person) return null;
    parts.push(eq(e.executedByPersonId, person.id));
  }
  if (filters.from) parts.push(sql`${e.startedAt} >= (${filters.from}::date::timestamp AT TIME ZONE ${timeZone})`);
  if (filters.to) parts.push(sql`${e.startedAt} < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (filters.result) parts.push(eq(e.result, filters.result));
  if (filters.has_failed === 'true') parts.push(sql`${e.failedCount} > 0`);
  if (filters.has_failed === 'false') parts.push(sql`${e.failedCount} = 0`);
  if (filters.status) parts.push(eq(e.status, filters.status));
  if (filters.asset !== undefined) {
    if (!isUuid(filters.asset)) return null;
    parts.push(eq(e.assetId, filters.asset));
  }
  return and(...parts) ?? null;
}

export async function listExecutions(ctx: Ctx, query: TExecutionFilters & { page: number; page_size: number }): Promise<{ count: number; results: TExecutionSummary[] }> {
  const signed = signedIn(ctx);
  const scope = manages(signed) && query.mine !== 'true' ? null : signed.caller.personId;
  return ctx.tx(async (tx) => {
    const where = await executionFilters(tx, ctx.tenant.id, query, scope, ctx.tenant.timezone);
    if (!where) return { count: 0, results: [] };
    const rows = await tx
      .select()
      .from(checklistExecutions)
      .where(where)
      .orderBy(desc(checklistExecutions.startedAt), desc(checklistExecutions.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(checklistExecutions)
      .where(where);
    const names = await namesFor(tx, ctx.tenant.id, rows);
    return { count: counted?.n ?? 0, results: rows.map((row) => toSummary(row, names)) };
  });
}

export { namesFor as executionNames, toSummary as executionSummary };
