import { Alert, Button, Group, Loader, Menu, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBuilding, IconChevronDown, IconFileExport, IconHierarchy2, IconPlus, IconUpload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TPersonOrdering } from '@faena/contracts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { byEntity, EMPTY_FILTERS, ENTITY_FILTER_KEYS, PERSON_ACCOUNTS, PERSON_ORIGINS, usePeople, type PersonAccountFilter, type PersonOrigin, type PersonStatusFilter } from '../api/get-people.ts';
import { ExportModal } from './export-modal.tsx';
import { PeopleBulkBar } from './people-bulk-bar.tsx';
import { countActiveFilters, offeredFilters, PeopleFiltersBar, type FilterState, type OfferedFilter } from './people-filters.tsx';
import { PeopleResults } from './people-results.tsx';
import { usePeopleAccess } from './use-can.ts';

export const MOBILE_QUERY = '(max-width: 61.99em)';
const PAGE_SIZES = ['20', '50', '100'];
const SEARCH_DEBOUNCE_MS = 300;

type ListState = FilterState & { page: number; pageSize: number; ordering: TPersonOrdering };

/**
 * Filters, search, order and page live in the URL: back from a person returns to the same list.
 * A link kept from before a module was switched off does not filter by that module's hidden filter.
 */
function readState(params: URLSearchParams, offered: OfferedFilter): ListState {
  const status = params.get('status');
  const origin = params.get('origin');
  const account = params.get('account');
  return {
    filters: {
      search: params.get('q') ?? '',
      ...byEntity((key) => (offered(key) ? params.get(key) : null)),
      origin: PERSON_ORIGINS.includes(origin as PersonOrigin) ? (origin as PersonOrigin) : null,
      account: PERSON_ACCOUNTS.includes(account as PersonAccountFilter) ? (account as PersonAccountFilter) : null,
      status: status === 'disabled' || status === 'all' ? (status as PersonStatusFilter) : EMPTY_FILTERS.status,
    },
    labels: byEntity((key) => (offered(key) ? params.get(`${key}_name`) : null)),
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(params.get('size') ?? '') ? Number(params.get('size')) : 20,
    ordering: params.get('order') === 'recent' ? '-created_at' : 'name',
  };
}

function writeState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | null | undefined) => {
    if (value) params.set(key, value);
  };
  const { filters, labels } = state;
  put('q', filters.search.trim());
  for (const key of ENTITY_FILTER_KEYS) {
    put(key, filters[key]);
    put(`${key}_name`, filters[key] ? labels[key] : null);
  }
  put('origin', filters.origin);
  put('account', filters.account);
  if (filters.status !== EMPTY_FILTERS.status) put('status', filters.status);
  if (state.page > 1) put('page', String(state.page));
  if (state.pageSize !== 20) put('size', String(state.pageSize));
  if (state.ordering === '-created_at') put('order', 'recent');
  return params;
}

/** /people: search, filters, paging; create, bulk load and export for MANAGE_PEOPLE. */
export function PeopleListPage() {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const access = usePeopleAccess();
  const offered = offeredFilters(access);
  const state = readState(params, offered);
  const [search, setSearch] = useState(state.filters.search);
  const [exportOpened, exportModal] = useDisclosure(false);
  const people = usePeople(state.filters, state.page, state.pageSize, state.ordering);
  // The selection belongs to the list as it is shown: another search, filter or page starts afresh.
  const listKey = params.toString();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: listKey, ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const select = (ids: readonly string[], checked: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: listKey, ids: next });
  };
  const clearSelection = () => setSelection({ key: listKey, ids: new Set() });
  const selectable = access.canManage && !isMobile;

  const writeSearch = useDebouncedCallback((value: string) => setParams(writeState({ ...state, page: 1, filters: { ...state.filters, search: value } }), { replace: true }), SEARCH_DEBOUNCE_MS);
  // Any other change carries what the search box holds and drops a search still waiting to be
  // written: a late search must not undo an order or a filter chosen meanwhile.
  const update = (next: Partial<ListState>, replace = true) => {
    writeSearch.cancel();
    setParams(writeState({ ...state, page: 1, ...next, filters: { ...(next.filters ?? state.filters), search } }), { replace });
  };

  const narrowed = state.filters.search.trim() !== '' || countActiveFilters(state.filters) > 0;
  const clearAll = () => {
    writeSearch.cancel();
    setSearch('');
    setParams(writeState({ ...state, page: 1, filters: { ...EMPTY_FILTERS }, labels: byEntity(() => null) }), { replace: true });
  };

  const count = people.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / state.pageSize));

  const actions = access.canManage && (
    <Group gap="xs">
      <Button component={Link} to="/people/create" leftSection={<IconPlus size={16} />} data-testid="person-create">
        {t('people.list.create')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="people-more">
            {t('people.list.moreActions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {access.canUpload && (
            <Menu.Item component={Link} to="/people-upload" leftSection={<IconUpload size={16} />} data-testid="people-upload-link">
              {t('people.list.upload')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconFileExport size={16} />} onClick={exportModal.open} data-testid="people-export">
            {t('people.list.export')}
          </Menu.Item>
          {access.canManagePositions && (
            <Menu.Item component={Link} to="/positions" leftSection={<IconHierarchy2 size={16} />} data-testid="people-positions-link">
              {t('people.list.positions')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/organization" leftSection={<IconBuilding size={16} />}>
            {t('people.list.organization')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('people.list.title')} description={t('people.list.description')} actions={actions} />
      <PeopleFiltersBar
        state={state}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          writeSearch(value);
        }}
        onChange={(next) => update(next)}
        offered={offered}
        isMobile={isMobile}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="people-count" aria-live="polite">
          {people.isPending ? t('common.loading') : t('people.list.count', { count })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {people.isFetching && !people.isPending && <Loader size="xs" />}
          <Select
            size="xs"
            w={170}
            aria-label={t('people.list.order.label')}
            value={state.ordering}
            onChange={(value) => update({ ordering: value === '-created_at' ? '-created_at' : 'name' })}
            data={[
              { value: 'name', label: t('people.list.order.name') },
              { value: '-created_at', label: t('people.list.order.recent') },
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="people-order"
          />
        </Group>
      </Group>
      {selectable && selected.size > 0 && <PeopleBulkBar selected={[...selected]} onDone={clearSelection} onClear={clearSelection} />}
      {people.isError ? (
        <Alert color="red" title={t('people.list.failed')}>
          <Button size="xs" variant="white" onClick={() => void people.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : people.isPending ? (
        <Loader />
      ) : count === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="people-empty">
          <Stack align="center" gap="xs">
            <IconUsers size={32} stroke={1.4} />
            <Text c="dimmed" ta="center">
              {narrowed ? t('people.list.noMatches') : t('people.list.empty')}
            </Text>
            {narrowed && (
              <Group gap="xs" justify="center">
                {/* a person who left is the usual reason a known name finds nobody */}
                {state.filters.status === 'active' && (
                  <Button size="xs" variant="light" onClick={() => update({ filters: { ...state.filters, status: 'all' } })} data-testid="people-empty-all">
                    {t('people.list.searchAll')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={clearAll} data-testid="people-empty-clear">
                  {t('people.list.clearAll')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ) : (
        <div style={{ opacity: people.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <PeopleResults
            people={people.data.results}
            isMobile={isMobile}
            selection={selectable ? { selected, onChange: select } : undefined}
            // the rows of an earlier search, while the next one loads, are not marked with it
            search={people.isPlaceholderData ? undefined : state.filters.search}
          />
        </div>
      )}
      {count > 0 && (
        <Group justify={isMobile ? 'center' : 'space-between'} gap="sm">
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => update({ page }, false)}
            size="sm"
            siblings={isMobile ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': t(`people.list.pagination.${control}`) })}
            data-testid="people-pagination"
          />
          {!isMobile && (
            <Select
              data={PAGE_SIZES.map((value) => ({ value, label: t('people.list.pageSize', { n: value }) }))}
              value={String(state.pageSize)}
              onChange={(value) => update({ pageSize: Number(value ?? 20) })}
              w={150}
              size="xs"
              aria-label={t('people.list.pageSizeLabel')}
              allowDeselect={false}
            />
          )}
        </Group>
      )}
      {access.canManage && <ExportModal opened={exportOpened} onClose={exportModal.close} filters={state.filters} />}
    </Stack>
  );
}
