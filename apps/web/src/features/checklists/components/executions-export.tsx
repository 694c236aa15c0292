import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExecutionExport, TExecutionFilters } from '@faena/contracts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { saveBlob } from '../../../shared/lib/download.ts';
import { fetchFileBlob } from '../../../shared/uploads/index.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { readExport, startExport } from '../api/checklists-api.ts';

const POLL_MS = 1000;

async function download(job: TExecutionExport): Promise<void> {
  if (job.download_url) saveBlob(job.file_name, await fetchFileBlob(job.download_url));
}

/**
 * The executions list as CSV or XLSX: a background job followed until it is done, then downloaded.
 * The finished export stays in view with its link and until when the server keeps its file
 * (`expires_at`; afterwards its download answers 410).
 */
export function ExecutionsExport({ filters }: { filters: TExecutionFilters }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<TExecutionExport | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    let current: TExecutionExport | null = null;
    try {
      current = await startExport({ format, filters });
      setJob(current);
      while (current.status === 'PENDING' || current.status === 'RUNNING') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        current = await readExport(current.id);
        setJob(current);
      }
      if (current.status === 'DONE' && current.download_url) await download(current);
      else toast.error(current.error ?? t('checklists.executions.exportFailed'));
    } catch {
      toast.error(t('checklists.executions.exportFailed'));
    } finally {
      // a finished file stays offered (until it expires); anything else clears away
      if (current?.status !== 'DONE') setTimeout(() => setJob(null), 2000);
    }
  };
  const busy = job !== null && (job.status === 'PENDING' || job.status === 'RUNNING');
  const done = job?.status === 'DONE' && job.download_url ? job : null;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconFileSpreadsheet size={18} />} onClick={() => void run('csv')} disabled={busy} data-testid="export-csv">
          CSV
        </Button>
        <Button variant="light" leftSection={<IconFileSpreadsheet size={18} />} onClick={() => void run('xlsx')} disabled={busy} data-testid="export-xlsx">
          XLSX
        </Button>
      </Group>
      {job && !done && (
        <div role="status">
          <Progress value={job.percent} size="sm" animated={busy} />
          <Text size="xs" c="dimmed">
            {t('checklists.executions.exportProgress', { percent: job.percent })}
          </Text>
        </div>
      )}
      {done && (
        <Group gap="xs" role="status" data-testid="export-done">
          <Anchor component="button" type="button" size="xs" onClick={() => void download(done).catch(() => toast.error(t('checklists.executions.exportFailed')))} data-testid="export-download">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {done.file_name}
            </Group>
          </Anchor>
          {done.expires_at && (
            <Text size="xs" c="dimmed" data-testid="export-until">
              {t('checklists.executions.exportAvailableUntil', { date: formatDate(done.expires_at) })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
