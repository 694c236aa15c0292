import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPersonListItem } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

/** A chosen person: the checklists service names people by passport. */
export interface PersonChoice {
  passport: string;
  name: string;
}

/**
 * A searchable person picker whose values are passports (the directory's picker answers person
 * ids; the checklists API — executors, supervisors, a corrective action's responsible — takes
 * passports). Labels of chosen people travel with the value.
 */
export function PersonPicker({
  label,
  description,
  value,
  onChange,
  maxValues,
  error,
  testId,
}: {
  label: ReactNode;
  description?: ReactNode;
  value: PersonChoice[];
  onChange: (next: PersonChoice[]) => void;
  maxValues?: number;
  error?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const results = useQuery({
    queryKey: ['checklists', 'person-search', debounced],
    queryFn: ({ signal }) => apiClient.get<{ results: TPersonListItem[] }>('/api/audiences/v3/persons/', { signal, query: { search: debounced || undefined, status: 'active', page_size: 20 } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const found = (results.data?.results ?? []).map((person) => ({ passport: person.passport, name: person.name }));
  const known = new Map([...found, ...value].map((person) => [person.passport, person]));
  return (
    <MultiSelect
      ref={input}
      label={label}
      description={description}
      error={error}
      placeholder={value.length === 0 ? t('checklists.picker.search') : undefined}
      data={[...known.values()].map((person) => ({ value: person.passport, label: person.name }))}
      value={value.map((person) => person.passport)}
      onChange={(passports) => {
        const next = passports.map((passport) => known.get(passport)!).filter(Boolean);
        onChange(maxValues === 1 ? next.slice(-1) : next);
        setSearch('');
        // A single choice is made: the list closes (it would cover what follows).
        if (maxValues === 1) input.current?.blur();
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('checklists.picker.loading') : t('checklists.picker.nothing')}
      maxValues={maxValues === 1 ? undefined : maxValues}
      clearable
      data-testid={testId}
    />
  );
}
