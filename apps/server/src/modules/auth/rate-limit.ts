import { and, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { signInFailures } from './auth.table.ts';

/** Ten failures for one e-mail within 15 minutes lock it until the window passes (API.md). */
export const FAILURES_PER_EMAIL = 10;
/** Far higher per address: an office behind one NAT must not lock itself out. */
export const FAILURES_PER_ADDRESS = 300;
export const WINDOW_MS = 15 * 60 * 1000;

/** Failed sign-ins live in the database, so every server process sees the same counts. */
export class SignInLimiter {
  private recorded = 0;
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async check(email: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - WINDOW_MS);
    const [row] = await this.db.transaction(null, (tx) =>
      tx
        .select({
          byEmail: sql<number>`count(*) FILTER (WHERE ${signInFailures.email} = ${email})`.mapWith(Number),
          byAddress: sql<number>`count(*) FILTER (WHERE ${signInFailures.ip} = ${ip})`.mapWith(Number),
        })
        .from(signInFailures)
        .where(and(gt(signInFailures.at, since), sql`(${signInFailures.email} = ${email} OR ${signInFailures.ip} = ${ip})`)),
    );
    if ((row?.byEmail ?? 0) >= FAILURES_PER_EMAIL || (row?.byAddress ?? 0) >= FAILURES_PER_ADDRESS) {
      throw new AppError('too-many-requests', 'Too many failed attempts. Try again later.');
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const prune = ++this.recorded % 100 === 0;
    await this.db.transaction(null, async (tx) => {
      await tx.insert(signInFailures).values({ email, ip });
      if (prune) await tx.delete(signInFailures).where(lt(signInFailures.at, new Date(Date.now() - 24 * 3600 * 1000)));
    });
  }

}
