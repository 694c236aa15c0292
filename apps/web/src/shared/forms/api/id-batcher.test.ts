import { describe, expect, it } from 'vitest';
import { idBatcher } from './id-batcher.ts';

interface Row {
  id: string;
  name: string;
}

function recorder(fail?: (ids: string[]) => boolean) {
  const calls: string[][] = [];
  const load = (ids: string[]): Promise<Row[]> => {
    calls.push(ids);
    if (fail?.(ids)) return Promise.reject(new Error('down'));
    return Promise.resolve(ids.filter((id) => !id.startsWith('gone')).map((id) => ({ id, name: `name ${id}` })));
  };
  return { calls, batched: idBatcher(load, (row) => row.id, 3) };
}

describe('idBatcher', () => {
  it('asks once for the ids requested together, each id once, and answers each caller', async () => {
    const { calls, batched } = recorder();
    const answers = await Promise.all([batched('a'), batched('b'), batched('a'), batched('gone-1')]);
    expect(calls).toEqual([['a', 'b', 'gone-1']]);
    expect(answers.map((row) => row?.name ?? null)).toEqual(['name a', 'name b', 'name a', null]);
  });

  it('splits a batch larger than the limit and starts afresh after a flush', async () => {
    const { calls, batched } = recorder();
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => batched(id)));
    await batched('f');
    expect(calls).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
  });

  it('fails only the callers of the request that failed', async () => {
    const { batched } = recorder((ids) => ids.includes('d'));
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((id) => batched(id)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  });

  it('answers an aborted caller at once with its reason and keeps it out of a batch not yet sent', async () => {
    const { calls, batched } = recorder();
    const gone = new AbortController();
    const leaving = batched('a', gone.signal);
    const staying = batched('b');
    gone.abort(new Error('not wanted'));
    await expect(leaving).rejects.toThrow('not wanted');
    expect((await staying)?.name).toBe('name b');
    expect(calls).toEqual([['b']]);
    const already = new AbortController();
    already.abort(new Error('too late'));
    await expect(batched('c', already.signal)).rejects.toThrow('too late');
    expect(calls).toEqual([['b']]);
  });

  it('aborts a sent request only when every caller in it has gone', async () => {
    const { signals, release, batched } = held();
    const first = new AbortController();
    const second = new AbortController();
    const a = batched('a', first.signal);
    const b = batched('b', second.signal);
    await tick();
    expect(signals).toHaveLength(1);
    first.abort(new Error('first gone'));
    await expect(a).rejects.toThrow('first gone');
    expect(signals[0]?.aborted).toBe(false);
    second.abort(new Error('second gone'));
    await expect(b).rejects.toThrow('second gone');
    expect(signals[0]?.aborted).toBe(true);
    release();
  });

  it('never aborts a request a caller without a signal waits for', async () => {
    const { signals, release, batched } = held();
    const gone = new AbortController();
    const leaving = batched('a', gone.signal);
    const staying = batched('b');
    await tick();
    gone.abort(new Error('gone'));
    await expect(leaving).rejects.toThrow('gone');
    expect(signals[0]?.aborted).toBe(false);
    release();
    expect((await staying)?.name).toBe('name b');
  });
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A loader whose answer waits until `release()`: the batch is in flight meanwhile. */
function held() {
  const signals: AbortSignal[] = [];
  const releases: (() => void)[] = [];
  const batched = idBatcher(
    (ids: string[], signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<Row[]>((resolve) => releases.push(() => resolve(ids.map((id) => ({ id, name: `name ${id}` })))));
    },
    (row: Row) => row.id,
  );
  return { signals, batched, release: () => releases.forEach((release) => release()) };
}
