import { isValidEmail, normalizeEmail, normalizeIdentityDocument, normalizePhone, validateIdentityDocument, INVALID_PHONE_MESSAGE, type IdentityDocumentType } from '@faena/domain';
import type {
  TSearchMatch,
  TBulkInviteRequest,
  TBulkInviteResponse,
  TBulkPersonPositionRequest,
  TBulkPersonPositionResponse,
  TBulkPersonStatusRequest,
  TBulkPersonStatusResponse,
  TCreatePersonRequest,
  TPerson,
  TPersonHistoryEntry,
  TPersonTeam,
  TPersonListItem,
  TPersonListQuery,
  TUpdatePersonRequest,
} from '@faena/contracts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUniqueViolation, violatedConstraint } from '../../platform/db/pg-errors.ts';
import { AppError, FieldErrors, problem, type FieldMessages, type FieldProblem } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { bothShapes, setChangesOf } from '../../platform/set-changes.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isModuleDisabled, moduleDisabledDetail } from '../../platform/tenancy.ts';
import { subjectHistory } from '../audit/index.ts';
import { createInvite, insertInvitations, mailInvitations } from '../auth/index.ts';
import { activeIds, itemNames, venueNames } from '../catalogs/index.ts';
import { filesMetadata, holdFiles, NO_ONE, uploadIdsIn } from '../documents/index.ts';
import {
  assertCanGrant,
  changeHolders,
  changePersonPositions,
  findPositions,
  grantPositionDefaults,
  holdersSql,
  positionsOfPersons,
  setPersonPositions,
  teamOf,
  tellPositionChanges,
} from '../org-chart/index.ts';
import {
  documentsOf,
  findPerson,
  findPersonByEmail,
  findPersonByPassport,
  findDocumentHolder,
  insertPerson,
  listPersons,
  existingPersonIds,
  setPersonDisabled,
  setPersonsDisabled,
  updatePerson as updatePersonRow,
  type DocumentValue,
  type PersonFields,
  type PersonQuery,
  type PersonRow,
  invitationCandidates,
  isInvited,
} from './people.repository.ts';

export const EMAIL_IN_USE = 'Email already in use';
export const DOCUMENT_IN_USE = 'Identity document already in use';
const notFound = () => new AppError('not-found', 'Person not found.');

/** What a list item shows besides the person's own columns. */
interface Extras {
  documents: DocumentValue[];
  positions: { id: string; title: string }[];
  invited: boolean;
  searchMatches?: TSearchMatch[] | undefined;
}

export function toPersonListItem(row: PersonRow & Extras): TPersonListItem {
  return {
    id: row.id,
    passport: row.passport,
    name: row.name,
    primary_email: row.primaryEmail,
    picture: row.picture,
    photo_upload_id: row.photoUploadId,
    is_disabled: row.isDisabled,
    has_account: row.userId !== null,
    invited: row.invited,
    origin: (row.origin as TPersonListItem['origin']) ?? null,
    identity_documents: row.documents as TPersonListItem['identity_documents'],
    positions: row.positions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.searchMatches && { search_matches: row.searchMatches }),
  };
}

/** The full person (spec forms §3) with names of the business lines, workspaces and company. */
async function fullPerson(tx: Drizzle, tenantId: string, row: PersonRow): Promise<TPerson> {
  const extras: Extras = {
    documents: (await documentsOf(tx, tenantId, [row.id])).get(row.id) ?? [],
    positions: (await positionsOfPersons(tx, tenantId, [row.id])).get(row.id) ?? [],
    invited: await isInvited(tx, tenantId, row.id),
  };
  const lines = await itemNames(tx, tenantId, 'business-line', row.businessLineIds);
  const companies = await itemNames(tx, tenantId, 'company', row.companyId ? [row.companyId] : []);
  const places = await venueNames(tx, tenantId, row.workspaceIds);
  return {
    ...toPersonListItem({ ...row, ...extras }),
    roles: row.roles,
    groups: row.groups,
    other_emails: row.otherEmails,
    phones: row.phones,
    address: row.address,
    business_lines: row.businessLineIds.map((id) => ({ id, name: lines.get(id) ?? '' })),
    workspaces: row.workspaceIds.map((id) => ({ id, name: places.get(id) ?? '' })),
    company: row.companyId ? { id: row.companyId, name: companies.get(row.companyId) ?? '' } : null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** The list's filters as a repository query; an id filter that is not a uuid matches nobody. */
export function personQueryOf(
  tenantId: string,
  query: Partial<Pick<TPersonListQuery, 'search' | 'position' | 'business_line' | 'workspace' | 'company' | 'origin' | 'status' | 'account'>>,
): PersonQuery | null {
  for (const id of [query.position, query.business_line, query.workspace, query.company]) if (id !== undefined && !isUuid(id)) return null;
  return {
    search: query.search,
    origin: query.origin,
    status: query.status,
    account: query.account,
    businessLineId: query.business_line,
    workspaceId: query.workspace,
    companyId: query.company,
    idIn: query.position ? holdersSql(tenantId, [query.position]) : undefined,
  };
}

export async function listPeople(ctx: Ctx, query: TPersonListQuery): Promise<{ count: number; results: TPersonListItem[] }> {
  const filters = personQueryOf(ctx.tenant.id, query);
  if (!filters) return { count: 0, results: [] };
  // One statement (count, page and their documents and positions): no transaction needed.
  return ctx.read(async (tx) => {
    const { count, rows } = await listPersons(tx, ctx.tenant.id, { ...filters, ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { count, results: rows.map(toPersonListItem) };
  });
}

export async function getPerson(ctx: Ctx, id: string): Promise<TPerson> {
  if (!isUuid(id)) throw notFound();
  return ctx.tx(async (tx) => {
    const row = await findPerson(tx, ctx.tenant.id, id);
    if (!row) throw notFound();
    return fullPerson(tx, ctx.tenant.id, row);
  });
}

/** getPersonByPassport. */
export async function getPersonByPassport(ctx: Ctx, passport: string): Promise<TPerson> {
  return ctx.tx(async (tx) => {
    const row = await findPersonByPassport(tx, ctx.tenant.id, passport);
    if (!row) throw notFound();
    return fullPerson(tx, ctx.tenant.id, row);
  });
}

/** retrievePersonalData: the caller's own record. */
export async function getMe(ctx: Ctx): Promise<TPerson> {
  return getPerson(ctx, signedIn(ctx).caller.personId);
}

// ------------------------------------------------------------------------------------------
// Writes

interface Prepared {
  fields: PersonFields;
  documents: DocumentValue[];
  /** The whole set of positions (`position_ids`)… */
  positionIds: string[] | undefined;
  /** …or what changes in it (`positions_added` / `positions_removed`). */
  positionChanges: { added: string[]; removed: string[] } | undefined;
}

/** Checks that need no transaction (shape, e-mails, documents, phones) and the photo's file. */
async function prepare(ctx: Ctx, input: TUpdatePersonRequest, current: PersonRow | null, currentDocuments: DocumentValue[]): Promise<Prepared> {
  const errors: FieldMessages = {};
  const fail = (field: string, message: string | FieldProblem) => (errors[field] ??= []).push(message);

  const primaryEmail = input.primary_email === undefined ? (current?.primaryEmail ?? null) : input.primary_email ? normalizeEmail(input.primary_email) : null;
  if (input.primary_email && primaryEmail !== null && !isValidEmail(primaryEmail)) fail('primary_email', 'Invalid email');

  let otherEmails = current?.otherEmails ?? [];
  if (input.other_emails !== undefined) {
    otherEmails = [];
    input.other_emails.forEach((value, index) => {
      const email = normalizeEmail(value);
      if (!isValidEmail(email)) fail(`other_emails.${index}`, 'Invalid email');
      else if (email !== primaryEmail && !otherEmails.includes(email)) otherEmails.push(email);
    });
  }

  let documents = currentDocuments;
  if (input.identity_documents !== undefined) {
    documents = [];
    const seen = new Set<string>();
    input.identity_documents.forEach((document, index) => {
      const message = validateIdentityDocument(document.type, document.number);
      if (message) return fail(`identity_documents.${index}.number`, message);
      const number = normalizeIdentityDocument(document.type as IdentityDocumentType, document.number)!;
      const key = `${document.type}:${number}`;
      if (!seen.has(key)) documents.push({ type: document.type, number });
      seen.add(key);
    });
  }

  let phones = current?.phones ?? [];
  if (input.phones !== undefined) {
    phones = [];
    input.phones.forEach((value, index) => {
      const raw = typeof value === 'string' ? { number: value, label: null } : { number: value.number, label: value.label?.trim() || null };
      const number = normalizePhone(raw.number);
      if (!number) fail(`phones.${index}`, INVALID_PHONE_MESSAGE);
      else phones.push({ number, label: raw.label });
    });
  }

  let photoUploadId = current?.photoUploadId ?? null;
  if (input.photo_upload_id !== undefined) {
    photoUploadId = input.photo_upload_id || null;
    if (photoUploadId && photoUploadId !== current?.photoUploadId) {
      const file = (await filesMetadata(ctx, [photoUploadId]))[photoUploadId];
      if (!file) fail('photo_upload_id', problem('unknown-file', 'Unknown file.'));
      // spec forms §5: the photo field accepts only png, gif and jpeg
      else if (!/^image\/(png|jpeg|gif)$/.test(file.content_type)) fail('photo_upload_id', problem('not-an-image', 'The photo must be a PNG, JPEG or GIF image.'));
    }
  }

  const text = (value: string | null | undefined, fallback: string | null) => (value === undefined ? fallback : value?.trim() || null);
  const fields: PersonFields = {
    name: input.name ?? current?.name ?? '',
    primaryEmail,
    roles: input.roles ? [...new Set(input.roles)] : (current?.roles ?? []),
    groups: input.groups ? [...new Set(input.groups)] : (current?.groups ?? []),
    otherEmails,
    phones,
    address: text(input.address, current?.address ?? null),
    photoUploadId,
    origin: input.origin === undefined ? (current?.origin ?? null) : input.origin,
    companyId: input.company_id === undefined ? (current?.companyId ?? null) : input.company_id || null,
    businessLineIds: input.business_line_ids ? [...new Set(input.business_line_ids)] : (current?.businessLineIds ?? []),
    workspaceIds: input.workspace_ids ? [...new Set(input.workspace_ids)] : (current?.workspaceIds ?? []),
  };
  let positionChanges: Prepared['positionChanges'];
  if (input.positions_added !== undefined || input.positions_removed !== undefined) {
    if (input.position_ids !== undefined) fail('position_ids', bothShapes('position_ids', 'positions_added', 'positions_removed'));
    // taking off a position they no longer hold (or never did) changes nothing
    positionChanges = setChangesOf(input.positions_added, input.positions_removed, isUuid);
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { fields, documents, positionIds: input.position_ids ? [...new Set(input.position_ids)] : undefined, positionChanges };
}

/** Where a field of the person record is kept, by its name in the API; sets compare in any order. */
const FIELD_NAMES: readonly [keyof PersonFields, string, 'list' | 'set' | 'value'][] = [
  ['name', 'name', 'value'],
  ['primaryEmail', 'primary_email', 'value'],
  ['otherEmails', 'other_emails', 'list'],
  ['phones', 'phones', 'list'],
  ['address', 'address', 'value'],
  ['photoUploadId', 'photo_upload_id', 'value'],
  ['origin', 'origin', 'value'],
  ['companyId', 'company_id', 'value'],
  ['roles', 'roles', 'set'],
  ['groups', 'groups', 'set'],
  ['businessLineIds', 'business_line_ids', 'set'],
  ['workspaceIds', 'workspace_ids', 'set'],
];

/** JSON with object keys in order: a jsonb value read back (keys reordered) equals the one written. */
const canonical = (value: unknown) =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** The API names of the fields an update really changes (for the person's history). */
export function changedFields(current: PersonRow, documents: readonly DocumentValue[], prepared: Prepared): string[] {
  const changed: string[] = [];
  for (const [key, name, kind] of FIELD_NAMES) {
    const before = current[key];
    const after = prepared.fields[key];
    const same = kind === 'set' ? sameSet(before as string[], after as string[]) : canonical(before) === canonical(after);
    if (!same) changed.push(name);
  }
  if (canonical(documents) !== canonical(prepared.documents)) changed.push('identity_documents');
  return changed;
}

/** Checks against the tenant's data, inside the write's transaction. */
async function checkReferences(ctx: Ctx, tx: Drizzle, personId: string | null, input: TUpdatePersonRequest, prepared: Prepared): Promise<void> {
  const errors: FieldMessages = {};
  const tenantId = ctx.tenant.id;
  const { fields } = prepared;
  if (input.primary_email && fields.primaryEmail) {
    const holder = await findPersonByEmail(tx, tenantId, fields.primaryEmail);
    if (holder && holder.id !== personId) errors.primary_email = ['Email already in use'];
  }
  if (input.identity_documents !== undefined) {
    for (const [index, document] of prepared.documents.entries()) {
      const holder = await findDocumentHolder(tx, tenantId, document.type, document.number);
      if (holder && holder !== personId) errors[`identity_documents.${index}.number`] = [problem('in-use', DOCUMENT_IN_USE)];
    }
  }
  const refs = async (field: string, catalog: 'business-line' | 'company' | 'venue', ids: string[], message: string) => {
    const known = await activeIds(tx, tenantId, catalog, ids.filter(isUuid));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) errors[field] = unknown.slice(0, 20).map((id) => problem('unknown-reference', `${message}: ${id}`));
  };
  // a module the tenant has disabled (spec forms §6) takes no new values; what a person already has stays
  if (isModuleDisabled(ctx.tenant, 'business_line') && input.business_line_ids?.length) errors.business_line_ids = [problem('module-disabled', moduleDisabledDetail('business_line'))];
  else if (input.business_line_ids !== undefined) await refs('business_line_ids', 'business-line', fields.businessLineIds, 'Unknown business line');
  if (input.workspace_ids !== undefined) await refs('workspace_ids', 'venue', fields.workspaceIds, 'Unknown venue');
  if (isModuleDisabled(ctx.tenant, 'company') && input.company_id) errors.company_id = [problem('module-disabled', moduleDisabledDetail('company'))];
  else if (input.company_id) await refs('company_id', 'company', [input.company_id], 'Unknown company');
  const positions = async (field: string, ids: string[]) => {
    const found = new Set((await findPositions(tx, tenantId, ids.filter(isUuid))).map((row) => row.id));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) errors[field] = unknown.map((id) => problem('unknown-reference', `Unknown position: ${id}`));
  };
  if (prepared.positionIds) await positions('position_ids', prepared.positionIds);
  if (prepared.positionChanges) await positions('positions_added', prepared.positionChanges.added);
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/**
 * Sets the person's positions (the whole set, or what changes in it); the positions they take give
 * them their default permissions. Answers whether the positions they hold changed.
 */
async function assignPositions(ctx: Ctx, tx: Drizzle, personId: string, prepared: Pick<Prepared, 'positionIds' | 'positionChanges'>): Promise<boolean> {
  const tenantId = ctx.tenant.id;
  const { positionIds, positionChanges } = prepared;
  const { added, removed } = positionIds
    ? await setPersonPositions(tx, tenantId, personId, positionIds)
    : positionChanges
      ? await changePersonPositions(tx, tenantId, personId, positionChanges.added, positionChanges.removed)
      : { added: [], removed: [] };
  if (added.length > 0) {
    const defaults = [...new Set((await findPositions(tx, tenantId, added)).flatMap((row) => row.defaultPermissionList))];
    assertCanGrant(ctx, defaults);
    await grantPositionDefaults(ctx, tx, defaults, [personId]);
  }
  await tellPositionChanges(ctx, tx, [{ personId, added, removed }]);
  return added.length > 0 || removed.length > 0;
}

/** A race lost to a unique index answers like the check that came too early. */
function raceErrors(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error) ?? '';
    if (constraint.includes('document')) throw new FieldErrors({ identity_documents: [problem('in-use', DOCUMENT_IN_USE)] });
    throw new FieldErrors({ primary_email: [EMAIL_IN_USE] });
  }
  throw error;
}

export async function createPerson(ctx: Ctx, input: TCreatePersonRequest): Promise<TPerson> {
  const prepared = await prepare(ctx, input, null, []);
  const row = await ctx
    .tx(
      async (tx) => {
        await checkReferences(ctx, tx, null, input, prepared);
        const created = await insertPerson(tx, ctx.tenant.id, { ...prepared.fields, documents: prepared.documents });
        await holdFiles(tx, ctx.tenant.id, { kind: 'person', id: created.id }, uploadIdsIn([created.photoUploadId, created.picture]), { by: ctx.caller?.personId ?? NO_ONE, only: true });
        await assignPositions(ctx, tx, created.id, prepared);
        return created;
      },
      { audit: 'people.create', subject: (created) => created.id },
    )
    .catch(raceErrors);
  if (prepared.positionIds?.length) ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return getPerson(ctx, row.id);
}

export async function updatePerson(ctx: Ctx, id: string, input: TUpdatePersonRequest): Promise<TPerson> {
  if (!isUuid(id)) throw notFound();
  const [current, documents] = await ctx.tx(async (tx) => [await findPerson(tx, ctx.tenant.id, id), (await documentsOf(tx, ctx.tenant.id, [id])).get(id) ?? []] as const);
  if (!current) throw notFound();
  const prepared = await prepare(ctx, input, current, documents);
  const details = { fields: [] as string[] };
  await ctx
    .tx(
      async (tx) => {
        await checkReferences(ctx, tx, id, input, prepared);
        details.fields = changedFields(current, documents, prepared);
        const row = await updatePersonRow(tx, ctx.tenant.id, id, prepared.fields, prepared.documents);
        if (row) await holdFiles(tx, ctx.tenant.id, { kind: 'person', id }, uploadIdsIn([row.photoUploadId, row.picture]), { by: ctx.caller?.personId ?? NO_ONE, only: true });
        if (!row) throw notFound();
        // what the writes changed, not what was asked: positions given or taken meanwhile count as they are
        if (await assignPositions(ctx, tx, id, prepared)) details.fields.push('position_ids');
      },
      { audit: 'people.update', details },
    )
    .catch(raceErrors);
  if (prepared.positionIds || prepared.positionChanges) ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return getPerson(ctx, id);
}

/** A bulk action's answer: the ids it changed, those of people it left as they were, and those that are not people of the tenant. */
function bulkAnswer(ids: readonly string[], existing: ReadonlySet<string>, changed: string[]): TBulkPersonStatusResponse {
  const done = new Set(changed);
  return { changed, unchanged: ids.filter((id) => existing.has(id) && !done.has(id)), not_found: ids.filter((id) => !existing.has(id)) };
}

/**
 * Disables or enables several people in one transaction (the list's selection): each changed one
 * gets its own audit row (their histories show it); you cannot disable yourself; unknown ids and
 * other tenants' are reported, never touched.
 */
export async function setManyDisabled(ctx: Ctx, input: TBulkPersonStatusRequest): Promise<TBulkPersonStatusResponse> {
  const ids = [...new Set(input.person_ids)];
  if (input.disabled && ids.includes(signedIn(ctx).caller.personId)) throw new AppError('operation-not-allowed', 'You cannot disable yourself.', { reason: 'disable-self' });
  const { changed, existing } = await ctx.tx(
    async (tx) => {
      const existing = await existingPersonIds(tx, ctx.tenant.id, ids);
      const changed = await setPersonsDisabled(tx, ctx.tenant.id, [...existing], input.disabled);
      if (changed.length > 0) await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
      return { changed, existing };
    },
    { audit: input.disabled ? 'people.disable' : 'people.enable', subject: (result) => result.changed },
  );
  if (changed.length > 0) ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return bulkAnswer(ids, existing, changed);
}

/**
 * Gives a position to several people, or takes it from them, in one transaction (the list's
 * selection). Those who take it get its default permissions, within what the caller holds (as
 * when one person's positions are edited); leaving a position keeps the permissions. One audit
 * row per person changed.
 */
export async function setManyPosition(ctx: Ctx, input: TBulkPersonPositionRequest): Promise<TBulkPersonPositionResponse> {
  const ids = [...new Set(input.person_ids)];
  const { changed, existing } = await ctx.tx(
    async (tx) => {
      const [position] = await findPositions(tx, ctx.tenant.id, [input.position_id]);
      if (!position) throw new FieldErrors({ position_id: [problem('unknown-reference', `Unknown position: ${input.position_id}`)] });
      if (input.action === 'add') assertCanGrant(ctx, position.defaultPermissionList);
      const existing = await existingPersonIds(tx, ctx.tenant.id, ids);
      const changed = await changeHolders(tx, ctx.tenant.id, position.id, [...existing], input.action);
      if (input.action === 'add') await grantPositionDefaults(ctx, tx, position.defaultPermissionList, changed);
      return { changed, existing, title: position.title };
    },
    {
      audit: input.action === 'add' ? 'people.position.add' : 'people.position.remove',
      subject: (result) => result.changed,
      // the title as it was then: the history reads right after a rename or a delete
      details: (result) => ({ position_id: input.position_id, position: result.title }),
    },
  );
  if (changed.length > 0) ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return bulkAnswer(ids, existing, changed);
}

/**
 * Disables or enables a person. Every process drops the tenant's cached sessions (auth.changed),
 * so a disabled person's next request answers 403 user-disabled.
 */
export async function setDisabled(ctx: Ctx, id: string, disabled: boolean): Promise<TPerson> {
  if (!isUuid(id)) throw notFound();
  if (disabled && id === signedIn(ctx).caller.personId) throw new AppError('operation-not-allowed', 'You cannot disable yourself.', { reason: 'disable-self' });
  await ctx.tx(
    async (tx) => {
      const row = await setPersonDisabled(tx, ctx.tenant.id, id, disabled);
      if (!row) throw notFound();
      await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
    },
    { audit: disabled ? 'people.disable' : 'people.enable' },
  );
  ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return getPerson(ctx, id);
}

/** Why a person cannot be invited (the detail's button and the list's bulk action alike), or null. */
function whyNotInvitable(person: { userId: string | null; isDisabled: boolean; primaryEmail: string | null }): 'has_account' | 'disabled' | 'no_email' | null {
  if (person.userId) return 'has_account';
  if (person.isDisabled) return 'disabled';
  return person.primaryEmail ? null : 'no_email';
}

/** Invites the person to create an account with their primary e-mail (auth's invitation). */
export async function invitePerson(ctx: Ctx, id: string) {
  const person = isUuid(id) ? await ctx.read((db) => findPerson(db, ctx.tenant.id, id)) : null;
  if (!person) throw notFound();
  const why = whyNotInvitable(person);
  if (why === 'has_account') throw new AppError('conflict', `${person.name} already has an account.`, { reason: 'has-account' });
  if (why === 'disabled') throw new AppError('conflict', `${person.name} is disabled.`, { reason: 'disabled' });
  if (why === 'no_email' || !person.primaryEmail) throw new FieldErrors({ primary_email: [problem('no-email', 'The person has no e-mail to invite.')] });
  return createInvite(ctx, { email: person.primaryEmail, name: person.name });
}

/**
 * Invites several people at once (each to their primary e-mail, as the person detail's button
 * does); who has an account, is disabled or has no e-mail is skipped and said so. One audit row
 * per invited person, in their history; the e-mails go out once the invitations are stored.
 */
export async function inviteMany(ctx: Ctx, input: TBulkInviteRequest): Promise<TBulkInviteResponse> {
  const ids = [...new Set(input.person_ids)];
  const answer: TBulkInviteResponse = { invited: [], has_account: [], disabled: [], no_email: [], not_found: [] };
  const { invitations } = await ctx.tx(
    async (tx) => {
      const found = new Map((await invitationCandidates(tx, ctx.tenant.id, ids)).map((person) => [person.id, person]));
      const eligible: { id: string; email: string; name: string }[] = [];
      for (const id of ids) {
        const person = found.get(id);
        const why = person ? whyNotInvitable(person) : 'not_found';
        if (why) answer[why].push(id);
        else if (person?.primaryEmail) eligible.push({ id, email: person.primaryEmail, name: person.name });
      }
      answer.invited = eligible.map((person) => person.id);
      return { eligible, invitations: await insertInvitations(ctx, tx, eligible) };
    },
    {
      audit: 'auth.invite.create',
      subject: (result) => result.eligible.map((person) => person.id),
      details: (result, subject) => ({ email: result.eligible.find((person) => person.id === subject)?.email ?? null, bulk: true }),
    },
  );
  await mailInvitations(ctx, invitations);
  return answer;
}

/** The person's history: the audit entries about them (their record, permissions, invitations, impersonation). */
export async function personHistory(ctx: Ctx, id: string, query: { page: number; page_size: number }): Promise<{ count: number; results: TPersonHistoryEntry[] }> {
  if (!isUuid(id)) throw notFound();
  return ctx.tx(async (tx) => {
    if (!(await findPerson(tx, ctx.tenant.id, id))) throw notFound();
    const { count, entries } = await subjectHistory(tx, ctx.tenant.id, id, query.page_size, (query.page - 1) * query.page_size);
    return {
      count,
      results: entries.map((entry) => ({
        id: entry.id,
        action: entry.action,
        details: entry.details,
        actor: entry.actor,
        impersonator: entry.impersonator,
        created_at: entry.createdAt.toISOString(),
      })),
    };
  });
}

/** How many of a person's direct reports the detail lists by name. */
const TEAM_LIMIT = 12;

/** The caller's own place in the chart, for their profile (any member, like their own record). */
export async function myTeam(ctx: Ctx): Promise<TPersonTeam> {
  return personTeam(ctx, signedIn(ctx).caller.personId);
}

/** Who is right above and right below a person in the chart (VIEW_PEOPLE, like the person). */
export async function personTeam(ctx: Ctx, id: string): Promise<TPersonTeam> {
  if (!isUuid(id)) throw notFound();
  return ctx.tx(async (tx) => {
    if (!(await findPerson(tx, ctx.tenant.id, id))) throw notFound();
    const team = await teamOf(tx, ctx.tenant.id, id, TEAM_LIMIT);
    return {
      managers: team.managers.map((manager) => ({ position: { id: manager.positionId, title: manager.title }, people: manager.people })),
      reports: { count: team.reports.count, people: team.reports.people.map((person) => ({ id: person.id, name: person.name, position: { id: person.positionId, title: person.title } })) },
    };
  });
}
