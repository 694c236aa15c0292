import { Alert, Anchor, Badge, Button, Card, EmptyState, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDatabase, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDataSource } from '@faena/contracts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SOURCES_PAGE_SIZE, useDataSources } from '../api/get-data-sources.ts';
import { generalProblem } from '../lib/problems.ts';
import { Pager, SearchAndStatus, SearchFoundNothing } from './list-controls.tsx';
import { problemText } from './problem-text.ts';
import { useClampPage } from './use-clamp-page.ts';
import { useListParams } from './use-list-params.ts';

export const DESKTOP = '(min-width: 62em)';

function DeletedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="light" size="sm">
      {t('dataSources.status.deletedOne')}
    </Badge>
  );
}

function SourceLink({ source }: { source: TDataSource }) {
  return (
    <Anchor component={Link} to={`/fuentes-de-datos/${source.id}`} fw={600} underline="hover" c={source.is_active ? undefined : 'dimmed'}>
      {source.name}
    </Anchor>
  );
}

/** /fuentes-de-datos: the key/label catalogues that data_source form fields pick from. */
export function DataSourcesListPage() {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false }) ?? true;
  const [params, update] = useListParams();
  const sources = useDataSources(params);
  useClampPage(sources.data?.count, params.page, SOURCES_PAGE_SIZE, (page) => update({ page }));
  const count = (n: number) => t('dataSources.rowsCount', { count: n });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('dataSources.title')}
        description={t('dataSources.description')}
        actions={
          <Button component={Link} to="/fuentes-de-datos/crear" leftSection={<IconPlus size={16} />} data-testid="source-create">
            {t('dataSources.new')}
          </Button>
        }
      />
      <SearchAndStatus
        search={params.search}
        status={params.status}
        onSearch={(search) => update({ search })}
        onStatus={(status) => update({ status })}
        label={t('dataSources.list.search')}
        testId="source-search"
      />
      {sources.isLoading ? (
        <Loader aria-label={t('common.loading')} />
      ) : sources.isError ? (
        <Alert color="red" title={problemText(t, generalProblem(sources.error))}>
          <Button variant="light" color="red" size="xs" onClick={() => void sources.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : sources.data && sources.data.count === 0 ? (
        params.search.trim() ? (
          <SearchFoundNothing search={params.search} status={params.status} onSearch={(search) => update({ search })} onStatus={(status) => update({ status })} testId="sources-no-matches" />
        ) : (
          <EmptyState
            icon={<IconDatabase size={28} stroke={1.5} />}
            title={params.status === 'deleted' ? t('dataSources.list.noDeleted') : t('dataSources.list.empty')}
            py="xl"
            data-testid="sources-empty"
          >
            {params.status !== 'deleted' && (
              <EmptyState.Actions>
                <Button component={Link} to="/fuentes-de-datos/crear" leftSection={<IconPlus size={16} />}>
                  {t('dataSources.new')}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        )
      ) : sources.data ? (
        <Stack gap="sm" style={{ opacity: sources.isPlaceholderData ? 0.6 : 1 }} aria-busy={sources.isFetching}>
          {isDesktop ? (
            <Table verticalSpacing="sm" highlightOnHover data-testid="sources-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataSources.fields.name')}</Table.Th>
                  <Table.Th>{t('dataSources.fields.description')}</Table.Th>
                  <Table.Th ta="right">{t('dataSources.fields.rows')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sources.data.results.map((source) => (
                  <Table.Tr key={source.id} data-testid="source-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <SourceLink source={source} />
                        {!source.is_active && <DeletedBadge />}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} c={source.description ? undefined : 'dimmed'}>
                        {source.description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{source.rows_count}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {sources.data.results.map((source) => (
                <Card component="li" key={source.id} withBorder radius="md" padding="sm" data-testid="source-row">
                  <Group gap={6}>
                    <SourceLink source={source} />
                    {!source.is_active && <DeletedBadge />}
                  </Group>
                  {source.description && (
                    <Text size="sm" lineClamp={2} mt={2}>
                      {source.description}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" mt={2}>
                    {count(source.rows_count)}
                  </Text>
                </Card>
              ))}
            </Stack>
          )}
          <Pager count={sources.data.count} page={params.page} pageSize={SOURCES_PAGE_SIZE} onPage={(page) => update({ page })} />
        </Stack>
      ) : null}
    </Stack>
  );
}
