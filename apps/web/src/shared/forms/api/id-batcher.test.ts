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
});
