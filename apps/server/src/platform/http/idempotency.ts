import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { idempotencyKeys } from '../idempotency.table.ts';
import { scheduleRecurring } from '../recurring.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header (decision 031): a replay answers the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (its answer is stored, or the key freed, on send). */
    idempotencyKey: { tenantId: string; personId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as a UUID or any client-made token. */
const KEY = /^[\x21-\x7e]{8,200}$/;
/** A key still marked running after this long belongs to a request that died with its process. */
const STALE_RUNNING_MS = 60_000;
/** Keys are kept for this long: a device offline for longer sends with a new key only after the person sees it. */
export const IDEMPOTENCY_KEY_DAYS = 7;
const SWEEP_QUEUE = 'platform.idempotency-sweep';

/** Keys sort their object members so the same JSON written in another order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export const requestHash = (params: unknown, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical({ params: params ?? null, body: body ?? null })))
    .digest('hex');

/**
 * Before the handler of an idempotent route (auth and validation done): the first request with a
 * key claims it and runs; a replay with the same route and body gets the stored answer; the same
 * key with another route or body is 422 `idempotency-key-reused`; a duplicate that arrives while
 * the first still runs is 409 `idempotency-in-progress` (try again in a second).
 */
export async function claimIdempotencyKey(platform: Platform, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!request.routeOptions.config?.idempotent) return undefined;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const caller = request.caller;
  if (!caller) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new AppError('bad-request', 'Idempotency-Key must be 8 to 200 printable characters without spaces.', { field: 'Idempotency-Key' });
  }
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  const hash = requestHash(request.params, request.body);
  const where = and(eq(idempotencyKeys.tenantId, caller.tenantId), eq(idempotencyKeys.personId, caller.personId), eq(idempotencyKeys.key, header));
  type Outcome = { kind: 'claimed' } | { kind: 'reused' } | { kind: 'running' } | { kind: 'stored'; status: number; body: string | null };
  const outcome = await platform.db.transaction(caller.tenantId, async (tx): Promise<Outcome> => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: caller.tenantId, personId: caller.personId, key: header, route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };
    // one claimant at a time: the row is locked until this transaction ends
    const [row] = await tx.select().from(idempotencyKeys).where(where).for('update');
    // freed by its first request in between (a refusal): this one is a duplicate still, told to retry
    if (!row) return { kind: 'running' };
    if (row.route !== route || row.requestHash !== hash) return { kind: 'reused' };
    if (row.status === null) {
      if (Date.now() - row.createdAt.getTime() < STALE_RUNNING_MS) return { kind: 'running' };
      await tx
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(where);
      return { kind: 'claimed' };
    }
    return { kind: 'stored', status: row.status, body: row.body };
  });
  if (outcome.kind === 'claimed') {
    request.idempotencyKey = { tenantId: caller.tenantId, personId: caller.personId, key: header };
    return undefined;
  }
  if (outcome.kind === 'reused') {
    throw new AppError('idempotency-key-reused', 'This Idempotency-Key was already used for another request: make a new key for a new submission.');
  }
  if (outcome.kind === 'stored') {
    return reply
      .status(outcome.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => (typeof payload === 'string' ? payload : JSON.stringify(payload)))
      .send(outcome.body ?? '');
  }
  const error = new AppError('idempotency-in-progress', 'The same submission is being handled: try again in a moment.');
  error.retryAfter = 1;
  throw error;
}

/**
 * On the answer of a request holding a key: a 2xx is stored for its replays; anything else frees
 * the key, since a refused or failed write wrote nothing (ARCHITECTURE §3) and may be sent again.
 */
export async function settleIdempotencyKey(platform: Platform, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const held = request.idempotencyKey;
  if (!held) return;
  request.idempotencyKey = null;
  const where = and(eq(idempotencyKeys.tenantId, held.tenantId), eq(idempotencyKeys.personId, held.personId), eq(idempotencyKeys.key, held.key));
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
  await platform.db
    .transaction(held.tenantId, (tx) => (ok && body !== null ? tx.update(idempotencyKeys).set({ status: reply.statusCode, body }).where(where) : tx.delete(idempotencyKeys).where(where)))
    .catch((err: unknown) => request.log.error({ err }, 'idempotency key settle failed'));
}

/** Removes keys older than IDEMPOTENCY_KEY_DAYS, in every tenant (an operator task, as the owner). */
export async function sweepIdempotencyKeys(platform: Platform): Promise<void> {
  await platform.db.ownerExec(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_KEY_DAYS} days'`);
}

export function scheduleIdempotencySweep(platform: Platform): Promise<void> {
  return scheduleRecurring(platform, { queue: SWEEP_QUEUE, everySeconds: 6 * 3600, firstAfterSeconds: 300, run: () => sweepIdempotencyKeys(platform) });
}
