import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { foldText } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
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
export interface PersonRow {
  id: string;
  passport: string;
  name: string;
  primaryEmail: string | null;
  userId: string | null;
  picture: string | null;
  isDisabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
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

/** What `search` matches: accent-free lower-case name, e-mails, document numbers (RUT also bare) and phone digits. */
export function searchTextOf(input: { name: string; primaryEmail?: string | null; otherEmails?: readonly string[]; documents?: readonly DocumentValue[]; phones?: readonly PhoneValue[] }): string {
  const parts = [foldText(input.name)];
  if (input.primaryEmail) parts.push(input.primaryEmail.toLowerCase());
  for (const email of input.otherEmails ?? []) parts.push(email.toLowerCase());
  for (const document of input.documents ?? []) {
    const number = document.number.toLowerCase();
    parts.push(number);
    const bare = number.replace(/[^0-9a-z]/g, '');
    if (bare !== number) parts.push(bare);
  }
  for (const phone of input.phones ?? []) parts.push(phone.number.replace(/\D/g, ''));
  return parts.join(' ');
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
  return row!;
}

/** Writes the given fields (documents replace the person's set); search and sort columns follow. */
export async function updatePerson(tx: Drizzle, tenantId: string, id: string, fields: PersonFields, documents: DocumentValue[]): Promise<PersonRow | null> {
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
  const [row] = await tx.select(personColumns).from(persons).where(and(eq(persons.tenantId, tenantId), eq(persons.id, id))).limit(1);
  return row ?? null;
}

export async function findPersonByEmail(tx: Drizzle, tenantId: string, email: string): Promise<PersonRow | null> {
  const [row] = await tx.select(personColumns).from(persons).where(and(eq(persons.tenantId, tenantId), eq(persons.primaryEmail, email))).limit(1);
  return row ?? null;
}

export async function findPersonByPassport(tx: Drizzle, tenantId: string, passport: string): Promise<PersonRow | null> {
  const [row] = await tx.select(personColumns).from(persons).where(and(eq(persons.tenantId, tenantId), eq(persons.passport, passport))).limit(1);
  return row ?? null;
}

export async function findPersonByUser(tx: Drizzle, tenantId: string, userId: string): Promise<PersonRow | null> {
  const [row] = await tx.select(personColumns).from(persons).where(and(eq(persons.tenantId, tenantId), eq(persons.userId, userId))).limit(1);
  return row ?? null;
}

export async function linkPersonToUser(tx: Drizzle, tenantId: string, personId: string, userId: string): Promise<void> {
  await tx.update(persons).set({ userId, updatedAt: new Date() }).where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}

export async function touchSignIn(tx: Drizzle, tenantId: string, personId: string, at: Date): Promise<void> {
  await tx.update(persons).set({ lastSignInAt: at }).where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}

export async function setPersonDisabled(tx: Drizzle, tenantId: string, personId: string, isDisabled: boolean): Promise<PersonRow | null> {
  const [row] = await tx
    .update(persons)
    .set({ isDisabled, updatedAt: new Date() })
    .where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)))
    .returning(personColumns);
  return row ?? null;
}

export interface PersonQuery {
  search?: string | undefined;
  origin?: string | undefined;
  status?: 'active' | 'disabled' | 'all' | undefined;
  businessLineId?: string | undefined;
  workspaceId?: string | undefined;
  /** Only persons whose id is in this subquery (e.g. the holders of a position). */
  idIn?: SQL | undefined;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of a person query. Search terms of three characters or more must each appear in
 * `search_text` (pg_trgm serves them when available); a search made only of shorter terms is a
 * prefix of the accent-free name (the sort index serves it).
 */
export function personFilters(tenantId: string, query: PersonQuery): { where: SQL; searching: boolean } {
  const filters: SQL[] = [sql`p.tenant_id = ${tenantId}`];
  let searching = false;
  const folded = query.search ? foldText(query.search) : '';
  if (folded) {
    // a RUT or number typed with dots (12.345.678-5) matches its stored writing without them
    const terms = folded
      .split(' ')
      .filter(Boolean)
      .map((term) => (/^[\d.]+(-[\dk])?$/.test(term) ? term.replaceAll('.', '') : term));
    const long = terms.filter((term) => term.length >= 3);
    if (long.length === 0) filters.push(sql`p.sort_name COLLATE "C" LIKE ${`${escapeLike(folded)}%`}`);
    else {
      searching = true;
      for (const term of terms) filters.push(sql`p.search_text LIKE ${`%${escapeLike(term)}%`}`);
    }
  }
  if (query.status === 'active') filters.push(sql`NOT p.is_disabled`);
  if (query.status === 'disabled') filters.push(sql`p.is_disabled`);
  if (query.origin) filters.push(sql`p.origin = ${query.origin}`);
  if (query.businessLineId) filters.push(sql`p.business_line_ids @> ARRAY[${query.businessLineId}]::uuid[]`);
  if (query.workspaceId) filters.push(sql`p.workspace_ids @> ARRAY[${query.workspaceId}]::uuid[]`);
  if (query.idIn) filters.push(sql`p.id IN (${query.idIn})`);
  return { where: sql.join(filters, sql` AND `), searching };
}

/**
 * One page and the total, in accent-free name order with id as tie-break. Without a search the
 * page walks the sort index and the total is a separate count (a window count would materialise
 * every row). With a search the matches are collected once (materialised: the planner must not
 * walk the whole sort index filtering), then counted and sorted.
 */
export async function listPersons(tx: Drizzle, tenantId: string, query: PersonQuery & { limit: number; offset: number }): Promise<{ count: number; rows: PersonRow[] }> {
  const { where, searching } = personFilters(tenantId, query);
  let count: number;
  let ids: string[];
  if (searching) {
    const result = (await tx.execute(sql`
      WITH m AS MATERIALIZED (SELECT p.id, p.sort_name FROM persons p WHERE ${where})
      SELECT (SELECT count(*) FROM m)::int AS total, page.id FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT m.id FROM m ORDER BY m.sort_name COLLATE "C", m.id LIMIT ${query.limit} OFFSET ${query.offset}) page ON true`)) as unknown as {
      rows: { total: number; id: string | null }[];
    };
    count = result.rows[0]?.total ?? 0;
    ids = result.rows.flatMap((row) => (row.id ? [row.id] : []));
  } else {
    const page = (await tx.execute(
      sql`SELECT p.id FROM persons p WHERE ${where} ORDER BY p.sort_name COLLATE "C", p.id LIMIT ${query.limit} OFFSET ${query.offset}`,
    )) as unknown as { rows: { id: string }[] };
    ids = page.rows.map((row) => row.id);
    const counted = (await tx.execute(sql`SELECT count(*)::int AS total FROM persons p WHERE ${where}`)) as unknown as { rows: { total: number }[] };
    count = counted.rows[0]?.total ?? 0;
  }
  if (ids.length === 0) return { count, rows: [] };
  const rows = await tx.select(personColumns).from(persons).where(and(eq(persons.tenantId, tenantId), inArray(persons.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count, rows: ids.flatMap((id) => byId.get(id) ?? []) };
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

/** The ids among `ids` that are persons of the tenant. */
export async function existingPersonIds(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await personSummaries(tx, tenantId, ids)).keys());
}

/** The picture shown for the person (a download link of a stored image), or none. */
export async function setPersonPicture(tx: Drizzle, tenantId: string, personId: string, picture: string | null): Promise<void> {
  await tx.update(persons).set({ picture, updatedAt: new Date() }).where(and(eq(persons.tenantId, tenantId), eq(persons.id, personId)));
}
