import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { EVENT_STREAM_RETRY_MS, startEventStream, streamExpiry, StreamSessions } from '../../platform/http/event-stream.ts';
import type { Platform } from '../../platform/platform.ts';
import { BUS_RESYNC, type PlatformEvent } from '../../platform/events.ts';
import { NOTIFICATIONS_CREATED, PUSH_QUEUE } from './notifications.producer.ts';
import { inboxCounters, notificationsAfter, type NotificationRow } from './notifications.repository.ts';
import { toInboxItem } from './notifications.service.ts';

/** A person rarely has more tabs open; beyond it the oldest stream is closed. */
const STREAMS_PER_PERSON = 10;
/** Notifications sent per person per query; more are fetched right after. */
const BATCH_PER_PERSON = 100;
/** Persons looked up in one query when many wake at once. */
const PERSONS_PER_QUERY = 1000;
/** A client that stops reading while this much is queued for it is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Stream {
  tenantId: string;
  personId: string;
  sessionId: string;
  userId: string;
  res: ServerResponse;
  /** The last seq written to this stream. */
  cursor: number;
  ping: NodeJS.Timeout;
  /** Token expiry (ms): the stream ends then, and the client reconnects with a fresh token. */
  expiresAt: number;
  /** Stops the session watch (StreamSessions). */
  unwatch: () => void;
  closed: boolean;
}

/**
 * The notification streams this process holds (GET /notifications/devices/sse), and their
 * feed: NOTIFY events (ids only) from any process say whose inbox changed; each woken person's
 * unseen notifications (seq > cursor) are read in one query per tenant and written to their
 * streams. Replay after a reconnect is the same read from the client's Last-Event-ID.
 */
export class NotificationStreams {
  private readonly byTenant = new Map<string, Map<string, Set<Stream>>>();
  private readonly pending = new Map<string, Set<string>>();
  private readonly flushing = new Set<string>();
  private count = 0;
  private closing = false;
  private readonly unsubscribe: (() => void)[] = [];
  /** Signed out, disabled or without VIEW_NOTIFICATIONS: the stream ends (the same watch as the kanban boards'). */
  private readonly sessions: StreamSessions;

  private readonly platform: Platform;
  constructor(platform: Platform) {
    this.platform = platform;
    this.sessions = new StreamSessions(platform.bus, platform.sessions);
    this.unsubscribe.push(
      () => this.sessions.close(),
      platform.bus.on(NOTIFICATIONS_CREATED, (event) => this.onCreated(event)),
      // Events may have been lost while the listening connection was down: every stream catches up.
      platform.bus.on(BUS_RESYNC, () => {
        for (const [tenantId, persons] of this.byTenant) this.wake(tenantId, [...persons.keys()]);
        platform.jobs.wake(PUSH_QUEUE);
      }),
    );
  }

  get size(): number {
    return this.count;
  }

  /** Streams this process holds for one person. */
  openFor(tenantId: string, personId: string): number {
    return this.byTenant.get(tenantId)?.get(personId)?.size ?? 0;
  }

  /** Answers the request with an event stream (it takes over the reply). */
  async open(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const caller = request.caller!;
    if (this.closing) throw new AppError('service-unavailable', 'The server is shutting down.');
    if (this.count >= this.platform.config.NOTIFICATIONS_MAX_STREAMS) throw new AppError('service-unavailable', 'Too many open notification streams on this server: try again shortly.');
    const tenantId = caller.tenantId;
    const personId = caller.personId;
    const requested = lastEventIdOf(request);
    const counters = await this.platform.db.transaction(tenantId, (tx) => inboxCounters(tx, tenantId, personId));
    // Without Last-Event-ID the client has just loaded the inbox: only what comes next is news.
    const cursor = requested === null ? counters.lastSeq : Math.min(requested, counters.lastSeq);

    const res = startEventStream(request, reply);
    // The client may have gone while the counters were read.
    if (!res) return;

    const stream: Stream = {
      tenantId,
      personId,
      sessionId: caller.sessionId,
      userId: caller.userId,
      res,
      cursor,
      ping: setInterval(() => void this.ping(stream), this.platform.config.NOTIFICATIONS_PING_SECONDS * 1000),
      expiresAt: streamExpiry(request),
      unwatch: () => undefined,
      closed: false,
    };
    this.add(stream);
    stream.unwatch = this.sessions.watch({
      tenantId,
      userId: caller.userId,
      personId,
      sessionId: caller.sessionId,
      permissions: ['VIEW_NOTIFICATIONS'],
      end: () => this.end(stream),
    });
    res.on('close', () => this.remove(stream));
    res.on('error', () => this.remove(stream));
    this.write(stream, `retry: ${EVENT_STREAM_RETRY_MS}\n\n${pingEvent()}`);
    // Anything after the cursor (a replay, or what landed while this stream was being set up).
    this.wake(tenantId, [personId]);
  }

  /** Ends every stream (server shutdown): clients reconnect to another process and replay. */
  closeAll(): void {
    this.closing = true;
    for (const persons of this.byTenant.values()) for (const set of persons.values()) for (const stream of set) this.end(stream);
    for (const off of this.unsubscribe) off();
  }

  private add(stream: Stream): void {
    let persons = this.byTenant.get(stream.tenantId);
    if (!persons) this.byTenant.set(stream.tenantId, (persons = new Map()));
    let set = persons.get(stream.personId);
    if (!set) persons.set(stream.personId, (set = new Set()));
    set.add(stream);
    this.count++;
    if (set.size > STREAMS_PER_PERSON) this.end(set.values().next().value!);
  }

  private remove(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.ping);
    stream.unwatch();
    this.count--;
    const persons = this.byTenant.get(stream.tenantId);
    const set = persons?.get(stream.personId);
    set?.delete(stream);
    if (set && set.size === 0) persons!.delete(stream.personId);
    if (persons && persons.size === 0) this.byTenant.delete(stream.tenantId);
  }

  private end(stream: Stream): void {
    this.remove(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) this.end(stream);
  }

  private async ping(stream: Stream): Promise<void> {
    if (stream.closed) return;
    if (Date.now() >= stream.expiresAt) return this.end(stream);
    this.write(stream, pingEvent());
  }

  private onCreated(event: PlatformEvent): void {
    const persons = Array.isArray(event.persons) ? (event.persons as unknown[]).filter((p): p is string => typeof p === 'string') : [];
    if (event.tenantId) this.wake(event.tenantId, persons);
    // This process's push worker need not wait for its next poll.
    this.platform.jobs.wake(PUSH_QUEUE);
  }

  private wake(tenantId: string, personIds: readonly string[]): void {
    const persons = this.byTenant.get(tenantId);
    if (!persons) return;
    let pending = this.pending.get(tenantId);
    for (const personId of personIds) {
      if (!persons.has(personId)) continue;
      if (!pending) this.pending.set(tenantId, (pending = new Set()));
      pending.add(personId);
    }
    if (pending && !this.flushing.has(tenantId)) {
      this.flushing.add(tenantId);
      // Coalesces the events of one fan-out (several NOTIFYs) into one query.
      setImmediate(() => void this.flush(tenantId));
    }
  }

  private async flush(tenantId: string): Promise<void> {
    try {
      for (;;) {
        const pending = this.pending.get(tenantId);
        const persons = this.byTenant.get(tenantId);
        if (!pending || pending.size === 0 || !persons) break;
        const batch = [...pending].slice(0, PERSONS_PER_QUERY);
        for (const personId of batch) pending.delete(personId);
        const cursors = batch.flatMap((personId) => {
          const set = persons.get(personId);
          if (!set || set.size === 0) return [];
          return [{ personId, after: Math.min(...[...set].map((s) => s.cursor)) }];
        });
        if (cursors.length === 0) continue;
        let rows: NotificationRow[];
        try {
          rows = await this.platform.db.transaction(tenantId, (tx) => notificationsAfter(tx, tenantId, cursors, BATCH_PER_PERSON));
        } catch (error) {
          if (this.closing) return;
          this.platform.log.warn({ err: error, tenantId }, 'notification stream read failed; retrying');
          for (const { personId } of cursors) pending.add(personId);
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        this.deliver(tenantId, rows, new Map(cursors.map((c) => [c.personId, c.after])), pending);
      }
    } finally {
      this.flushing.delete(tenantId);
      if ((this.pending.get(tenantId)?.size ?? 0) > 0 && !this.closing) this.wake(tenantId, []);
      else this.pending.delete(tenantId);
    }
  }

  /**
   * Writes what was read (for each person, every row after `after`, oldest first) to the
   * person's streams. A stream that joined while the read was running may be further behind than
   * `after`: it gets nothing now (that would skip rows) and is read for on the next round.
   */
  private deliver(tenantId: string, rows: NotificationRow[], readAfter: Map<string, number>, pending: Set<string>): void {
    const persons = this.byTenant.get(tenantId);
    if (!persons) return;
    const byPerson = new Map<string, NotificationRow[]>();
    for (const row of rows) {
      const list = byPerson.get(row.personId);
      if (list) list.push(row);
      else byPerson.set(row.personId, [row]);
    }
    for (const [personId, list] of byPerson) {
      const after = readAfter.get(personId) ?? 0;
      for (const stream of persons.get(personId) ?? []) {
        if (stream.cursor < after) {
          pending.add(personId);
          continue;
        }
        let chunk = '';
        for (const row of list) {
          if (row.seq <= stream.cursor) continue;
          chunk += `id: ${row.seq}\nevent: notification\ndata: ${JSON.stringify(toInboxItem(row))}\n\n`;
          stream.cursor = row.seq;
        }
        if (chunk) this.write(stream, chunk);
      }
      if (list.length >= BATCH_PER_PERSON) pending.add(personId);
    }
  }
}

function pingEvent(): string {
  return `event: ping\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`;
}

/** Last-Event-ID from the header (EventSource, event-source-plus) or `?lastEventId=` (clients that cannot set headers). */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const value = typeof header === 'string' && header.trim() ? header.trim() : typeof query === 'string' ? query.trim() : '';
  if (!/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
