/**
 * Lookups by id asked for in the same moment go out as one request: a page of responses naming
 * twenty people asks for their names once (`?ids=a,b,…`), not twenty times. Requests wait one
 * macrotask, so every query a render starts joins the same batch; a batch larger than `max` ids
 * is split. A row the answer lacks resolves as null; a failed request fails its whole batch.
 */
export function idBatcher<T>(load: (ids: string[]) => Promise<T[]>, idOf: (row: T) => string, max = 100): (id: string) => Promise<T | null> {
  let waiting: { id: string; resolve: (row: T | null) => void; reject: (error: unknown) => void }[] = [];

  const flush = () => {
    const asked = waiting;
    waiting = [];
    const ids = [...new Set(asked.map((entry) => entry.id))];
    for (let start = 0; start < ids.length; start += max) {
      const slice = new Set(ids.slice(start, start + max));
      const mine = asked.filter((entry) => slice.has(entry.id));
      load([...slice]).then(
        (rows) => {
          const byId = new Map(rows.map((row) => [idOf(row), row]));
          for (const entry of mine) entry.resolve(byId.get(entry.id) ?? null);
        },
        (error: unknown) => {
          for (const entry of mine) entry.reject(error);
        },
      );
    }
  };

  return (id) =>
    new Promise<T | null>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ id, resolve, reject });
    });
}
