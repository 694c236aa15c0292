import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSearchMatch } from '@faena/contracts';
import { bareNumber, foldText, parsePersonSearch, phoneSearchWord } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
import { openInviteSql } from '../auth/index.ts';
import { holdersSql, positionsJsonSql, positionsTitled } from '../org-chart/index.ts';
import { personDocuments, persons, type PhoneValue } from './people.table.ts';

export const personColumns = {
  id: persons.id,
  passport: persons.passport,
  name: persons.name,
  primaryEmail: persons.primaryEmail,
  userId: persons.userId,
  picture: persons.picture,
  isDisabled: persons.isDisabled,
  lastSignInAt: persons.lastSignInAt,
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
  roles: persons.roles,
  groups: persons.groups,
  otherEmails: persons.otherEmails,
  phones: persons.phones,
  address: persons.address,
  photoUploadId: persons.photoUploadId,
  origin: persons.origin,
  companyId: persons.companyId,
  businessLineIds: persons.businessLineIds,
  workspaceIds: persons.workspaceIds,
};
export interface PersonRow extends PersonFields {
  id: string;
  passport: string;
  userId: string | null;
  picture: string | null;
  isDisabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DocumentValue {
  type: string;
  number: string;
}

/** The directory fields a person is written with (create or full replace of what is given). */
export interface PersonFields {
  name: string;
  primaryEmail: string | null;
  roles: string[];
  groups: string[];
  otherEmails: string[];
  phones: PhoneValue[];
  address: string | null;
  photoUploadId: string | null;
  origin: string | null;
  companyId: string | null;
  businessLineIds: string[];
  workspaceIds: string[];
}

/**
 * What `search` matches, as words (each a prefix target): the accent-free lower-case name's
 * words, each e-mail, each document number without dots, dashes or spaces (RUT 12345678-5 →
 * 123456785; the query is stripped the same way) and each phone's last 8 digits (the number
 * without country and area code). people.importer.ts builds the same words in SQL for updated persons.
 */
export function searchWordsOf(input: { name: string; primaryEmail?: string | null; otherEmails?: readonly string[]; documents?: readonly DocumentValue[]; phones?: readonly PhoneValue[] }): string[] {
  const parts = [foldText(input.name)];
  for (const email of [input.primaryEmail ?? '', ...(input.otherEmails ?? [])]) if (email) parts.push(email.toLowerCase());
  for (const document of input.documents ?? []) parts.push(bareNumber(document.number));
  for (const phone of input.phones ?? []) parts.push(phoneSearchWord(phone.number));
  return [...new Set(parts.join(' ').split(/\s+/).filter(Boolean))];
}

export const searchTextOf = (input: Parameters<typeof searchWordsOf>[0]) => searchWordsOf(input).join(' ');

const idList = (personIds: readonly string[] | SQL) => (Array.isArray(personIds) ? sql`SELECT unnest(${sql.param([...personIds])}::uuid[])` : (personIds as SQL));

/**
 * Removes the search words of the given persons, found through the words their `search_text`
 * holds now and their `sort_name`: call it before either changes. Each word is a whole key of
 * the terms' one index: the words are taken out first (OFFSET 0 keeps them values, since row-level
 * security lets no index compare a column with `string_to_array(…)`, which is not leakproof) and
 * compared in the index's collation; otherwise every person's edit read every word of the tenant.
 */
export async function dropSearchTerms(tx: Drizzle, tenantId: string, personIds: readonly string[] | SQL): Promise<void> {
  if (Array.isArray(personIds) && personIds.length === 0) return;
  await tx.execute(sql`
    DELETE FROM person_search_terms st USING (
      SELECT p.id, p.sort_name, w.term FROM (${idList(personIds)}) AS x(id)
      JOIN persons p ON p.tenant_id = ${tenantId} AND p.id = x.id
      CROSS JOIN LATERAL unnest(string_to_array(p.search_text, ' ')) AS w(term)
      OFFSET 0
    ) o
    WHERE st.tenant_id = ${tenantId} AND st.term = o.term COLLATE "C" AND st.sort_name = o.sort_name COLLATE "C" AND st.person_id = o.id`);
}

/** Writes the search words of the given persons from their `search_text` (after dropSearchTerms, or for new persons). */
export async function addSearchTerms(tx: Drizzle, tenantId: string, personIds: readonly string[] | SQL): Promise<void> {
  if (Array.isArray(personIds) && personIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO person_search_terms (tenant_id, term, sort_name, person_id)
    SELECT DISTINCT p.tenant_id, t.term, p.sort_name, p.id FROM (${idList(personIds)}) AS x(id)
    JOIN persons p ON p.tenant_id = ${tenantId} AND p.id = x.id
    CROSS JOIN LATERAL unnest(string_to_array(p.search_text, ' ')) AS t(term)
    WHERE t.term <> ''`);
}

export const sortNameOf = (name: string) => foldText(name);

export async function insertPerson(
  tx: Drizzle,
  tenantId: string,
  input: { name: string; primaryEmail?: string | null; userId?: string | null; picture?: string | null } & Partial<PersonFields> & { documents?: DocumentValue[] },
): Promise<PersonRow> {
  const primaryEmail = input.primaryEmail ?? null;
  const [row] = await tx
    .insert(persons)
    .values({
      tenantId,
      passport: randomUUID(),
      name: input.name,
      primaryEmail,
      userId: input.userId ?? null,
      picture: input.picture ?? null,
      roles: input.roles ?? [],
      groups: input.groups ?? [],
      otherEmails: input.otherEmails ?? [],
      phones: input.phones ?? [],
      address: input.address ?? null,
      photoUploadId: input.photoUploadId ?? null,
      origin: input.origin ?? null,
      companyId: input.companyId ?? null,
      businessLineIds: input.businessLineIds ?? [],
      workspaceIds: input.workspaceIds ?? [],
      sortName: sortNameOf(input.name),
      searchText: searchTextOf({ name: input.name, primaryEmail, otherEmails: input.otherEmails ?? [], documents: input.documents ?? [], phones: input.phones ?? [] }),
    })
    .returning(personColumns);
  if (input.documents && input.documents.length > 0) await replaceDocuments(tx, tenantId, row!.id, input.documents);
  await addSearchTerms(tx, tenantId, [row!.id]);
  return row!;
}

/** Writes the given fields (documents replace the person's set); search and sort columns follow. */
export async function updatePerson(tx: Drizzle, tenantId: string, id: string, fields: PersonFields, documents: DocumentValue[]): Promise<PersonRow | null> {
  await dropSearchTerms(tx, tenantId, [id]);
  const [row] = await tx
    .update(persons)
    .set({
      ...fields,
      sortName: sortNameOf(fields.name),
      searchText: searchTextOf({ name: fields.name, primaryEmail: fields.primaryEmail, otherEmails: fields.otherEmails, documents, phones: fields.phones }),
      updatedAt: new Date(),
    })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, id)))
    .returning(personColumns);
  if (!row) return null;
  await replaceDocuments(tx, tenantId, id, documents);
  await addSearchTerms(tx, tenantId, [id]);
  return row;
}

export async function replaceDocuments(tx: Drizzle, tenantId: string, personId: string, documents: readonly DocumentValue[]): Promise<void> {
  await tx.delete(personDocuments).where(and(eq(personDocuments.tenantId, tenantId), eq(personDocuments.personId, personId)));
  if (documents.length > 0) {
    await tx.insert(personDocuments).values(documents.map((document, position) => ({ tenantId, personId, type: document.type, number: document.number, position })));
  }
}

/** person id → documents in their order. */
export async function documentsOf(tx: Drizzle, tenantId: string, personIds: readonly string[]): Promise<Map<string, DocumentValue[]>> {
  const out = new Map<string, DocumentValue[]>();
  if (personIds.length === 0) return out;
  const rows = await tx
    .select({ personId: personDocuments.personId, type: personDocuments.type, number: personDocuments.number })
    .from(personDocuments)
    .where(and(eq(personDocuments.tenantId, tenantId), inArray(personDocuments.personId, [...new Set(personIds)])))
    .orderBy(asc(personDocuments.personId), asc(personDocuments.position));
  for (const row of rows) {
    const list = out.get(row.personId) ?? [];
    list.push({ type: row.type, number: row.number });
    out.set(row.personId, list);
  }
  return out;
}

/** Who holds a document (type, number) in the tenant, if anyone. */
export async function findDocumentHolder(tx: Drizzle, tenantId: string, type: string, number: string): Promise<string | null> {
  const [row] = await tx
    .select({ personId: personDocuments.personId })
    .from(personDocuments)
    .where(and(eq(personDocuments.tenantId, tenantId), eq(personDocuments.type, type), eq(personDocuments.number, number)))
    .limit(1);
  return row?.personId ?? null;
}

export async function findPerson(tx: Drizzle, tenantId: string, id: string): Promise<PersonRow | null> {
  const [row] = await tx
    .select(personColumns)
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPersonByEmail(tx: Drizzle, tenantId: string, email: string): Promise<PersonRow | null> {
  const [row] = await tx
    .select(personColumns)
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), eq(persons.primaryEmail, email)))
    .limit(1);
  return row ?? null;
}

export async function findPersonByPassport(tx: Drizzle, tenantId: string, passport: string): Promise<PersonRow | null> {
  const [row] = await tx
    .select(personColumns)
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), eq(persons.passport, passport)))
    .limit(1);
  return row ?? null;
}

export async function findPersonByUser(tx: Drizzle, tenantId: string, userId: string): Promise<PersonRow | null> {
  const [row] = await tx
    .select(personColumns)
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), eq(persons.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function linkPersonToUser(tx: Drizzle, tenantId: string, personId: string, userId: string): Promise<void> {
  await tx
    .update(persons)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}

export async function touchSignIn(tx: Drizzle, tenantId: string, personId: string, at: Date): Promise<void> {
  await tx
    .update(persons)
    .set({ lastSignInAt: at })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}

export async function setPersonDisabled(tx: Drizzle, tenantId: string, personId: string, isDisabled: boolean): Promise<PersonRow | null> {
  const [row] = await tx
    .update(persons)
    .set({ isDisabled, updatedAt: new Date() })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)))
    .returning(personColumns);
  return row ?? null;
}

/** Disables or enables several persons at once; answers the ids it changed (of this tenant, not already so). */
export async function setPersonsDisabled(tx: Drizzle, tenantId: string, personIds: readonly string[], isDisabled: boolean): Promise<string[]> {
  if (personIds.length === 0) return [];
  const rows = await tx
    .update(persons)
    .set({ isDisabled, updatedAt: new Date() })
    .where(and(eq(persons.tenantId, tenantId), inArray(persons.id, [...personIds]), eq(persons.isDisabled, !isDisabled)))
    .returning({ id: persons.id });
  return rows.map((row) => row.id);
}

export interface PersonQuery {
  search?: string | undefined;
  origin?: string | undefined;
  status?: 'active' | 'disabled' | 'all' | undefined;
  account?: 'active' | 'invited' | 'none' | undefined;
  businessLineId?: string | undefined;
  workspaceId?: string | undefined;
  companyId?: string | undefined;
  /** Only persons whose id is in this subquery (e.g. the holders of a position). */
  idIn?: SQL | undefined;
}

/**
 * The person (alias `p`) has no account yet and an invitation to their primary e-mail is open
 * (neither accepted nor expired): the list's badge, its `account` filter and the detail alike;
 * invites_open_email answers it per person.
 */
export const invitedSql = (tenantId: string) => sql`(p.user_id IS NULL AND p.primary_email IS NOT NULL AND ${openInviteSql(tenantId, sql`p.primary_email`)})`;

/** The prefix range [low, high) in C collation: every text that starts with `prefix`. */
const prefixRange = (prefix: string) => ({ low: prefix, high: `${prefix}\u{10FFFF}` });

/** A term of a search: its writings (a phone also as its last 8 digits), and the positions a word of whose title starts with one. */
interface SearchTerm {
  words: string[];
  positionIds: string[];
}

export interface PersonFilters {
  where: SQL;
  terms: SearchTerm[];
  narrowing: PersonNarrowing;
}

/**
 * What narrows a person query besides its search: nothing, the state alone (the list's default:
 * the active ones), or other filters. The search words' index answers the first two by itself.
 */
export type PersonNarrowing = 'none' | 'status' | 'other';

/**
 * The WHERE of a person query. Every search term must be the start of one of the person's search
 * words (name words, e-mails, documents, phones) or of a word of the title of a position they
 * hold; a search made only of single letters is a prefix of the accent-free name (a jump to a
 * letter). Both are btree ranges, leakproof under row-level security, so both use their index
 * (decision 008).
 */
export async function personFilters(tx: Drizzle, tenantId: string, query: PersonQuery): Promise<PersonFilters> {
  const filters: SQL[] = [sql`p.tenant_id = ${tenantId}`];
  let terms: SearchTerm[] = [];
  const search = parsePersonSearch(query.search);
  if (search.namePrefix !== null) {
    const { low, high } = prefixRange(search.namePrefix);
    filters.push(sql`p.sort_name COLLATE "C" >= ${low} AND p.sort_name COLLATE "C" < ${high}`);
  } else if (search.terms.length > 0) {
    const titled = await positionsTitled(tx, tenantId, search.terms.flat());
    terms = search.terms.map((words) => ({ words, positionIds: [...new Set(words.flatMap((word) => titled.get(word) ?? []))] }));
    for (const term of terms) filters.push(sql`p.id IN (${termMatches(tenantId, term)})`);
  }
  const narrowing: PersonNarrowing =
    query.account || query.origin || query.businessLineId || query.workspaceId || query.companyId || query.idIn ? 'other' : query.status && query.status !== 'all' ? 'status' : 'none';
  if (query.status === 'active') filters.push(sql`NOT p.is_disabled`);
  if (query.status === 'disabled') filters.push(sql`p.is_disabled`);
  if (query.account === 'active') filters.push(sql`p.user_id IS NOT NULL`);
  if (query.account === 'invited') filters.push(invitedSql(tenantId));
  if (query.account === 'none') filters.push(sql`p.user_id IS NULL AND NOT ${invitedSql(tenantId)}`);
  if (query.origin) filters.push(sql`p.origin = ${query.origin}`);
  if (query.businessLineId) filters.push(sql`p.business_line_ids @> ARRAY[${query.businessLineId}]::uuid[]`);
  if (query.workspaceId) filters.push(sql`p.workspace_ids @> ARRAY[${query.workspaceId}]::uuid[]`);
  if (query.companyId) filters.push(sql`p.company_id = ${query.companyId}`);
  if (query.idIn) filters.push(sql`p.id IN (${query.idIn})`);
  return { where: sql.join(filters, sql` AND `), terms, narrowing };
}

export interface PersonOptionRow {
  id: string;
  name: string;
  is_disabled: boolean;
  positions: { id: string; title: string }[];
}

/**
 * The people pickers' options (any member): enabled persons with each word of the search
 * starting a word of their name or of the title of a position they hold, by name; or the persons
 * `ids` names, whatever their state. The test runs on the candidates the search words' index
 * gives, so an e-mail, a document or a phone finds nobody here: a member learns names and
 * positions, never whose RUT is which. Whether more than `limit` match, not how many: a picker
 * shows a page, and counting would look up every candidate.
 */
export async function listPersonOptions(
  tx: Drizzle,
  tenantId: string,
  query: { search?: string | undefined; idIn?: SQL | undefined; ids?: readonly string[] | undefined; limit: number },
): Promise<{ more: boolean; rows: PersonOptionRow[] }> {
  const words = query.search ? foldText(query.search).split(' ').filter(Boolean) : [];
  const filters = query.ids ? null : await personFilters(tx, tenantId, { search: query.search, status: 'active', idIn: query.idIn });
  const columns = sql`p.id, p.name, p.is_disabled, ${positionsJsonSql(tenantId, sql`p.id`)} AS positions`;
  let statement: SQL;
  if (filters && filters.terms.length > 0) {
    // each term: a word of the name starts with it, or the person holds a position it names
    const audience = query.idIn ? sql`AND p.id IN (${query.idIn})` : sql``;
    statement = filters.terms.every((term) => term.positionIds.length > 0)
      ? // every term names positions: paged by name as the list pages them (the disabled ones
        // through persons_disabled, so a walk of persons_sort reads the index only)
        sql`WITH c AS MATERIALIZED (${termIds(tenantId, filters.terms, true)})
          SELECT ${columns} FROM (${namePage(tenantId, sql`c`, sql`p.id NOT IN (SELECT d.id FROM persons d WHERE d.tenant_id = ${tenantId} AND d.is_disabled) ${audience}`, sql`LIMIT ${query.limit + 1}`)}) o
          JOIN persons p ON p.tenant_id = ${tenantId} AND p.id = o.id
          ORDER BY p.sort_name COLLATE "C", p.id`
      : // the search words' index gives the candidates with their sort names; they are tested (a
        // test of the few left beats one of every word's matches), ordered by themselves, then
        // looked up in that order until the page is full (state, audience)
        sql`WITH c AS MATERIALIZED (${termCandidates(tenantId, filters.terms)})
          SELECT ${columns}
          FROM (SELECT c.id, c.sort_name FROM c WHERE ${sql.join(
            filters.terms.map((term) => namedOrHolding(tenantId, term, sql`c.id`, sql`c.sort_name`)),
            sql` AND `,
          )} ORDER BY c.sort_name COLLATE "C", c.id) o
          JOIN LATERAL (SELECT * FROM persons p WHERE p.tenant_id = ${tenantId} AND p.id = o.id AND NOT p.is_disabled ${audience}) p ON true
          ORDER BY o.sort_name COLLATE "C", o.id LIMIT ${query.limit + 1}`;
  } else {
    // no search (or one of single letters, a prefix of the name): persons_sort walks the tenant in
    // name order and stops when the page is full
    const where = filters
      ? sql.join([filters.where, ...words.map((word) => nameHas(sql`p.sort_name`, word))], sql` AND `)
      : sql`p.tenant_id = ${tenantId} AND p.id = ANY(${sql.param([...(query.ids ?? [])])}::uuid[])`;
    statement = sql`SELECT ${columns} FROM persons p WHERE ${where} ORDER BY p.sort_name COLLATE "C", p.id LIMIT ${query.limit + 1}`;
  }
  const rows = ((await tx.execute(statement)) as unknown as { rows: PersonOptionRow[] }).rows;
  return { more: rows.length > query.limit, rows: rows.slice(0, query.limit) };
}

/**
 * The persons with a search word starting with each term (one of its writings), or holding a
 * position whose title matches it, with their sort names. Some term must name no position
 * (a search whose every term names positions goes through `termIds`): it goes first, the search
 * words' index gives the sort names, and the holders a later term adds are only tested for.
 */
function termCandidates(tenantId: string, terms: readonly SearchTerm[]): SQL {
  const [first, ...rest] = [...terms].sort((a, b) => a.positionIds.length - b.positionIds.length);
  return sql`SELECT t1.person_id AS id, min(t1.sort_name) AS sort_name FROM (${termMatches(tenantId, first!, { sortName: true, named: false })}) t1 ${alsoMatching(tenantId, rest, false)} GROUP BY t1.person_id`;
}

/** Every term names positions: the persons matching them all (`named`: by a word of the name, not of an e-mail, a document or a phone), ids only (their sort names are not in the term index). */
function termIds(tenantId: string, terms: readonly SearchTerm[], named = false): SQL {
  const [first, ...rest] = terms;
  return sql`SELECT DISTINCT t1.person_id AS id FROM (${termMatches(tenantId, first!, { sortName: false, named })}) t1 ${alsoMatching(tenantId, rest, named)}`;
}

const alsoMatching = (tenantId: string, terms: readonly SearchTerm[], named: boolean) =>
  terms.length > 0
    ? sql`WHERE ${sql.join(
        terms.map((term) => sql`t1.person_id IN (${termMatches(tenantId, term, { sortName: false, named })})`),
        sql` AND `,
      )}`
    : sql``;

/**
 * From how many matches a page of `m` (ids) in name order walks persons_sort, testing each person
 * against them, instead of looking every match up and sorting: the walk stops at the page's end,
 * after about (offset + page) × persons / matches entries of the index, a lookup costs about what
 * 25 entries of the walk do.
 */
const WALK_FROM = 500;

/** A word of the name (the sort name's words, split at spaces as searchWordsOf splits them) starts with `word`. */
const nameHas = (sortName: SQL, word: string) => sql`strpos(' ' || ${sortName}, ${` ${word}`}) > 0`;

/** A word of the name starts with one of the term's writings, or the person holds a position it names. */
function namedOrHolding(tenantId: string, term: SearchTerm, id: SQL, sortName: SQL): SQL {
  const named = term.words.map((word) => nameHas(sortName, word));
  return sql`(${sql.join([...named, ...(term.positionIds.length > 0 ? [sql`${id} IN (${holdersSql(tenantId, term.positionIds)})`] : [])], sql` OR `)})`;
}

/**
 * The ids of a page of the persons in `m` (a materialised CTE of ids, alias `m`) that pass `test`
 * (on `p`), in name order. From WALK_FROM of them, persons_sort is walked in order and each
 * person tested against them (hashed once; IS TRUE keeps it a test, not a join) until the page is
 * full; under it, each is looked up and sorted. Both are one statement, gated on the count: only
 * one runs.
 */
function namePage(tenantId: string, m: SQL, test: SQL, window: SQL): SQL {
  const many = sql`(SELECT count(*) FROM ${m}) >= ${WALK_FROM}`;
  return sql`SELECT w.id FROM (SELECT p.id FROM persons p WHERE p.tenant_id = ${tenantId} AND (p.id IN (SELECT m.id FROM ${m} m)) IS TRUE AND ${test} AND ${many} ORDER BY p.sort_name COLLATE "C", p.id ${window}) w
    UNION ALL
    SELECT l.id FROM (SELECT p.id FROM ${m} m JOIN persons p ON p.tenant_id = ${tenantId} AND p.id = m.id WHERE ${test} AND NOT ${many} ORDER BY p.sort_name COLLATE "C", p.id ${window}) l`;
}

/**
 * The persons one of whose search words starts with one of the term's writings (the term index
 * alone answers it; `named`: a word of their name, which the index's sort name tells), and the
 * holders of the positions its title matched ("bodega" finds the jefa de bodega and the
 * bodegueros), perhaps with their sort names.
 */
function termMatches(tenantId: string, term: SearchTerm, options: { sortName: boolean; named: boolean } = { sortName: false, named: false }): SQL {
  const withSortName = options.sortName;
  const ranges = term.words.map((word) => {
    const { low, high } = prefixRange(word);
    return sql`(st.term COLLATE "C" >= ${low} AND st.term COLLATE "C" < ${high}${options.named ? sql` AND ${nameHas(sql`st.sort_name`, word)}` : sql``})`;
  });
  const words = sql`SELECT st.person_id${withSortName ? sql`, st.sort_name` : sql``} FROM person_search_terms st WHERE st.tenant_id = ${tenantId} AND (${sql.join(ranges, sql` OR `)})`;
  if (term.positionIds.length === 0) return words;
  // the holders' sort names are in no index by person: a term that names positions is never the one asked for them
  if (withSortName) throw new Error('termMatches: sort names asked of a term that names positions');
  return sql`${words} UNION ALL ${holdersSql(tenantId, term.positionIds)}`;
}

/** A person of a list page, with what the list shows of their documents and positions. */
export interface PersonListRow extends PersonRow {
  documents: DocumentValue[];
  positions: { id: string; title: string }[];
  invited: boolean;
  /** On a search: what the list does not show (a phone, another e-mail) and yet found the person. */
  searchMatches?: TSearchMatch[];
}

/**
 * Why a search found a person, when the list cannot show it: each term that starts none of the
 * words the list shows (the name's, the primary e-mail, the documents) and none of the titles of
 * the person's positions, and yet starts a phone's or another e-mail's word (`searchWordsOf`).
 */
function searchMatchesOf(terms: readonly SearchTerm[], row: Pick<PersonListRow, 'name' | 'primaryEmail' | 'documents' | 'positions' | 'phones' | 'otherEmails'>): TSearchMatch[] {
  const shown = searchWordsOf({ name: row.name, primaryEmail: row.primaryEmail, documents: row.documents });
  const held = new Set(row.positions.map((position) => position.id));
  const found = new Map<string, TSearchMatch>();
  for (const term of terms) {
    const starts = (word: string) => term.words.some((writing) => word.startsWith(writing));
    if (shown.some(starts) || term.positionIds.some((id) => held.has(id))) continue;
    for (const phone of row.phones) if (starts(phoneSearchWord(phone.number))) found.set(`phone:${phone.number}`, { field: 'phone', value: phone.number });
    for (const email of row.otherEmails) if (starts(email.toLowerCase())) found.set(`other_email:${email}`, { field: 'other_email', value: email });
  }
  return [...found.values()];
}

/** `invitedSql` for one person of the tenant. */
export async function isInvited(tx: Drizzle, tenantId: string, personId: string): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT ${invitedSql(tenantId)} AS invited FROM persons p WHERE p.tenant_id = ${tenantId} AND p.id = ${personId}`)) as unknown as {
    rows: { invited: boolean }[];
  };
  return result.rows[0]?.invited === true;
}

interface RawListRow {
  total: number;
  id: string | null;
  passport: string;
  name: string;
  primary_email: string | null;
  user_id: string | null;
  picture: string | null;
  is_disabled: boolean;
  last_sign_in_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  roles: string[];
  groups: string[];
  other_emails: string[];
  phones: PhoneValue[];
  address: string | null;
  photo_upload_id: string | null;
  origin: string | null;
  company_id: string | null;
  business_line_ids: string[];
  workspace_ids: string[];
  documents: DocumentValue[];
  positions: { id: string; title: string }[];
  invited: boolean;
}

// Raw statements get timestamps as the drivers' text (Drizzle's own parsers): read as its columns do.
const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * One page, the total and each person's documents and positions, in one statement (one round
 * trip), in accent-free name order with id as tie-break, or the newest first. The page's persons are chosen first
 * (LIMIT / OFFSET over ids), so documents and positions are looked up for those rows only.
 * Without a search the page walks the sort index and the total counts the same filter. With a
 * search the matches are collected once (materialised: the planner must not walk the whole sort
 * index filtering), then counted and sorted; a search with no other filter is answered from the
 * term index alone.
 */
export async function listPersons(
  tx: Drizzle,
  tenantId: string,
  query: PersonQuery & { limit: number; offset: number; ordering?: 'name' | '-created_at' },
): Promise<{ count: number; rows: PersonListRow[] }> {
  const { where, terms, narrowing } = await personFilters(tx, tenantId, query);
  const matched = (row: PersonListRow): PersonListRow => (terms.length > 0 ? { ...row, searchMatches: searchMatchesOf(terms, row) } : row);
  // newest first walks persons_created; by name, persons_sort
  const recent = query.ordering === '-created_at';
  const order = (p: SQL) => (recent ? sql`${p}.created_at DESC NULLS LAST, ${p}.id DESC NULLS LAST` : sql`${p}.sort_name COLLATE "C", ${p}.id`);
  let source: { with: SQL; total: SQL; page: SQL };
  if (terms.length > 0) {
    // by the state alone, the disabled ones (persons_disabled) are taken out of the candidates, or kept
    const disabled = sql`SELECT d.id FROM persons d WHERE d.tenant_id = ${tenantId} AND d.is_disabled`;
    const byState = (candidates: SQL, columns: SQL) => sql`SELECT ${columns} FROM (${candidates}) c WHERE c.id ${query.status === 'disabled' ? sql`IN` : sql`NOT IN`} (${disabled})`;
    // every term names positions ("cajero"): the matches' sort names are not in the term index
    const holders = narrowing !== 'other' && terms.every((term) => term.positionIds.length > 0);
    const matches =
      narrowing === 'other'
        ? sql`SELECT p.id, p.sort_name FROM persons p WHERE ${where}`
        : holders
          ? narrowing === 'none'
            ? termIds(tenantId, terms)
            : byState(termIds(tenantId, terms), sql`c.id`)
          : narrowing === 'none'
            ? termCandidates(tenantId, terms)
            : byState(termCandidates(tenantId, terms), sql`c.id, c.sort_name`);
    const window = sql`LIMIT ${query.limit} OFFSET ${query.offset}`;
    source = {
      with: sql`WITH m AS MATERIALIZED (${matches}) `,
      total: sql`SELECT count(*)::int AS total FROM m`,
      page: recent
        ? sql`SELECT m.id FROM m JOIN persons mp ON mp.tenant_id = ${tenantId} AND mp.id = m.id ORDER BY ${order(sql`mp`)} ${window}`
        : holders
          ? namePage(tenantId, sql`m`, sql`true`, window)
          : sql`SELECT m.id FROM m ORDER BY m.sort_name COLLATE "C", m.id ${window}`,
    };
  } else {
    source = {
      with: sql``,
      total: sql`SELECT count(*)::int AS total FROM persons p WHERE ${where}`,
      page: sql`SELECT p.id FROM persons p WHERE ${where} ORDER BY ${order(sql`p`)} LIMIT ${query.limit} OFFSET ${query.offset}`,
    };
  }
  const result = (await tx.execute(sql`${source.with}
    SELECT c.total, p.id, p.passport, p.name, p.primary_email, p.user_id, p.picture, p.is_disabled, p.last_sign_in_at, p.created_at, p.updated_at,
           p.roles, p.groups, p.other_emails, p.phones, p.address, p.photo_upload_id, p.origin, p.company_id, p.business_line_ids, p.workspace_ids,
           (SELECT COALESCE(json_agg(json_build_object('type', d.type, 'number', d.number) ORDER BY d.position), '[]'::json)
              FROM person_documents d WHERE d.tenant_id = ${tenantId} AND d.person_id = p.id) AS documents,
           ${positionsJsonSql(tenantId, sql`p.id`)} AS positions,
           ${invitedSql(tenantId)} AS invited
    FROM (${source.total}) c
    LEFT JOIN LATERAL (${source.page}) page ON true
    LEFT JOIN persons p ON p.tenant_id = ${tenantId} AND p.id = page.id
    ORDER BY ${order(sql`p`)}`)) as unknown as { rows: RawListRow[] };
  const count = result.rows[0]?.total ?? 0;
  const rows = result.rows.flatMap((row): PersonListRow[] =>
    row.id === null
      ? []
      : [
          matched({
            id: row.id,
            passport: row.passport,
            name: row.name,
            primaryEmail: row.primary_email,
            userId: row.user_id,
            picture: row.picture,
            isDisabled: row.is_disabled,
            lastSignInAt: row.last_sign_in_at === null ? null : asDate(row.last_sign_in_at),
            createdAt: asDate(row.created_at),
            updatedAt: asDate(row.updated_at),
            roles: row.roles,
            groups: row.groups,
            otherEmails: row.other_emails,
            phones: row.phones,
            address: row.address,
            photoUploadId: row.photo_upload_id,
            origin: row.origin,
            companyId: row.company_id,
            businessLineIds: row.business_line_ids,
            workspaceIds: row.workspace_ids,
            documents: row.documents,
            positions: row.positions,
            invited: row.invited,
          }),
        ],
  );
  return { count, rows };
}

/** id → {id, passport, name} for the given persons of the tenant (others are absent). */
export async function personSummaries(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, { id: string; passport: string; name: string; picture: string | null }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: persons.id, passport: persons.passport, name: persons.name, picture: persons.picture })
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), inArray(persons.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What inviting these persons depends on: their e-mail, whether they have an account or are disabled. */
export async function invitationCandidates(tx: Drizzle, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: persons.id, name: persons.name, primaryEmail: persons.primaryEmail, userId: persons.userId, isDisabled: persons.isDisabled })
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), inArray(persons.id, [...ids])));
}

/** The ids among `ids` that are persons of the tenant. */
export async function existingPersonIds(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await personSummaries(tx, tenantId, ids)).keys());
}

/**
 * For a query of another module, in SQL: the ids among `ids` that are persons of the tenant, as
 * `SELECT person_id` (one statement, ordered by id so row locks taken after it come in one order).
 */
export function tenantPersonIdsSql(tenantId: string, ids: readonly string[]): SQL {
  return sql`SELECT p.id AS person_id FROM ${persons} p WHERE p.tenant_id = ${tenantId} AND p.id = ANY(${`{${ids.join(',')}}`}::uuid[]) ORDER BY p.id`;
}

/** For a query of another module, in SQL: whether the person (tenant and id columns) exists and is not disabled. */
export function enabledPersonSql(tenantId: SQL | AnyColumn, personId: SQL | AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${persons} p WHERE p.tenant_id = ${tenantId} AND p.id = ${personId} AND NOT p.is_disabled)`;
}

/** The persons of the tenant who can sign in (linked to a user), oldest id first. */
export async function signInablePersonIds(tx: Drizzle, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), isNotNull(persons.userId)))
    .orderBy(asc(persons.id));
  return rows.map((row) => row.id);
}

/** For a query of another module, in SQL: the name of the person (tenant and id columns), null when none. */
export function personNameSql(tenantId: SQL | AnyColumn, personId: SQL | AnyColumn): SQL {
  return sql`(SELECT p.name FROM ${persons} p WHERE p.tenant_id = ${tenantId} AND p.id = ${personId})`;
}

/** For a query of another module (a form's references), in SQL: the enabled persons among `ids` (and in `within`, a subquery of ids, when given), as `SELECT id` (text). */
export function enabledPersonIdsSql(tenantId: string, ids: SQL, within: SQL | null): SQL {
  return sql`
        SELECT p.id::text AS id FROM ${persons} p
        WHERE p.tenant_id = ${tenantId} AND p.id = ANY(${ids}) AND NOT p.is_disabled
          ${within ? sql`AND p.id IN (${within})` : sql``}`;
}

/** For a catalogue's "in use" counts, in SQL: how many persons name the venue, business line or company `id`. */
export function personsNamingSql(tenantId: SQL | AnyColumn, catalog: 'venue' | 'business-line' | 'company', id: SQL): SQL {
  const names = catalog === 'venue' ? sql`p.workspace_ids @> ARRAY[${id}]` : catalog === 'business-line' ? sql`p.business_line_ids @> ARRAY[${id}]` : sql`p.company_id = ${id}`;
  return sql`SELECT count(*) FROM ${persons} p WHERE p.tenant_id = ${tenantId} AND ${names}`;
}

/** The picture shown for the person (a download link of a stored image), or none. */
export async function setPersonPicture(tx: Drizzle, tenantId: string, personId: string, picture: string | null): Promise<void> {
  await tx
    .update(persons)
    .set({ picture, updatedAt: new Date() })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}
