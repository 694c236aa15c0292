import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { newSecretToken, sha256 } from '../../platform/ids.ts';
import { refreshTokens, sessions } from './auth.table.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  tx: Drizzle,
  values: { tenantId: string; userId: string; personId: string; signInMethod: string; expiresAt: Date; impersonatorUserId?: string | null; impersonatorPersonId?: string | null },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const [session] = await tx.insert(sessions).values(values).returning();
  const refreshToken = await insertRefreshToken(tx, values.tenantId, session!.id);
  return { session: session!, refreshToken };
}

export async function insertRefreshToken(tx: Drizzle, tenantId: string, sessionId: string): Promise<string> {
  const token = newSecretToken();
  await tx.insert(refreshTokens).values({ tenantId, tokenHash: sha256(token), sessionId });
  return token;
}

export async function findSession(tx: Drizzle, tenantId: string, id: string): Promise<SessionRow | null> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findRefreshToken(tx: Drizzle, tenantId: string, token: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, sha256(token))))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Marks a refresh token used; false when another request used it first. */
export async function consumeRefreshToken(tx: Drizzle, tenantId: string, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function revokeSession(tx: Drizzle, tenantId: string, id: string, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Closes every open session of the person in the tenant (signed out by an administrator, a new password): the ids closed. */
export async function revokePersonSessions(tx: Drizzle, tenantId: string, personId: string, reason: string): Promise<string[]> {
  const closed = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.personId, personId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .returning({ id: sessions.id });
  return closed.map((row) => row.id);
}

export async function markRefreshed(tx: Drizzle, tenantId: string, id: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastRefreshedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}
