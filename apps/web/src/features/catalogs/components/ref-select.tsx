import { useState, type CSSProperties } from 'react';
import { Loader, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useCatalogItem, useCatalogItems } from '../api/get-catalog-item.ts';
import { useCatalogPage } from '../api/get-catalog-page.ts';
import { CATALOGS, type CatalogKey, type CatalogRecord } from '../lib/catalog-defs.ts';

const OPTIONS = 50;

const optionLabel = (record: CatalogRecord) => (record.code ? `${record.name} (${record.code})` : record.name);

/** Options from a server search plus the chosen rows (always shown, even when the search misses them). */
function useOptions(catalog: CatalogKey, search: string, chosen: readonly (CatalogRecord | undefined)[], filters: Record<string, string> | undefined, exclude: string | undefined) {
  const [debounced] = useDebouncedValue(search, 250);
  const page = useCatalogPage(CATALOGS[catalog], { search: debounced, status: 'active', page: 1, pageSize: OPTIONS, ...(filters ? { filters } : {}) });
  const seen = new Set<string>();
  const data: { value: string; label: string }[] = [];
  for (const record of [...chosen, ...(page.data?.results ?? [])]) {
    if (!record || seen.has(record.id) || record.id === exclude) continue;
    seen.add(record.id);
    data.push({ value: record.id, label: optionLabel(record) });
  }
  return { data, loading: page.isFetching };
}

interface CommonProps {
  catalog: CatalogKey;
  label?: string;
  /** When there is no visible label (a filter). */
  ariaLabel?: string;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  /** API filters of the options (a location's parent: same venue). */
  filters?: Record<string, string>;
  /** An id never offered (a location cannot be its own parent). */
  exclude?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** Picks one row of another catalogue by searching it on the server (venue, parent, blueprint, business line). */
export function RefSelect({
  catalog,
  value,
  onChange,
  label,
  ariaLabel,
  placeholder,
  error,
  required,
  filters,
  exclude,
  style,
  ...rest
}: CommonProps & { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const selected = useCatalogItem(CATALOGS[catalog], value);
  const selectedLabel = selected.data ? optionLabel(selected.data) : '';
  // Mantine writes the chosen option's label into the box: that is not a search.
  const query = search === selectedLabel ? '' : search;
  const { data, loading } = useOptions(catalog, query, [selected.data], filters, exclude);
  return (
    <Select
      label={label}
      aria-label={label ? undefined : ariaLabel}
      placeholder={placeholder ?? t('catalogs.form.pick')}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search.
      filter={({ options }) => options}
      clearable={!required}
      required={required}
      error={error}
      nothingFoundMessage={loading ? t('common.loading') : t('catalogs.form.noOptions')}
      rightSection={loading ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      style={style}
      {...rest}
    />
  );
}

/** Picks rows of another catalogue (a venue's categories). */
export function RefMultiSelect({ catalog, value, onChange, label, error, filters, style, ...rest }: CommonProps & { value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosen = useCatalogItems(CATALOGS[catalog], value);
  const { data, loading } = useOptions(
    catalog,
    search,
    chosen.map((query) => query.data),
    filters,
    undefined,
  );
  // A chosen id whose record is not loaded yet still needs an option, or Mantine drops it.
  for (const id of value) if (!data.some((option) => option.value === id)) data.push({ value: id, label: t('common.loading') });
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? t('catalogs.form.pick') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      error={error}
      nothingFoundMessage={loading ? t('common.loading') : t('catalogs.form.noOptions')}
      comboboxProps={{ withinPortal: true }}
      style={style}
      {...rest}
    />
  );
}
