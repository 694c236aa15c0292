import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { personPermissions } from './permissions.table.ts';

export interface PassportPermissions {
  passport: string;
  permissions: string[];
  isStaff: boolean;
}

const columns = { passport: personPermissions.passport, permissions: personPermissions.permissions, isStaff: personPermissions.isStaff };

export async function findPassportPermissions(tx: Drizzle, tenantId: string, passport: string): Promise<PassportPermissions | null> {
  const [row] = await tx
    .select(columns)
    .from(personPermissions)
    .where(and(eq(personPermissions.tenantId, tenantId), eq(personPermissions.passport, passport)))
    .limit(1);
  return row ?? null;
}

/** Get or create (spec shell §6): a passport with no set yet gets an empty one. */
export async function getOrCreatePassportPermissions(tx: Drizzle, tenantId: string, passport: string): Promise<PassportPermissions> {
  await tx.insert(personPermissions).values({ tenantId, passport }).onConflictDoNothing();
  return (await findPassportPermissions(tx, tenantId, passport))!;
}

export async function setPassportPermissions(tx: Drizzle, tenantId: string, passport: string, value: { permissions: string[]; isStaff?: boolean }): Promise<PassportPermissions> {
  const [row] = await tx
    .insert(personPermissions)
    .values({ tenantId, passport, permissions: value.permissions, isStaff: value.isStaff ?? false })
    .onConflictDoUpdate({
      target: [personPermissions.tenantId, personPermissions.passport],
      set: { permissions: value.permissions, ...(value.isStaff === undefined ? {} : { isStaff: value.isStaff }), updatedAt: new Date() },
    })
    .returning(columns);
  return row!;
}

/**
 * Gives a passport `keys` only when it holds none yet (a member nobody configured starts with the
 * basics, not an empty app); a set someone chose is left as it is. One statement.
 */
export async function grantIfNone(tx: Drizzle, tenantId: string, passport: string, keys: readonly string[]): Promise<void> {
  await tx
    .insert(personPermissions)
    .values({ tenantId, passport, permissions: [...keys] })
    .onConflictDoUpdate({
      target: [personPermissions.tenantId, personPermissions.passport],
      set: { permissions: [...keys], updatedAt: new Date() },
      setWhere: sql`cardinality(${personPermissions.permissions}) = 0`,
    });
}

/**
 * Adds keys to the sets of several passports (a set is created when missing): a position's
 * default permissions given to the persons who take it. One statement.
 */
export async function mergePassportPermissions(tx: Drizzle, tenantId: string, passports: readonly string[], keys: readonly string[]): Promise<void> {
  if (passports.length === 0 || keys.length === 0) return;
  await tx.execute(sql`
    INSERT INTO person_permissions (tenant_id, passport, permissions)
    SELECT ${tenantId}, passport, ${sql.param([...new Set(keys)].sort())}::text[] FROM unnest(${sql.param([...new Set(passports)])}::text[]) AS passport
    ON CONFLICT (tenant_id, passport) DO UPDATE
      SET permissions = ARRAY(SELECT DISTINCT k FROM unnest(person_permissions.permissions || EXCLUDED.permissions) AS k ORDER BY k),
          updated_at = now()
      WHERE NOT (person_permissions.permissions @> EXCLUDED.permissions)`);
}

/** Adds and takes off keys in one statement (under the row's lock), creating the set when there is none. */
export async function changePassportPermissions(tx: Drizzle, tenantId: string, passport: string, added: readonly string[], removed: readonly string[]): Promise<PassportPermissions> {
  const [row] = await tx
    .insert(personPermissions)
    .values({ tenantId, passport, permissions: [...new Set(added)].filter((key) => !removed.includes(key)).sort() })
    .onConflictDoUpdate({
      target: [personPermissions.tenantId, personPermissions.passport],
      set: {
        permissions: sql`ARRAY(SELECT DISTINCT k FROM unnest(${personPermissions.permissions} || ${sql.param([...added])}::text[]) AS k WHERE NOT (k = ANY (${sql.param([...removed])}::text[])) ORDER BY k)`,
        updatedAt: new Date(),
      },
    })
    .returning(columns);
  return row!;
}

/** passport → its permission keys, for the passports that have a set. */
export async function permissionsOfPassports(tx: Drizzle, tenantId: string, passports: readonly string[]): Promise<Map<string, string[]>> {
  if (passports.length === 0) return new Map();
  const rows = await tx
    .select({ passport: personPermissions.passport, permissions: personPermissions.permissions })
    .from(personPermissions)
    .where(and(eq(personPermissions.tenantId, tenantId), inArray(personPermissions.passport, [...new Set(passports)])));
  return new Map(rows.map((row) => [row.passport, row.permissions]));
}

/**
 * A bulk grant for a set-based write of another module (the people import), as one statement
 * to end a `WITH`: `wanted` selects (passport, keys text[]); each passport gains the keys (merged
 * into what it holds, sorted). RETURNING the passports granted.
 */
export function grantPermissionsSql(tenantId: string, wanted: SQL): SQL {
  return sql`
    INSERT INTO ${personPermissions} (tenant_id, passport, permissions)
    SELECT ${tenantId}, w.passport, w.keys FROM (${wanted}) w
    ON CONFLICT (tenant_id, passport) DO UPDATE
      SET permissions = ARRAY(SELECT DISTINCT k FROM unnest(person_permissions.permissions || EXCLUDED.permissions) k ORDER BY k), updated_at = now()
    RETURNING passport`;
}
