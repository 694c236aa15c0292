import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AUTH_CHANGED, type SessionState, type SessionStates } from '../auth/caller.ts';
import { BUS_RESYNC, type EventBus } from '../events.ts';

/**
 * Server-sent event streams (the notifications inbox, kanban boards): the reply taken over from
 * Fastify, the headers that keep proxies from buffering it, and when the stream must end (its
 * bearer token's expiry: the client reconnects with a fresh one). What flows on a stream, and who
 * hears what, stays with its module.
 */

/** How long a client waits before reconnecting (spec shell §9: the stream retries from 2 s), said at the start of every stream. */
export const EVENT_STREAM_RETRY_MS = 2000;

/**
 * Takes the reply over and answers 200 text/event-stream; null when the client went away in the
 * meantime (nothing to stream to). The caller registers its close handlers on the answer.
 */
export function startEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse | null {
  reply.hijack();
  const res = reply.raw;
  if (request.raw.destroyed || res.destroyed) return null;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream
    'x-accel-buffering': 'no',
    'content-encoding': 'identity',
    'x-request-id': request.id,
  });
  request.raw.socket.setNoDelay(true);
  request.raw.socket.setKeepAlive(true, 30_000);
  return res;
}

/** When the stream must end: the bearer token's expiry (an hour when it has none the platform could read). */
export function streamExpiry(request: FastifyRequest): number {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  try {
    const exp = match ? decodeJwt(match[1]!).exp : undefined;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    /* the platform verified it already */
  }
  return Date.now() + 3600_000;
}

/** What a stream's session must still be, and how to end the stream when it is not. */
export interface SessionBoundStream {
  readonly tenantId: string;
  readonly userId: string;
  readonly personId: string;
  readonly sessionId: string;
  /** Every one of these is needed to keep listening (the route's own permissions). */
  readonly permissions: readonly string[];
  end(): void;
}

/** Whether a session may still hear a stream: the same test as a request's (platform/http/app.ts authenticate). */
export function sessionStillAllows(state: SessionState | null, permissions: readonly string[]): boolean {
  return !!state && !state.revoked && !state.expired && state.impersonatorAllowed && !state.disabled && permissions.every((p) => state.permissions.includes(p));
}

/** How long rechecks wait after a change, so one burst of changes (a bulk disable) is one pass. */
const RECHECK_DELAY_MS = 200;

/**
 * Ends event streams whose session was signed out, revoked, expired or disabled, or lost the
 * stream's permissions (every stream module uses one; a request is checked once, a stream lives on).
 * A session, person or permission change anywhere publishes AUTH_CHANGED (every process hears it);
 * shortly after, each stream of that tenant held here is checked against its session's state,
 * one lookup per session; after a lost LISTEN connection every stream is.
 */
export class StreamSessions {
  private readonly byTenant = new Map<string, Set<SessionBoundStream>>();
  private readonly due = new Set<string>();
  private all = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly unsubscribe: (() => void)[];

  private readonly sessions: Pick<SessionStates, 'get'>;
  constructor(bus: EventBus, sessions: Pick<SessionStates, 'get'>) {
    this.sessions = sessions;
    this.unsubscribe = [bus.on(AUTH_CHANGED, (event) => this.recheck(typeof event.tenantId === 'string' ? event.tenantId : null)), bus.on(BUS_RESYNC, () => this.recheck(null))];
  }

  /** Watches a stream until the returned function is called (when it closes). */
  watch(stream: SessionBoundStream): () => void {
    let set = this.byTenant.get(stream.tenantId);
    if (!set) this.byTenant.set(stream.tenantId, (set = new Set()));
    set.add(stream);
    return () => {
      const current = this.byTenant.get(stream.tenantId);
      current?.delete(stream);
      if (current && current.size === 0) this.byTenant.delete(stream.tenantId);
    };
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const off of this.unsubscribe) off();
  }

  private recheck(tenantId: string | null): void {
    if (tenantId === null) this.all = true;
    else if (this.byTenant.has(tenantId)) this.due.add(tenantId);
    else return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.pass();
    }, RECHECK_DELAY_MS);
  }

  private async pass(): Promise<void> {
    // one pass at a time; what changed during one is looked at by the next
    while (this.running) await this.running;
    const tenants = this.all ? [...this.byTenant.keys()] : [...this.due];
    this.all = false;
    this.due.clear();
    this.running = (async () => {
      const states = new Map<string, Promise<SessionState | null>>();
      for (const tenantId of tenants) {
        for (const stream of [...(this.byTenant.get(tenantId) ?? [])]) {
          let state = states.get(stream.sessionId);
          if (!state) {
            state = this.sessions.get({ sub: stream.userId, tid: stream.tenantId, sid: stream.sessionId, pid: stream.personId }).catch(() => null);
            states.set(stream.sessionId, state);
          }
          if (!sessionStillAllows(await state, stream.permissions)) stream.end();
        }
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }
}
