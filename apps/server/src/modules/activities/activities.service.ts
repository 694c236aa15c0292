import { DEFAULT_PRIORITY, compareByPriorityThenDue, displayStatus, formatRecurrenceId, isReminderPriority, normalizePriority, occurrenceKey, parseRecurrenceId, type RawStatus } from '@faena/domain';
import {
  endBefore,
  expand,
  instantToIso,
  isOccurrence,
  isTimeZone,
  nextOccurrences,
  RecurrenceError,
  seriesBounds,
  validateRecurrence,
  wallToInstant,
  type Recurrence,
} from '@faena/domain/activities/index';
import type {
  TActivity,
  TActivityDetail,
  TActivityException,
  TActivityFile,
  TActivityWrite,
  TCompletion,
  TCompletionRequest,
  TNamedRef,
  TOccurrence,
  TOccurrenceDetail,
  TOccurrenceWrite,
  TPersonRef,
  TRecurrencePreviewRequest,
  TSplitRequest,
} from '@faena/contracts/activities';
import { UPLOAD_BASE } from '@faena/contracts/documents';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { audienceNames, audiencesOfPerson, findAudience, resolveAudience } from '../audiences/index.ts';
import { findLocation, findVenue, locationNames, venueNames } from '../catalogs/index.ts';
import { heldFiles, heldFilesOf, releaseFiles } from '../documents/index.ts';
import { getForm, submitResponse } from '../forms/index.ts';
import { notify } from '../notifications/index.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import {
  addHistory,
  categoryNames,
  completionsAt,
  completionsFor,
  completionsOf,
  deleteActivity,
  deleteCompletions,
  deleteExceptions,
  exceptionsAt,
  exceptionsInWindow,
  exceptionsOf,
  findActivities,
  findActivity,
  findCompletion,
  findException,
  historiesOf,
  historyOf,
  insertActivity,
  insertCategory,
  insertCompletion,
  listActivities,
  listCategories,
  markReminderScheduled,
  moveCompletions,
  moveExceptions,
  seriesInWindow,
  seriesLinks,
  setCategoryLinks,
  setResponsibles,
  updateActivity,
  upsertException,
  type ActivityRow,
  type ActivityValues,
  type CompletionRow,
  type ExceptionRow,
  type HistoryRow,
} from './activities.repository.ts';
import { sanitizeHtml } from './activities.sanitize.ts';

/**
 * The product's home zone: where a tenant record carries none (the organisation's own zone,
 * `tenants.timezone`, is what a series falls back to after its venue's).
 */
export const DEFAULT_TIMEZONE = 'America/Santiago';
const DAY_MS = 86_400_000;
export const RANGE_MAX_DAYS = 400;
/** A bound past every occurrence a database column can hold. */
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

const activityNotFound = () => new AppError('not-found', 'Activity not found.');
const occurrenceNotFound = () => new AppError('not-found', 'Occurrence not found.');

/** A context whose transactions are the given one: another module's service joins our write. */
function within(ctx: Ctx, tx: Drizzle): Ctx {
  return { ...ctx, tx: (fn) => fn(tx), read: (fn) => fn(tx) };
}

function recurrenceError(error: unknown): never {
  if (error instanceof RecurrenceError) {
    if (error.code === 'invalid-timezone') throw new FieldErrors({ timezone: [problem('invalid-timezone', error.message)] });
    if (error.code === 'invalid-start') throw new FieldErrors({ start: [error.message] });
    throw new BodyError(400, { code: error.code, detail: error.message });
  }
  throw error;
}

export const recurrenceOf = (row: Pick<ActivityRow, 'start' | 'timezone' | 'rrule' | 'rdates' | 'exdates'>): Recurrence => ({
  start: row.start,
  timezone: row.timezone,
  rrule: row.rrule,
  rdates: row.rdates,
  exdates: row.exdates,
});

// ----------------------------------------------------------------------------------- visibility

export interface Viewer {
  personId: string;
  audienceIds: Set<string>;
  manages: boolean;
}

export async function viewerOf(ctx: SignedInCtx, tx: Drizzle): Promise<Viewer> {
  const audiences = await audiencesOfPerson(tx, ctx.tenant.id, ctx.caller.personId);
  return { personId: ctx.caller.personId, audienceIds: new Set(audiences.map((a) => a.id)), manages: ctx.caller.permissions.has('MANAGE_TASKS') };
}

/** Responsible for an occurrence: named on it (or on the series), or in the series' audience. */
function isResponsible(viewer: Viewer, row: ActivityRow, responsibles: readonly string[]): boolean {
  return responsibles.includes(viewer.personId) || (row.audienceId !== null && viewer.audienceIds.has(row.audienceId));
}

function canSeeSeries(viewer: Viewer, row: ActivityRow, responsibles: readonly string[], exceptions: readonly ExceptionRow[]): boolean {
  return viewer.manages || isResponsible(viewer, row, responsibles) || exceptions.some((e) => e.responsibles?.includes(viewer.personId));
}

/**
 * Of these series, those the caller may see (getActivity's rule: MANAGE_TASKS, a responsible of
 * the series or of one of its occurrences, a member of its audience): who may read the files an
 * activity holds (decision 032; kind `activity`, activities.files.ts).
 */
export async function visibleSeriesIds(ctx: SignedInCtx, tx: Drizzle, ids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return out;
  const viewer = await viewerOf(ctx, tx);
  const links = viewer.manages ? null : await seriesLinks(tx, ctx.tenant.id, wanted);
  for (const id of wanted) {
    const row = await findActivity(tx, ctx.tenant.id, id);
    if (!row) continue;
    if (!links || canSeeSeries(viewer, row, links.responsibles.get(id) ?? [], await exceptionsOf(tx, ctx.tenant.id, id))) out.add(id);
  }
  return out;
}

/** An activity holds the files another module gives it (a corrective action: the failed item's photos, decision 026). */
export const ACTIVITY_HOLDER = 'activity';

const fileView = (file: { id: string; name: string; size: number; contentType: string }): TActivityFile => ({
  id: file.id,
  name: file.name,
  size: file.size,
  content_type: file.contentType,
  url: `${UPLOAD_BASE}${file.id}/download`,
});

// -------------------------------------------------------------------------------------- views

interface Names {
  persons: Map<string, { passport: string; name: string }>;
  venues: Map<string, string>;
  locations: Map<string, string>;
  categories: Map<string, string>;
  audiences: Map<string, string>;
}

async function namesFor(tx: Drizzle, tenantId: string, rows: readonly ActivityRow[], personIds: Iterable<string>, categoryIds: Iterable<string>): Promise<Names> {
  const persons = new Map<string, { passport: string; name: string }>();
  const ids = new Set(personIds);
  for (const row of rows) if (row.createdByPersonId) ids.add(row.createdByPersonId);
  for (const [id, p] of await personSummaries(tx, tenantId, [...ids])) persons.set(id, { passport: p.passport, name: p.name });
  const venueIds = [...new Set(rows.flatMap((row) => (row.venueId ? [row.venueId] : [])))];
  const venues = await venueNames(tx, tenantId, venueIds);
  const locations = await locationNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.locationId ? [row.locationId] : [])),
  );
  const audiences = await audienceNames(
    tx,
    tenantId,
    rows.flatMap((row) => (row.audienceId ? [row.audienceId] : [])),
  );
  return { persons, venues, locations, audiences, categories: await categoryNames(tx, tenantId, [...new Set(categoryIds)]) };
}

const ref = (id: string | null, names: Map<string, string>): TNamedRef | null => (id ? { id, name: names.get(id) ?? '' } : null);
function personRefs(ids: readonly string[], names: Names): TPersonRef[] {
  return ids.flatMap((id) => {
    const p = names.persons.get(id);
    return p ? [{ passport: p.passport, name: p.name }] : [];
  });
}

function toActivity(row: ActivityRow, responsibles: readonly string[], categories: readonly string[], names: Names, canEdit: boolean): TActivity {
  const creator = row.createdByPersonId ? names.persons.get(row.createdByPersonId) : undefined;
  return {
    public_id: row.id,
    title: row.title,
    description: row.description,
    content: row.formId ? { content_type: 'form', form_id: row.formId } : row.checklistId ? { content_type: 'checklist', checklist_id: row.checklistId } : null,
    venue: ref(row.venueId, names.venues),
    location: ref(row.locationId, names.locations),
    categories: categories.map((id) => ({ id, name: names.categories.get(id) ?? '' })),
    responsibles: personRefs(responsibles, names),
    audience: ref(row.audienceId, names.audiences),
    priority: row.priority,
    start: row.start,
    timezone: row.timezone,
    duration_minutes: row.durationMinutes,
    rrule: row.rrule,
    rdates: row.rdates,
    exdates: row.exdates,
    reminders: row.reminders,
    series_group: row.seriesGroup,
    related_to: row.relatedTo,
    created_by: creator ? { passport: creator.passport, name: creator.name } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: canEdit,
  };
}

function toException(row: ExceptionRow, names: Names): TActivityException {
  return {
    recurrence_id: row.recurrenceId,
    ...(row.start === null ? {} : { start: row.start }),
    ...(row.durationMinutes === null ? {} : { duration_minutes: row.durationMinutes }),
    ...(row.title === null ? {} : { title: row.title }),
    ...(row.priority === null ? {} : { priority: row.priority }),
    ...(row.responsibles === null ? {} : { responsibles: personRefs(row.responsibles, names) }),
    cancelled: row.cancelled,
  };
}

function toCompletion(row: CompletionRow, names: Names): TCompletion {
  const who = row.personId ? names.persons.get(row.personId) : undefined;
  return {
    id: row.id,
    activity: row.activityId,
    recurrence_id: row.recurrenceId,
    status: row.status,
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    description: row.description,
    user: who ? { passport: who.passport, name: who.name } : null,
    response_id: row.responseId,
  };
}

interface OccurrenceParts {
  row: ActivityRow;
  recurrenceId: string;
  originalStartMs: number;
  exception: ExceptionRow | null;
  completion: CompletionRow | null;
  responsibles: readonly string[];
  categories: readonly string[];
}

const effectiveStart = (p: Pick<OccurrenceParts, 'exception' | 'originalStartMs'>) => p.exception?.startAt?.getTime() ?? p.originalStartMs;
const effectiveResponsibles = (p: Pick<OccurrenceParts, 'exception' | 'responsibles'>) => p.exception?.responsibles ?? p.responsibles;
const effectivePriority = (p: Pick<OccurrenceParts, 'exception' | 'row'>) => p.exception?.priority ?? p.row.priority;
function rawStatusOf(p: Pick<OccurrenceParts, 'exception' | 'completion'>): RawStatus {
  if (p.completion) return p.completion.status;
  return p.exception?.cancelled ? 'CANCELLED' : 'NEEDS-ACTION';
}

function toOccurrence(p: OccurrenceParts, names: Names, nowMs: number): TOccurrence {
  const { row, exception } = p;
  const startMs = effectiveStart(p);
  const duration = exception?.durationMinutes ?? row.durationMinutes;
  const dueMs = startMs + duration * 60_000;
  const rawStatus = rawStatusOf(p);
  const priority = effectivePriority(p);
  return {
    id: occurrenceKey(row.id, p.recurrenceId),
    public_id: row.id,
    recurrenceId: p.recurrenceId,
    title: exception?.title ?? row.title,
    priority,
    startDate: instantToIso(startMs, row.timezone),
    dueDate: instantToIso(dueMs, row.timezone),
    duration,
    venue: ref(row.venueId, names.venues),
    location: ref(row.locationId, names.locations),
    status: displayStatus({ rawStatus, startMs, dueMs, nowMs }),
    raw_status: rawStatus,
    responsible: personRefs(effectiveResponsibles(p), names),
    categories: p.categories.map((id) => ({ id, name: names.categories.get(id) ?? '' })),
    isReminder: isReminderPriority(priority),
    content: row.formId ? { content_type: 'form', form_id: row.formId } : row.checklistId ? { content_type: 'checklist', checklist_id: row.checklistId } : null,
    description: row.description,
    timezone: row.timezone,
    is_exception: exception !== null,
    completion: p.completion ? toCompletion(p.completion, names) : null,
  };
}

// ---------------------------------------------------------------------------------------- writes

interface ResolvedWrite {
  values: ActivityValues;
  responsibles: string[];
  categories: string[];
}

/** Checks a write body against the tenant's data and the recurrence rules; field errors or coded 400s. */
async function resolveWrite(ctx: SignedInCtx, tx: Drizzle, input: TActivityWrite, base: { seriesGroup: string; relatedTo: string | null }): Promise<ResolvedWrite> {
  const tenantId = ctx.tenant.id;
  const errors: FieldMessages = {};
  const priority = input.priority === undefined ? DEFAULT_PRIORITY : normalizePriority(input.priority);
  if (priority === null) errors.priority = ['Priority must be an integer from 0 to 9.'];
  let venueTimezone: string | null = null;
  if (input.venue_id) {
    const venue = isUuid(input.venue_id) ? await findVenue(tx, tenantId, input.venue_id) : null;
    if (!venue) errors.venue_id = [problem('unknown-reference', `Unknown venue: ${input.venue_id}`)];
    else venueTimezone = venue.timezone;
  }
  if (input.location_id) {
    const location = isUuid(input.location_id) ? await findLocation(tx, tenantId, input.location_id) : null;
    if (!location) errors.location_id = [problem('unknown-reference', `Unknown location: ${input.location_id}`)];
  }
  const categories = [...new Set(input.category_ids ?? [])];
  if (categories.length > 0) {
    const known = await categoryNames(tx, tenantId, categories.filter(isUuid));
    const unknown = categories.filter((id) => !known.has(id));
    if (unknown.length > 0) errors.category_ids = unknown.map((id) => problem('unknown-reference', `Unknown category: ${id}`));
  }
  const responsibles: string[] = [];
  for (const passport of new Set(input.responsibles ?? [])) {
    const person = await findPersonByPassport(tx, tenantId, passport);
    if (!person) (errors.responsibles ??= []).push(problem('unknown-reference', `Unknown person: ${passport}`));
    else responsibles.push(person.id);
  }
  if (input.audience) {
    const audience = isUuid(input.audience) ? await findAudience(tx, tenantId, input.audience) : null;
    if (!audience) errors.audience = [problem('unknown-reference', `Unknown audience: ${input.audience}`)];
  }
  let formId: string | null = null;
  if (input.content?.form_id) {
    try {
      formId = (await getForm(within(ctx, tx), input.content.form_id)).id;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not-found')) throw error;
      errors['content.form_id'] = [problem('unknown-reference', `Unknown form: ${input.content.form_id}`)];
    }
  }
  const timezone = input.timezone ?? venueTimezone ?? ctx.tenant.timezone ?? DEFAULT_TIMEZONE;
  if (!isTimeZone(timezone)) errors.timezone = [problem('invalid-timezone', `Unknown time zone: ${timezone}`)];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const recurrence: Recurrence = {
    start: input.start,
    timezone,
    rrule: input.rrule?.trim() ? input.rrule.trim().replace(/^RRULE:/i, '') : null,
    rdates: [...new Set(input.rdates ?? [])].sort(),
    exdates: [...new Set(input.exdates ?? [])].sort(),
  };
  let bounds: { first: number | null; last: number | null };
  try {
    validateRecurrence(recurrence);
    bounds = seriesBounds(recurrence);
  } catch (error) {
    recurrenceError(error);
  }
  if (bounds.first === null) throw new BodyError(400, { code: 'recurrence-impossible', detail: 'max tries have occurred, rule may be impossible to fulfill.' });
  return {
    values: {
      title: input.title.trim(),
      description: input.description ? sanitizeHtml(input.description) : null,
      formId,
      venueId: input.venue_id ?? null,
      locationId: input.location_id ?? null,
      audienceId: input.audience ?? null,
      priority: priority!,
      start: recurrence.start,
      timezone,
      durationMinutes: input.duration_minutes,
      rrule: recurrence.rrule,
      rdates: [...recurrence.rdates],
      exdates: [...recurrence.exdates],
      reminders: [...new Set(input.reminders ?? [])].sort((a, b) => a - b),
      seriesGroup: base.seriesGroup,
      relatedTo: base.relatedTo,
      firstStartAt: new Date(bounds.first),
      lastStartAt: bounds.last === null ? null : new Date(bounds.last),
      createdByPersonId: ctx.caller.personId,
    },
    responsibles,
    categories,
  };
}

/** The persons an activity is for: its responsibles and its audience's members. */
async function recipientsOf(tx: Drizzle, tenantId: string, responsibles: readonly string[], audienceId: string | null): Promise<Set<string>> {
  const persons = new Set(responsibles);
  if (audienceId) for (const id of await resolveAudience(tx, tenantId, audienceId)) persons.add(id);
  return persons;
}

/** Tells the persons newly made responsible (directly or through the audience), about the next occurrence. */
async function notifyAssigned(ctx: SignedInCtx, tx: Drizzle, row: ActivityRow, before: Set<string>, after: Set<string>, recurrenceId?: string): Promise<void> {
  const added = [...after].filter((id) => !before.has(id) && id !== ctx.caller.personId);
  if (added.length === 0) return;
  const rid = recurrenceId ?? nextOccurrences(recurrenceOf(row), Date.now(), 1)[0]?.recurrenceId ?? nextOccurrences(recurrenceOf(row), null, 1)[0]?.recurrenceId;
  if (!rid) return;
  await notify(ctx.platform, tx, {
    tenantId: ctx.tenant.id,
    personIds: added,
    kind: 'new_activity',
    title: row.title,
    body: 'Nueva actividad asignada',
    context: { type: 'Activity', action: 'assigned', id: occurrenceKey(row.id, rid) },
  });
}

async function activityView(tx: Drizzle, ctx: SignedInCtx, row: ActivityRow, withExceptions: true): Promise<TActivityDetail>;
async function activityView(tx: Drizzle, ctx: SignedInCtx, row: ActivityRow, withExceptions: false): Promise<TActivity>;
async function activityView(tx: Drizzle, ctx: SignedInCtx, row: ActivityRow, withExceptions: boolean): Promise<TActivity | TActivityDetail> {
  const links = await seriesLinks(tx, ctx.tenant.id, [row.id]);
  const responsibles = links.responsibles.get(row.id) ?? [];
  const categories = links.categories.get(row.id) ?? [];
  const exceptions = withExceptions ? await exceptionsOf(tx, ctx.tenant.id, row.id) : [];
  const names = await namesFor(tx, ctx.tenant.id, [row], [...responsibles, ...exceptions.flatMap((e) => e.responsibles ?? [])], categories);
  const view = toActivity(row, responsibles, categories, names, ctx.caller.permissions.has('MANAGE_TASKS'));
  return withExceptions ? { ...view, exceptions: exceptions.map((e) => toException(e, names)) } : view;
}

export async function createActivity(ctx: Ctx, input: TActivityWrite): Promise<TActivity> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const seriesGroup = crypto.randomUUID();
      const resolved = await resolveWrite(signed, tx, input, { seriesGroup, relatedTo: null });
      const row = await insertActivity(tx, ctx.tenant.id, resolved.values);
      await setResponsibles(tx, ctx.tenant.id, row.id, resolved.responsibles);
      await setCategoryLinks(tx, ctx.tenant.id, row.id, resolved.categories);
      await addHistory(tx, ctx.tenant.id, { activityId: row.id, personId: signed.caller.personId, action: 'created' });
      await notifyAssigned(signed, tx, row, new Set(), await recipientsOf(tx, ctx.tenant.id, resolved.responsibles, row.audienceId));
      await scheduleSeriesReminders(ctx.platform, tx, ctx.tenant.id, row);
      return activityView(tx, signed, row, false);
    },
    { audit: 'activities.create', subject: (view) => view.public_id },
  );
}

/** "Todas": the series changes; exceptions and completions stay where their recurrence ids still are occurrences. */
export async function updateActivitySeries(ctx: Ctx, id: string, input: TActivityWrite): Promise<TActivity> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw activityNotFound();
  return ctx.tx(
    async (tx) => {
      const current = await findActivity(tx, ctx.tenant.id, id, { lock: true });
      if (!current) throw activityNotFound();
      const before = await seriesLinks(tx, ctx.tenant.id, [id]);
      const resolved = await resolveWrite(signed, tx, input, { seriesGroup: current.seriesGroup, relatedTo: current.relatedTo });
      const { createdByPersonId: _keep, ...values } = resolved.values;
      const row = (await updateActivity(tx, ctx.tenant.id, id, values))!;
      await setResponsibles(tx, ctx.tenant.id, id, resolved.responsibles);
      await setCategoryLinks(tx, ctx.tenant.id, id, resolved.categories);
      const recurrence = recurrenceOf(row);
      const stale = (rid: string) => {
        const ms = parseRecurrenceId(rid);
        return ms === null || !isOccurrence(recurrence, ms);
      };
      await deleteExceptions(tx, ctx.tenant.id, id, (await exceptionsOf(tx, ctx.tenant.id, id)).map((e) => e.recurrenceId).filter(stale));
      await deleteCompletions(tx, ctx.tenant.id, id, (await completionsOf(tx, ctx.tenant.id, id)).map((c) => c.recurrenceId).filter(stale));
      await addHistory(tx, ctx.tenant.id, { activityId: id, personId: signed.caller.personId, action: 'updated' });
      await notifyAssigned(
        signed,
        tx,
        row,
        await recipientsOf(tx, ctx.tenant.id, before.responsibles.get(id) ?? [], current.audienceId),
        await recipientsOf(tx, ctx.tenant.id, resolved.responsibles, row.audienceId),
      );
      await scheduleSeriesReminders(ctx.platform, tx, ctx.tenant.id, row);
      return activityView(tx, signed, row, false);
    },
    { audit: 'activities.update' },
  );
}

/**
 * "Esta y las siguientes": the old series ends just before the occurrence (UNTIL); a new series
 * with its own id starts with the body, in the same series group, related to the old one.
 * Exceptions and completions from the split on move to the new series where they are its
 * occurrences.
 */
export async function splitActivity(ctx: Ctx, id: string, input: TSplitRequest): Promise<TActivity> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw activityNotFound();
  const splitMs = parseRecurrenceId(input.recurrence_id);
  if (splitMs === null) throw occurrenceNotFound();
  return ctx.tx(
    async (tx) => {
      const current = await findActivity(tx, ctx.tenant.id, id, { lock: true });
      if (!current) throw activityNotFound();
      const recurrence = recurrenceOf(current);
      if (!isOccurrence(recurrence, splitMs)) throw occurrenceNotFound();
      const first = nextOccurrences(recurrence, null, 1)[0];
      if (!first || first.startMs >= splitMs) throw new BodyError(400, { code: 'split-at-first', detail: 'The first occurrence cannot start a new series: edit the whole series instead.' });
      const { recurrence_id: _rid, ...write } = input;
      const resolved = await resolveWrite(signed, tx, write, { seriesGroup: current.seriesGroup, relatedTo: current.id });
      const ended = endBefore(recurrence, splitMs);
      const endedBounds = seriesBounds(ended);
      await updateActivity(tx, ctx.tenant.id, id, {
        rrule: ended.rrule,
        rdates: [...ended.rdates],
        exdates: [...ended.exdates],
        lastStartAt: endedBounds.last === null ? null : new Date(endedBounds.last),
      });
      const row = await insertActivity(tx, ctx.tenant.id, resolved.values);
      await setResponsibles(tx, ctx.tenant.id, row.id, resolved.responsibles);
      await setCategoryLinks(tx, ctx.tenant.id, row.id, resolved.categories);
      const splitId = formatRecurrenceId(splitMs);
      const newRecurrence = recurrenceOf(row);
      const fits = (rid: string) => {
        const ms = parseRecurrenceId(rid);
        return ms !== null && isOccurrence(newRecurrence, ms);
      };
      const laterExceptions = (await exceptionsOf(tx, ctx.tenant.id, id)).map((e) => e.recurrenceId).filter((rid) => rid >= splitId);
      await moveExceptions(tx, ctx.tenant.id, id, row.id, laterExceptions.filter(fits));
      await deleteExceptions(
        tx,
        ctx.tenant.id,
        id,
        laterExceptions.filter((rid) => !fits(rid)),
      );
      const laterCompletions = (await completionsOf(tx, ctx.tenant.id, id)).map((c) => c.recurrenceId).filter((rid) => rid >= splitId);
      await moveCompletions(tx, ctx.tenant.id, id, row.id, laterCompletions.filter(fits));
      await deleteCompletions(
        tx,
        ctx.tenant.id,
        id,
        laterCompletions.filter((rid) => !fits(rid)),
      );
      await addHistory(tx, ctx.tenant.id, { activityId: id, recurrenceId: splitId, personId: signed.caller.personId, action: 'split', detail: row.id });
      await addHistory(tx, ctx.tenant.id, { activityId: row.id, personId: signed.caller.personId, action: 'created', detail: `split from ${id}` });
      const before = await seriesLinks(tx, ctx.tenant.id, [id]);
      await notifyAssigned(
        signed,
        tx,
        row,
        await recipientsOf(tx, ctx.tenant.id, before.responsibles.get(id) ?? [], current.audienceId),
        await recipientsOf(tx, ctx.tenant.id, resolved.responsibles, row.audienceId),
      );
      await scheduleSeriesReminders(ctx.platform, tx, ctx.tenant.id, row);
      return activityView(tx, signed, row, false);
    },
    { audit: 'activities.split', subject: (view) => [id, view.public_id] },
  );
}

export async function removeActivity(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw activityNotFound();
  await ctx.tx(
    async (tx) => {
      if (!(await deleteActivity(tx, ctx.tenant.id, id))) throw activityNotFound();
      await releaseFiles(tx, ctx.tenant.id, { kind: ACTIVITY_HOLDER, id });
    },
    { audit: 'activities.delete' },
  );
}

export async function listSeries(ctx: Ctx, query: { page: number; page_size: number; search?: string | undefined }): Promise<{ count: number; results: TActivity[] }> {
  signedIn(ctx);
  return ctx.tx(async (tx) => {
    const { count, rows } = await listActivities(tx, ctx.tenant.id, { search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    const links = await seriesLinks(
      tx,
      ctx.tenant.id,
      rows.map((r) => r.id),
    );
    const names = await namesFor(tx, ctx.tenant.id, rows, [...links.responsibles.values()].flat(), [...links.categories.values()].flat());
    return { count, results: rows.map((row) => toActivity(row, links.responsibles.get(row.id) ?? [], links.categories.get(row.id) ?? [], names, true)) };
  });
}

export async function getActivity(ctx: Ctx, id: string): Promise<TActivityDetail> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw activityNotFound();
  return ctx.tx(async (tx) => {
    const row = await findActivity(tx, ctx.tenant.id, id);
    if (!row) throw activityNotFound();
    const viewer = await viewerOf(signed, tx);
    const links = await seriesLinks(tx, ctx.tenant.id, [id]);
    if (!canSeeSeries(viewer, row, links.responsibles.get(id) ?? [], await exceptionsOf(tx, ctx.tenant.id, id))) throw activityNotFound();
    return activityView(tx, signed, row, true);
  });
}

// ----------------------------------------------------------------------------------- occurrences

export interface OccurrenceQuery {
  from: string;
  to: string;
  mine: boolean;
  status?: TOccurrence['status'] | undefined;
  venue?: string | undefined;
  category?: string | undefined;
  responsible?: string | undefined;
  priority?: number | undefined;
  search?: string | undefined;
}

/** The occurrences starting in [from, to): the caller's (mine) or everyone's (MANAGE_TASKS). */
export async function listOccurrences(ctx: Ctx, query: OccurrenceQuery, nowMs = Date.now()): Promise<{ results: TOccurrence[] }> {
  const signed = signedIn(ctx);
  const fromMs = Date.parse(query.from);
  const toMs = Date.parse(query.to);
  if (!(toMs > fromMs)) throw new FieldErrors({ to: ['to must be after from.'] });
  if (toMs - fromMs > RANGE_MAX_DAYS * DAY_MS) throw new BodyError(400, { code: 'range-too-long', detail: `A listing covers at most ${RANGE_MAX_DAYS} days.` });
  if (!query.mine && !signed.caller.permissions.has('MANAGE_TASKS')) throw new AppError('permission-denied', 'Listing everyone’s activities needs MANAGE_TASKS.');
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const viewer = await viewerOf(signed, tx);
    let responsibleId: string | undefined;
    if (query.responsible) {
      const person = await findPersonByPassport(tx, tenantId, query.responsible);
      if (!person) return { results: [] };
      responsibleId = person.id;
    }
    if ((query.venue && !isUuid(query.venue)) || (query.category && !isUuid(query.category))) return { results: [] };
    const from = new Date(fromMs);
    const to = new Date(toMs);
    const rows = await seriesInWindow(tx, tenantId, from, to, {
      mine: query.mine ? { personId: viewer.personId, audienceIds: [...viewer.audienceIds] } : undefined,
      venueId: query.venue,
      categoryId: query.category,
      responsibleId,
      search: query.search,
    });
    const occurrences = await occurrencesOf(tx, tenantId, rows, fromMs, toMs);
    const wanted = occurrences.filter((p) => {
      if (query.mine && !isResponsible(viewer, p.row, effectiveResponsibles(p))) return false;
      if (responsibleId && !effectiveResponsibles(p).includes(responsibleId)) return false;
      if (query.priority !== undefined && effectivePriority(p) !== normalizePriority(query.priority)) return false;
      if (query.search && !(p.exception?.title ?? p.row.title).toLowerCase().includes(query.search.toLowerCase())) return false;
      return true;
    });
    const names = await namesFor(
      tx,
      tenantId,
      rows,
      wanted.flatMap((p) => [...effectiveResponsibles(p), ...(p.completion?.personId ? [p.completion.personId] : [])]),
      wanted.flatMap((p) => p.categories),
    );
    let results = wanted.map((p) => toOccurrence(p, names, nowMs));
    results = query.status ? results.filter((o) => o.status === query.status) : results.filter((o) => !(o.raw_status === 'CANCELLED' && o.completion === null));
    results.sort((a, b) => compareByPriorityThenDue({ priority: a.priority, dueMs: Date.parse(a.dueDate) }, { priority: b.priority, dueMs: Date.parse(b.dueDate) }));
    return { results };
  });
}

/** Expands the series over [fromMs, toMs) with their exceptions (moved ones included) and completions. */
export async function occurrencesOf(tx: Drizzle, tenantId: string, rows: readonly ActivityRow[], fromMs: number, toMs: number): Promise<OccurrenceParts[]> {
  const ids = rows.map((r) => r.id);
  const fromId = formatRecurrenceId(Math.floor(fromMs / 1000) * 1000);
  const toId = formatRecurrenceId(Math.ceil(toMs / 1000) * 1000);
  const from = new Date(fromMs);
  const to = new Date(toMs);
  const exceptions = await exceptionsInWindow(tx, tenantId, ids, fromId, toId, from, to);
  const byKey = new Map(exceptions.map((e) => [`${e.activityId}/${e.recurrenceId}`, e]));
  const moved = exceptions.filter((e) => e.recurrenceId < fromId || e.recurrenceId >= toId);
  const completions = await completionsFor(tx, tenantId, ids, fromId, toId, moved);
  const completionByKey = new Map(completions.map((c) => [`${c.activityId}/${c.recurrenceId}`, c]));
  const links = await seriesLinks(tx, tenantId, ids);
  const out: OccurrenceParts[] = [];
  for (const row of rows) {
    const recurrence = recurrenceOf(row);
    const responsibles = links.responsibles.get(row.id) ?? [];
    const categories = links.categories.get(row.id) ?? [];
    const seen = new Set<string>();
    const push = (recurrenceId: string, originalStartMs: number) => {
      const key = `${row.id}/${recurrenceId}`;
      if (seen.has(key)) return;
      seen.add(key);
      const exception = byKey.get(key) ?? null;
      const startMs = exception?.startAt?.getTime() ?? originalStartMs;
      if (startMs < fromMs || startMs >= toMs) return;
      out.push({ row, recurrenceId, originalStartMs, exception, completion: completionByKey.get(key) ?? null, responsibles, categories });
    };
    for (const o of expand(recurrence, fromMs, toMs)) push(o.recurrenceId, o.startMs);
    for (const e of moved) {
      if (e.activityId !== row.id) continue;
      const ms = parseRecurrenceId(e.recurrenceId);
      if (ms !== null && isOccurrence(recurrence, ms)) push(e.recurrenceId, ms);
    }
  }
  return out;
}

interface Located {
  row: ActivityRow;
  parts: OccurrenceParts;
  viewer: Viewer;
}

/** One occurrence the caller may see: `current` is the ongoing or next open one. 404 otherwise. */
async function locate(ctx: SignedInCtx, tx: Drizzle, id: string, recurrenceId: string, nowMs = Date.now()): Promise<Located> {
  if (!isUuid(id)) throw activityNotFound();
  const row = await findActivity(tx, ctx.tenant.id, id);
  if (!row) throw activityNotFound();
  const viewer = await viewerOf(ctx, tx);
  const links = await seriesLinks(tx, ctx.tenant.id, [id]);
  const responsibles = links.responsibles.get(id) ?? [];
  const categories = links.categories.get(id) ?? [];
  const recurrence = recurrenceOf(row);
  let rid: string;
  let ms: number | null;
  if (recurrenceId === 'current') {
    const candidates = nextOccurrences(recurrence, nowMs - row.durationMinutes * 60_000, 20);
    const done = new Set((await completionsOf(tx, ctx.tenant.id, id)).map((c) => c.recurrenceId));
    const open = candidates.find((o) => !done.has(o.recurrenceId)) ?? candidates[0] ?? nextOccurrences(recurrence, null, 1)[0];
    if (!open) throw occurrenceNotFound();
    rid = open.recurrenceId;
    ms = open.startMs;
  } else {
    ms = parseRecurrenceId(recurrenceId);
    if (ms === null) throw occurrenceNotFound();
    rid = formatRecurrenceId(ms);
  }
  if (!isOccurrence(recurrence, ms)) throw occurrenceNotFound();
  const exception = await findException(tx, ctx.tenant.id, id, rid);
  const parts: OccurrenceParts = { row, recurrenceId: rid, originalStartMs: ms, exception, completion: await findCompletion(tx, ctx.tenant.id, id, rid), responsibles, categories };
  if (!canSeeSeries(viewer, row, responsibles, exception ? [exception] : [])) throw activityNotFound();
  return { row, parts, viewer };
}

/** The persons an occurrence's detail names: the series' responsibles, the occurrence's, who completed it, who wrote its history. */
function detailPersonIds(parts: OccurrenceParts, history: readonly HistoryRow[]): string[] {
  return [...parts.responsibles, ...effectiveResponsibles(parts), ...(parts.completion?.personId ? [parts.completion.personId] : []), ...history.flatMap((h) => (h.personId ? [h.personId] : []))];
}

/** GET of one occurrence's answer from what was read for it (getOccurrence, and the offline read-ahead for many at once). */
function toOccurrenceDetail(
  ctx: SignedInCtx,
  parts: OccurrenceParts,
  history: readonly HistoryRow[],
  files: readonly { id: string; name: string; size: number; contentType: string }[],
  names: Names,
  nowMs: number,
): TOccurrenceDetail {
  const who = (personId: string | null) => {
    const p = personId ? names.persons.get(personId) : undefined;
    return p ? { passport: p.passport, name: p.name } : null;
  };
  return {
    ...toOccurrence(parts, names, nowMs),
    series: toActivity(parts.row, parts.responsibles, parts.categories, names, ctx.caller.permissions.has('MANAGE_TASKS')),
    history: history.map((h) => ({ at: h.at.toISOString(), who: who(h.personId), action: h.action, detail: h.detail })),
    files: files.map(fileView),
  };
}

export async function getOccurrence(ctx: Ctx, id: string, recurrenceId: string, nowMs = Date.now()): Promise<TOccurrenceDetail> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const { row, parts } = await locate(signed, tx, id, recurrenceId, nowMs);
    const history = await historyOf(tx, ctx.tenant.id, id, parts.recurrenceId);
    const names = await namesFor(tx, ctx.tenant.id, [row], detailPersonIds(parts, history), parts.categories);
    return toOccurrenceDetail(signed, parts, history, await heldFiles(tx, ctx.tenant.id, { kind: ACTIVITY_HOLDER, id: row.id }), names, nowMs);
  });
}

/**
 * getOccurrence for many occurrences (given by their recurrence ids) in one transaction whose
 * statements do not grow with their number: each kind of row is read once for all (the offline
 * read-ahead, decision 031). The same rules as getOccurrence, per occurrence: one that is not an
 * occurrence of its series, or that the caller may not see, is left out instead of failing the rest.
 * Answers in the order of `keys`.
 */
export async function getOccurrences(ctx: Ctx, keys: readonly { id: string; recurrenceId: string }[], nowMs = Date.now()): Promise<TOccurrenceDetail[]> {
  const signed = signedIn(ctx);
  const wanted = keys.flatMap((key) => {
    const ms = isUuid(key.id) ? parseRecurrenceId(key.recurrenceId) : null;
    return ms === null ? [] : [{ activityId: key.id, recurrenceId: formatRecurrenceId(ms), ms }];
  });
  if (wanted.length === 0) return [];
  return ctx.tx(async (tx) => {
    const tenantId = ctx.tenant.id;
    const rows = new Map((await findActivities(tx, tenantId, [...new Set(wanted.map((k) => k.activityId))])).map((row) => [row.id, row]));
    const recurrences = new Map([...rows.values()].map((row) => [row.id, recurrenceOf(row)]));
    const occurring = wanted.filter((k) => rows.has(k.activityId) && isOccurrence(recurrences.get(k.activityId)!, k.ms));
    const viewer = await viewerOf(signed, tx);
    const links = await seriesLinks(tx, tenantId, [...new Set(occurring.map((k) => k.activityId))]);
    const exceptions = await exceptionsAt(tx, tenantId, occurring);
    const completions = await completionsAt(tx, tenantId, occurring);
    const located = occurring.flatMap((k): OccurrenceParts[] => {
      const row = rows.get(k.activityId)!;
      const key = `${k.activityId}/${k.recurrenceId}`;
      const exception = exceptions.get(key) ?? null;
      const parts: OccurrenceParts = {
        row,
        recurrenceId: k.recurrenceId,
        originalStartMs: k.ms,
        exception,
        completion: completions.get(key) ?? null,
        responsibles: links.responsibles.get(row.id) ?? [],
        categories: links.categories.get(row.id) ?? [],
      };
      return canSeeSeries(viewer, row, parts.responsibles, exception ? [exception] : []) ? [parts] : [];
    });
    const histories = await historiesOf(
      tx,
      tenantId,
      located.map((p) => ({ activityId: p.row.id, recurrenceId: p.recurrenceId })),
    );
    const seen = [...new Map(located.map((p) => [p.row.id, p.row])).values()];
    const names = await namesFor(
      tx,
      tenantId,
      seen,
      located.flatMap((p, i) => detailPersonIds(p, histories[i]!)),
      located.flatMap((p) => p.categories),
    );
    const files = await heldFilesOf(
      tx,
      tenantId,
      ACTIVITY_HOLDER,
      seen.map((row) => row.id),
    );
    return located.map((p, i) => toOccurrenceDetail(signed, p, histories[i]!, files.get(p.row.id) ?? [], names, nowMs));
  });
}

/** "Solo esta": an exception keyed by the recurrence id. */
export async function editOccurrence(ctx: Ctx, id: string, recurrenceId: string, input: TOccurrenceWrite): Promise<TOccurrence> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const { row, parts } = await locate(signed, tx, id, recurrenceId);
      const errors: FieldMessages = {};
      const priority = input.priority === undefined ? undefined : normalizePriority(input.priority);
      if (priority === null) errors.priority = ['Priority must be an integer from 0 to 9.'];
      let responsibles: string[] | undefined;
      if (input.responsibles) {
        responsibles = [];
        for (const passport of new Set(input.responsibles)) {
          const person = await findPersonByPassport(tx, ctx.tenant.id, passport);
          if (!person) (errors.responsibles ??= []).push(problem('unknown-reference', `Unknown person: ${passport}`));
          else responsibles.push(person.id);
        }
      }
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      const previous = parts.exception;
      const exception = await upsertException(tx, ctx.tenant.id, {
        activityId: id,
        recurrenceId: parts.recurrenceId,
        start: input.start ?? previous?.start ?? null,
        startAt: input.start ? new Date(wallInstant(input.start, row.timezone)) : (previous?.startAt ?? null),
        durationMinutes: input.duration_minutes ?? previous?.durationMinutes ?? null,
        title: input.title ?? previous?.title ?? null,
        priority: priority ?? previous?.priority ?? null,
        responsibles: responsibles ?? previous?.responsibles ?? null,
        cancelled: previous?.cancelled ?? false,
      });
      await addHistory(tx, ctx.tenant.id, { activityId: id, recurrenceId: parts.recurrenceId, personId: signed.caller.personId, action: 'occurrence-updated' });
      if (responsibles) {
        const before = await recipientsOf(tx, ctx.tenant.id, effectiveResponsibles(parts), row.audienceId);
        await notifyAssigned(signed, tx, { ...row, title: exception.title ?? row.title }, before, await recipientsOf(tx, ctx.tenant.id, responsibles, row.audienceId), parts.recurrenceId);
      }
      await scheduleSeriesReminders(ctx.platform, tx, ctx.tenant.id, row);
      const updated = { ...parts, exception };
      const names = await namesFor(tx, ctx.tenant.id, [row], [...effectiveResponsibles(updated), ...(parts.completion?.personId ? [parts.completion.personId] : [])], parts.categories);
      return toOccurrence(updated, names, Date.now());
    },
    { audit: 'activities.occurrence.update', details: { recurrence_id: recurrenceId } },
  );
}

function wallInstant(wall: string, timezone: string): number {
  return wallToInstant(wall, timezone);
}

export async function cancelOccurrence(ctx: Ctx, id: string, recurrenceId: string): Promise<void> {
  const signed = signedIn(ctx);
  await ctx.tx(
    async (tx) => {
      const { parts } = await locate(signed, tx, id, recurrenceId);
      const previous = parts.exception;
      await upsertException(tx, ctx.tenant.id, {
        activityId: id,
        recurrenceId: parts.recurrenceId,
        start: previous?.start ?? null,
        startAt: previous?.startAt ?? null,
        durationMinutes: previous?.durationMinutes ?? null,
        title: previous?.title ?? null,
        priority: previous?.priority ?? null,
        responsibles: previous?.responsibles ?? null,
        cancelled: true,
      });
      await addHistory(tx, ctx.tenant.id, { activityId: id, recurrenceId: parts.recurrenceId, personId: signed.caller.personId, action: 'occurrence-cancelled' });
    },
    { audit: 'activities.occurrence.cancel', details: { recurrence_id: recurrenceId } },
  );
}

// ------------------------------------------------------------------------------------- reminders

export const REMINDER_QUEUE = 'activities.reminder';
/** How far ahead reminders are scheduled (by the sweep, and by a write for its own series). */
export const WINDOW_MS = 2 * 3_600_000;
/** Reminders whose instant passed this recently (a server that was down) still go out. */
export const GRACE_MS = 15 * 60_000;

export interface ReminderJob {
  tenantId: string;
  activityId: string;
  recurrenceId: string;
  offsetMinutes: number;
  /** The occurrence's start the job was scheduled for (epoch ms). */
  startMs: number;
}

/**
 * Enqueues the reminders of one series whose instant falls in [now − grace, now + WINDOW), each
 * once (`activity_reminders_scheduled`), in the caller's transaction. The sweep calls it for every
 * series; a write calls it for its own, so a reminder due before the next sweep is not late.
 */
export async function scheduleSeriesReminders(platform: Ctx['platform'], tx: Drizzle, tenantId: string, row: ActivityRow, nowMs = Date.now()): Promise<number> {
  const fromMs = nowMs - GRACE_MS;
  const toMs = nowMs + WINDOW_MS;
  let count = 0;
  for (const offset of row.reminders) {
    for (const o of await occurrencesOf(tx, tenantId, [row], fromMs + offset * 60_000, toMs + offset * 60_000)) {
      if (o.completion || o.exception?.cancelled) continue;
      const startMs = o.exception?.startAt?.getTime() ?? o.originalStartMs;
      if (!(await markReminderScheduled(tx, tenantId, row.id, o.recurrenceId, offset, new Date(startMs)))) continue;
      const job: ReminderJob = { tenantId, activityId: row.id, recurrenceId: o.recurrenceId, offsetMinutes: offset, startMs };
      await platform.jobs.send(tx, REMINDER_QUEUE, job, {
        startAfter: new Date(Math.max(startMs - offset * 60_000, nowMs)),
        singletonKey: `${tenantId}:${row.id}:${o.recurrenceId}:${offset}:${startMs}`,
      });
      count++;
    }
  }
  return count;
}

// ------------------------------------------------------------------------------------ completion

export async function completeOccurrence(ctx: Ctx, id: string, recurrenceId: string, input: TCompletionRequest): Promise<TCompletion> {
  const signed = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const { row, parts, viewer } = await locate(signed, tx, id, recurrenceId);
      if (!viewer.manages && !isResponsible(viewer, row, effectiveResponsibles(parts)))
        throw new AppError('permission-denied', 'Only a responsible person or a manager of activities can complete it.');
      if (parts.completion) throw new BodyError(409, { code: 'already-completed', detail: 'This occurrence already has a completion record.' });
      // a planner cancelled it ("solo esta"): nothing is left to do there (an offline completion reads this as a conflict)
      if (parts.exception?.cancelled) throw new BodyError(409, { code: 'occurrence-cancelled', detail: 'This occurrence was cancelled.' });
      // a checklist's occurrence is completed by submitting an execution started from it (decision 026)
      if (row.checklistId && input.status === 'COMPLETED') throw new BodyError(400, { code: 'checklist-required', detail: 'This activity is completed by executing its checklist.' });
      let responseId: string | null = null;
      if (row.formId && input.status === 'COMPLETED') {
        if (!input.response) throw new BodyError(400, { non_field_errors: ['This activity is completed by filling its form: the response is missing.'] });
        // The forms engine validates and stores the answer in this same transaction.
        responseId = (await submitResponse(within(signed, tx), row.formId, input.response)).id;
      }
      const completion = await insertCompletion(tx, ctx.tenant.id, {
        activityId: id,
        recurrenceId: parts.recurrenceId,
        status: input.status,
        completedAt: new Date(),
        description: input.description ?? null,
        personId: signed.caller.personId,
        responseId,
      });
      if (!completion) throw new BodyError(409, { code: 'already-completed', detail: 'This occurrence already has a completion record.' });
      await addHistory(tx, ctx.tenant.id, {
        activityId: id,
        recurrenceId: parts.recurrenceId,
        personId: signed.caller.personId,
        action: input.status === 'COMPLETED' ? 'completed' : 'cancelled',
        detail: input.description ?? null,
      });
      const names = await namesFor(tx, ctx.tenant.id, [], [signed.caller.personId], []);
      return toCompletion(completion, names);
    },
    { audit: 'activities.complete', details: { recurrence_id: recurrenceId } },
  );
}

export async function reopenOccurrence(ctx: Ctx, id: string, recurrenceId: string): Promise<void> {
  const signed = signedIn(ctx);
  await ctx.tx(
    async (tx) => {
      const { parts, viewer } = await locate(signed, tx, id, recurrenceId);
      const completion = parts.completion;
      if (!completion) throw new AppError('not-found', 'This occurrence has no completion record.');
      if (!viewer.manages && completion.personId !== viewer.personId) throw new AppError('permission-denied', 'Only who completed it or a manager of activities can reopen it.');
      await deleteCompletions(tx, ctx.tenant.id, id, [parts.recurrenceId]);
      await addHistory(tx, ctx.tenant.id, { activityId: id, recurrenceId: parts.recurrenceId, personId: signed.caller.personId, action: 'reopened' });
    },
    { audit: 'activities.reopen', details: { recurrence_id: recurrenceId } },
  );
}

// ---------------------------------------------------------------------------- categories, preview

export async function categories(ctx: Ctx): Promise<{ results: { id: string; name: string }[] }> {
  return { results: await ctx.tx((tx) => listCategories(tx, ctx.tenant.id)) };
}

export async function createCategory(ctx: Ctx, name: string): Promise<{ id: string; name: string }> {
  const row = await ctx.tx((tx) => insertCategory(tx, ctx.tenant.id, name.trim()), { audit: 'activities.category.create', subject: (r) => r?.id ?? null });
  if (!row) throw new FieldErrors({ name: [problem('in-use', 'A category with this name exists.')] });
  return row;
}

export function previewRecurrence(input: TRecurrencePreviewRequest, fallbackZone = DEFAULT_TIMEZONE): { occurrences: string[] } {
  const timezone = input.timezone ?? fallbackZone;
  const recurrence: Recurrence = {
    start: input.start,
    timezone,
    rrule: input.rrule?.trim() ? input.rrule.trim().replace(/^RRULE:/i, '') : null,
    rdates: input.rdates ?? [],
    exdates: input.exdates ?? [],
  };
  try {
    validateRecurrence(recurrence);
    return { occurrences: nextOccurrences(recurrence, null, input.count ?? 5).map((o) => instantToIso(o.startMs, timezone)) };
  } catch (error) {
    recurrenceError(error);
  }
}

// ------------------------------------------------------------------------------ for .ics and jobs

export interface SeriesForCalendar {
  row: ActivityRow;
  responsibles: string[];
  categories: string[];
  exceptions: ExceptionRow[];
}

export async function seriesBundle(tx: Drizzle, tenantId: string, rows: readonly ActivityRow[]): Promise<{ series: SeriesForCalendar[]; names: Names }> {
  const links = await seriesLinks(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  const exceptions = await exceptionsInWindow(
    tx,
    tenantId,
    rows.map((r) => r.id),
    '0',
    '99999999T999999Z',
    new Date(0),
    FAR_FUTURE,
  );
  const series = rows.map((row) => ({
    row,
    responsibles: links.responsibles.get(row.id) ?? [],
    categories: links.categories.get(row.id) ?? [],
    exceptions: exceptions.filter((e) => e.activityId === row.id),
  }));
  const names = await namesFor(tx, tenantId, rows, [...links.responsibles.values()].flat(), [...links.categories.values()].flat());
  return { series, names };
}

export { locate as locateOccurrence, namesFor, recipientsOf, toOccurrence, type Names, type OccurrenceParts };
