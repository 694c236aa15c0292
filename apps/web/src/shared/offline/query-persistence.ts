import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { onBeforeSignOut } from '../session/sign-out-hooks.ts';
import { idbQueueStore, type QueueStore } from './offline-db.ts';

/**
 * The reads kept on the device for working offline (decision 031): what forms and the person's
 * own work need — activities and occurrences, checklists and their drafts, workflow tasks, forms,
 * catalogues (venues, locations), data sources, the directory pickers, people, assets, the site
 * configuration. Other areas (reports, posts, audit…) are not kept.
 */
export const KEPT_ROOTS = new Set(['activities', 'checklists', 'workflows', 'forms', 'catalogs', 'data-sources', 'directory', 'people', 'assets', 'site-config', 'logic-parser']);
const MAX_BYTES = 8 * 1024 * 1024;
const SAVE_AFTER_MS = 2_000;
const KEEP_MS = 7 * 24 * 3600_000;
const keyOf = (owner: string) => `queries:${owner}`;

/**
 * Restores the person's kept reads into the query cache (only where the cache holds nothing newer),
 * then writes them back, a moment after each successful read (at once when the page is left or hidden). Keyed to the person: another person
 * signing in on the device starts empty; signing out deletes the person's kept reads (their pending
 * submissions stay, decision 031). Returns the stop function.
 */
export function persistQueries(client: QueryClient, owner: string, store: QueueStore = idbQueueStore): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    // never before the kept reads are back: a save then would replace them with the few reads made
    // since the start (offline, a draft read from the device; then the page left)
    await ready;
    if (stopped) return;
    // a read with data whose read again failed (offline) is kept as it was: kept only while successful,
    // the first save offline after a screen tried it again dropped it from the device
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.data !== undefined && KEPT_ROOTS.has(String(query.queryKey[0])) });
    const state: DehydratedState = {
      ...dehydrated,
      queries: dehydrated.queries.map((query) =>
        query.state.status === 'error' ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } } : query,
      ),
    };
    // merged with what is kept: a read of another tab, or of a page left before its write was done, stays
    // (for a week) until this cache holds a newer one of the same query
    const before = await store.getMeta(keyOf(owner)).catch(() => null);
    const here = new Set(state.queries.map((query) => query.queryHash));
    const oldest = Date.now() - KEEP_MS;
    const others = before ? (JSON.parse(before) as DehydratedState).queries.filter((query) => !here.has(query.queryHash) && query.state.dataUpdatedAt > oldest) : [];
    if (stopped) return;
    let text = JSON.stringify({ ...state, queries: [...state.queries, ...others] });
    if (text.length > MAX_BYTES) text = JSON.stringify(state);
    if (text.length > MAX_BYTES) return; // a device short of room keeps its pending work first
    await store.setMeta(keyOf(owner), text).catch(() => undefined);
  };
  const ready = store
    .getMeta(keyOf(owner))
    .then((text) => {
      if (stopped || !text) return;
      // kept reads stay in memory for the day: a screen opened offline later still finds them
      const kept = JSON.parse(text) as DehydratedState;
      hydrate(client, kept, { defaultOptions: { queries: { gcTime: 24 * 3600_000 } } });
      // restored reads are shown at once but are never taken as fresh: with a connection a screen open
      // now reads again (a scan or a save made since would otherwise hide for staleTime); offline they
      // stay as they are (a read again would only fail, and the shell would show its error page)
      if (!navigator.onLine) return;
      const restored = new Map(kept.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
      void client.invalidateQueries({ predicate: (query) => restored.get(query.queryHash) === query.state.dataUpdatedAt });
    })
    .catch(() => undefined);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !KEPT_ROOTS.has(String(event.query.queryKey[0]))) return;
    timer ??= setTimeout(() => void save(), SAVE_AFTER_MS);
  });
  // a read not yet written when the page goes (a full load of another screen, the app sent to the
  // background and closed by the phone) is written now: it was lost, and with it the offline list
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const listening = typeof window !== 'undefined' && typeof document !== 'undefined';
  if (listening) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
  }
  const forget = onBeforeSignOut(async () => {
    stopped = true;
    clearTimeout(timer);
    await store.setMeta(keyOf(owner), '').catch(() => undefined);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (listening) {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    }
    unsubscribe();
    forget();
  };
}
