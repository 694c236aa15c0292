import type { ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { EVENT_STREAM_RETRY_MS, startEventStream, streamExpiry, StreamSessions } from '../../platform/http/event-stream.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import { BUS_RESYNC, type PlatformEvent } from '../../platform/events.ts';
import type { Platform } from '../../platform/platform.ts';
import { workflowKanbans } from './kanban.table.ts';

/**
 * The kanban boards' event stream (decision 025): GET …/kanbans/{k}/events/ answers
 * text/event-stream; `changed` tells a board that an execution of its type moved (a step
 * committed on any server process), and the board reads itself again — the event carries no
 * execution, so what a watcher may see is decided by the board's read as always. Steps publish
 * through PostgreSQL NOTIFY (the platform bus) only for types that have a board.
 */
export const BOARD_CHANGED = 'workflows.board.changed';

const PING_MS = 25_000;
const COALESCE_MS = 150;
const STREAMS_PER_PERSON = 10;
const MAX_STREAMS = 5000;
/** How long a process trusts what it read about a type having boards (a board made elsewhere is live after this). */
const BOARDS_TTL_MS = 30_000;

const boardsKnown = new Map<string, { has: boolean; until: number }>();

/** Whether the type has a kanban board, remembered for a while per process. */
async function typeHasBoards(tx: Drizzle, tenantId: string, typeId: string): Promise<boolean> {
  const key = `${tenantId}:${typeId}`;
  const known = boardsKnown.get(key);
  if (known && known.until > Date.now()) return known.has;
  const [row] = await tx
    .select({ id: workflowKanbans.id })
    .from(workflowKanbans)
    .where(and(eq(workflowKanbans.tenantId, tenantId), eq(workflowKanbans.typeId, typeId)))
    .limit(1);
  if (boardsKnown.size > 10_000) boardsKnown.clear();
  boardsKnown.set(key, { has: row !== undefined, until: Date.now() + BOARDS_TTL_MS });
  return row !== undefined;
}

/** A board was made or removed in this process: its type is read again at the next step. */
export function forgetBoards(tenantId: string, typeId: string): void {
  boardsKnown.delete(`${tenantId}:${typeId}`);
}

/** Called by every engine step inside its transaction: boards of the type hear of it once it commits. */
export async function publishBoardChange(platform: Platform, tx: Drizzle, tenantId: string, typeId: string): Promise<void> {
  if (!(await typeHasBoards(tx, tenantId, typeId))) return;
  await platform.bus.publish(tx, { topic: BOARD_CHANGED, tenantId, typeId });
}

interface Stream {
  key: string;
  personId: string;
  res: ServerResponse;
  ping: NodeJS.Timeout;
  expiresAt: number;
  /** Stops the session watch (StreamSessions). */
  unwatch: () => void;
  closed: boolean;
}

export class KanbanStreams {
  private readonly byType = new Map<string, Set<Stream>>();
  private readonly due = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private count = 0;
  private closing = false;
  private readonly unsubscribe: (() => void)[];
  /** Signed out, disabled or without VIEW_WF: the stream ends (the same watch as the notifications inbox's). */
  private readonly sessions: StreamSessions;

  constructor(platform: Platform) {
    this.sessions = new StreamSessions(platform.bus, platform.sessions);
    this.unsubscribe = [
      () => this.sessions.close(),
      platform.bus.on(BOARD_CHANGED, (event) => this.onChanged(event)),
      // events may have been lost while the listening connection was down: every board reads again
      platform.bus.on(BUS_RESYNC, () => {
        for (const key of this.byType.keys()) this.schedule(key);
      }),
    ];
  }

  get size(): number {
    return this.count;
  }

  /**
   * Takes over the reply; the caller has checked the board exists and may be read. The stream
   * lives while the caller's session does and keeps VIEW_WF.
   */
  open(request: FastifyRequest, reply: FastifyReply, tenantId: string, typeId: string, caller: Caller): void {
    const personId = caller.personId;
    if (this.closing) throw new AppError('service-unavailable', 'The server is shutting down.');
    if (this.count >= MAX_STREAMS) throw new AppError('service-unavailable', 'Too many open board streams on this server: try again shortly.');
    const res = startEventStream(request, reply);
    if (!res) return;
    const key = `${tenantId}:${typeId}`;
    const stream: Stream = { key, personId, res, ping: setInterval(() => this.ping(stream), PING_MS), expiresAt: streamExpiry(request), unwatch: () => undefined, closed: false };
    stream.unwatch = this.sessions.watch({ tenantId, userId: caller.userId, personId, sessionId: caller.sessionId, permissions: ['VIEW_WF'], end: () => this.end(stream) });
    let set = this.byType.get(key);
    if (!set) this.byType.set(key, (set = new Set()));
    set.add(stream);
    this.count++;
    const mine = [...set].filter((s) => s.personId === personId);
    if (mine.length > STREAMS_PER_PERSON) this.end(mine[0]!);
    res.on('close', () => this.remove(stream));
    res.on('error', () => this.remove(stream));
    this.write(stream, `retry: ${EVENT_STREAM_RETRY_MS}\n\nevent: ping\ndata: {}\n\n`);
  }

  closeAll(): void {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    for (const set of this.byType.values()) for (const stream of set) this.end(stream);
    for (const off of this.unsubscribe) off();
  }

  private onChanged(event: PlatformEvent): void {
    if (typeof event.tenantId === 'string' && typeof event.typeId === 'string') this.schedule(`${event.tenantId}:${event.typeId}`);
  }

  /** Steps come in bursts (a parallel split, a message to many): one `changed` per board per moment. */
  private schedule(key: string): void {
    if (!this.byType.has(key)) return;
    this.due.add(key);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      for (const due of this.due) for (const stream of this.byType.get(due) ?? []) this.write(stream, `event: changed\ndata: {}\n\n`);
      this.due.clear();
    }, COALESCE_MS);
  }

  private ping(stream: Stream): void {
    if (Date.now() >= stream.expiresAt) return this.end(stream);
    this.write(stream, 'event: ping\ndata: {}\n\n');
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > 64 * 1024) this.end(stream);
  }

  private remove(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.ping);
    stream.unwatch();
    this.count--;
    const set = this.byType.get(stream.key);
    set?.delete(stream);
    if (set && set.size === 0) this.byType.delete(stream.key);
  }

  private end(stream: Stream): void {
    this.remove(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }
}
