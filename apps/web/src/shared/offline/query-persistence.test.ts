import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idbQueueStore, resetOfflineDbHandle } from './offline-db.ts';
import { persistQueries } from './query-persistence.ts';

describe('reads kept for offline (decision 031)', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the areas forms need, per person, and gives them back to a new cache (a reload)', async () => {
    const first = new QueryClient();
    const stop = persistQueries(first, 't1:u1:p1');
    first.setQueryData(['activities', 'occurrences', 'mine'], { results: [{ id: 'o1' }] });
    first.setQueryData(['catalogs', 'venues'], [{ id: 'v1', name: 'Bodega' }]);
    first.setQueryData(['reports', 'list'], ['not kept']);
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toBeTruthy());
    stop();
    const kept = JSON.parse((await idbQueueStore.getMeta('queries:t1:u1:p1'))!) as { queries: { queryKey: unknown[] }[] };
    expect(kept.queries.map((query) => query.queryKey[0]).sort()).toEqual(['activities', 'catalogs']);

    const reloaded = new QueryClient();
    const stopAgain = persistQueries(reloaded, 't1:u1:p1');
    await vi.waitFor(() => expect(reloaded.getQueryData(['catalogs', 'venues'])).toEqual([{ id: 'v1', name: 'Bodega' }]));
    expect(reloaded.getQueryData(['activities', 'occurrences', 'mine'])).toEqual({ results: [{ id: 'o1' }] });
    // shown at once, but read again: a restored read is never taken as fresh
    await vi.waitFor(() => expect(reloaded.getQueryState(['catalogs', 'venues'])?.isInvalidated).toBe(true));
    stopAgain();

    const someoneElse = new QueryClient();
    const stopOther = persistQueries(someoneElse, 't1:u2:p2');
    await vi.advanceTimersByTimeAsync(100);
    expect(someoneElse.getQueryData(['catalogs', 'venues'])).toBeUndefined();
    stopOther();
  });

  it('writes a read not yet kept at once when the page is left or hidden (a full load of another screen)', async () => {
    const client = new QueryClient();
    const stop = persistQueries(client, 't1:u1:p1');
    client.setQueryData(['checklists', 'list', 'c1', '', 1, false], { results: [{ id: 'k1' }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"'));

    client.setQueryData(['checklists', 'detail', 'k1'], { id: 'k1', name: 'Patio' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"Patio"'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    stop();
  });

  it('a save asked before the kept reads are back waits for them and keeps them (offline start, then the page left)', async () => {
    const first = new QueryClient();
    const stopFirst = persistQueries(first, 't1:u1:p1');
    first.setQueryData(['checklists', 'list', 'c1', '', 1, false], { results: [{ id: 'k1' }] });
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"'));
    stopFirst();

    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { ...idbQueueStore, getMeta: async (key: string) => (await gate, idbQueueStore.getMeta(key)) };
    const reloaded = new QueryClient();
    const stop = persistQueries(reloaded, 't1:u1:p1', slow);
    reloaded.setQueryData(['checklists', 'local-draft', 'k1'], { answers: {} });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(100);
    expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"');
    release();
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('local-draft'));
    expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"list","c1"');
    stop();
  });

  it('a kept read whose read again failed (offline) stays kept, as it was', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = persistQueries(client, 't1:u1:p1');
    client.setQueryData(['checklists', 'list', 'c1', '', 1, false], { results: [{ id: 'k1' }] });
    await client.fetchQuery({ queryKey: ['checklists', 'list', 'c1', '', 1, false], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 }).catch(() => undefined);
    expect(client.getQueryState(['checklists', 'list', 'c1', '', 1, false])?.status).toBe('error');
    client.setQueryData(['catalogs', 'venues'], [{ id: 'v1' }]);
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"'));
    const kept = JSON.parse((await idbQueueStore.getMeta('queries:t1:u1:p1'))!) as { queries: { queryKey: unknown[]; state: { status: string; error: unknown } }[] };
    expect(kept.queries.find((query) => query.queryKey[1] === 'list')?.state).toMatchObject({ status: 'success', error: null });
    stop();
  });

  it('two caches of one person (two tabs, or a page left before its write) add to what is kept instead of replacing it', async () => {
    const tabA = new QueryClient();
    const tabB = new QueryClient();
    const stopA = persistQueries(tabA, 't1:u1:p1');
    const stopB = persistQueries(tabB, 't1:u1:p1');
    tabA.setQueryData(['checklists', 'list', 'c1', '', 1, false], { results: [{ id: 'k1' }] });
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"'));
    tabB.setQueryData(['checklists', 'detail', 'k2'], { id: 'k2', name: 'Patio' });
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(async () => expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"Patio"'));
    expect(await idbQueueStore.getMeta('queries:t1:u1:p1')).toContain('"k1"');
    stopA();
    stopB();
  });
});
