import { foldText } from '@faena/domain/identity-documents';
import { phoneSearchWord, type PersonSearch } from '@faena/domain/person-search';

/** A stretch of a text, [start, end) in its own characters. */
export interface Range {
  start: number;
  end: number;
}

/**
 * What a text is, for where its words start and how its characters compare: a name's words are
 * what spaces separate; a position title's, what any sign separates; an e-mail is one word; a
 * document number is one word of its letters and digits (its dots, dashes and spaces dropped); a
 * phone is its last 8 digits (`phoneSearchWord`).
 */
export type MarkedKind = 'name' | 'title' | 'email' | 'document' | 'phone';

const SPACE = /\s/u;
const SIGN = /[^\p{L}\p{N}]/u;

const foldChar = (char: string, kind: MarkedKind) => {
  if (kind === 'document') return /[\p{L}\p{N}]/u.test(char) ? foldText(char) : '';
  if (kind === 'phone') return /\d/.test(char) ? char : '';
  return foldText(char) || (SPACE.test(char) ? ' ' : '');
};

/**
 * Where a search (`parsePersonSearch`, as the server reads it) matched `text`: a writing of a term
 * starting one of its words, compared without case or accents; a search of single letters, the
 * start of a name. Overlapping stretches are merged.
 */
export function wordStartRanges(text: string, search: PersonSearch, kind: MarkedKind = 'name'): Range[] {
  const terms = search.namePrefix === null ? search.terms : kind === 'name' ? [[search.namePrefix]] : [];
  if (terms.length === 0) return [];
  // the folded text and, for each of its code units, the character of `text` it came from
  // (`offsets`: where each character starts; one past the last, the text's length)
  let folded = '';
  const origin: number[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const char of text) {
    const f = foldChar(char, kind);
    folded += f;
    for (let unit = 0; unit < f.length; unit++) origin.push(offsets.length);
    offsets.push(offset);
    offset += char.length;
  }
  offsets.push(offset);
  const stretch = (from: number, to: number): Range => ({ start: offsets[origin[from]!]!, end: offsets[origin[to - 1]! + 1]! });
  if (kind === 'phone') return phoneRanges(folded, terms, stretch);
  const separator = kind === 'title' ? SIGN : SPACE;
  const oneWord = kind === 'email' || kind === 'document' || search.namePrefix !== null;
  const ranges: Range[] = [];
  for (let i = 0; i < folded.length; i++) {
    const startsWord = i === 0 || (!oneWord && separator.test(folded[i - 1]!) && !separator.test(folded[i]!));
    if (!startsWord) continue;
    for (const writing of terms.flat()) if (folded.startsWith(writing, i)) ranges.push(stretch(i, i + writing.length));
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** Items a search matched (some stretch marked) first, then the rest, each in its own order. */
export function matchedFirst<T extends { ranges: readonly Range[] }>(items: readonly T[]): T[] {
  return [...items.filter((item) => item.ranges.length > 0), ...items.filter((item) => item.ranges.length === 0)];
}

/**
 * A phone's digits matched as the search matches them: a writing starts its last 8 (`2441` in
 * +56 2 2441 0000); when the term was a whole number, typed with more digits than those 8, the
 * whole number is marked.
 */
function phoneRanges(digits: string, terms: readonly string[][], stretch: (from: number, to: number) => Range): Range[] {
  const last8 = digits.length - phoneSearchWord(digits).length;
  for (const term of terms) {
    const writing = term.find((w) => /^\d+$/.test(w) && digits.startsWith(w, last8));
    if (writing !== undefined) return [term.some((w) => w.length > 8) ? stretch(0, digits.length) : stretch(last8, last8 + writing.length)];
  }
  return [];
}
