import { describe, expect, it } from 'vitest';
import { setChangeFields, setChanges } from './set-changes.ts';

describe('setChanges', () => {
  it('names what came and what went, in the order of each set; the same set is no change', () => {
    expect(setChanges(['A', 'B'], ['B', 'C'])).toEqual({ added: ['C'], removed: ['A'] });
    expect(setChanges(['A', 'B'], ['B', 'A'])).toEqual({ added: [], removed: [] });
    expect(setChanges([], ['A'])).toEqual({ added: ['A'], removed: [] });
  });

  it('as a request’s fields: who came and who went, never the whole set, and nothing for a set left alone', () => {
    const holders = (before: string[], after: string[]) => setChangeFields(before, after, 'people_added', 'people_removed');
    expect(holders(['a', 'b'], ['b', 'c'])).toEqual({ people_added: ['c'], people_removed: ['a'] });
    expect(holders(['a'], ['a', 'b'])).toEqual({ people_added: ['b'] });
    expect(holders(['a', 'b'], [])).toEqual({ people_removed: ['a', 'b'] });
    expect(holders(['a'], ['a'])).toEqual({});
  });
});
