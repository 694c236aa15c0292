import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptions, type Option, type OptionSource } from '../api/options.ts';

interface Common {
  source: OptionSource;
  label: string;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  testId?: string;
}

/** The server searched already: every option it sent is shown. */
const showAll: OptionsFilter<string> = ({ options }) => options;

/**
 * What a single and a multiple choice share: the search as the user types (settled after 250 ms,
 * asked once the dropdown opened or `eager`), the server's options after the chosen ones (their
 * labels are known even off the page), and the props that make a Mantine select remote.
 */
function useRemoteSearch(source: OptionSource, chosen: Option[], { eager, ignore }: { eager: boolean; ignore?: string | undefined }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search === ignore ? '' : search, 250);
  const options = useOptions(source, debounced, opened || eager);
  const seen = new Set(chosen.map((option) => option.value));
  const data = [...chosen, ...(options.data ?? []).filter((option) => !seen.has(option.value))];
  return {
    data,
    props: {
      data,
      searchable: true,
      clearable: true,
      searchValue: search,
      onSearchChange: setSearch,
      onDropdownOpen: () => setOpened(true),
      filter: showAll,
      nothingFoundMessage: options.isFetching ? t('common.loading') : t('people.form.nothingFound'),
      comboboxProps: { withinPortal: true },
    },
  };
}

/** One choice from a server list searched as the user types (positions, venues, catalogues). */
export function RemoteSelect({ source, label, placeholder, error, disabled, testId, value, onChange }: Common & { value: Option | null; onChange: (value: Option | null) => void }) {
  // The chosen label standing in the box is not a search.
  const { data, props } = useRemoteSearch(source, value ? [value] : [], { eager: value !== null, ignore: value?.label });
  return (
    <Select
      {...props}
      label={label}
      placeholder={placeholder}
      value={value?.value ?? null}
      onChange={(id) => onChange(data.find((option) => option.value === id) ?? null)}
      error={error}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Several choices from a server list searched as the user types. */
export function RemoteMultiSelect({ source, label, placeholder, error, disabled, testId, value, onChange }: Common & { value: Option[]; onChange: (value: Option[]) => void }) {
  const { data, props } = useRemoteSearch(source, value, { eager: false });
  return (
    <MultiSelect
      {...props}
      label={label}
      placeholder={value.length === 0 ? placeholder : undefined}
      value={value.map((option) => option.value)}
      onChange={(ids) => onChange(ids.map((id) => data.find((option) => option.value === id)).filter((option): option is Option => option !== undefined))}
      error={error}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
