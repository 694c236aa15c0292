import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

export interface Choice {
  value: string;
  label: string;
}

/** Where a remote list lives and how its items become choices. */
export interface RemoteSource<T> {
  key: string;
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
  'data-testid'?: string;
}

function useRemoteChoices<T>(source: RemoteSource<T>, search: string, known: readonly Choice[] | undefined, seen: Map<string, string>) {
  const [debounced] = useDebouncedValue(search, 250);
  const results = useQuery({
    queryKey: ['activities', 'remote', source.key, debounced],
    queryFn: ({ signal }) => apiClient.get<TPaged<T>>(source.url, { signal, query: { ...source.query, search: debounced || undefined, page_size: 20 } }),
    staleTime: 30_000,
  });
  const data = useMemo(() => {
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
  return data;
}

/** A searchable single choice over a paged list of the server. */
export function RemoteSelect<T>({ source, label, placeholder, known, error, description, value, onChange, ...rest }: Common<T> & { value: string | null; onChange: (value: string | null, label: string | null) => void }) {
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
      onChange={(next) => onChange(next, next ? (data.find((choice) => choice.value === next)?.label ?? null) : null)}
      searchable
      clearable
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
export function RemoteMultiSelect<T>({ source, label, placeholder, known, error, description, value, onChange, ...rest }: Common<T> & { value: string[]; onChange: (value: string[]) => void }) {
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
interface AudienceItem {
  id: string;
  name: string;
}

/** People by passport (what the activities API takes for responsibles). */
export const PEOPLE_SOURCE: RemoteSource<PersonItem> = { key: 'persons', url: '/api/audiences/v3/persons/', query: { status: 'active' }, toChoice: (p) => ({ value: p.passport, label: p.name }) };
export const VENUES_SOURCE: RemoteSource<NamedItem> = { key: 'venues', url: '/api/organization/v3/venues/', toChoice: (v) => ({ value: v.id, label: v.name }) };
export const LOCATIONS_SOURCE: RemoteSource<NamedItem> = { key: 'locations', url: '/api/organization/v3/locations/', toChoice: (l) => ({ value: l.id, label: l.name }) };
export const AUDIENCES_SOURCE: RemoteSource<AudienceItem> = { key: 'audiences', url: '/api/audiences/v3/audiences/', toChoice: (a) => ({ value: a.id, label: a.name }) };
export const FORMS_SOURCE: RemoteSource<NamedItem> = { key: 'forms', url: '/api/forms/v3/forms/', toChoice: (f) => ({ value: f.id, label: f.name }) };
