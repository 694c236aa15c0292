import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sessionStore } from '../session/session.ts';

/**
 * The query each path was last shown with in this tab, so that "back to the list" returns to the
 * list as it was left — its search, filters and page — and not to its first page. The app's
 * layout records every location; `returnAddress` completes a back link's path.
 */
const lastQuery = new Map<string, string>();
const KEPT = 100;

const keyOf = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

// Another person's searches must not outlive their session, as the query cache does not (app/query-client.ts).
sessionStore.onEvent((event) => {
  if (event.type === 'signed-out' || event.type === 'signed-in') lastQuery.clear();
});

export function rememberAddress(pathname: string, search: string): void {
  const key = keyOf(pathname);
  lastQuery.delete(key);
  if (search && search !== '?') lastQuery.set(key, search.startsWith('?') ? search : `?${search}`);
  // the oldest first (a Map keeps insertion order): a tab open all day keeps the last hundred
  if (lastQuery.size > KEPT) lastQuery.delete(lastQuery.keys().next().value!);
}

/** `to` with the query its path was last shown with; a `to` that has its own query or hash is kept as it is. */
export function returnAddress(to: string): string {
  if (/[?#]/.test(to)) return to;
  return to + (lastQuery.get(keyOf(to)) ?? '');
}

/** Records the current location (the app's layout calls it once for every screen). */
export function useRememberAddress(): void {
  const { pathname, search } = useLocation();
  useEffect(() => rememberAddress(pathname, search), [pathname, search]);
}

/** Tests: forget every address. */
export function forgetAddresses(): void {
  lastQuery.clear();
}
