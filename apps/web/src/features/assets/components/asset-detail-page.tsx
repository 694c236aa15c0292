import { Alert, Anchor, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconEdit, IconFile, IconMapPin, IconPrinter } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TAsset, TAssetRef } from '@faena/contracts/assets';
import { isNotFound } from '../../../shared/api/http-error.ts';
import { ResponseAnswers } from '../../../shared/forms/answer-display.tsx';
import { useForm } from '../../../shared/forms/api/get-form.ts';
import { useFileCookie } from '../../../shared/uploads/use-file-url.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { clickDownload } from '../../../shared/lib/download.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAsset, useAssetType, useLabels } from '../api/assets-api.ts';
import { assetPath, formatDate, formatDateTime, formatMoney } from '../lib/format.ts';
import { InvestmentTab } from './investment-tab.tsx';
import { MaintenanceTab } from './maintenance-tab.tsx';
import { StatusBadge, StatusReason } from './status-badge.tsx';
import { TypeIcon } from './type-icon.tsx';
import { useAssetsAccess } from './use-assets-access.ts';

const AssetCalendar = lazy(() => import('./asset-calendar.tsx'));

export const ASSET_TABS = ['data', 'maintenance', 'documents', 'gallery', 'investment', 'location', 'calendar'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

/** Which tab an address shows: /assets/{id}/investment and /calendar are their own; /detail?tab=…; /assets/{id} is the data. */
export function tabOf(pathname: string, tab: string | null): AssetTab {
  if (pathname.endsWith('/investment')) return 'investment';
  if (pathname.endsWith('/calendar')) return 'calendar';
  return (ASSET_TABS as readonly string[]).includes(tab ?? '') ? (tab as AssetTab) : 'data';
}

function tabPath(id: string, tab: AssetTab): string {
  if (tab === 'data') return assetPath(id);
  if (tab === 'investment' || tab === 'calendar') return `${assetPath(id)}/${tab}`;
  return `${assetPath(id)}/detail?tab=${tab}`;
}

/** /assets/{id}, /assets/{id}/detail, /investment, /calendar: the asset with its tabs. */
export function AssetDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asset = useAsset(id);
  const tab = tabOf(pathname, params.get('tab'));
  // on a phone the tab row scrolls: keep the open tab in sight
  useEffect(() => {
    document.querySelector(`[data-testid=asset-tab-${tab}]`)?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [tab, asset.isSuccess]);

  if (asset.isPending) return <Loader />;
  if (asset.isError)
    return (
      <Stack>
        <BackLink to="/assets/list">{t('assets.nav.list')}</BackLink>
        <Alert color="red" data-testid="asset-load-error">
          {isNotFound(asset.error) ? t('assets.detail.notFound') : t('assets.common.loadError')}
        </Alert>
      </Stack>
    );
  const data = asset.data;
  return (
    <Stack gap="md">
      <BackLink to="/assets/list">{t('assets.nav.list')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <TypeIcon icon={data.type.icon} color={data.type.color} size={44} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="asset-name">
              {data.name}
            </Title>
            <Text c="dimmed" data-testid="asset-code">
              {data.code} · {data.type.name}
            </Text>
            <Group gap="xs">
              <StatusBadge status={data.maintenance_status} />
            </Group>
            {tab !== 'maintenance' && <StatusReason reason={data.status_reason} />}
          </Stack>
        </Group>
        <HeaderActions asset={data} />
      </Group>
      <Tabs value={tab} onChange={(value) => value && void navigate(tabPath(id, value as AssetTab))} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {ASSET_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`asset-tab-${value}`} style={{ whiteSpace: 'nowrap' }}>
              {t(`assets.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <DataTab asset={data} />
        </Tabs.Panel>
        <Tabs.Panel value="maintenance" pt="md">
          <MaintenanceTab asset={data} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab asset={data} />
        </Tabs.Panel>
        <Tabs.Panel value="gallery" pt="md">
          <GalleryTab asset={data} />
        </Tabs.Panel>
        <Tabs.Panel value="investment" pt="md">
          <InvestmentTab assetId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="location" pt="md">
          <LocationTab asset={data} />
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pt="md">
          <Suspense fallback={<Loader />}>
            <AssetCalendar assetId={data.id} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function HeaderActions({ asset }: { asset: TAsset }) {
  const { t } = useTranslation();
  const access = useAssetsAccess();
  const labels = useLabels();
  const print = () =>
    labels.mutate(
      { asset_ids: [asset.id], kind: 'qr', size: '100x50' },
      {
        onSuccess: (blob) => {
          const url = URL.createObjectURL(blob);
          clickDownload(url, `${asset.code}.pdf`);
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        },
        onError: () => toast.error(t('assets.labels.failed')),
      },
    );
  return (
    <Group gap="xs">
      {access.canLabels && (
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={print} loading={labels.isPending} data-testid="print-label">
          {t('assets.detail.printLabel')}
        </Button>
      )}
      {asset.can_manage && (
        <Button component={Link} to={`${assetPath(asset.id)}/edit`} leftSection={<IconEdit size={16} />} data-testid="edit-asset">
          {t('assets.detail.edit')}
        </Button>
      )}
    </Group>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" data-testid={testId}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

function AssetLinks({ refs }: { refs: readonly TAssetRef[] }) {
  if (refs.length === 0) return <>—</>;
  return (
    <Stack gap={2}>
      {refs.map((ref) => (
        <Anchor key={ref.id} component={Link} to={assetPath(ref.id)}>
          {ref.code} · {ref.name}
        </Anchor>
      ))}
    </Stack>
  );
}

function DataTab({ asset }: { asset: TAsset }) {
  const { t, i18n } = useTranslation();
  const type = useAssetType(asset.type.id);
  const form = useForm(type.data?.form_id ?? undefined);
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Field label={t('assets.fields.code')}>{asset.code}</Field>
          <Field label={t('assets.fields.manufacturer')}>{asset.manufacturer}</Field>
          <Field label={t('assets.fields.model')}>{asset.model}</Field>
          <Field label={t('assets.fields.type')}>{asset.type.name}</Field>
          <Field label={t('assets.fields.category')}>{asset.category.name}</Field>
          <Field label={t('assets.fields.responsible')}>{asset.responsible?.name}</Field>
          <Field label={t('assets.fields.venue')}>{asset.venue?.name}</Field>
          <Field label={t('assets.fields.location')}>{asset.location?.name}</Field>
          <Field label={t('assets.fields.lastMaintenance')}>{asset.last_maintenance_at ? formatDateTime(asset.last_maintenance_at, i18n.language) : ''}</Field>
          <Field label={t('assets.fields.purchaseDate')}>{asset.purchase_date ? formatDate(asset.purchase_date, i18n.language) : ''}</Field>
          <Field label={t('assets.fields.purchaseCost')}>{asset.purchase_cost !== null ? formatMoney(asset.purchase_cost, i18n.language) : ''}</Field>
          <Field label={t('assets.fields.usefulLife')}>{asset.useful_life_years !== null ? t('assets.fields.years', { count: asset.useful_life_years }) : ''}</Field>
        </SimpleGrid>
      </Card>
      {asset.description && (
        <Card withBorder padding="md">
          <Field label={t('assets.fields.description')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{asset.description}</Text>
          </Field>
        </Card>
      )}
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('assets.detail.associated')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Field label={t('assets.fields.parent')}>{asset.parent ? <AssetLinks refs={[asset.parent]} /> : ''}</Field>
          <Field label={t('assets.fields.children')}>
            <AssetLinks refs={asset.children} />
          </Field>
          <Field label={t('assets.fields.related')}>
            <AssetLinks refs={asset.related} />
          </Field>
        </SimpleGrid>
      </Card>
      {form.data && form.data.description.length > 0 && (
        <Card withBorder padding="md" data-testid="asset-extra">
          <Title order={2} fz="md" mb="sm">
            {t('assets.detail.extra')}
          </Title>
          <ResponseAnswers fields={form.data.description} response={asset.extra} />
        </Card>
      )}
      <Card withBorder padding="md">
        <Field label={t('assets.detail.publicUrl')}>
          <Anchor href={asset.public_url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }} data-testid="asset-public-url">
            {asset.public_url}
          </Anchor>
        </Field>
      </Card>
    </Stack>
  );
}

function DocumentsTab({ asset }: { asset: TAsset }) {
  const { t } = useTranslation();
  const ready = useFileCookie(asset.documents.length > 0);
  if (asset.documents.length === 0) return <Text c="dimmed">{t('assets.detail.noDocuments')}</Text>;
  return (
    <Stack gap="xs">
      {asset.documents.map((file) => (
        <Card key={file.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={20} />
              <Text truncate>{file.name}</Text>
            </Group>
            <Button component="a" href={ready ? file.url : undefined} download={file.name} variant="light" size="sm" leftSection={<IconDownload size={16} />}>
              {t('assets.detail.download')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function GalleryTab({ asset }: { asset: TAsset }) {
  const { t } = useTranslation();
  const ready = useFileCookie(asset.photos.length > 0);
  if (asset.photos.length === 0) return <Text c="dimmed">{t('assets.detail.noPhotos')}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="asset-gallery">
      {asset.photos.map((photo) =>
        ready ? (
          <Anchor key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
            <Image src={photo.url} alt={photo.name} radius="md" h={160} fit="cover" />
          </Anchor>
        ) : (
          <Loader key={photo.id} size="sm" />
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * Where the asset is: its venue and location (blueprint). No map tiles can be fetched from outside,
 * so coordinates show as numbers with a link the person's own maps app opens.
 */
function LocationTab({ asset }: { asset: TAsset }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="asset-location">
      <Stack gap="md">
        <Group gap="xs">
          <IconMapPin size={20} />
          <Text fw={600}>{[asset.venue?.name, asset.location?.name].filter(Boolean).join(' · ') || t('assets.detail.noLocation')}</Text>
        </Group>
        {asset.gps ? (
          <Stack gap={4}>
            <Text size="sm">{t('assets.detail.coordinates', { lat: asset.gps.lat.toFixed(6), lng: asset.gps.lng.toFixed(6) })}</Text>
            <Anchor href={`geo:${asset.gps.lat},${asset.gps.lng}`} size="sm">
              {t('assets.detail.openInMaps')}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('assets.detail.noCoordinates')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
