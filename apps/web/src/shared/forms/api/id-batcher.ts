/**
 * Lookups by id asked for in the same moment go out as one request: a page of responses naming
 * twenty people asks for their names once (`?ids=a,b,…`), not twenty times. Requests wait one
 * macrotask, so every query a render starts joins the same batch; a batch larger than `max` ids
 * is split. A row the answer lacks resolves as null; a failed request fails its whole batch.
 *
 * Each caller may pass its own abort signal (React Query's, cancelled when the query is no longer
 * wanted): an aborted caller is answered at once with the signal's reason and leaves its batch;
 * the request itself is aborted only when every caller in it has gone, so one caller leaving never
 * fails the others.
 */
export function idBatcher<T>(load: (ids: string[], signal: AbortSignal) => Promise<T[]>, idOf: (row: T) => string, max = 100): (id: string, signal?: AbortSignal) => Promise<T | null> {
  interface Entry {
    id: string;
    signal: AbortSignal | undefined;
    settled: boolean;
    resolve: (row: T | null) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Entry[] = [];

  const send = (ids: string[], mine: Entry[]) => {
    const request = new AbortController();
    const leave = () => {
      if (mine.every((entry) => entry.settled)) request.abort();
    };
    for (const entry of mine) entry.signal?.addEventListener('abort', leave, { once: true });
    const done = () => {
      for (const entry of mine) entry.signal?.removeEventListener('abort', leave);
    };
    load(ids, request.signal).then(
      (rows) => {
        done();
        const byId = new Map(rows.map((row) => [idOf(row), row]));
        for (const entry of mine) entry.resolve(byId.get(entry.id) ?? null);
      },
      (error: unknown) => {
        done();
        for (const entry of mine) entry.reject(error);
      },
    );
  };

  const flush = () => {
    const asked = waiting.filter((entry) => !entry.settled);
    waiting = [];
    const ids = [...new Set(asked.map((entry) => entry.id))];
    for (let start = 0; start < ids.length; start += max) {
      const slice = new Set(ids.slice(start, start + max));
      send(
        [...slice],
        asked.filter((entry) => slice.has(entry.id)),
      );
    }
  };

  return (id, signal) =>
    new Promise<T | null>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => entry.reject(signal?.reason);
      const settle = () => {
        if (entry.settled) return false;
        entry.settled = true;
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const entry: Entry = {
        id,
        signal,
        settled: false,
        resolve: (row) => {
          if (settle()) resolve(row);
        },
        reject: (error) => {
          if (settle()) reject(error);
        },
      };
      // registered before the batch's own listener, so the entry has left when the batch looks
      signal?.addEventListener('abort', onAbort, { once: true });
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push(entry);
    });
}
