import { describe, expect, it } from 'vitest';
import { setChanges } from './set-changes.ts';

describe('setChanges', () => {
  it('names what came and what went, in the order of each set; the same set is no change', () => {
    expect(setChanges(['A', 'B'], ['B', 'C'])).toEqual({ added: ['C'], removed: ['A'] });
    expect(setChanges(['A', 'B'], ['B', 'A'])).toEqual({ added: [], removed: [] });
    expect(setChanges([], ['A'])).toEqual({ added: ['A'], removed: [] });
  });
});
