import { Alert, Button, EmptyState, Group, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { CATALOG_PAGE_SIZE, useCatalogPage } from '../api/get-catalog-page.ts';
import { isCatalogEnabled, type CatalogDef } from '../lib/catalog-defs.ts';
import { generalProblem } from '../lib/server-errors.ts';
import { CatalogTabs } from './catalog-tabs.tsx';
import { CatalogTable } from './catalog-table.tsx';
import { ListFooter } from './list-footer.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { LocationTreeView } from './location-tree-view.tsx';
import { problemText } from './problem-text.ts';
import { RefSelect } from './ref-select.tsx';
import { useCatalogAccess } from './use-catalog-access.ts';
import { useClampPage } from './use-clamp-page.ts';
import { useListParams } from './use-list-params.ts';
import { NoMatches } from '../../../shared/ui/no-matches.tsx';

/** Spec lg breakpoint (992 px): the table above it, cards below. */
export const DESKTOP = '(min-width: 62em)';

/** /venues, /locations, /business-lines, …: the catalogue's rows with search, state filter and pages. */
export function CatalogListPage({ def }: { def: CatalogDef }) {
  const { t } = useTranslation();
  const { canWrite, disabledModules } = useCatalogAccess();
  const isDesktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false }) ?? true;
  const [params, update] = useListParams();
  const kind = `catalogs.kinds.${def.i18n}`;
  const page = useCatalogPage(def, { search: params.search, status: params.status, page: params.page }, !def.tree);
  const withVenueFilter = def.tree && isCatalogEnabled('venues', disabledModules);
  useClampPage(def.tree ? undefined : page.data?.count, params.page, CATALOG_PAGE_SIZE, (p) => update({ page: p }));

  const noMatches = (
    <NoMatches
      text={t('catalogs.list.noMatches', { search: params.search.trim() })}
      searchAll={params.status === 'active' ? { label: t('catalogs.list.searchAll'), onClick: () => update({ status: 'all' }) } : undefined}
      onClear={() => update({ search: '' })}
      testId="catalog-no-matches"
    />
  );
  const empty = (
    <EmptyState icon={<def.icon size={28} stroke={1.5} />} title={params.status === 'deleted' ? t('catalogs.list.noDeleted') : t(`${kind}.empty`)} data-testid="catalog-empty" py="xl">
      {canWrite && params.status !== 'deleted' && (
        <EmptyState.Actions>
          <Button component={Link} to={`${def.path}/create`} leftSection={<IconPlus size={16} />}>
            {t(`${kind}.new`)}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t(`${kind}.title`)}
        description={t(`${kind}.description`)}
        actions={
          canWrite ? (
            <Group gap="sm">
              <Button variant="default" component={Link} to={`${def.path}/import`} leftSection={<IconUpload size={16} />} data-testid="catalog-import">
                {t('catalogs.actions.import')}
              </Button>
              <Button component={Link} to={`${def.path}/create`} leftSection={<IconPlus size={16} />} data-testid="catalog-create">
                {t(`${kind}.new`)}
              </Button>
            </Group>
          ) : null
        }
      />
      <CatalogTabs current={def.key} />
      <ListToolbar
        search={params.search}
        status={params.status}
        onSearch={(search) => update({ search })}
        onStatus={(status) => update({ status })}
        searchLabel={t('catalogs.list.search', { kind: t(`${kind}.title`).toLowerCase() })}
      >
        {withVenueFilter && (
          <RefSelect
            catalog="venues"
            value={params.venue}
            onChange={(venue) => update({ venue })}
            placeholder={t('catalogs.locations.allVenues')}
            ariaLabel={t('catalogs.locations.venueFilter')}
            style={{ flex: '1 1 12rem', maxWidth: '24rem' }}
          />
        )}
      </ListToolbar>

      {def.tree ? (
        <LocationTreeView
          status={params.status}
          venue={params.venue}
          search={params.search}
          canWrite={canWrite}
          showVenue={!params.venue}
          page={params.page}
          onPage={(p) => update({ page: p })}
          empty={empty}
          noMatches={noMatches}
        />
      ) : page.isLoading ? (
        <Loader aria-label={t('common.loading')} />
      ) : page.isError ? (
        <Alert color="red" title={problemText(t, generalProblem(page.error))}>
          <Button variant="light" color="red" size="xs" onClick={() => void page.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : page.data && page.data.count === 0 ? (
        params.search.trim() ? (
          noMatches
        ) : (
          empty
        )
      ) : page.data ? (
        <Stack gap="sm" style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={page.isFetching}>
          <CatalogTable def={def} records={page.data.results} canWrite={canWrite} isDesktop={isDesktop} />
          <ListFooter count={page.data.count} page={params.page} pageSize={CATALOG_PAGE_SIZE} onPage={(p) => update({ page: p })} />
        </Stack>
      ) : null}
    </Stack>
  );
}
