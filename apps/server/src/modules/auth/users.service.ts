import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { users } from './auth.table.ts';

// Argon2id with the OWASP-recommended floor (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (dummyHash ??= hash('not-a-password', ARGON2)), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(tx: Drizzle, email: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(tx: Drizzle, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The identity for an e-mail: existing ones keep their password; new ones get the given one. */
export async function ensureUser(tx: Drizzle, input: { email: string; name: string; passwordHash: string | null }): Promise<UserRow> {
  const existing = await findUserByEmail(tx, input.email);
  if (existing) return existing;
  const [row] = await tx.insert(users).values({ email: input.email, name: input.name, passwordHash: input.passwordHash }).returning();
  return row!;
}

export async function setUserPassword(tx: Drizzle, userId: string, passwordHash: string, name?: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, ...(name ? { name } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
