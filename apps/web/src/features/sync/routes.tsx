import { Alert, Anchor, Badge, Button, Center, Code, CopyButton, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCloudCheck, IconCloudUpload, IconCopy, IconRefresh, IconTrash, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/dates.ts';
import type { QueuedSubmission } from '../../shared/offline/offline-db.ts';
import { offlineQueue } from '../../shared/offline/offline-queue.ts';
import { usePendingWork } from '../../shared/offline/use-offline-sync.ts';
import { confirm } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { syncLocales } from './locales/index.ts';

export const locales = [syncLocales];

/** /sync — what this device still has to send: conflicts, failures, pending work, the last sync (decision 031). */
export function SyncRoute() {
  const { t } = useTranslation();
  const network = useNetwork();
  const pending = usePendingWork();
  const [syncing, setSyncing] = useState(false);
  const items = pending.data?.items ?? [];
  const conflicts = items.filter((item) => item.state === 'conflict');
  const failed = items.filter((item) => item.state === 'failed');
  const waiting = items.filter((item) => item.state === 'pending');
  const lastSyncAt = pending.data?.lastSyncAt ?? null;

  const syncNow = async () => {
    setSyncing(true);
    try {
      await offlineQueue.flush();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('sync.title')}
        description={t('sync.description')}
        actions={
          <Group gap="sm">
            <Badge size="lg" variant="light" color={network.online ? 'faena' : 'orange'} leftSection={network.online ? <IconWifi size={14} /> : <IconWifiOff size={14} />} data-testid="sync-network">
              {network.online ? t('sync.online') : t('sync.offline')}
            </Badge>
            {waiting.length > 0 && (
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void syncNow()} loading={syncing} disabled={!network.online} data-testid="sync-now">
                {t('sync.syncNow')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        <Text size="sm" c="dimmed" data-testid="sync-last">
          {lastSyncAt ? t('sync.lastSync', { when: formatDateTime(lastSyncAt) }) : t('sync.neverSynced')}
        </Text>
        {pending.isLoading ? (
          <Center py="lg">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : items.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
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
          </Paper>
        ) : (
          <>
            <Section title={t('sync.conflicts')} items={conflicts} testId="sync-conflicts" />
            <Section title={t('sync.failures')} items={failed} testId="sync-failures" />
            <Section title={t('sync.pending')} items={waiting} testId="sync-pending" />
          </>
        )}
      </Stack>
    </>
  );
}

function Section({ title, items, testId }: { title: string; items: QueuedSubmission[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={2} fz="md">
        {title} ({items.length})
      </Title>
      {items.map((item) => (
        <SubmissionCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}

function SubmissionCard({ item }: { item: QueuedSubmission }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const answer = JSON.stringify(item.json, null, 2);
  const discard = async () => {
    const ok = await confirm({
      id: 'sync-discard',
      title: t('sync.discardTitle'),
      message: t('sync.discardBody', { title: item.title }),
      confirmLabel: t('sync.discard'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) await offlineQueue.discard(item.id);
  };
  const retry = async () => {
    setBusy(true);
    try {
      await offlineQueue.retry(item.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="sync-item" data-state={item.state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              {item.state === 'pending' ? <IconCloudUpload size={16} aria-hidden="true" /> : <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden="true" />}
              <Text fw={650} truncate>
                {item.title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`sync.kind.${item.kind}`)} · {t('sync.savedAt', { when: formatDateTime(item.createdAt) })}
              {item.attempts > 0 ? ` · ${t('sync.attemptsCount', { count: item.attempts })}` : ''}
            </Text>
          </Stack>
          {item.href && (
            <Anchor component={Link} to={item.href} size="sm">
              {t('sync.open')}
            </Anchor>
          )}
        </Group>
        {item.state === 'conflict' && item.conflict && (
          <Alert color="orange" title={t(`sync.reason.${item.conflict.reason}`)} data-testid="sync-conflict-reason">
            {t('sync.conflictKept')}
          </Alert>
        )}
        {item.state === 'failed' && (
          <Alert color="red" title={t('sync.failedTitle')}>
            {item.lastError === 'network' ? t('sync.networkError') : item.lastError}
          </Alert>
        )}
        {item.state !== 'pending' && (
          <Stack gap={4}>
            <Text size="xs" fw={600}>
              {t('sync.yourAnswer')}
            </Text>
            <Code block style={{ maxHeight: 160, overflow: 'auto' }} data-testid="sync-answer">
              {answer}
            </Code>
          </Stack>
        )}
        <Group gap="xs" justify="flex-end">
          {item.state !== 'pending' && (
            <CopyButton value={answer}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
                  {copied ? t('sync.copied') : t('sync.copy')}
                </Button>
              )}
            </CopyButton>
          )}
          {item.state === 'failed' && (
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void retry()} loading={busy} data-testid="sync-retry">
              {t('sync.retry')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => void discard()} data-testid="sync-discard">
            {t('sync.discard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
