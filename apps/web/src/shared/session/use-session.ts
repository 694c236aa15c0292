import { useSyncExternalStore } from 'react';
import { sessionStore } from './session.ts';
import type { Session, SessionNotice } from './session-store.ts';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

export function useSessionNotice(): SessionNotice | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getNotice, sessionStore.getNotice);
}

export function useIsImpersonating(): boolean {
  const session = useSession();
  return session !== null && sessionStore.isImpersonating();
}
