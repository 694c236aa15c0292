import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCESS } from '../../../shared/access/access.ts';
import { usePeopleSearchHref, usePersonHref } from '../../../shared/directory/hrefs.ts';
import { useCanAccess } from '../../../shared/session/get-site-config.ts';
import { EMPTY_FILTERS, peopleQueryOptions, type PeopleFilters } from '../api/get-people.ts';
import { PersonStatusBadge } from './person-status-badge.tsx';

const SHOWN = 3;
const DEBOUNCE_MS = 400;

/** A name worth comparing: two words at least (a first name alone matches half the organisation). */
export function comparableName(name: string): string | null {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length >= 2);
  return words.length >= 2 ? words.join(' ') : null;
}

/**
 * While a person is being added: the people already here whose name holds every word typed
 * (disabled ones too: enabling them again beats a duplicate), each opening in a new tab so the
 * form keeps what was typed. The e-mail and the documents are checked on save; a name can only warn.
 */
export function PossibleDuplicates({ name }: { name: string }) {
  const { t } = useTranslation();
  // the search needs VIEW_PEOPLE, which a people administrator may not hold
  const canSearch = useCanAccess(ACCESS.people);
  const personHref = usePersonHref();
  const searchHref = usePeopleSearchHref();
  const comparable = comparableName(name);
  const [debounced] = useDebouncedValue(comparable, DEBOUNCE_MS);
  const filters: PeopleFilters = { ...EMPTY_FILTERS, search: debounced ?? '', status: 'all' };
  // no previous name's matches while the next name's are asked (the list keeps its previous page)
  const matches = useQuery({ ...peopleQueryOptions(filters, 1, SHOWN, 'name'), enabled: canSearch && debounced !== null, placeholderData: undefined });
  const found = debounced !== null && comparable !== null ? matches.data : undefined;
  if (!found || found.count === 0) return null;
  const all = debounced ? searchHref(debounced) : null;
  return (
    <Alert color="yellow" variant="light" miw={0} icon={<IconUsers size={18} />} title={t('people.form.duplicates.title', { count: found.count })} data-testid="person-duplicates">
      <Stack gap={6}>
        <Text size="sm">{t('people.form.duplicates.hint', { count: found.results.length })}</Text>
        {found.results.map((person) => (
          <div key={person.id}>
            <Group gap="xs">
              <PersonName name={person.name} href={personHref(person.id)} />
              {person.is_disabled && <PersonStatusBadge person={person} size="xs" />}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[person.positions[0]?.title, person.primary_email].filter(Boolean).join(' · ')}
            </Text>
          </div>
        ))}
        {found.count > found.results.length && all && (
          <Anchor component={Link} to={all} target="_blank" size="sm">
            {t('people.form.duplicates.all', { count: found.count })}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** A match's name: a link opening in a new tab for whoever may open people, else plain text. */
function PersonName({ name, href }: { name: string; href: string | null }) {
  return href ? (
    <Anchor component={Link} to={href} target="_blank" size="sm" fw={600}>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      {name}
    </Text>
  );
}
