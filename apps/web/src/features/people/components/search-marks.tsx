import { Mark } from '@mantine/core';
import { Fragment } from 'react';
import type { Range } from '../lib/search-highlight.ts';

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
