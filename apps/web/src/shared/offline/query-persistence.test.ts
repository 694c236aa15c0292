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
});
