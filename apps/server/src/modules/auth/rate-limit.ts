import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureSecret } from '../../platform/secrets.ts';
import { signInFailures } from './auth.table.ts';

/**
 * Ten failures for one account (an e-mail on one tenant) within 15 minutes lock it until the
 * window passes (API.md) — for devices it never signed in on. A device it signed in on before
 * carries a device cookie and has a limit of its own, so an attacker's failures cannot lock the
 * owner out (OWASP, "Slow down online guessing attacks with device cookies"; decision 024).
 */
export const FAILURES_PER_ACCOUNT = 10;
export const FAILURES_PER_DEVICE = 10;
/** Far higher per address, for untrusted attempts: an office behind one NAT must not lock itself out. */
export const FAILURES_PER_ADDRESS = 1000;
export const WINDOW_MS = 15 * 60 * 1000;
export const DEVICE_COOKIE_DAYS = 180;
const DEVICE_KEY = 'sign-in-device-cookie-key';

/** One sign-in attempt: the device is the id of a verified device cookie of this account, if any. */
export interface Attempt {
  tenantId: string;
  email: string;
  ip: string;
  device: string | null;
}

/** A 429 that says when to come back (Retry-After, in seconds). */
export function tooManyRequests(detail: string, retryAfterSeconds: number): AppError {
  const error = new AppError('too-many-requests', detail);
  error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** Failed sign-ins live in the database, so every server process sees the same counts. */
export class SignInLimiter {
  private recorded = 0;
  private readonly db: Database;
  private readonly key: Buffer;
  private constructor(db: Database, key: Buffer) {
    this.db = db;
    this.key = key;
  }

  static async open(db: Database): Promise<SignInLimiter> {
    const key = await ensureSecret(db, DEVICE_KEY, () => randomBytes(32).toString('base64url'));
    return new SignInLimiter(db, Buffer.from(key, 'base64url'));
  }

  /** One cookie per account: several people may share a device. */
  cookieName(tenantId: string, email: string): string {
    return `faena_device_${createHash('sha256').update(`${tenantId}\n${email}`).digest('base64url').slice(0, 16)}`;
  }

  private mac(tenantId: string, email: string, device: string): string {
    return createHmac('sha256', this.key).update(`${tenantId}\n${email}\n${device}`).digest('base64url');
  }

  /** A new device cookie value for the account, or the one it already holds. */
  issueDevice(tenantId: string, email: string, current: string | null): string {
    const device = current ?? randomBytes(18).toString('base64url');
    return `${device}.${this.mac(tenantId, email, device)}`;
  }

  /** The device id of a cookie this server issued to this account; null for anything else. */
  deviceOf(cookie: string | null, tenantId: string, email: string): string | null {
    const [device, mac, ...rest] = (cookie ?? '').split('.');
    if (!device || !mac || rest.length > 0 || !/^[\w-]{16,64}$/.test(device)) return null;
    const expected = Buffer.from(this.mac(tenantId, email, device));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }

  async check(attempt: Attempt): Promise<void> {
    const since = new Date(Date.now() - WINDOW_MS);
    const now = Date.now();
    const retryAfter = (oldest: Date | null) => (oldest ? (oldest.getTime() + WINDOW_MS - now) / 1000 : WINDOW_MS / 1000);
    if (attempt.device) {
      const [row] = await this.db.transaction(null, (tx) =>
        tx
          .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: sql<string | null>`min(${signInFailures.at})` })
          .from(signInFailures)
          .where(and(eq(signInFailures.device, attempt.device!), gt(signInFailures.at, since))),
      );
      if ((row?.count ?? 0) >= FAILURES_PER_DEVICE) throw tooManyRequests('Too many failed attempts from this device. Try again later.', retryAfter(row?.oldest ? new Date(row.oldest) : null));
      return;
    }
    const [row] = await this.db.transaction(null, (tx) =>
      tx
        .select({
          byAccount: sql<number>`count(*) FILTER (WHERE ${signInFailures.tenant} = ${attempt.tenantId} AND ${signInFailures.email} = ${attempt.email})`.mapWith(Number),
          oldestByAccount: sql<string | null>`min(${signInFailures.at}) FILTER (WHERE ${signInFailures.tenant} = ${attempt.tenantId} AND ${signInFailures.email} = ${attempt.email})`,
          byAddress: sql<number>`count(*) FILTER (WHERE ${signInFailures.ip} = ${attempt.ip})`.mapWith(Number),
          oldestByAddress: sql<string | null>`min(${signInFailures.at}) FILTER (WHERE ${signInFailures.ip} = ${attempt.ip})`,
        })
        .from(signInFailures)
        .where(
          and(
            gt(signInFailures.at, since),
            isNull(signInFailures.device),
            sql`((${signInFailures.tenant} = ${attempt.tenantId} AND ${signInFailures.email} = ${attempt.email}) OR ${signInFailures.ip} = ${attempt.ip})`,
          ),
        ),
    );
    if ((row?.byAccount ?? 0) >= FAILURES_PER_ACCOUNT) {
      throw tooManyRequests('Too many failed attempts. Try again later.', retryAfter(row?.oldestByAccount ? new Date(row.oldestByAccount) : null));
    }
    if ((row?.byAddress ?? 0) >= FAILURES_PER_ADDRESS) {
      throw tooManyRequests('Too many failed attempts from this address. Try again later.', retryAfter(row?.oldestByAddress ? new Date(row.oldestByAddress) : null));
    }
  }

  async recordFailure(attempt: Attempt): Promise<void> {
    const prune = ++this.recorded % 100 === 0;
    await this.db.transaction(null, async (tx) => {
      await tx.insert(signInFailures).values({ email: attempt.email, ip: attempt.ip, tenant: attempt.tenantId, device: attempt.device });
      if (prune) await tx.delete(signInFailures).where(lt(signInFailures.at, new Date(Date.now() - 24 * 3600 * 1000)));
    });
  }
}
