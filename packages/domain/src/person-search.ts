import { foldText } from './identity-documents.ts';

/**
 * How a people search reads what was typed (decision 008), in one place for the server that runs
 * it and the list that marks what it matched.
 */

/** A document number as search stores it: lower case, letters and digits only (12.345.678-K → 12345678k). */
export const bareNumber = (number: string) => number.toLowerCase().replace(/[^0-9a-z]/g, '');

/** A phone as search stores it: its last 8 digits (the number without country and area code). */
export const phoneSearchWord = (number: string) => number.replace(/\D/g, '').slice(-8);

/** A search that is one number in groups: digits with spaces, dots, dashes or parentheses between them, perhaps a leading + and a RUT's final k. */
const WRITTEN_NUMBER = /^\+?\(?\d[\d\s().-]*[\s()][\d\s().-]*k?$/;

export interface PersonSearch {
  /** A search of single letters only: a prefix of the accent-free name (a jump to a letter). */
  namePrefix: string | null;
  /** Otherwise each term, as its writings: each must start a word of the person's (any writing will do). */
  terms: string[][];
}

/**
 * A search folded (no case, no accents) and split at spaces. A number written in groups, as the
 * detail shows it (+56 9 1234 5678, (2) 2345 6789, 12 345 678-5), is one number; a RUT or number
 * typed with dots or a dash (12.345.678-5) is its bare writing; a long number is also a phone typed
 * whole, whose last 8 digits are stored.
 */
export function parsePersonSearch(search: string | undefined): PersonSearch {
  const folded = search ? foldText(search) : '';
  if (!folded) return { namePrefix: null, terms: [] };
  const words = WRITTEN_NUMBER.test(folded) && folded.replace(/\D/g, '').length >= 6 ? [folded.replace(/[^\dk+]/g, '')] : folded.split(' ').filter(Boolean);
  if (words.every((word) => word.length < 2)) return { namePrefix: folded, terms: [] };
  const bare = [...new Set(words.map((word) => (/^[\d.-]+k?$/.test(word) && /\d/.test(word) ? bareNumber(word) : word)).filter(Boolean))];
  return { namePrefix: null, terms: bare.map((term) => (/^\+?\d{9,15}$/.test(term) ? [...new Set([term.replace('+', ''), phoneSearchWord(term)])] : [term])) };
}
