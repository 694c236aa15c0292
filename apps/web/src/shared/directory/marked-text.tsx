import { Mark } from '@mantine/core';
import { Fragment } from 'react';
import type { PersonSearch } from '@faena/domain/person-search';
import { wordStartRanges, type MarkedKind, type Range } from './search-highlight.ts';

/** `text` with the given stretches marked (what a search matched). */
export function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  if (ranges.length === 0) return text;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <Mark key={start} color="yellow" data-testid="search-mark">
        {text.slice(start, end)}
      </Mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

/** `text` with what `search` matched in it marked, compared as the server compares (`wordStartRanges`). */
export function MarkedText({ text, search, kind = 'name' }: { text: string; search: PersonSearch; kind?: MarkedKind }) {
  return <Marked text={text} ranges={wordStartRanges(text, search, kind)} />;
}
