import { describe, expect, it } from 'vitest';
import { ruleChanges } from './rule-changes.ts';

const EMPTY = { positions: [], venues: [], business_lines: [], persons: [] };

describe('ruleChanges', () => {
  it('says, list by list, what was added and taken off, and nothing for the lists left alone', () => {
    const before = { ...EMPTY, positions: ['p1'], persons: ['a', 'b'] };
    expect(ruleChanges(before, before)).toEqual({});
    expect(ruleChanges(before, { ...before, persons: ['b', 'c'] })).toEqual({ rules_added: { persons: ['c'] }, rules_removed: { persons: ['a'] } });
    expect(ruleChanges(before, { ...before, venues: ['v1'], positions: [] })).toEqual({ rules_added: { venues: ['v1'] }, rules_removed: { positions: ['p1'] } });
    // the order of a list is no change
    expect(ruleChanges(before, { ...before, persons: ['b', 'a'] })).toEqual({});
  });
});
