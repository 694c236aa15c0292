import { createHash } from 'node:crypto';
import { and, count, eq, getTableName, gt, lt, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Drizzle } from './db/database.ts';
import { AppError } from './errors.ts';

/**
 * The attempts of a signed-out form (a workflow type's public start, an asset's problem report):
 * rows of the owning module's table, counted per client address and per subject (the type, the
 * asset), so one address cannot flood a form and many addresses cannot flood one subject.
 */
export interface AttemptsTable {
  table: PgTable;
  tenantId: PgColumn;
  /** The subject's column (a workflow type, an asset). */
  subject: PgColumn;
  addressHash: PgColumn;
  at: PgColumn;
}

export interface AttemptLimits {
  perAddress: number;
  addressWindowSeconds: number;
  perSubject: number;
  subjectWindowSeconds: number;
}

/** The address is kept only as a hash, salted with the tenant. */
export const addressHash = (tenantId: string, address: string): string => createHash('sha256').update(`${tenantId}:${address}`).digest('hex');

/**
 * Counts one attempt in its own transaction (it stays when what follows fails), or refuses it with
 * 429 `too-many-requests`, `retry_after` and the Retry-After header. `record` inserts the attempt's
 * row with the hash it is given. Attempts older than both windows count for nothing and are removed
 * on the way, so the table holds only the attempts of the last window.
 */
export async function countPublicAttempt(
  db: Database,
  attempts: AttemptsTable,
  input: { tenantId: string; subjectId: string; address: string; limits: AttemptLimits; detail: string; record: (tx: Drizzle, addressHash: string) => Promise<unknown> },
): Promise<void> {
  const { tenantId, limits } = input;
  const hash = addressHash(tenantId, input.address);
  const now = Date.now();
  const since = (seconds: number) => new Date(now - seconds * 1000);
  await db.transaction(tenantId, async (tx) => {
    // one attempt of a subject at a time: two racing requests cannot both see room under a limit
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${getTableName(attempts.table)}:${tenantId}:${input.subjectId}`}))`);
    const check = async (where: SQL | undefined, limit: number, windowSeconds: number) => {
      const [row] = await tx
        .select({ n: count(), oldest: min(attempts.at) })
        .from(attempts.table)
        .where(where);
      if ((row?.n ?? 0) < limit) return;
      const oldest = row?.oldest ? new Date(row.oldest as Date | string).getTime() : now;
      const retryAfter = Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
      const error = new AppError('too-many-requests', input.detail, { retry_after: retryAfter });
      error.retryAfter = retryAfter;
      throw error;
    };
    await check(and(eq(attempts.tenantId, tenantId), eq(attempts.addressHash, hash), gt(attempts.at, since(limits.addressWindowSeconds))), limits.perAddress, limits.addressWindowSeconds);
    await check(and(eq(attempts.tenantId, tenantId), eq(attempts.subject, input.subjectId), gt(attempts.at, since(limits.subjectWindowSeconds))), limits.perSubject, limits.subjectWindowSeconds);
    await tx.delete(attempts.table).where(and(eq(attempts.tenantId, tenantId), lt(attempts.at, since(Math.max(limits.addressWindowSeconds, limits.subjectWindowSeconds)))));
    await input.record(tx, hash);
  });
}
