import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TPaged } from '@faena/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { apiClient } from '../api/api-client.ts';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Where a remote list lives and how its items become choices. `key` starts the query key: an area
 * whose writes change the list (assets' own picker) puts it under its own keys, so its
 * invalidation refreshes the picker.
 */
export interface RemoteSource<T> {
  key: readonly string[];
  url: string;
  query?: Record<string, string>;
  toChoice: (item: T) => Choice;
}

interface Common<T> {
  source: RemoteSource<T>;
  label: ReactNode;
  placeholder?: string;
  /** Labels of values already chosen (so that they show before any search). */
  known?: readonly Choice[];
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

function useRemoteChoices<T>(source: RemoteSource<T>, search: string, known: readonly Choice[] | undefined, seen: Map<string, string>) {
  const [debounced] = useDebouncedValue(search, 250);
  const results = useQuery({
    queryKey: [...source.key, source.query, debounced],
    queryFn: ({ signal }) => apiClient.get<TPaged<T>>(source.url, { signal, query: { ...source.query, search: debounced || undefined, page_size: 20 } }),
    staleTime: 30_000,
  });
  return useMemo(() => {
    const out = new Map<string, string>();
    for (const choice of known ?? []) out.set(choice.value, choice.label);
    for (const [value, label] of seen) out.set(value, label);
    for (const item of results.data?.results ?? []) {
      const choice = source.toChoice(item);
      out.set(choice.value, choice.label);
      seen.set(choice.value, choice.label);
    }
    return [...out].map(([value, label]) => ({ value, label }));
  }, [known, results.data, seen, source]);
}

/** A searchable single choice over a paged list of the server. */
export function RemoteSelect<T>({
  source,
  label,
  placeholder,
  known,
  error,
  description,
  disabled,
  value,
  onChange,
  ...rest
}: Common<T> & { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [seen] = useState(() => new Map<string, string>());
  const data = useRemoteChoices(source, search, known, seen);
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={disabled}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      nothingFoundMessage="—"
      data-testid={rest['data-testid']}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A searchable multiple choice over a paged list of the server. */
export function RemoteMultiSelect<T>({
  source,
  label,
  placeholder,
  known,
  error,
  description,
  disabled,
  value,
  onChange,
  ...rest
}: Common<T> & { value: string[]; onChange: (value: string[]) => void }) {
  const [search, setSearch] = useState('');
  const [seen] = useState(() => new Map<string, string>());
  const data = useRemoteChoices(source, search, known, seen);
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={disabled}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      data-testid={rest['data-testid']}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface PersonItem {
  passport: string;
  name: string;
}
interface NamedItem {
  id: string;
  name: string;
}

/** People by passport (what the activities and assets APIs take for a responsible). */
export const PEOPLE_SOURCE: RemoteSource<PersonItem> = {
  key: ['remote', 'persons'],
  url: '/api/audiences/v3/persons/',
  query: { status: 'active' },
  toChoice: (p) => ({ value: p.passport, label: p.name }),
};
export const VENUES_SOURCE: RemoteSource<NamedItem> = { key: ['remote', 'venues'], url: '/api/organization/v3/venues/', toChoice: (v) => ({ value: v.id, label: v.name }) };
/** Locations, of one venue when it is given. */
export const locationsSource = (venue: string | null): RemoteSource<NamedItem> => ({
  key: ['remote', 'locations'],
  url: '/api/organization/v3/locations/',
  ...(venue ? { query: { venue } } : {}),
  toChoice: (l) => ({ value: l.id, label: l.name }),
});
export const LOCATIONS_SOURCE = locationsSource(null);
export const FORMS_SOURCE: RemoteSource<NamedItem> = { key: ['remote', 'forms'], url: '/api/forms/v3/forms/', toChoice: (f) => ({ value: f.id, label: f.name }) };
export const AUDIENCES_SOURCE: RemoteSource<NamedItem> = { key: ['remote', 'audiences'], url: '/api/audiences/v3/audiences/', toChoice: (a) => ({ value: a.id, label: a.name }) };
