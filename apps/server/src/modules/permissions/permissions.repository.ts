import { and, eq } from 'drizzle-orm';
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

export async function setPassportPermissions(
  tx: Drizzle,
  tenantId: string,
  passport: string,
  value: { permissions: string[]; isStaff?: boolean },
): Promise<PassportPermissions> {
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
