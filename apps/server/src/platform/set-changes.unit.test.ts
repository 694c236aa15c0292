import { describe, expect, it } from 'vitest';
import { bothShapes, setChangesOf } from './set-changes.ts';

describe('setChangesOf', () => {
  it('keeps each added value once and drops removals that are also added or that `removable` refuses', () => {
    expect(setChangesOf(['a', 'b', 'a'], ['b', 'c', 'c', 'x'], (value) => value !== 'x')).toEqual({ added: ['a', 'b'], removed: ['c'] });
    expect(setChangesOf(undefined, ['c'])).toEqual({ added: [], removed: ['c'] });
    expect(setChangesOf()).toEqual({ added: [], removed: [] });
  });

  it('words the error of a body that sends both shapes', () => {
    expect(bothShapes('people', 'people_added', 'people_removed')).toBe('Send either people (the whole set) or people_added and people_removed, not both.');
  });
});
