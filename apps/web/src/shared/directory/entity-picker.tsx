import { Combobox, Group, Loader, Pill, PillsInput, Stack, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePersonSearch, type PersonSearch } from '@faena/domain/person-search';
import { isHttpError } from '../api/http-error.ts';
import { UserAvatar } from '../ui/user-avatar.tsx';
import { directoryKeys, entityOptionOptions, entitySearchOptions, type EntityKind, type EntityOption } from './directory-api.ts';
import { matchedFirst, wordStartRanges } from './search-highlight.ts';
import { Marked, MarkedText } from './marked-text.tsx';
import { SearchMatches } from './search-marks.tsx';

export interface EntityPickerProps {
  kind: EntityKind;
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** At most this many (1: a single choice that a new pick replaces). */
  maxValues?: number;
  /** Ids that may not be chosen (e.g. a position and those below it, as its own parents). */
  exclude?: ReadonlySet<string>;
  error?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A searchable picker over one of the directory's lists (persons, positions, venues, business
 * lines, audiences): it asks the server as the user types and shows chosen values as pills,
 * fetching the labels of values it has not seen in a search.
 */
export function EntityPicker({ kind, label, description, placeholder, value, onChange, maxValues, exclude, error, disabled, ...rest }: EntityPickerProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [opened, setOpened] = useState(false);
  const inputId = useId();
  const results = useQuery({ ...entitySearchOptions(kind, debounced), enabled: opened && !disabled });
  // people are found as the people list finds them: what the search matched is marked
  const marking = useMemo(() => (kind === 'persons' ? parsePersonSearch(debounced.trim()) : null), [kind, debounced]);
  const labels = useQueries({ queries: value.map((id) => ({ ...entityOptionOptions(kind, id), enabled: !client.getQueryData(directoryKeys.option(kind, id)) })) });

  const chosen = value.map(
    (id, index) => client.getQueryData<EntityOption>(directoryKeys.option(kind, id)) ?? labels[index]?.data ?? { id, label: labels[index]?.isError ? t('directory.picker.unknown') : '…' },
  );
  const options = (results.data?.options ?? []).filter((option) => !exclude?.has(option.id));
  const single = maxValues === 1;

  const pick = (id: string) => {
    const option = options.find((candidate) => candidate.id === id);
    if (option) client.setQueryData(directoryKeys.option(kind, id), option);
    if (value.includes(id)) onChange(value.filter((existing) => existing !== id));
    else if (single) onChange([id]);
    else if (maxValues === undefined || value.length < maxValues) onChange([...value, id]);
    setSearch('');
    if (single) combobox.closeDropdown();
  };
  const remove = (id: string) => onChange(value.filter((existing) => existing !== id));
  const forbidden = results.error && isHttpError(results.error) && results.error.status === 403;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          error={error}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={results.isFetching ? <Loader size={16} /> : null}
          id={inputId}
          data-testid={rest['data-testid']}
        >
          <Pill.Group>
            {chosen.map((option) => (
              <Pill key={option.id} withRemoveButton={!disabled} onRemove={() => remove(option.id)} removeButtonProps={{ 'aria-label': t('directory.picker.remove', { name: option.label }) }}>
                {option.label}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                // a single choice already made: the pill is the value, removing it searches again
                type={single && value.length > 0 ? 'hidden' : 'visible'}
                value={search}
                placeholder={value.length === 0 ? (placeholder ?? t('directory.picker.search')) : undefined}
                disabled={disabled}
                onFocus={() => {
                  setOpened(true);
                  combobox.openDropdown();
                }}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  setOpened(true);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value[value.length - 1]!);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} labelledBy={`${inputId}-label`}>
          {forbidden ? (
            <Combobox.Empty>{t('directory.picker.forbidden')}</Combobox.Empty>
          ) : results.isError ? (
            <Combobox.Empty>{t('directory.picker.failed')}</Combobox.Empty>
          ) : results.isLoading ? (
            <Combobox.Empty>{t('directory.picker.loading')}</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>{t('directory.picker.nothing')}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.id} key={option.id} active={value.includes(option.id)} aria-selected={value.includes(option.id)}>
                <OptionRow kind={kind} option={option} selected={value.includes(option.id)} marking={marking} />
              </Combobox.Option>
            ))
          )}
          {results.data && results.data.count > options.length && options.length > 0 ? (
            <Text size="xs" c="dimmed" px="sm" py={4}>
              {t('directory.picker.more', { count: results.data.count - options.length })}
            </Text>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function OptionRow({ kind, option, selected, marking }: { kind: EntityKind; option: EntityOption; selected: boolean; marking: PersonSearch | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {kind === 'persons' ? <UserAvatar name={option.label} picture={option.picture} size={28} /> : null}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={selected ? 600 : 400} truncate>
          {selected ? '✓ ' : ''}
          {marking ? <MarkedText text={option.label} search={marking} /> : option.label}
        </Text>
        {marking && option.person ? (
          <PersonDescription person={option.person} search={marking} />
        ) : option.description ? (
          <Text size="xs" c="dimmed" truncate>
            {option.description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** A person's e-mail and positions below their name, what the search matched marked (matched positions first), and a phone or another e-mail it matched. */
function PersonDescription({ person, search }: { person: NonNullable<EntityOption['person']>; search: PersonSearch }) {
  const titles = matchedFirst(person.titles.map((title) => ({ title, ranges: wordStartRanges(title, search, 'title') })));
  const parts = [...(person.email ? [<MarkedText text={person.email} search={search} kind="email" />] : []), ...titles.map((item) => <Marked text={item.title} ranges={item.ranges} />)];
  return (
    <>
      {parts.length > 0 ? (
        <Text size="xs" c="dimmed" truncate>
          {parts.map((part, i) => (
            <Fragment key={i}>
              {i > 0 && ' · '}
              {part}
            </Fragment>
          ))}
        </Text>
      ) : null}
      <SearchMatches matches={person.matches} search={search} />
    </>
  );
}
