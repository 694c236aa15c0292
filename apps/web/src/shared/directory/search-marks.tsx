import { Group, Mark, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSearchMatch } from '@faena/contracts';
import { formatPhone } from '@faena/domain/phones';
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

/**
 * Why a people search found a person when what is shown of them cannot say it (`search_matches`
 * of the people list): "Coincide con el teléfono +56 2 2441 0000", the matched digits marked. The
 * line is the reason the person is there: it wraps rather than cutting the number away.
 */
export function SearchMatches({ matches, search }: { matches: readonly TSearchMatch[] | undefined; search: PersonSearch }) {
  const { t } = useTranslation();
  if (!matches?.length) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" c="dimmed" data-testid="person-search-match">
      <IconSearch size={12} stroke={1.8} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
      <Text size="xs" c="dimmed">
        {matches.map((match, i) => (
          <Fragment key={i}>
            {i > 0 && ' · '}
            {t(`directory.matched.${match.field}`)}{' '}
            <span style={{ whiteSpace: 'nowrap' }}>
              <MarkedText text={match.field === 'phone' ? formatPhone(match.value) : match.value} search={search} kind={match.field === 'phone' ? 'phone' : 'email'} />
            </span>
          </Fragment>
        ))}
      </Text>
    </Group>
  );
}
