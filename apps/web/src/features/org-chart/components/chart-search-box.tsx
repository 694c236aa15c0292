import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHierarchy2, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrgChart, TPaged, TPersonListItem } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { searchChart, type SearchHit } from './chart-search.ts';

/**
 * Finds a position or a person: positions and the persons the chart shows are matched here, and
 * (for those who may list people) the server's people search finds every other holder.
 */
export function ChartSearchBox({ chart, canSearchPeople, onLocate }: { chart: TOrgChart; canSearchPeople: boolean; onLocate: (hit: SearchHit) => void }) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const remote = useQuery({
    queryKey: ['org-chart', 'person-search', debounced],
    enabled: canSearchPeople && debounced.length >= 2,
    queryFn: ({ signal }) => apiClient.get<TPaged<TPersonListItem>>(`${AUDIENCES_BASE}/persons/`, { signal, query: { search: debounced, page_size: 10, status: 'active' } }),
    staleTime: 30_000,
  });
  const hits = useMemo(() => searchChart(chart, query, remote.data?.results ?? []), [chart, query, remote.data]);
  const positions = hits.filter((hit) => hit.kind === 'position');
  const persons = hits.filter((hit) => hit.kind === 'person');

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(key) => {
        const hit = hits.find((candidate) => candidate.key === key);
        if (!hit) return;
        setQuery(hit.label);
        combobox.closeDropdown();
        onLocate(hit);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label={t('orgChart.search.label')}
          placeholder={t('orgChart.search.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={remote.isFetching ? <Loader size={14} /> : null}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
          w={{ base: '100%', sm: 340 }}
          data-testid="org-chart-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query.trim().length === 0}>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label={t('orgChart.search.label')}>
          {hits.length === 0 ? <Combobox.Empty>{remote.isFetching ? t('orgChart.search.searching') : t('orgChart.search.nothing')}</Combobox.Empty> : null}
          {positions.length > 0 ? (
            <Combobox.Group label={t('orgChart.search.positions')}>
              {positions.map((hit) => (
                <Combobox.Option key={hit.key} value={hit.key}>
                  <HitRow hit={hit} />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
          {persons.length > 0 ? (
            <Combobox.Group label={t('orgChart.search.persons')}>
              {persons.map((hit) => (
                <Combobox.Option key={hit.key} value={hit.key}>
                  <HitRow hit={hit} />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function HitRow({ hit }: { hit: SearchHit }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {hit.kind === 'person' ? <UserAvatar name={hit.label} picture={hit.picture} size={26} /> : <IconHierarchy2 size={20} stroke={1.6} aria-hidden />}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {hit.label}
        </Text>
        {hit.description ? (
          <Text size="xs" c="dimmed" truncate>
            {hit.description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
