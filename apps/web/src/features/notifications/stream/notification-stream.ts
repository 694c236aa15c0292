/**
 * The notification stream of one signed-in tab (spec §4, §9): GET /notifications/devices/sse.
 *
 * - every `ping` resets the count of consecutive failures;
 * - a `notification` event is handed on (the inbox is read again);
 * - a connection that fails or ends is retried after 2 s, doubling up to 30 s, with the last event
 *   id so the server replays what was missed;
 * - after 5 consecutive failures the stream gives up (the caller shows the error toast);
 * - an answer that is not an event stream is a failure.
 *
 * The retry delay comes back to 2 s once a connection proves stable (a second ping, i.e. it lived a
 * whole ping interval); a connection that is accepted and drops at once keeps backing off to 30 s.
 * How bytes arrive is a `Connect` function: event-source-plus by default, native EventSource as a
 * devtools option.
 */

export const STREAM_LIMITS = {
  maxConsecutiveFailures: 5,
  initialRetryMs: 2_000,
  maxRetryMs: 30_000,
} as const;

export interface StreamEvent {
  /** The SSE event name (`message` when the server named none). */
  type: string;
  data: string;
  id?: string;
}

export type StreamFailure =
  { kind: 'network'; message?: string } | { kind: 'http'; status: number } | { kind: 'not-event-stream'; contentType: string | null } | { kind: 'ended' } | { kind: 'unsupported' };

export interface ConnectionRequest {
  url: string;
  token: string | null;
  lastEventId: string | null;
}

export interface ConnectionHandlers {
  onEvent(event: StreamEvent): void;
  /** The connection is over (failed, refused or ended). Called at most once. */
  onFailure(failure: StreamFailure): void;
}

export interface Connection {
  close(): void;
}

export type Connect = (request: ConnectionRequest, handlers: ConnectionHandlers) => Connection | Promise<Connection>;

export type StreamState = 'idle' | 'connecting' | 'open' | 'waiting' | 'gave-up' | 'stopped';

export interface NotificationStreamOptions {
  url: string;
  connect: Connect;
  getToken(): Promise<string | null>;
  /** A `notification` event: its data parsed as JSON (or the raw text when it is not JSON). */
  onNotification(data: unknown, id: string | undefined): void;
  /** Five consecutive failures: the stream is closed. */
  onGiveUp(lastFailure: StreamFailure): void;
  /**
   * A connection after the first one is up. `replayed`: it asked with a last event id, so the
   * server sends what was missed; without one, whatever came in between must be read otherwise.
   */
  onReconnected?(replayed: boolean): void;
  /** A 401: the session should refresh its token before the next attempt. */
  onUnauthorized?(): void | Promise<unknown>;
  onStateChange?(state: StreamState): void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class NotificationStream {
  private readonly options: NotificationStreamOptions;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private stateValue: StreamState = 'idle';
  private failures = 0;
  private retryMs: number = STREAM_LIMITS.initialRetryMs;
  private pingsOnConnection = 0;
  private lastEventIdValue: string | null = null;
  private idAtConnect: string | null = null;
  private hasConnected = false;
  private connection: Connection | null = null;
  private timer: unknown = null;
  private pendingDelay: number | null = null;
  /** Bumped for every attempt: late callbacks of an older connection are ignored. */
  private attempt = 0;

  constructor(options: NotificationStreamOptions) {
    this.options = options;
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get state(): StreamState {
    return this.stateValue;
  }

  get lastEventId(): string | null {
    return this.lastEventIdValue;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** The delay the next failure will wait before retrying. */
  get nextRetryMs(): number {
    return this.retryMs;
  }

  /** The delay of the retry now pending (state `waiting`), else null. */
  get pendingRetryMs(): number | null {
    return this.pendingDelay;
  }

  start(): void {
    if (this.stateValue !== 'idle') return;
    void this.open();
  }

  /** Closes for good (sign-out, the tab's shell goes away). */
  stop(): void {
    this.attempt++;
    this.cancelTimer();
    this.closeConnection();
    this.setState('stopped');
  }

  /**
   * The session refreshed its token: an open connection is replaced at once (with the last event
   * id, so nothing is lost). A pending retry will pick the new token anyway.
   */
  reconnectNow(): void {
    if (this.stateValue !== 'open' && this.stateValue !== 'connecting') return;
    this.closeConnection();
    void this.open();
  }

  /** The browser is back online: a pending retry runs now, a stream that gave up starts again. */
  resume(): void {
    if (this.stateValue === 'waiting') {
      this.cancelTimer();
      void this.open();
    } else if (this.stateValue === 'gave-up') {
      this.failures = 0;
      this.retryMs = STREAM_LIMITS.initialRetryMs;
      void this.open();
    }
  }

  private async open(): Promise<void> {
    const attempt = ++this.attempt;
    this.setState('connecting');
    this.pingsOnConnection = 0;
    this.idAtConnect = this.lastEventIdValue;
    const token = await this.options.getToken().catch(() => null);
    if (attempt !== this.attempt) return;
    let over = false;
    const handlers: ConnectionHandlers = {
      onEvent: (event) => {
        if (attempt === this.attempt && !over) this.onEvent(event);
      },
      onFailure: (failure) => {
        if (attempt !== this.attempt || over) return;
        over = true;
        this.connection = null;
        this.onFailure(failure);
      },
    };
    let connection: Connection;
    try {
      connection = await this.options.connect({ url: this.options.url, token, lastEventId: this.lastEventIdValue }, handlers);
    } catch (error) {
      handlers.onFailure({ kind: 'network', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (attempt !== this.attempt || over) {
      // Stopped, replaced or already failed while connecting.
      connection.close();
      return;
    }
    this.connection = connection;
  }

  private onEvent(event: StreamEvent): void {
    if (event.id) this.lastEventIdValue = event.id;
    if (event.type === 'ping') {
      this.failures = 0;
      this.pingsOnConnection++;
      if (this.pingsOnConnection >= 2) this.retryMs = STREAM_LIMITS.initialRetryMs;
      this.setState('open');
      if (this.pingsOnConnection === 1) {
        if (this.hasConnected) this.options.onReconnected?.(this.idAtConnect !== null);
        this.hasConnected = true;
      }
      return;
    }
    if (event.type === 'notification') {
      this.setState('open');
      this.options.onNotification(parseData(event.data), event.id);
    }
  }

  private onFailure(failure: StreamFailure): void {
    this.failures++;
    if (failure.kind === 'http' && failure.status === 401) void Promise.resolve(this.options.onUnauthorized?.()).catch(() => undefined);
    if (this.failures >= STREAM_LIMITS.maxConsecutiveFailures) {
      this.attempt++;
      this.setState('gave-up');
      this.options.onGiveUp(failure);
      return;
    }
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, STREAM_LIMITS.maxRetryMs);
    this.setState('waiting');
    this.pendingDelay = delay;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.pendingDelay = null;
      void this.open();
    }, delay);
  }

  private closeConnection(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.pendingDelay = null;
  }

  private setState(state: StreamState): void {
    if (this.stateValue === state) return;
    this.stateValue = state;
    this.options.onStateChange?.(state);
  }
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}
