import { Alert, Button, Card, Group, Progress, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { LABEL_SIZES, LABELS_DIRECT_MAX, LABELS_MAX, MAINTENANCE_STATUSES, type TAssetFilters, type TLabelRequest } from '@faena/contracts/assets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clickDownload } from '../../../shared/lib/download.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { downloadWithCookie } from '../../../shared/uploads/upload-api.ts';
import { ASSETS_SOURCE, useAssetList, useAssetTypes, useCategories, useLabelJob, useLabels, useStartLabelJob } from '../api/assets-api.ts';
import { errorCode } from '../lib/errors.ts';
import { AssetsNav } from './assets-nav.tsx';
import { RemoteMultiSelect, RemoteSelect, VENUES_SOURCE } from '../../../shared/ui/remote-select.tsx';

type Mode = 'chosen' | 'filtered';

/**
 * /assets/qr-generator and /assets/barcodes: a printable sheet (PDF made by the server) of labels,
 * the code with the asset's name and code under it, for chosen assets or all that match filters.
 */
export function LabelsPage({ barcodes }: { barcodes: boolean }) {
  const { t } = useTranslation();
  const types = useAssetTypes();
  const categories = useCategories();
  const labels = useLabels();
  const [mode, setMode] = useState<Mode>('chosen');
  const [chosen, setChosen] = useState<string[]>([]);
  const [filters, setFilters] = useState<TAssetFilters>({});
  const [kind, setKind] = useState<TLabelRequest['kind']>(barcodes ? 'barcode' : 'qr');
  const [size, setSize] = useState<NonNullable<TLabelRequest['size']>>('avery-5160');
  const matching = useAssetList({ filters, page: 1, pageSize: 20, ordering: 'code' });
  const count = mode === 'chosen' ? chosen.length : (matching.data?.count ?? 0);
  const setFilter = (key: keyof TAssetFilters, value: string | null) =>
    setFilters((current) => {
      const next = { ...current };
      if (value) (next as Record<string, string>)[key] = value;
      else delete next[key];
      return next;
    });

  // more than the direct PDF takes: a background job, followed until its file is ready
  const startJob = useStartLabelJob();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useLabelJob(jobId);
  const [ready, setReady] = useState<{ url: string; name: string } | null>(null);
  const jobData = job.data;
  if (jobData && jobId === jobData.id && (jobData.status === 'DONE' || jobData.status === 'FAILED')) {
    setJobId(null);
    if (jobData.status === 'DONE' && jobData.download_url) setReady({ url: jobData.download_url, name: jobData.file_name });
  }
  useEffect(() => {
    if (ready) void downloadWithCookie(ready.url, ready.name);
  }, [ready]);
  const inBackground = count > LABELS_DIRECT_MAX;

  const make = () => {
    const request: TLabelRequest = mode === 'chosen' ? { asset_ids: chosen, kind, size } : { filters, kind, size };
    if (inBackground) {
      setReady(null);
      startJob.mutate(request, { onSuccess: (created) => setJobId(created.id), onError: () => undefined });
      return;
    }
    labels.mutate(mode === 'chosen' ? { asset_ids: chosen, kind, size } : { filters, kind, size }, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        clickDownload(url, `${barcodes ? 'codigos-de-barras' : 'etiquetas-qr'}.pdf`);
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      onError: () => undefined,
    });
  };

  const failure = labels.error ?? startJob.error;
  const problem = failure
    ? errorCode(failure) === 'too-many-labels'
      ? t('assets.labels.tooMany', { max: LABELS_MAX })
      : t('assets.labels.failed')
    : jobData?.status === 'FAILED'
      ? t('assets.labels.failed')
      : null;
  const working = jobId !== null;

  return (
    <Stack gap="md">
      <PageHeader title={barcodes ? t('assets.labels.barcodesTitle') : t('assets.labels.qrTitle')} description={t('assets.labels.description')} />
      <AssetsNav />
      <Card withBorder padding="md">
        <Stack gap="md">
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'chosen', label: t('assets.labels.chosen') },
              { value: 'filtered', label: t('assets.labels.filtered') },
            ]}
            data-testid="labels-mode"
          />
          {mode === 'chosen' ? (
            <RemoteMultiSelect source={ASSETS_SOURCE} label={t('assets.labels.assets')} value={chosen} onChange={setChosen} data-testid="labels-assets" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <Select
                label={t('assets.fields.type')}
                data={(types.data?.results ?? []).map((row) => ({ value: row.id, label: row.name }))}
                value={filters.type ?? null}
                onChange={(value) => setFilter('type', value)}
                clearable
              />
              <Select
                label={t('assets.fields.category')}
                data={(categories.data?.results ?? []).map((row) => ({ value: row.id, label: row.name }))}
                value={filters.category ?? null}
                onChange={(value) => setFilter('category', value)}
                clearable
              />
              <Select
                label={t('assets.fields.status')}
                data={MAINTENANCE_STATUSES.map((status) => ({ value: status, label: t(`assets.status.${status}`) }))}
                value={filters.status ?? null}
                onChange={(value) => setFilter('status', value)}
                clearable
              />
              <RemoteSelect source={VENUES_SOURCE} label={t('assets.fields.venue')} value={filters.venue ?? null} onChange={(value) => setFilter('venue', value)} />
            </SimpleGrid>
          )}
          {barcodes && (
            <Radio.Group label={t('assets.labels.kind')} value={kind} onChange={(value) => setKind(value as TLabelRequest['kind'])}>
              <Group mt={6}>
                <Radio value="barcode" label={t('assets.labels.code128')} />
                <Radio value="datamatrix" label="DataMatrix" />
              </Group>
            </Radio.Group>
          )}
          <Select
            label={t('assets.labels.size')}
            data={LABEL_SIZES.map((value) => ({ value, label: t(`assets.labels.sizes.${value}`) }))}
            value={size}
            onChange={(value) => value && setSize(value as NonNullable<TLabelRequest['size']>)}
            allowDeselect={false}
            maw={360}
            data-testid="labels-size"
          />
          <Text size="sm" c={count > LABELS_MAX ? 'red' : 'dimmed'} data-testid="labels-count">
            {t('assets.labels.count', { count })}
          </Text>
          {inBackground && count <= LABELS_MAX && (
            <Text size="sm" c="dimmed" data-testid="labels-background">
              {t('assets.labels.background', { max: LABELS_DIRECT_MAX })}
            </Text>
          )}
          {working && (
            <Group gap="xs" wrap="nowrap" maw={360} data-testid="labels-progress">
              <Progress value={jobData?.percent ?? 0} style={{ flex: 1 }} aria-label={t('assets.labels.making')} />
              <Text size="sm" c="dimmed">
                {jobData?.percent ?? 0}%
              </Text>
            </Group>
          )}
          {ready && !working && (
            <Button variant="subtle" onClick={() => void downloadWithCookie(ready.url, ready.name)} style={{ alignSelf: 'flex-start' }} data-testid="labels-ready">
              {t('assets.labels.ready', { name: ready.name })}
            </Button>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group>
            <Button size="md" leftSection={<IconDownload size={18} />} onClick={make} loading={labels.isPending || startJob.isPending || working} disabled={count === 0} data-testid="labels-download">
              {t('assets.labels.download')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
