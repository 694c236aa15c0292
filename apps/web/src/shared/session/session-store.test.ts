import { describe, expect, it, vi } from 'vitest';
import type { TTokenPair } from '@faena/contracts';
import { SessionStore, STORAGE_KEYS, type ChannelLike, type LocksLike, type SessionTransport } from './session-store.ts';

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
}

/** A BroadcastChannel between fake tabs: delivers to every other member, synchronously. */
class Bus {
  members = new Set<FakeChannel>();
}
class FakeChannel implements ChannelLike {
  private listeners: ((event: MessageEvent) => void)[] = [];
  private readonly bus: Bus;
  constructor(bus: Bus) {
    this.bus = bus;
    bus.members.add(this);
  }
  postMessage(message: unknown) {
    for (const other of this.bus.members) if (other !== this) for (const l of other.listeners) l({ data: structuredClone(message) } as MessageEvent);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.bus.members.delete(this);
  }
}

/** Web Locks: one holder at a time, FIFO. */
class FakeLocks implements LocksLike {
  private tail: Promise<unknown> = Promise.resolve();
  request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
    const run = this.tail.then(callback, callback);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

function pair(n: number, extra: Partial<TTokenPair['user']> = {}): TTokenPair {
  return {
    id_token: `id-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: 3600,
    user: { id: 'u1', email: 'a@b.cl', name: 'Ana', tenant_id: 't1', passport: 'p1', picture: null, sign_in_method: 'PASSWORD', last_sign_in_time: null, impersonator: null, ...extra },
  };
}

function makeWorld() {
  const storage = new MemoryStorage();
  const bus = new Bus();
  const locks = new FakeLocks();
  let now = 1_000_000;
  let issued = 1;
  const used = new Set<string>();
  const transport: SessionTransport & { refreshCalls: number } = {
    refreshCalls: 0,
    async refresh(token) {
      this.refreshCalls += 1;
      await Promise.resolve();
      // Rotation: a refresh token works once; reuse is refused (the server revokes the family).
      if (used.has(token)) throw Object.assign(new Error('reused'), { status: 401 });
      used.add(token);
      return pair(++issued);
    },
    signOut: vi.fn(async () => undefined),
  };
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const tab = () =>
    new SessionStore({
      storage,
      tabStorage: new MemoryStorage(),
      channel: new FakeChannel(bus),
      locks,
      now: () => now,
      setTimer: (fn, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimer: (id) => {
        const index = timers.findIndex((t) => t.id === id);
        if (index >= 0) timers.splice(index, 1);
      },
      transport,
    });
  return {
    storage,
    transport,
    tab,
    timers,
    advance: (ms: number) => {
      now += ms;
    },
    get now() {
      return now;
    },
  };
}

describe('SessionStore', () => {
  it('broadcasts sign-in and sign-out to the other tabs', async () => {
    const world = makeWorld();
    const a = world.tab();
    const b = world.tab();
    const events: string[] = [];
    b.onEvent((e) => events.push(`${e.type}:${e.remote}`));

    a.signIn(pair(1));
    expect(b.getSnapshot()?.idToken).toBe('id-1');

    await a.signOut();
    expect(b.getSnapshot()).toBeNull();
    expect(world.transport.signOut).toHaveBeenCalledWith('id-1');
    expect(events).toEqual(['signed-in:true', 'signed-out:true']);
    expect(b.getNotice()).toBeNull();
  });

  it('schedules the refresh 5 minutes before expiry', () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1));
    const timer = world.timers.at(-1)!;
    expect(timer.at - world.now).toBe(55 * 60_000);
  });

  it('refreshes in one tab at a time; the other adopts the rotated pair instead of reusing the old token', async () => {
    const world = makeWorld();
    const a = world.tab();
    const b = world.tab();
    a.signIn(pair(1));
    world.advance(56 * 60_000);

    const [ra, rb] = await Promise.all([a.refresh(), b.refresh()]);
    expect(world.transport.refreshCalls).toBe(1);
    expect(ra?.refreshToken).toBe(rb?.refreshToken);
    expect(a.getSnapshot()?.idToken).toBe(b.getSnapshot()?.idToken);
    expect(a.getSnapshot()).not.toBeNull();
  });

  it('ends the session with the revoked message when the refresh token is refused within a minute of sign-in', async () => {
    const world = makeWorld();
    const a = world.tab();
    const b = world.tab();
    a.signIn(pair(1));
    world.transport.refresh = async () => {
      throw Object.assign(new Error('revoked'), { status: 401 });
    };
    world.advance(10_000);
    expect(await a.refresh({ force: true })).toBeNull();
    expect(a.getSnapshot()).toBeNull();
    expect(a.getNotice()?.kind).toBe('revoked');
    expect(b.getNotice()?.kind).toBe('revoked');
    expect(world.storage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('says the session expired when it ends later than a minute after sign-in', () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1));
    world.advance(2 * 60_000);
    a.endSession();
    expect(a.getNotice()?.kind).toBe('expired');
  });

  it('backs off on a transient refresh failure and keeps the session', async () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1));
    world.transport.refresh = async () => {
      throw Object.assign(new Error('down'), { status: 503 });
    };
    world.advance(56 * 60_000);
    await expect(a.refresh()).rejects.toThrow('down');
    expect(a.getSnapshot()).not.toBeNull();
    expect(world.timers.at(-1)!.at - world.now).toBe(30_000);
    await expect(a.refresh()).rejects.toThrow('down');
    expect(world.timers.at(-1)!.at - world.now).toBe(60_000);
  });

  it('signs out a disabled user and restarts the session on the restart answers', async () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1));
    world.advance(5 * 60_000);
    a.inspectFailure({ status: 403, body: { code: 'tenant-mismatch', detail: 'Tenant in token is not valid' }, bodyText: '' });
    await vi.waitFor(() => expect(world.transport.refreshCalls).toBe(1));
    expect(a.getSnapshot()?.idToken).toBe('id-2');

    a.inspectFailure({ status: 403, body: { code: 'user-disabled' }, bodyText: '' });
    expect(a.getSnapshot()).toBeNull();
    expect(a.getNotice()?.kind).toBe('expired');
  });

  it('keeps the impersonation flag on the device while the session acts for someone else', () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1, { impersonator: { id: 'u0', name: 'Admin', email: 'admin@faena.test' } }));
    expect(a.isImpersonating()).toBe(true);
    expect(world.storage.getItem(STORAGE_KEYS.impersonating)).toBe('true');
    a.signIn(pair(2));
    expect(a.isImpersonating()).toBe(false);
  });

  it('refreshes before handing out a token that counts as expired', async () => {
    const world = makeWorld();
    const a = world.tab();
    a.signIn(pair(1));
    world.advance(60 * 60_000 - 20_000);
    expect(await a.getIdToken()).toBe('id-2');
  });
});
