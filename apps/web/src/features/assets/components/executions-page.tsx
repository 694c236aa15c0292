import { Alert, Anchor, Button, Card, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { MAINTENANCE_KINDS, MAINTENANCE_STATES } from '@faena/contracts/assets';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useExecutions } from '../api/assets-api.ts';
import { assetPath, formatDateTime, formatMoney } from '../lib/format.ts';
import { AssetsNav } from './assets-nav.tsx';
import { AssetsListFooter } from './list-footer.tsx';
import { maintenancePath } from './maintenance-tab.tsx';
import { MaintenanceStateBadge } from './status-badge.tsx';
import { useAssetsAccess } from './use-assets-access.ts';

const PAGE_SIZE = 20;

/**
 * /assets/maintenance-executions (every maintenance) and /assets/maintenances/{workflowTypeId} (those
 * of one maintenance type): filters by kind and state in the address, paged.
 */
export function ExecutionsPage({ workflowType, title }: { workflowType?: string; title?: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const access = useAssetsAccess();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const kind = params.get('kind') ?? undefined;
  const status = params.get('status') ?? undefined;
  const list = useExecutions({ page, page_size: PAGE_SIZE, kind, status, workflow_type: workflowType });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const rows = list.data?.results ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={title ?? t('assets.executions.title')}
        actions={
          workflowType && access.canManage ? (
            <Button component={Link} to={`/assets/maintenances/${encodeURIComponent(workflowType)}/execute`} leftSection={<IconPlayerPlay size={16} />} data-testid="execute-maintenance">
              {t('assets.executions.execute')}
            </Button>
          ) : undefined
        }
      />
      <AssetsNav />
      <Group gap="sm">
        <Select
          label={t('assets.executions.kind')}
          data={MAINTENANCE_KINDS.map((value) => ({ value, label: t(`assets.maintenance.kind.${value}`) }))}
          value={kind ?? null}
          onChange={(value) => set('kind', value)}
          clearable
          w={200}
        />
        <Select
          label={t('assets.executions.state')}
          data={MAINTENANCE_STATES.map((value) => ({ value, label: t(`assets.maintenance.state.${value}`) }))}
          value={status ?? null}
          onChange={(value) => set('status', value)}
          clearable
          w={200}
          data-testid="executions-state"
        />
      </Group>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('assets.maintenance.none')}</Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm">
            {rows.map((row) => (
              <Card key={row.id} withBorder padding="sm" component={Link} to={maintenancePath(row)} data-testid="execution-card">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {row.asset.code} · {row.asset.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {row.title || t(`assets.maintenance.kind.${row.kind}`)} · {formatDateTime(row.started_at, i18n.language)}
                    </Text>
                  </Stack>
                  <MaintenanceStateBadge status={row.status} />
                </Group>
              </Card>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={800} visibleFrom="sm">
            <Table highlightOnHover verticalSpacing="sm" data-testid="executions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assets.executions.asset')}</Table.Th>
                  <Table.Th>{t('assets.executions.maintenance')}</Table.Th>
                  <Table.Th>{t('assets.executions.kind')}</Table.Th>
                  <Table.Th>{t('assets.executions.state')}</Table.Th>
                  <Table.Th>{t('assets.executions.started')}</Table.Th>
                  <Table.Th>{t('assets.executions.completed')}</Table.Th>
                  <Table.Th ta="right">{t('assets.maintenance.cost')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="execution-row">
                    <Table.Td>
                      <Anchor component={Link} to={assetPath(row.asset.id)}>
                        {row.asset.code} · {row.asset.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={maintenancePath(row)}>
                        {row.title || row.workflow_type?.name || t(`assets.maintenance.kind.${row.kind}`)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`assets.maintenance.kind.${row.kind}`)}</Table.Td>
                    <Table.Td>
                      <MaintenanceStateBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(row.started_at, i18n.language)}</Table.Td>
                    <Table.Td>{formatDateTime(row.completed_at, i18n.language)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.cost, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <AssetsListFooter count={list.data.count} page={page} pageSize={PAGE_SIZE} onPage={(next) => set('page', String(next))} />
        </>
      )}
    </Stack>
  );
}
