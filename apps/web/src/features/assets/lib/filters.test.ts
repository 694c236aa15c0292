import { describe, expect, it } from 'vitest';
import { activeFilterCount, listStateParams, parseListState, withFilter } from './filters.ts';

describe('asset list state in the address', () => {
  it('reads filters, page, size and order, ignoring what it does not understand', () => {
    const state = parseListState(new URLSearchParams('search=grúa&type=t1&status=maintenance_needed&venue=v1&page=3&page_size=50&ordering=-name&bogus=1'));
    expect(state).toEqual({ filters: { search: 'grúa', type: 't1', status: 'maintenance_needed', venue: 'v1' }, page: 3, pageSize: 50, ordering: '-name' });
    expect(parseListState(new URLSearchParams('status=broken&page=-2&page_size=7&ordering=drop'))).toEqual({ filters: {}, page: 1, pageSize: 20, ordering: 'code' });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = parseListState(new URLSearchParams('category=c1&responsible=11.111.111-1&page=2'));
    expect(listStateParams(state).toString()).toBe('category=c1&responsible=11.111.111-1&page=2');
    expect(listStateParams(parseListState(new URLSearchParams(''))).toString()).toBe('');
  });

  it('a changed filter goes back to the first page; an emptied one disappears', () => {
    const state = parseListState(new URLSearchParams('type=t1&page=4'));
    expect(withFilter(state, 'venue', 'v2')).toMatchObject({ filters: { type: 't1', venue: 'v2' }, page: 1 });
    expect(withFilter(state, 'type', null).filters).toEqual({});
    expect(activeFilterCount({ search: 'x', type: 't1', status: 'ok' })).toBe(2);
  });
});
