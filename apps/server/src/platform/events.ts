import { sql } from 'drizzle-orm';
import type { Database, Drizzle } from './db/database.ts';

/** Events between server processes ride PostgreSQL NOTIFY on one channel; payloads carry ids only. */
export const EVENTS_CHANNEL = 'faena_events';
/**
 * Dispatched in this process only, after the listening connection came back: events sent while
 * it was away are lost, so handlers that keep state from events re-read it from the database.
 */
export const BUS_RESYNC = 'bus.resync';

export interface PlatformEvent {
  topic: string;
  tenantId: string | null;
  [key: string]: unknown;
}

type Handler = (event: PlatformEvent) => void;

export class EventBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  private stop: (() => Promise<void>) | null = null;

  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async start(): Promise<void> {
    this.stop = await this.db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        let event: PlatformEvent;
        try {
          event = JSON.parse(payload) as PlatformEvent;
        } catch {
          return;
        }
        this.dispatch(event);
      },
      () => this.dispatch({ topic: BUS_RESYNC, tenantId: null }),
    );
  }

  on(topic: string, handler: Handler): () => void {
    const set = this.handlers.get(topic) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }

  /**
   * Publishes inside the caller's transaction: delivered to every process (this one included)
   * only if the transaction commits. Handlers in this process also run at once through
   * `dispatch` when the caller needs the effect before its response.
   */
  async publish(tx: Drizzle, event: PlatformEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (payload.length > 7900) throw new Error('event payload over the 8 kB NOTIFY limit: send ids only');
    await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  }

  dispatch(event: PlatformEvent): void {
    for (const handler of this.handlers.get(event.topic) ?? []) handler(event);
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}
