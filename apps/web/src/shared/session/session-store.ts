import type { TTokenPair, TUser } from '@faena/contracts';
import {
  isDisabledUserFailure,
  isRefreshDue,
  isTokenExpired,
  needsSessionRestart,
  nextRefreshBackoffMs,
  refreshDelayMs,
  RESTART_COOLDOWN_MS,
  systemSignOutNotice,
  type FailureLike,
  type SessionNoticeKind,
} from './session-rules.ts';

export interface Session {
  idToken: string;
  refreshToken: string;
  /** Epoch ms when the id token expires. */
  expiresAt: number;
  user: TUser;
  /** Epoch ms of the sign-in that started this session. */
  signedInAt: number;
}

export interface SessionNotice {
  kind: SessionNoticeKind;
  at: number;
}

export type SessionEvent = { type: 'signed-in'; remote: boolean } | { type: 'refreshed'; remote: boolean } | { type: 'signed-out'; remote: boolean; reason: 'user' | 'system' };

type ChannelMessage = { type: 'signed-in' } | { type: 'refreshed' } | { type: 'signed-out'; reason: 'user' | 'system'; notice: SessionNotice | null };

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionTransport {
  /** POST /api/auth/v3/token — rotates the refresh token. */
  refresh(refreshToken: string): Promise<TTokenPair>;
  /** POST /api/auth/v3/sign-out — revokes the session on the server. */
  signOut(idToken: string): Promise<void>;
}

export interface SessionStoreDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Tab-scoped storage for the notice shown on the sign-in page. */
  tabStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  channel: ChannelLike | null;
  locks: LocksLike | null;
  now: () => number;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  transport: SessionTransport;
}

export const STORAGE_KEYS = {
  session: 'faena.session',
  lastSignIn: 'faena.last-sign-in',
  revokedNoticeAt: 'faena.revoked-notice-at',
  impersonating: 'faena.impersonating',
  notice: 'faena.session-notice',
} as const;

export const REFRESH_LOCK = 'faena.session.refresh';
const CHANNEL_STORAGE_RETRIES = 20;
const CHANNEL_STORAGE_RETRY_MS = 50;
export const SESSION_CHANNEL = 'faena.session';

/** Transport failures that say the refresh token is dead (not a network hiccup). */
function isFatalRefreshFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * The signed-in session of this device, shared by the tabs of one tenant (one origin):
 * persisted in localStorage, announced on a BroadcastChannel, refreshed 5 minutes before expiry
 * by one tab at a time under a Web Lock (a refresh token works once; the others adopt the result).
 */
export class SessionStore {
  private session: Session | null;
  private notice: SessionNotice | null;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: SessionEvent) => void>();
  private timer: unknown = null;
  private backoffMs: number | null = null;
  private inflight: Promise<Session | null> | null = null;
  private lastRestartAt: number | null = null;
  private readonly deps: SessionStoreDeps;

  constructor(deps: SessionStoreDeps) {
    this.deps = deps;
    this.session = this.readStored();
    this.notice = this.readNotice();
    deps.channel?.addEventListener('message', (event) => this.onChannelMessage(event.data as ChannelMessage));
    this.schedule();
  }

  // ---- reading -------------------------------------------------------------------------

  getSnapshot = (): Session | null => this.session;

  getNotice = (): SessionNotice | null => this.notice;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent(listener: (event: SessionEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Spec §4: the impersonation flag is a stored boolean on the device. */
  isImpersonating(): boolean {
    return this.session !== null && this.deps.storage.getItem(STORAGE_KEYS.impersonating) === 'true';
  }

  /** The id token to send, refreshed first when it counts as expired. */
  async getIdToken(): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    if (isTokenExpired(session.expiresAt, this.deps.now())) {
      // A transient failure keeps the old token: the server has the last word (401 → recover).
      const fresh = await this.refresh().catch(() => this.session);
      return fresh?.idToken ?? null;
    }
    return session.idToken;
  }

  // ---- transitions ---------------------------------------------------------------------

  /** A sign-in (any method) or a new pair (impersonation start/stop) became the session. */
  signIn(pair: TTokenPair): Session {
    const now = this.deps.now();
    const session: Session = {
      idToken: pair.id_token,
      refreshToken: pair.refresh_token,
      expiresAt: now + pair.expires_in * 1000,
      user: pair.user,
      signedInAt: now,
    };
    this.write(session);
    this.deps.storage.setItem(STORAGE_KEYS.lastSignIn, String(now));
    if (pair.user.impersonator) this.deps.storage.setItem(STORAGE_KEYS.impersonating, 'true');
    else this.deps.storage.removeItem(STORAGE_KEYS.impersonating);
    this.setNotice(null);
    this.backoffMs = null;
    this.session = session;
    this.post({ type: 'signed-in' });
    this.schedule();
    this.emit({ type: 'signed-in', remote: false });
    return session;
  }

  /** The user signs out: the server revokes the session, every tab follows. */
  async signOut(): Promise<void> {
    const session = this.session;
    this.clear();
    this.post({ type: 'signed-out', reason: 'user', notice: null });
    this.emit({ type: 'signed-out', remote: false, reason: 'user' });
    if (session) await this.deps.transport.signOut(session.idToken).catch(() => undefined);
  }

  /** A system-caused sign-out (spec §4): revoked or expired message, broadcast to every tab. */
  endSession(): void {
    if (!this.session && !this.readStored()) return;
    const now = this.deps.now();
    const kind = systemSignOutNotice(now, this.readNumber(STORAGE_KEYS.lastSignIn), this.readNumber(STORAGE_KEYS.revokedNoticeAt));
    if (kind === 'revoked') this.deps.storage.setItem(STORAGE_KEYS.revokedNoticeAt, String(now));
    const notice = kind ? { kind, at: now } : null;
    this.clear();
    this.setNotice(notice);
    this.post({ type: 'signed-out', reason: 'system', notice });
    this.emit({ type: 'signed-out', remote: false, reason: 'system' });
  }

  dismissNotice(): void {
    this.setNotice(null);
    this.notify();
  }

  /**
   * Rotates the refresh token — one tab at a time. Inside the lock the stored session is read
   * again: when another tab already rotated it, that result is adopted instead of presenting a
   * refresh token that no longer works (which would revoke the whole session).
   */
  refresh(options: { force?: boolean } = {}): Promise<Session | null> {
    if (this.inflight) return this.inflight;
    const known = this.session;
    const run = () => this.refreshLocked(known, options.force === true);
    const task = this.deps.locks ? this.deps.locks.request(REFRESH_LOCK, run) : run();
    this.inflight = task.finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async refreshLocked(known: Session | null, force: boolean): Promise<Session | null> {
    const stored = this.readStored();
    if (!stored) {
      if (this.session) {
        this.clearMemory();
        this.emit({ type: 'signed-out', remote: true, reason: 'user' });
      }
      return null;
    }
    const now = this.deps.now();
    const rotatedElsewhere = known === null || stored.refreshToken !== known.refreshToken;
    if (rotatedElsewhere && (force || !isRefreshDue(stored.expiresAt, now))) {
      this.adopt(stored);
      return stored;
    }
    try {
      const pair = await this.deps.transport.refresh(stored.refreshToken);
      const next: Session = {
        idToken: pair.id_token,
        refreshToken: pair.refresh_token,
        expiresAt: this.deps.now() + pair.expires_in * 1000,
        user: pair.user,
        signedInAt: stored.signedInAt,
      };
      this.write(next);
      this.session = next;
      this.backoffMs = null;
      this.post({ type: 'refreshed' });
      this.schedule();
      this.emit({ type: 'refreshed', remote: false });
      return next;
    } catch (error) {
      if (isFatalRefreshFailure(error)) {
        this.endSession();
        return null;
      }
      this.backoffMs = nextRefreshBackoffMs(this.backoffMs);
      this.schedule();
      throw error;
    }
  }

  // ---- what the API client reports -----------------------------------------------------

  /** A 401 on an authenticated call: refresh once; true when the call should be retried. */
  async recoverFromUnauthorized(): Promise<boolean> {
    if (!this.session) return false;
    try {
      // null: the refresh token was refused and the session already ended (with its message).
      return (await this.refresh({ force: true })) !== null;
    } catch {
      return false;
    }
  }

  /** Disabled user → sign-out; the three restart answers → refresh the session, once a minute at most. */
  inspectFailure(failure: FailureLike): void {
    if (!this.session) return;
    if (isDisabledUserFailure(failure)) {
      this.endSession();
      return;
    }
    if (needsSessionRestart(failure)) void this.restart();
  }

  async restart(): Promise<void> {
    const now = this.deps.now();
    if (this.lastRestartAt !== null && now - this.lastRestartAt < RESTART_COOLDOWN_MS) {
      this.endSession();
      return;
    }
    this.lastRestartAt = now;
    const fresh = await this.refresh({ force: true }).catch(() => null);
    if (!fresh) this.endSession();
  }

  // ---- plumbing ------------------------------------------------------------------------

  private onChannelMessage(message: ChannelMessage, attempt = 0): void {
    if (message.type === 'signed-in' || message.type === 'refreshed') {
      const stored = this.readStored();
      if (!stored) {
        // Another tab's storage write can reach this renderer after its broadcast: look again shortly.
        if (attempt < CHANNEL_STORAGE_RETRIES) setTimeout(() => this.onChannelMessage(message, attempt + 1), CHANNEL_STORAGE_RETRY_MS);
        return;
      }
      if (message.type === 'signed-in') this.setNotice(null);
      this.backoffMs = null;
      this.session = stored;
      this.schedule();
      this.emit({ type: message.type, remote: true });
      this.notify();
    } else if (message.type === 'signed-out') {
      this.clearMemory();
      if (message.reason === 'system') this.setNotice(message.notice);
      this.emit({ type: 'signed-out', remote: true, reason: message.reason });
      this.notify();
    }
  }

  private adopt(session: Session): void {
    this.session = session;
    this.backoffMs = null;
    this.schedule();
    this.emit({ type: 'refreshed', remote: true });
    this.notify();
  }

  private schedule(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    const session = this.session;
    if (!session) return;
    const delay = this.backoffMs ?? refreshDelayMs(session.expiresAt, this.deps.now());
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      this.refresh().catch(() => undefined);
    }, delay);
  }

  private clear(): void {
    this.deps.storage.removeItem(STORAGE_KEYS.session);
    this.deps.storage.removeItem(STORAGE_KEYS.impersonating);
    this.clearMemory();
  }

  private clearMemory(): void {
    this.session = null;
    this.backoffMs = null;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private emit(event: SessionEvent): void {
    for (const listener of this.eventListeners) listener(event);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private post(message: ChannelMessage): void {
    try {
      this.deps.channel?.postMessage(message);
    } catch {
      // A closed channel only loses the cross-tab echo; this tab is already consistent.
    }
  }

  private write(session: Session): void {
    this.deps.storage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  }

  private readStored(): Session | null {
    const raw = this.deps.storage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<Session>;
      if (typeof value.idToken !== 'string' || typeof value.refreshToken !== 'string' || typeof value.expiresAt !== 'number' || !value.user) return null;
      return { signedInAt: 0, ...value } as Session;
    } catch {
      return null;
    }
  }

  private readNumber(key: string): number | null {
    const raw = this.deps.storage.getItem(key);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  }

  private setNotice(notice: SessionNotice | null): void {
    this.notice = notice;
    if (notice) this.deps.tabStorage.setItem(STORAGE_KEYS.notice, JSON.stringify(notice));
    else this.deps.tabStorage.removeItem(STORAGE_KEYS.notice);
  }

  private readNotice(): SessionNotice | null {
    const raw = this.deps.tabStorage.getItem(STORAGE_KEYS.notice);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as SessionNotice;
      return value.kind === 'revoked' || value.kind === 'expired' ? value : null;
    } catch {
      return null;
    }
  }
}
