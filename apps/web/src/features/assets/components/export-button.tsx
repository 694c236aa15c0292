import { Button, Group, Menu, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TAssetFilters } from '@faena/contracts/assets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWithCookie } from '../../../shared/uploads/upload-api.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useExport, useStartExport } from '../api/assets-api.ts';

/**
 * Exports the filtered list as CSV or XLSX: a background job on the server (POST /assets/export/),
 * followed until it is done, then downloaded through the browser.
 */
export function ExportButton({ filters }: { filters: TAssetFilters }) {
  const { t } = useTranslation();
  const start = useStartExport();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExport(jobId);
  const [ready, setReady] = useState<{ url: string; name: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // A finished job is handled once, while rendering (its status comes from the poll).
  const data = job.data;
  if (data && jobId === data.id && (data.status === 'DONE' || data.status === 'FAILED' || data.status === 'EXPIRED')) {
    setJobId(null);
    if (data.status === 'DONE' && data.download_url) setReady({ url: data.download_url, name: data.file_name });
    else setFailed(data.id);
  }
  useEffect(() => {
    if (ready) void downloadWithCookie(ready.url, ready.name);
  }, [ready]);
  useEffect(() => {
    if (failed) toast.error(t('assets.list.exportFailed'));
  }, [failed, t]);

  const run = (format: 'csv' | 'xlsx') => start.mutate({ format, filters }, { onSuccess: (created) => setJobId(created.id), onError: () => toast.error(t('assets.list.exportFailed')) });

  const busy = start.isPending || jobId !== null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} data-testid="assets-export">
            {t('assets.list.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => run('csv')} data-testid="assets-export-csv">
            CSV
          </Menu.Item>
          <Menu.Item onClick={() => run('xlsx')} data-testid="assets-export-xlsx">
            XLSX
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {busy && job.data && (
        <Group gap={6} wrap="nowrap" w={120}>
          <Progress value={job.data.percent} w={70} size="sm" aria-label={t('assets.list.exporting')} />
          <Text size="xs" c="dimmed">
            {job.data.percent}%
          </Text>
        </Group>
      )}
    </Group>
  );
}
