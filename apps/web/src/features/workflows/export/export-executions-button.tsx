import { Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWfExportCreate } from '@faena/contracts/workflows-extras';
import { toast } from '../../../shared/ui/toasts.ts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { saveBlob } from '../../../shared/lib/download.ts';
import { fetchFileBlob } from '../../../shared/uploads/index.ts';
import { useExportStatus, useStartExport } from '../extras/api.ts';

type ExportFilters = Omit<Partial<TWfExportCreate>, 'format'>;
const STATUSES = new Set(['InProcess', 'Success', 'Error']);

/** The executions list's filters as the export takes them (the same rows as the list shows). */
export function exportFilters(list: {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  started_by?: string | undefined;
  current_step?: string | undefined;
}): ExportFilters {
  return {
    ...(list.status && STATUSES.has(list.status) ? { status: list.status as TWfExportCreate['status'] } : {}),
    ...(list.from ? { created_from: list.from } : {}),
    ...(list.to ? { created_to: list.to } : {}),
    ...(list.started_by ? { started_by: list.started_by } : {}),
    ...(list.current_step ? { current_step: list.current_step } : {}),
  };
}

/**
 * "Exportar" (myExecutionsExport): the executions of a type with the list's filters, as CSV or
 * XLSX made in the background; shows the job's progress, then the file to download and until when
 * the server keeps it (7 days).
 */
export function ExportExecutionsButton({ typeId, filters = {} }: { typeId: string; filters?: ExportFilters }) {
  const { t } = useTranslation();
  const start = useStartExport(typeId);
  const [exportId, setExportId] = useState<string | null>(null);
  const status = useExportStatus(exportId);
  const [downloading, setDownloading] = useState(false);
  const job = status.data;
  const running = exportId !== null && (!job || job.status === 'PENDING' || job.status === 'RUNNING');

  const begin = (format: 'csv' | 'xlsx') => start.mutate({ ...filters, format }, { onSuccess: (created) => setExportId(created.id), onError: () => toast.error(t('workflowsExtras.export.failed')) });

  const download = async () => {
    if (!job?.download_url) return;
    setDownloading(true);
    try {
      saveBlob(job.file_name, await fetchFileBlob(job.download_url));
    } catch {
      toast.error(t('workflowsExtras.export.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap={6} data-testid="export-executions">
      <Group gap="sm">
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="default" loading={start.isPending} disabled={running}>
              {t('workflowsExtras.export.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => begin('csv')}>{t('workflowsExtras.export.csv')}</Menu.Item>
            <Menu.Item onClick={() => begin('xlsx')}>{t('workflowsExtras.export.xlsx')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {job?.status === 'DONE' && (
          <Button onClick={() => void download()} loading={downloading}>
            {t('workflowsExtras.export.download')}
          </Button>
        )}
      </Group>
      {running && (
        <Stack gap={4} maw={360} role="status">
          <Text size="sm">{t('workflowsExtras.export.progress', { percent: job?.percent ?? 0 })}</Text>
          <Progress value={job?.percent ?? 0} animated aria-label={t('workflowsExtras.export.progressLabel')} />
        </Stack>
      )}
      {job?.status === 'DONE' && (
        <Stack gap={0} role="status">
          <Text size="sm" c="dimmed">
            {t('workflowsExtras.export.ready', { count: job.rows, name: job.file_name })}
          </Text>
          {job.expires_at && (
            <Text size="xs" c="dimmed" data-testid="export-until">
              {t('workflowsExtras.export.availableUntil', { date: formatDate(job.expires_at) })}
            </Text>
          )}
        </Stack>
      )}
      {job?.status === 'EXPIRED' && (
        <Text size="sm" c="dimmed" role="status" data-testid="export-expired">
          {t('workflowsExtras.export.expired', { date: formatDate(job.expires_at) })}
        </Text>
      )}
      {job?.status === 'FAILED' && (
        <Text size="sm" c="red" role="alert">
          {t('workflowsExtras.export.failed')}
        </Text>
      )}
    </Stack>
  );
}
