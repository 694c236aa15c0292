import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../api/api-client.ts';
import { SESSION_CHANNEL, SessionStore, type ChannelLike, type LocksLike } from './session-store.ts';

const AUTH = '/api/auth/v3';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function safeStorage(get: () => Storage): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = get();
    const probe = '__faena_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    // Private modes may refuse storage: the session then lives as long as the tab.
    return memoryStorage();
  }
}

function browserChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
}

function browserLocks(): LocksLike | null {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  const locks = navigator.locks;
  return { request: (name, callback) => locks.request(name, callback) };
}

export const sessionStore = new SessionStore({
  storage: safeStorage(() => window.localStorage),
  tabStorage: safeStorage(() => window.sessionStorage),
  channel: browserChannel(),
  locks: browserLocks(),
  now: () => Date.now(),
  setTimer: (callback, ms) => window.setTimeout(callback, Math.min(ms, 2_147_483_647)),
  clearTimer: (handle) => window.clearTimeout(handle as number),
  transport: {
    refresh: (refreshToken) => apiClient.post<TTokenPair>(`${AUTH}/token`, { json: { refresh_token: refreshToken }, auth: false }),
    signOut: (idToken) => apiClient.post<void>(`${AUTH}/sign-out`, { auth: false, headers: { authorization: `Bearer ${idToken}` }, responseType: 'none' }),
  },
});

apiClient.setAuthBridge({
  getIdToken: () => sessionStore.getIdToken(),
  recoverFromUnauthorized: () => sessionStore.recoverFromUnauthorized(),
  inspectFailure: (failure) => sessionStore.inspectFailure(failure),
});
