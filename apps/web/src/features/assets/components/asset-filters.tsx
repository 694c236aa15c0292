import { Button, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { MAINTENANCE_STATUSES, type TAssetFilters } from '@faena/contracts/assets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetTypes, useCategories } from '../api/assets-api.ts';
import { activeFilterCount } from '../lib/filters.ts';
import { PEOPLE_SOURCE, RemoteSelect, VENUES_SOURCE } from '../../../shared/ui/remote-select.tsx';

/** The list's filters: a search box always in sight, the rest folded away on a phone. */
export function AssetFilters({ filters, onChange }: { filters: TAssetFilters; onChange: (key: keyof TAssetFilters, value: string | null) => void }) {
  const { t } = useTranslation();
  const types = useAssetTypes();
  const categories = useCategories();
  const [text, setText] = useState(filters.search ?? '');
  const [shown, setShown] = useState(filters.search ?? '');
  const [debounced] = useDebouncedValue(text, 300);
  const [opened, { toggle }] = useDisclosure(activeFilterCount(filters) > 0);
  if ((filters.search ?? '') !== shown) {
    setShown(filters.search ?? '');
    setText(filters.search ?? '');
  }
  useEffect(() => {
    if (debounced.trim() !== (filters.search ?? '')) onChange('search', debounced.trim() || null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled text searches
  }, [debounced]);
  const count = activeFilterCount(filters);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('assets.list.searchPlaceholder')}
          aria-label={t('assets.list.search')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="assets-search"
        />
        <Button variant={count > 0 ? 'light' : 'default'} leftSection={<IconAdjustments size={16} />} onClick={toggle} aria-expanded={opened} data-testid="assets-filters-toggle">
          {count > 0 ? t('assets.list.filtersCount', { count }) : t('assets.list.filters')}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <Select
            label={t('assets.fields.type')}
            data={(types.data?.results ?? []).map((type) => ({ value: type.id, label: type.name }))}
            value={filters.type ?? null}
            onChange={(value) => onChange('type', value)}
            clearable
            searchable
            data-testid="filter-type"
          />
          <Select
            label={t('assets.fields.category')}
            data={(categories.data?.results ?? []).map((category) => ({ value: category.id, label: category.name }))}
            value={filters.category ?? null}
            onChange={(value) => onChange('category', value)}
            clearable
            searchable
            data-testid="filter-category"
          />
          <Select
            label={t('assets.fields.status')}
            data={MAINTENANCE_STATUSES.map((status) => ({ value: status, label: t(`assets.status.${status}`) }))}
            value={filters.status ?? null}
            onChange={(value) => onChange('status', value)}
            clearable
            data-testid="filter-status"
          />
          <RemoteSelect source={VENUES_SOURCE} label={t('assets.fields.venue')} value={filters.venue ?? null} onChange={(value) => onChange('venue', value)} data-testid="filter-venue" />
          <RemoteSelect
            source={PEOPLE_SOURCE}
            label={t('assets.fields.responsible')}
            value={filters.responsible ?? null}
            onChange={(value) => onChange('responsible', value)}
            data-testid="filter-responsible"
          />
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}
