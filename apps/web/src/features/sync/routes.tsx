import { Alert, Badge, Center, Group, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudCheck, IconInfoCircle, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { listPendingWork, OFFLINE_MODE_AVAILABLE } from '../../shared/offline/pending-work.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { syncLocales } from './locales/index.ts';

export const locales = [syncLocales];

/** /sync — what this device still has to send. Offline mode is not built yet, so there is nothing, and it says so. */
export function SyncRoute() {
  const { t } = useTranslation();
  const network = useNetwork();
  const pending = useQuery({ queryKey: ['pending-work'], queryFn: listPendingWork });

  return (
    <>
      <PageHeader
        title={t('sync.title')}
        description={t('sync.description')}
        actions={
          <Badge size="lg" variant="light" color={network.online ? 'faena' : 'orange'} leftSection={network.online ? <IconWifi size={14} /> : <IconWifiOff size={14} />}>
            {network.online ? t('sync.online') : t('sync.offline')}
          </Badge>
        }
      />
      <Stack gap="lg">
        {!OFFLINE_MODE_AVAILABLE && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="sync-offline-note">
            {t('sync.notYet')}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          {pending.isLoading ? (
            <Center py="lg">
              <Loader aria-label={t('common.loading')} />
            </Center>
          ) : (pending.data ?? []).length === 0 ? (
            <Stack align="center" gap="xs" py="lg" ta="center" data-testid="sync-empty">
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
                <IconCloudCheck size={30} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t('sync.emptyTitle')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('sync.emptyBody')}
              </Text>
            </Stack>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sync.item')}</Table.Th>
                  <Table.Th>{t('sync.created')}</Table.Th>
                  <Table.Th>{t('sync.attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(pending.data ?? []).map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {item.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(item.kindKey)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                    <Table.Td>{item.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Stack>
    </>
  );
}
