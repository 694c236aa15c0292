import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconRestore, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDataSource, TDataSourceRowMove, TDataSourceRowOrder } from '@faena/contracts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RecordTitle } from '../../../shared/ui/record-title.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDataSource, useDataSourceUsage } from '../api/get-data-source.ts';
import { ROWS_PAGE_SIZE, useDataSourceRows } from '../api/get-data-source-rows.ts';
import { useSaveDataSource } from '../api/save-data-source.ts';
import { useMoveDataSourceRow } from '../api/save-data-source-row.ts';
import { generalProblem } from '../lib/problems.ts';
import { AddRowForm } from './add-row-form.tsx';
import { confirmActiveChange } from './confirm-active.ts';
import { DESKTOP } from './data-sources-list-page.tsx';
import { Pager, SearchAndStatus, SearchFoundNothing } from './list-controls.tsx';
import { problemText } from './problem-text.ts';
import { RowItem } from './row-item.tsx';
import { useClampPage } from './use-clamp-page.ts';
import { useListParams } from './use-list-params.ts';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';

/** /fuentes-de-datos/:id: the source and its key/label rows, edited in place. */
export function DataSourceDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const source = useDataSource(id);
  if (source.isLoading) return <Loader aria-label={t('common.loading')} />;
  // A failed read again (back on the tab) keeps the page and a row being edited.
  if (!source.data)
    return (
      <Stack gap="md">
        <BackLink to="/fuentes-de-datos">{t('dataSources.title')}</BackLink>
        <Alert color="red" title={problemText(t, generalProblem(source.error))} data-testid="load-problem" />
      </Stack>
    );
  return <Detail source={source.data} />;
}

function Detail({ source }: { source: TDataSource }) {
  const { t } = useTranslation();
  const save = useSaveDataSource();
  const usage = useDataSourceUsage(source.id);
  const forms = usage.data?.forms ?? [];
  const setActive = async (active: boolean) => {
    const deleteMessage = t('dataSources.delete.message', { name: source.name });
    const ok = await confirmActiveChange(t, {
      id: `data-source-${active ? 'restore' : 'delete'}`,
      active,
      title: active ? t('dataSources.restore.title') : t('dataSources.delete.title'),
      message: active
        ? t('dataSources.restore.message', { name: source.name })
        : forms.length > 0
          ? `${deleteMessage} ${t('dataSources.usage.deleteWarning', { count: forms.length })}`
          : deleteMessage,
    });
    if (!ok) return;
    save.mutate(
      { id: source.id, body: { is_active: active } },
      {
        onSuccess: () => toast.show(active ? t('dataSources.restore.done', { name: source.name }) : t('dataSources.delete.done', { name: source.name })),
        onError: (error) => toast.error(problemText(t, generalProblem(error))),
      },
    );
  };

  return (
    <Stack gap="md">
      <BackLink to="/fuentes-de-datos">{t('dataSources.title')}</BackLink>
      <PageHeader
        title={<RecordTitle name={source.name} deleted={!source.is_active} deletedLabel={t('dataSources.status.deletedOne')} />}
        description={source.description || t('dataSources.rowsCount', { count: source.rows_count })}
        actions={
          <Group gap="sm">
            {source.is_active ? (
              <>
                <DeleteButton onClick={() => void setActive(false)} loading={save.isPending} data-testid="detail-delete">
                  {t('dataSources.actions.delete')}
                </DeleteButton>
                <Button component={Link} to={`/fuentes-de-datos/${source.id}/editar`} leftSection={<IconPencil size={16} />} data-testid="detail-edit">
                  {t('dataSources.actions.edit')}
                </Button>
              </>
            ) : (
              <Button leftSection={<IconRestore size={16} />} onClick={() => void setActive(true)} loading={save.isPending} data-testid="detail-restore">
                {t('dataSources.actions.restore')}
              </Button>
            )}
          </Group>
        }
      />
      {usage.data && (
        <Text size="sm" c="dimmed" data-testid="data-source-usage">
          {forms.length > 0 ? t('dataSources.usage.usedBy', { count: forms.length, names: forms.map((form) => `«${form.name}»`).join(', ') }) : t('dataSources.usage.unused')}
        </Text>
      )}
      <RowsPanel source={source} />
    </Stack>
  );
}

const ROW_ORDERS: readonly TDataSourceRowOrder[] = ['label', 'manual'];

function RowsPanel({ source }: { source: TDataSource }) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false }) ?? true;
  const [params, update] = useListParams();
  const rows = useDataSourceRows(source.id, params);
  useClampPage(rows.data?.count, params.page, ROWS_PAGE_SIZE, (page) => update({ page }));
  const editable = source.is_active;
  const saveSource = useSaveDataSource();
  const move = useMoveDataSourceRow(source.id);
  // Rows move among the active ones, in the whole list: not while a search or the deleted ones are shown.
  const manual = source.row_order === 'manual';
  const canMove = editable && manual && !params.search.trim() && params.status === 'active';
  const onError = (error: unknown) => toast.error(problemText(t, generalProblem(error)));
  const setOrder = (order: TDataSourceRowOrder) => saveSource.mutate({ id: source.id, body: { row_order: order } }, { onError });
  const moveRow = (rowId: string, to: TDataSourceRowMove) => move.mutate({ rowId, to }, { onError });
  const lastPage = rows.data ? Math.max(1, Math.ceil(rows.data.count / ROWS_PAGE_SIZE)) : 1;
  const moves = (index: number, rowId: string) =>
    canMove && rows.data
      ? {
          up: params.page > 1 || index > 0,
          down: params.page < lastPage || index < rows.data.results.length - 1,
          busy: move.isPending || rows.isFetching,
          onMove: (to: TDataSourceRowMove) => moveRow(rowId, to),
        }
      : undefined;

  return (
    <Stack gap="sm" data-testid="rows-panel">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          {t('dataSources.rows.title')}{' '}
          <Text span c="dimmed" fz="md" fw={400} data-testid="rows-count">
            ({t('dataSources.rowsCount', { count: source.rows_count })})
          </Text>
        </Title>
        {editable && (
          <Group gap="sm">
            <SegmentedControl
              size="sm"
              value={source.row_order}
              onChange={(value) => setOrder(value as TDataSourceRowOrder)}
              disabled={saveSource.isPending}
              aria-label={t('dataSources.order.title')}
              data={ROW_ORDERS.map((order) => ({ value: order, label: t(`dataSources.order.${order}`) }))}
              data-testid="rows-order"
            />
            <Button variant="default" size="sm" component={Link} to={`/fuentes-de-datos/${source.id}/carga-masiva`} leftSection={<IconUpload size={16} />} data-testid="rows-import">
              {t('dataSources.actions.import')}
            </Button>
          </Group>
        )}
      </Group>
      {editable && manual && (
        <Text size="sm" c="dimmed" data-testid="rows-order-hint">
          {canMove ? t('dataSources.order.manualHint') : t('dataSources.order.manualFiltered')}
        </Text>
      )}
      {editable ? (
        <AddRowForm sourceId={source.id} />
      ) : (
        <Alert color="gray" data-testid="rows-read-only">
          {t('dataSources.rows.readOnly')}
        </Alert>
      )}
      <SearchAndStatus
        search={params.search}
        status={params.status}
        onSearch={(search) => update({ search })}
        onStatus={(status) => update({ status })}
        label={t('dataSources.rows.search')}
        testId="rows-search"
      />
      {rows.isLoading ? (
        <Loader aria-label={t('common.loading')} />
      ) : rows.isError ? (
        <Alert color="red" title={problemText(t, generalProblem(rows.error))}>
          <Button variant="light" color="red" size="xs" onClick={() => void rows.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : rows.data && rows.data.count === 0 ? (
        params.search.trim() ? (
          <SearchFoundNothing search={params.search} status={params.status} onSearch={(search) => update({ search })} onStatus={(status) => update({ status })} testId="rows-no-matches" />
        ) : (
          <Text c="dimmed" ta="center" py="lg" data-testid="rows-empty">
            {params.status === 'deleted' ? t('dataSources.rows.noDeleted') : t('dataSources.rows.empty')}
          </Text>
        )
      ) : rows.data ? (
        <Stack gap="sm" style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }} aria-busy={rows.isFetching}>
          {isDesktop ? (
            <Paper withBorder radius="md">
              <Table verticalSpacing="xs" highlightOnHover data-testid="rows-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="30%">{t('dataSources.fields.key')}</Table.Th>
                    <Table.Th>{t('dataSources.fields.label')}</Table.Th>
                    {editable && (
                      <Table.Th w={canMove ? 192 : 96}>
                        <VisuallyHidden>{t('dataSources.list.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.data.results.map((row, index) => (
                    <RowItem key={row.id} sourceId={source.id} row={row} editable={editable} move={moves(index, row.id)} isDesktop />
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.data.results.map((row, index) => (
                <RowItem key={row.id} sourceId={source.id} row={row} editable={editable} move={moves(index, row.id)} isDesktop={false} />
              ))}
            </Stack>
          )}
          <Pager count={rows.data.count} page={params.page} pageSize={ROWS_PAGE_SIZE} onPage={(page) => update({ page })} />
        </Stack>
      ) : null}
    </Stack>
  );
}
