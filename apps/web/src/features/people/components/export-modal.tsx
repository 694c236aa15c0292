import { Alert, Button, Group, Modal, Paper, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPersonExport } from '@faena/contracts';
import { fileLanguageOf } from '../../../shared/imports/imports-api.ts';
import { formatDate, formatDateTime } from '../../../shared/lib/dates.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { downloadExport, usePersonExports, useStartExport } from '../api/exports.ts';
import type { PeopleFilters } from '../api/get-people.ts';
import { countActiveFilters } from './people-filters.tsx';

function ExportItem({ item }: { item: TPersonExport }) {
  const { t } = useTranslation();
  const running = item.status === 'PENDING' || item.status === 'RUNNING';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="export-item" data-id={item.id} data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {item.file_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.created_at)} · {t(`people.export.status.${item.status}`)}
            {item.status === 'DONE' ? ` · ${t('people.export.rows', { count: item.rows })}` : ''}
          </Text>
          {item.status === 'DONE' && item.expires_at && (
            <Text size="xs" c="dimmed" data-testid="export-until">
              {t('people.export.availableUntil', { date: formatDate(item.expires_at) })}
            </Text>
          )}
        </Stack>
        {item.status === 'DONE' && (
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => void downloadExport(item)} data-testid="export-download">
            {t('people.export.download')}
          </Button>
        )}
      </Group>
      {running && <Progress mt="xs" value={Math.max(item.percent, 3)} animated striped aria-label={t('people.export.progress')} />}
      {item.status === 'EXPIRED' && (
        <Text size="xs" c="dimmed" mt={4} data-testid="export-expired">
          {t('people.export.expired', { date: formatDate(item.expires_at) })}
        </Text>
      )}
      {item.status === 'FAILED' && (
        <Text size="xs" c="red.8" mt={4}>
          {item.error ?? t('people.export.failed')}
        </Text>
      )}
    </Paper>
  );
}

/** exportPersons: the list as filtered, as CSV or XLSX, made in the background; recent exports with progress and download. */
export function ExportModal({ opened, onClose, filters }: { opened: boolean; onClose: () => void; filters: PeopleFilters }) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const exports = usePersonExports(opened);
  const start = useStartExport();
  const filtered = countActiveFilters(filters) > 0 || filters.search.trim() !== '';

  return (
    <Modal opened={opened} onClose={onClose} title={t('people.export.title')} size="md" centered>
      <Stack gap="md">
        <Text size="sm">{filtered ? t('people.export.filtered') : t('people.export.everyone')}</Text>
        <Group gap="sm" align="flex-end" justify="space-between">
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as 'csv' | 'xlsx')}
            data={[
              { value: 'xlsx', label: 'Excel (XLSX)' },
              { value: 'csv', label: 'CSV' },
            ]}
            aria-label={t('people.export.format')}
            data-testid="export-format"
          />
          <Button
            leftSection={<IconFileExport size={16} />}
            loading={start.isPending}
            onClick={() => start.mutate({ format, filters, language: fileLanguageOf(i18n.language) }, { onError: () => toast.error(t('people.export.startFailed')) })}
            data-testid="export-start"
          >
            {t('people.export.start')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('people.export.notified')}
        </Text>
        {exports.isError && <Alert color="red">{t('people.export.listFailed')}</Alert>}
        {(exports.data?.results.length ?? 0) > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('people.export.recent')}
            </Text>
            {exports.data?.results.map((item) => (
              <ExportItem key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
