import { foldText } from '@faena/domain/identity-documents';

/** A stretch of a text, [start, end) in its own characters. */
export interface Range {
  start: number;
  end: number;
}

export interface SearchTerms {
  terms: string[];
  /** A search of single letters only: one prefix of the whole name (a jump to a letter). */
  namePrefix: boolean;
}

/** A search that is one number written in groups (+56 9 1234 5678, 12 345 678-5): the server takes it whole. */
const WRITTEN_NUMBER = /^\+?\(?\d[\d\s().-]*[\s()][\d\s().-]*k?$/;
/** A word the server compares with documents without its dots and dash (12.345.678-5). */
const NUMBER_WORD = /^[\d.-]+k?$/;

/**
 * The terms a people search matches words with, as the server takes them (decision 008): the
 * search folded (no case, no accents) and split at spaces, a number written in groups kept whole;
 * a search of single letters only is one prefix of the whole name. A term of signs alone marks
 * nothing.
 */
export function searchTerms(search: string): SearchTerms {
  const folded = foldText(search);
  if (WRITTEN_NUMBER.test(folded) && folded.replace(/\D/g, '').length >= 6) return { terms: [folded.replace(/[^\dk+]/g, '')], namePrefix: false };
  const words = folded.split(' ').filter(Boolean);
  if (words.length > 0 && words.every((word) => word.length < 2)) return { terms: [folded], namePrefix: true };
  return { terms: words.filter((word) => /[\p{L}\p{N}]/u.test(word)), namePrefix: false };
}

/**
 * What a text is, for where its words start and how its characters compare: a name's words are
 * what spaces separate; a position title's, what any sign separates; an e-mail is one word; a
 * document number is one word of its letters and digits (its dots, dashes and spaces dropped); a
 * phone, its last 8 digits (the number without country and area code, as the search stores it).
 */
export type MarkedKind = 'name' | 'title' | 'email' | 'document' | 'phone';

const SPACE = /\s/u;
const SIGN = /[^\p{L}\p{N}]/u;

const foldChar = (char: string, kind: MarkedKind) => {
  if (kind === 'document') return /[\p{L}\p{N}]/u.test(char) ? foldText(char) : '';
  if (kind === 'phone') return /\d/.test(char) ? char : '';
  return foldText(char) || (SPACE.test(char) ? ' ' : '');
};

const termFor = (term: string, kind: MarkedKind) => (kind === 'document' && NUMBER_WORD.test(term.replace('+', '')) && /\d/.test(term) ? term.replace(/[^\dk]/g, '') : term);

/**
 * Where the search's terms start a word of `text`, compared without case or accents as the search
 * compares (`kind` says what the text is). Overlapping stretches are merged.
 */
export function wordStartRanges(text: string, search: SearchTerms, kind: MarkedKind = 'name'): Range[] {
  if (search.terms.length === 0 || (search.namePrefix && kind !== 'name')) return [];
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
  if (kind === 'phone') return phoneRanges(folded, search.terms, (from, to) => ({ start: offsets[origin[from]!]!, end: offsets[origin[to - 1]! + 1]! }));
  const separator = kind === 'title' ? SIGN : SPACE;
  const oneWord = kind === 'email' || kind === 'document' || search.namePrefix;
  const ranges: Range[] = [];
  for (let i = 0; i < folded.length; i++) {
    const startsWord = i === 0 || (!oneWord && separator.test(folded[i - 1]!) && !separator.test(folded[i]!));
    if (!startsWord) continue;
    for (const term of search.terms.map((t) => termFor(t, kind))) {
      if (term === '' || !folded.startsWith(term, i)) continue;
      const last = origin[i + term.length - 1]!;
      ranges.push({ start: offsets[origin[i]!]!, end: offsets[last + 1]! });
    }
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

/**
 * A phone's digits matched as the search matches them: a term of digits starts its last 8 (`2441`
 * in +56 2 2441 0000), or is a whole number whose last 8 are the phone's (the whole number marked).
 */
function phoneRanges(digits: string, terms: readonly string[], range: (from: number, to: number) => Range): Range[] {
  const last8 = Math.max(0, digits.length - 8);
  for (const term of terms) {
    const typed = term.replace(/^\+/, '');
    if (!/^\d+$/.test(typed)) continue;
    if (typed.length > 8 && digits.length >= 8 && typed.endsWith(digits.slice(last8))) return [range(0, digits.length)];
    if (typed.length <= 8 && digits.startsWith(typed, last8)) return [range(last8, last8 + typed.length)];
  }
  return [];
}
