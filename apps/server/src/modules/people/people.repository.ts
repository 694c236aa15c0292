import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { persons } from './people.table.ts';

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
}

export async function insertPerson(
  tx: Drizzle,
  tenantId: string,
  input: { name: string; primaryEmail?: string | null; userId?: string | null; picture?: string | null },
): Promise<PersonRow> {
  const [row] = await tx
    .insert(persons)
    .values({ tenantId, passport: randomUUID(), name: input.name, primaryEmail: input.primaryEmail ?? null, userId: input.userId ?? null, picture: input.picture ?? null })
    .returning(personColumns);
  return row!;
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

/** One page and the total in one statement (a window count), name order with id as tie-break. */
export async function listPersons(
  tx: Drizzle,
  tenantId: string,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: PersonRow[] }> {
  const filters: SQL[] = [eq(persons.tenantId, tenantId)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(persons.name, pattern), ilike(persons.primaryEmail, pattern))!);
  }
  const rows = await tx
    .select({ ...personColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(persons)
    .where(and(...filters))
    .orderBy(asc(sql`lower(${persons.name})`), asc(persons.id))
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(persons).where(and(...filters));
    return { count: counted?.total ?? 0, rows: [] };
  }
  return { count: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
}

/** id → {id, passport, name} for the given persons of the tenant (others are absent). */
export async function personSummaries(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, { id: string; passport: string; name: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: persons.id, passport: persons.passport, name: persons.name })
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), inArray(persons.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}
