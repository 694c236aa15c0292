import { Alert, Anchor, Avatar, Button, Card, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconQrcode, IconUpload } from '@tabler/icons-react';
import { ASSET_ORDERINGS, type TAssetSummary } from '@faena/contracts/assets';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssetList } from '../api/assets-api.ts';
import { listStateParams, parseListState, withFilter, type AssetListState, type AssetOrdering } from '../lib/filters.ts';
import { assetPath, formatDate } from '../lib/format.ts';
import { AssetFilters } from './asset-filters.tsx';
import { AssetsNav } from './assets-nav.tsx';
import { AssetsListFooter } from './list-footer.tsx';
import { ExportButton } from './export-button.tsx';
import { TypeIcon } from './type-icon.tsx';
import { StatusWithReason } from './status-badge.tsx';
import { useAssetsAccess } from './use-assets-access.ts';

/** /assets/list: the assets with their filters, order and page in the address; CSV and XLSX export. */
export function AssetListPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = parseListState(params);
  const list = useAssetList(state);
  const access = useAssetsAccess();
  const go = (next: AssetListState) => setParams(listStateParams(next), { replace: true });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('assets.list.title')}
        actions={
          <Group gap="xs">
            <ExportButton filters={state.filters} />
            {access.canManage && (
              <Button component={Link} to="/assets/import" variant="default" leftSection={<IconUpload size={16} />} data-testid="asset-import">
                {t('assets.import.bulk')}
              </Button>
            )}
            {access.canManage && (
              <Button component={Link} to="/assets/new" leftSection={<IconPlus size={16} />} data-testid="new-asset">
                {t('assets.list.new')}
              </Button>
            )}
          </Group>
        }
      />
      <AssetsNav />
      <AssetFilters filters={state.filters} onChange={(key, value) => go(withFilter(state, key, value))} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="assets-count">
          {list.data ? t('assets.list.count', { count: list.data.count }) : ''}
        </Text>
        <Select
          aria-label={t('assets.list.ordering')}
          w={220}
          data={ASSET_ORDERINGS.map((ordering) => ({ value: ordering, label: t(`assets.ordering.${ordering}`) }))}
          value={state.ordering}
          onChange={(value) => value && go({ ...state, ordering: value as AssetOrdering, page: 1 })}
          allowDeselect={false}
          data-testid="assets-ordering"
        />
      </Group>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : list.data.results.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <IconQrcode size={36} />
            <Text c="dimmed" data-testid="assets-empty">
              {Object.keys(state.filters).length > 0 ? t('assets.list.noMatches') : t('assets.list.empty')}
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm">
            {list.data.results.map((asset) => (
              <AssetCard key={asset.id} asset={asset} />
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={800} visibleFrom="sm">
            <Table highlightOnHover verticalSpacing="sm" data-testid="assets-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assets.fields.code')}</Table.Th>
                  <Table.Th>{t('assets.fields.name')}</Table.Th>
                  <Table.Th>{t('assets.fields.type')}</Table.Th>
                  <Table.Th>{t('assets.fields.venue')}</Table.Th>
                  <Table.Th>{t('assets.fields.responsible')}</Table.Th>
                  <Table.Th>{t('assets.fields.status')}</Table.Th>
                  <Table.Th>{t('assets.fields.lastMaintenance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.results.map((asset) => (
                  <Table.Tr key={asset.id} data-testid="asset-row" style={{ cursor: 'pointer' }} onClick={() => void navigate(assetPath(asset.id))}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={assetPath(asset.id)} fw={600} onClick={(event) => event.stopPropagation()}>
                        {asset.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{asset.name}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <TypeIcon icon={asset.type.icon} color={asset.type.color} size={22} />
                        <Text size="sm">{asset.type.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{asset.venue?.name ?? '—'}</Table.Td>
                    <Table.Td>{asset.responsible?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <StatusWithReason status={asset.maintenance_status} reason={asset.status_reason} />
                    </Table.Td>
                    <Table.Td>{formatDate(asset.last_maintenance_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <AssetsListFooter count={list.data.count} page={state.page} pageSize={state.pageSize} onPage={(page) => go({ ...state, page })} />
        </>
      )}
    </Stack>
  );
}

function AssetCard({ asset }: { asset: TAssetSummary }) {
  return (
    <Card withBorder padding="sm" component={Link} to={assetPath(asset.id)} data-testid="asset-card">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {asset.photo ? <Avatar src={asset.photo.url} radius="sm" size={48} alt="" /> : <TypeIcon icon={asset.type.icon} color={asset.type.color} size={48} />}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {asset.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {asset.code} · {asset.type.name}
            {asset.venue ? ` · ${asset.venue.name}` : ''}
          </Text>
          <Group gap={6}>
            <StatusWithReason status={asset.maintenance_status} reason={asset.status_reason} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
