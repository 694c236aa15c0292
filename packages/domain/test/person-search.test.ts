import { describe, expect, it } from 'vitest';
import { bareNumber, parsePersonSearch, phoneSearchWord } from '../src/person-search.ts';

describe('parsePersonSearch', () => {
  it('folds and splits words; single letters are a prefix of the name', () => {
    expect(parsePersonSearch('  ÑANDÚ  Pérez ')).toEqual({ namePrefix: null, terms: [['nandu'], ['perez']] });
    expect(parsePersonSearch('a b')).toEqual({ namePrefix: 'a b', terms: [] });
    expect(parsePersonSearch('')).toEqual({ namePrefix: null, terms: [] });
    expect(parsePersonSearch(undefined)).toEqual({ namePrefix: null, terms: [] });
  });

  it('takes numbers as the list stores them: bare documents, grouped numbers whole, long numbers also as a phone', () => {
    expect(parsePersonSearch('12.345.678-k')).toEqual({ namePrefix: null, terms: [['12345678k']] });
    expect(parsePersonSearch('12 345 678-5')).toEqual({ namePrefix: null, terms: [['123456785', '23456785']] });
    expect(parsePersonSearch('+56 9 8765 4321')).toEqual({ namePrefix: null, terms: [['56987654321', '87654321']] });
    expect(parsePersonSearch('ana 8765 4321').terms).toEqual([['ana'], ['8765'], ['4321']]);
    expect(parsePersonSearch('ab-12').terms).toEqual([['ab-12']]);
  });

  it('stores documents and phones the same way', () => {
    expect(bareNumber('12.345.678-K')).toBe('12345678k');
    expect(phoneSearchWord('+56 2 2441 0000')).toBe('24410000');
  });
});
