import { foldText } from '@faena/domain/identity-documents';

/** A stretch of a text, [start, end) in its own characters. */
export interface Range {
  start: number;
  end: number;
}

/**
 * The terms a people search matches words with, as the server takes them (decision 008): the
 * search folded (no case, no accents) and split at spaces; a search of single letters only is one
 * prefix of the whole name. A term of signs alone (part of an e-mail, say) marks nothing.
 */
export function searchTerms(search: string): { terms: string[]; namePrefix: boolean } {
  const folded = foldText(search);
  const words = folded.split(' ').filter(Boolean);
  if (words.length > 0 && words.every((word) => word.length < 2)) return { terms: [folded], namePrefix: true };
  return { terms: words.filter((word) => /[\p{L}\p{N}]/u.test(word)), namePrefix: false };
}

const SPACE = /\s/u;
const SIGN = /[^\p{L}\p{N}]/u;

/**
 * Where `terms` start a word of `text`, comparing without case or accents, as the search does: a
 * name's words are what spaces separate; a position title's, what any sign separates
 * (`words: 'title'`). With `namePrefix` only the text's start counts. Overlapping stretches are merged.
 */
export function wordStartRanges(text: string, search: { terms: readonly string[]; namePrefix: boolean }, words: 'name' | 'title' = 'name'): Range[] {
  if (search.terms.length === 0) return [];
  // the folded text and, for each of its code units, the character of `text` it came from
  // (`offsets`: where each character starts; one past the last, the text's length)
  let folded = '';
  const origin: number[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const char of text) {
    const f = foldText(char) || (SPACE.test(char) ? ' ' : '');
    folded += f;
    for (let unit = 0; unit < f.length; unit++) origin.push(offsets.length);
    offsets.push(offset);
    offset += char.length;
  }
  offsets.push(offset);
  const separator = words === 'name' ? SPACE : SIGN;
  const ranges: Range[] = [];
  for (let i = 0; i < folded.length; i++) {
    const startsWord = i === 0 ? true : separator.test(folded[i - 1]!) && !separator.test(folded[i]!);
    if (!startsWord || (search.namePrefix && i > 0)) continue;
    for (const term of search.terms) {
      if (!folded.startsWith(term, i)) continue;
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
