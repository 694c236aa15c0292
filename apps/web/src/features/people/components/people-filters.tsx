import { Button, Collapse, Group, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  byEntity,
  ENTITY_FILTER_KEYS,
  PERSON_ACCOUNTS,
  PERSON_ORIGINS,
  type EntityFilterKey,
  type PeopleFilters,
  type PersonAccountFilter,
  type PersonOrigin,
  type PersonStatusFilter,
} from '../api/get-people.ts';
import type { Option, OptionSource } from '../api/options.ts';
import { RemoteSelect } from './remote-select.tsx';

/** The filters with the labels of the chosen entities (the URL keeps both). */
export interface FilterState {
  filters: PeopleFilters;
  labels: Record<EntityFilterKey, string | null>;
}

const option = (value: string | null, label: string | null): Option | null => (value ? { value, label: label ?? value } : null);

/** The filters by an entity chosen from a server list (the URL keeps its id and its label). */
const ENTITY_FILTERS: readonly { key: EntityFilterKey; source: OptionSource; label: string; testId: string }[] = [
  { key: 'position', source: 'positions', label: 'people.filters.position', testId: 'filter-position' },
  { key: 'business_line', source: 'business-lines', label: 'people.filters.businessLine', testId: 'filter-business-line' },
  { key: 'workspace', source: 'venues', label: 'people.filters.workspace', testId: 'filter-workspace' },
  { key: 'company', source: 'companies', label: 'people.filters.company', testId: 'filter-company' },
];

/** The entity filters the tenant's modules offer (business lines and companies can be switched off). */
export type OfferedFilter = (key: EntityFilterKey) => boolean;
export const offeredFilters =
  ({ hasBusinessLines, hasCompanies }: { hasBusinessLines: boolean; hasCompanies: boolean }): OfferedFilter =>
  (key) =>
    key === 'business_line' ? hasBusinessLines : key === 'company' ? hasCompanies : true;

export function countActiveFilters(filters: PeopleFilters): number {
  return [...ENTITY_FILTER_KEYS.map((key) => filters[key]), filters.origin, filters.account].filter(Boolean).length + (filters.status !== 'active' ? 1 : 0);
}

interface Props {
  state: FilterState;
  search: string;
  onSearch: (value: string) => void;
  onChange: (next: FilterState) => void;
  offered: OfferedFilter;
  isMobile: boolean;
}

/** Search box (debounced by the page) and the list's filters; on phones the filters fold into a popover. */
export function PeopleFiltersBar({ state, search, onSearch, onChange, offered, isMobile }: Props) {
  const { t } = useTranslation();
  const { filters, labels } = state;
  const set = (patch: Partial<PeopleFilters>, labelPatch: Partial<FilterState['labels']> = {}) => onChange({ filters: { ...filters, ...patch }, labels: { ...labels, ...labelPatch } });
  const active = countActiveFilters(filters);
  // a filter of a module the tenant switched off is not offered
  const entityFilters = ENTITY_FILTERS.filter(({ key }) => offered(key));
  // the entity filters, origin and access
  const filterCount = entityFilters.length + 2;
  const [opened, { toggle }] = useDisclosure(false);

  const fields = (
    <>
      {entityFilters.map(({ key, source, label, testId }) => (
        <RemoteSelect
          key={key}
          source={source}
          label={t(label)}
          placeholder={t('people.filters.any')}
          value={option(filters[key], labels[key])}
          onChange={(chosen) => set({ [key]: chosen?.value ?? null }, { [key]: chosen?.label ?? null })}
          testId={testId}
        />
      ))}
      <Select
        label={t('people.filters.origin')}
        placeholder={t('people.filters.any')}
        data={PERSON_ORIGINS.map((value) => ({ value, label: t(`people.origin.${value}`) }))}
        value={filters.origin}
        onChange={(value) => set({ origin: (value as PersonOrigin | null) ?? null })}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-origin"
      />
      <Select
        label={t('people.filters.account')}
        placeholder={t('people.filters.any')}
        data={PERSON_ACCOUNTS.map((value) => ({ value, label: t(`people.filters.accounts.${value}`) }))}
        value={filters.account}
        onChange={(value) => set({ account: (value as PersonAccountFilter | null) ?? null })}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-account"
      />
    </>
  );
  const status = (
    <SegmentedControl
      value={filters.status}
      onChange={(value) => set({ status: value as PersonStatusFilter })}
      data={(['active', 'disabled', 'all'] as const).map((value) => ({ value, label: t(`people.filters.status.${value}`) }))}
      fullWidth={isMobile}
      aria-label={t('people.filters.statusLabel')}
      data-testid="filter-status"
    />
  );
  const clear = active > 0 && (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconX size={14} />}
      onClick={() => onChange({ filters: { ...filters, ...byEntity(() => null), origin: null, account: null, status: 'active' }, labels: byEntity(() => null) })}
    >
      {t('people.filters.clear')}
    </Button>
  );
  const searchBox = (
    <TextInput
      leftSection={<IconSearch size={16} />}
      // a phone's box is too narrow for the long hint
      placeholder={isMobile ? t('people.filters.searchPlaceholderShort') : t('people.filters.searchPlaceholder')}
      aria-label={t('people.filters.search')}
      value={search}
      onChange={(event) => onSearch(event.currentTarget.value)}
      style={{ flex: 1, minWidth: 200 }}
      data-testid="people-search"
    />
  );

  if (isMobile) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {searchBox}
          <Button variant={active > 0 ? 'light' : 'default'} leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={toggle} aria-expanded={opened} data-testid="people-filters-toggle">
            {active > 0 ? t('people.filters.buttonCount', { n: active }) : t('people.filters.button')}
          </Button>
        </Group>
        <Collapse expanded={opened}>
          <Stack gap="sm" pb="xs">
            {status}
            {fields}
            {clear}
          </Stack>
        </Collapse>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        {searchBox}
        {status}
      </Group>
      {/* six side by side only where each keeps room for its value */}
      <SimpleGrid cols={filterCount > 5 ? { base: 3, xxl: filterCount } : filterCount} spacing="sm">
        {fields}
      </SimpleGrid>
      {clear && <Group>{clear}</Group>}
    </Stack>
  );
}
