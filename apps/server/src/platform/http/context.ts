import type { FastifyRequest } from 'fastify';
import type { Drizzle } from '../db/database.ts';
import type { Caller } from '../auth/caller.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Platform } from '../platform.ts';
import type { TenantRecord } from '../tenancy.ts';
import { auditLog } from '../audit/audit.table.ts';

/**
 * What a use case receives first: the tenant, the caller and a way to open a short transaction
 * scoped to the tenant. Writes name an audit action and the audit row is written in the same
 * transaction, with the impersonator when there is one.
 */
export interface Ctx {
  platform: Platform;
  tenant: TenantRecord;
  caller: Caller | null;
  requestId: string;
  origin: string;
  tx<T>(fn: (tx: Drizzle) => Promise<T>, options?: TxOptions<T>): Promise<T>;
  /** Reads outside a transaction (`Database.read`): for one statement, or statements that need no common snapshot. */
  read<T>(fn: (db: Drizzle) => Promise<T>): Promise<T>;
}

export interface SignedInCtx extends Ctx {
  caller: Caller;
}

export interface TxOptions<T> {
  /** The audit action of this write (e.g. `people.update`). */
  audit?: string;
  /**
   * What the audit row records besides the action: fixed, or read from the result (how many rows a
   * write touched) and the row's subject (what each of several records got).
   */
  details?: Record<string, unknown> | ((result: T, subjectId: string | null) => Record<string, unknown>);
  /**
   * The record the write is about, for its history: an id, or how to read it from the result (a
   * created record); several ids write one audit row each. By default the route's `:id` when it
   * is a uuid.
   */
  subject?: string | readonly string[] | ((result: T) => string | readonly string[] | null);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's `:id` when it is a uuid: what a write under `/things/:id/…` is about. */
export function subjectOf(request: FastifyRequest): string | null {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

export function ctxOf(request: FastifyRequest, platform: Platform): Ctx {
  const tenant = request.tenantRecord;
  if (!tenant) throw new Error(`route ${request.url} has no tenant: it declared tenant: false`);
  const caller = request.caller;
  return {
    platform,
    tenant,
    caller,
    requestId: request.id,
    origin: originOf(request, platform.config.PUBLIC_DOMAIN, tenant),
    read: (fn) => platform.db.read(tenant.id, fn),
    tx: (fn, options) =>
      platform.db.transaction(tenant.id, async (tx) => {
        const result = await fn(tx);
        const action = options?.audit;
        if (action && WRITE_METHODS.has(request.method)) {
          const subject = typeof options?.subject === 'function' ? options.subject(result) : (options?.subject ?? subjectOf(request));
          // a write about several records leaves one row per record (each one's history shows it)
          const subjects = Array.isArray(subject) ? (subject.length > 0 ? subject : [null]) : [subject];
          const rows = await tx
            .insert(auditLog)
            .values(
              subjects.map((subjectId) => ({
                tenantId: tenant.id,
                actorUserId: caller?.userId ?? null,
                actorPersonId: caller?.personId ?? null,
                impersonatorUserId: caller?.impersonator?.userId ?? null,
                impersonatorPersonId: caller?.impersonator?.personId ?? null,
                action,
                method: request.method,
                path: request.url.split('?')[0] ?? request.url,
                status: 200,
                requestId: request.id,
                details: (typeof options?.details === 'function' ? options.details(result, subjectId) : options?.details) ?? null,
                subjectId,
              })),
            )
            .returning({ id: auditLog.id });
          // The status is the answer's, known only once it is sent: onResponse sets the final one.
          request.auditRows = [...(request.auditRows ?? []), ...rows.map((row) => row.id)];
          request.audited = true;
        }
        return result;
      }),
  };
}

export function signedIn(ctx: Ctx): SignedInCtx {
  if (!ctx.caller) throw new AppError('not-signed-in', 'You are not signed in.');
  return ctx as SignedInCtx;
}

/**
 * The origin the browser used, for links in e-mails (invites, magic links). The Host header is
 * the client's to choose, so it is used only under PUBLIC_DOMAIN (or a local host); any other
 * host gets the tenant's canonical origin, or a forged Host would send sign-in tokens to a
 * domain of the sender's choosing.
 */
export function originOf(request: FastifyRequest, publicDomain: string, tenant: Pick<TenantRecord, 'subdomain'>): string {
  const host = (request.headers.host ?? 'localhost').toLowerCase();
  const name = host.replace(/:\d+$/, '');
  const domain = publicDomain.toLowerCase().replace(/:\d+$/, '');
  const local = /(^|\.)localhost$/.test(name) || /^127\.|^\[::1\]$/.test(name);
  if (local || name === domain || name.endsWith(`.${domain}`)) return `${local ? request.protocol : 'https'}://${host}`;
  return `${domain.endsWith('localhost') ? 'http' : 'https'}://${tenant.subdomain}.${publicDomain}`;
}
