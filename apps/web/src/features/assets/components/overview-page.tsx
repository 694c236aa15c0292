import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconList, IconPlus, IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useOverview } from '../api/assets-api.ts';
import { AssetsNav } from './assets-nav.tsx';
import { BarList } from './bar-list.tsx';
import { useAssetsAccess } from './use-assets-access.ts';

const listWith = (key: string, value: string) => `/assets/list?${new URLSearchParams({ [key]: value }).toString()}`;

/** /assets: how many assets there are, by maintenance status, type, category and venue. */
export function OverviewPage() {
  const { t } = useTranslation();
  const overview = useOverview();
  const access = useAssetsAccess();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('assets.overview.title')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/assets/scan" variant="default" leftSection={<IconScan size={16} />}>
              {t('assets.nav.scan')}
            </Button>
            {access.canManage && (
              <Button component={Link} to="/assets/new" leftSection={<IconPlus size={16} />}>
                {t('assets.list.new')}
              </Button>
            )}
          </Group>
        }
      />
      <AssetsNav />
      {overview.isPending ? (
        <Loader />
      ) : overview.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Stat label={t('assets.overview.total')} value={overview.data.total} to="/assets/list" testId="overview-total" />
            {overview.data.by_status.map((row) => (
              <Stat
                key={row.status}
                label={t(`assets.status.${row.status}`)}
                value={row.count}
                to={listWith('status', row.status)}
                color={row.status === 'ok' ? 'green' : 'orange'}
                testId={`overview-${row.status}`}
              />
            ))}
          </SimpleGrid>
          {overview.data.total === 0 ? (
            <Card withBorder padding="xl">
              <Stack align="center" gap="xs">
                <Text c="dimmed">{t('assets.list.empty')}</Text>
                <Button component={Link} to="/assets/list" variant="light" leftSection={<IconList size={16} />}>
                  {t('assets.nav.list')}
                </Button>
              </Stack>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <Card withBorder padding="md">
                <Title order={2} fz="md" mb="sm">
                  {t('assets.overview.byType')}
                </Title>
                <BarList
                  label={t('assets.overview.byType')}
                  testId="overview-by-type"
                  bars={overview.data.by_type.map((row) => ({ key: row.id, label: row.name, value: row.count, color: row.color, to: listWith('type', row.id) }))}
                />
              </Card>
              <Card withBorder padding="md">
                <Title order={2} fz="md" mb="sm">
                  {t('assets.overview.byCategory')}
                </Title>
                <BarList
                  label={t('assets.overview.byCategory')}
                  bars={overview.data.by_category.map((row) => ({ key: row.id, label: row.name, value: row.count, to: listWith('category', row.id) }))}
                />
              </Card>
              <Card withBorder padding="md">
                <Title order={2} fz="md" mb="sm">
                  {t('assets.overview.byVenue')}
                </Title>
                <BarList
                  label={t('assets.overview.byVenue')}
                  testId="overview-by-venue"
                  bars={overview.data.by_venue.map((row) => ({
                    key: row.id ?? 'none',
                    label: row.name ?? t('assets.overview.noVenue'),
                    value: row.count,
                    ...(row.id ? { to: listWith('venue', row.id) } : {}),
                  }))}
                />
              </Card>
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value, to, color, testId }: { label: string; value: number; to: string; color?: string; testId: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} c={color}>
        {value}
      </Text>
    </Card>
  );
}
