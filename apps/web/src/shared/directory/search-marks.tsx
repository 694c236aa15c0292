import { Group, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSearchMatch } from '@faena/contracts';
import { formatPhone } from '@faena/domain/phones';
import type { PersonSearch } from '@faena/domain/person-search';
import { MarkedText } from './marked-text.tsx';

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
