import { Anchor, Checkbox, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPersonListItem } from '@faena/contracts';
import { parsePersonSearch } from '@faena/domain/person-search';
import { matchedFirst, wordStartRanges, type Range } from '../../../shared/directory/search-highlight.ts';
import { Marked } from '../../../shared/directory/marked-text.tsx';
import { SearchMatches } from '../../../shared/directory/search-marks.tsx';
import { PersonAvatar } from './person-avatar.tsx';
import { PersonStatusBadge } from './person-status-badge.tsx';
import classes from './people.module.css';

/** The rows picked for a bulk action (the desktop table, for MANAGE_PEOPLE). */
export interface PeopleSelection {
  selected: ReadonlySet<string>;
  onChange: (ids: readonly string[], checked: boolean) => void;
}

/** An item of a row's list (a position, a document): a label before it, its text, what the search matched in it. */
interface MarkedItem {
  label?: string;
  text: string;
  ranges: Range[];
}

/**
 * Items joined with commas and cut after `cut` ("... y N más", spec forms §9), the ones the search
 * matched first, so a person found by their fifth position does not show it cut away.
 */
function MarkedList({ items, more, cut = 3, separator = ', ' }: { items: MarkedItem[]; more: (n: number) => string; cut?: number; separator?: string }) {
  const ordered = matchedFirst(items);
  const shown = ordered.length <= cut ? ordered : ordered.slice(0, cut);
  return (
    <>
      {shown.map((item, i) => (
        <Fragment key={i}>
          {i > 0 && separator}
          {item.label && `${item.label} `}
          <Marked text={item.text} ranges={item.ranges} />
        </Fragment>
      ))}
      {ordered.length > cut && ` ${more(ordered.length - cut)}`}
    </>
  );
}

/**
 * The page of people: a table on desktop (with a checkbox per row when `selection` is given), cards
 * on phones. With the `search` the page was found by, what it matched is marked (the name, the
 * e-mail, documents, position titles), matched documents and positions come first, and a phone or
 * another e-mail that matched is named.
 */
export function PeopleResults({ people, isMobile, selection, search = '' }: { people: TPersonListItem[]; isMobile: boolean; selection?: PeopleSelection | undefined; search?: string | undefined }) {
  const { t } = useTranslation();
  const terms = useMemo(() => parsePersonSearch(search), [search]);
  const more = (n: number) => t('people.list.more', { n });
  const name = (person: TPersonListItem) => <Marked text={person.name} ranges={wordStartRanges(person.name, terms)} />;
  const email = (email: string) => <Marked text={email} ranges={wordStartRanges(email, terms, 'email')} />;
  const documents = (person: TPersonListItem): MarkedItem[] =>
    person.identity_documents.map((doc) => ({ label: t(`people.documentTypesShort.${doc.type}`), text: doc.number, ranges: wordStartRanges(doc.number, terms, 'document') }));
  const positions = (person: TPersonListItem): MarkedItem[] => person.positions.map((position) => ({ text: position.title, ranges: wordStartRanges(position.title, terms, 'title') }));

  if (isMobile) {
    return (
      <Stack gap="xs" data-testid="people-cards">
        {people.map((person) => (
          <UnstyledButton key={person.id} component={Link} to={`/people/${person.id}`} className={classes.card} data-testid="person-row" data-disabled={person.is_disabled || undefined}>
            <Paper withBorder p="sm" radius="md">
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <PersonAvatar person={person} size={40} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    {/* A long name takes a second line rather than losing its surnames. */}
                    <Text fw={600} lineClamp={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {name(person)}
                    </Text>
                    {/* The state reads whole; the name gives way. */}
                    <span style={{ flex: 'none', display: 'flex' }}>
                      <PersonStatusBadge person={person} size="sm" />
                    </span>
                  </Group>
                  {person.primary_email && (
                    <Text size="sm" c="dimmed" truncate>
                      {email(person.primary_email)}
                    </Text>
                  )}
                  {person.positions.length > 0 && (
                    <Text size="sm" lineClamp={2}>
                      <MarkedList items={positions(person)} more={more} />
                    </Text>
                  )}
                  {person.identity_documents.length > 0 && (
                    <Text size="xs" c="dimmed" truncate>
                      <MarkedList items={documents(person)} more={more} cut={Infinity} separator=" · " />
                    </Text>
                  )}
                  <SearchMatches matches={person.search_matches} search={terms} />
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="people-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('people.bulk.selectPage')}
                  checked={people.length > 0 && people.every((person) => selection.selected.has(person.id))}
                  indeterminate={people.some((person) => selection.selected.has(person.id)) && !people.every((person) => selection.selected.has(person.id))}
                  onChange={(event) =>
                    selection.onChange(
                      people.map((person) => person.id),
                      event.currentTarget.checked,
                    )
                  }
                  data-testid="people-select-page"
                />
              </Table.Th>
            )}
            <Table.Th>{t('people.list.name')}</Table.Th>
            <Table.Th>{t('people.list.documents')}</Table.Th>
            <Table.Th>{t('people.list.positions')}</Table.Th>
            <Table.Th>{t('people.list.origin')}</Table.Th>
            <Table.Th w={130}>{t('people.list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr
              key={person.id}
              data-testid="person-row"
              data-disabled={person.is_disabled || undefined}
              className={classes.row}
              bg={selection?.selected.has(person.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('people.bulk.selectOne', { name: person.name })}
                    checked={selection.selected.has(person.id)}
                    onChange={(event) => selection.onChange([person.id], event.currentTarget.checked)}
                    data-testid="person-select"
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <PersonAvatar person={person} size={36} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/people/${person.id}`} fw={600} size="sm">
                      {name(person)}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {person.primary_email ? email(person.primary_email) : t('people.list.noEmail')}
                    </Text>
                    <SearchMatches matches={person.search_matches} search={terms} />
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.identity_documents.length > 0 ? <MarkedList items={documents(person)} more={more} /> : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.positions.length > 0 ? <MarkedList items={positions(person)} more={more} /> : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.origin ? t(`people.originShort.${person.origin}`) : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <PersonStatusBadge person={person} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
