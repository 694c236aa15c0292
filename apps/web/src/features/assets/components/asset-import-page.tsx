import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import { useImportKinds } from '../../../shared/imports/imports-api.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { NoAccess } from '../../../shared/ui/no-access.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ASSETS_BASE } from '../api/assets-api.ts';
import { useAssetsAccess } from './use-assets-access.ts';

const FAMILY = { baseUrl: `${ASSETS_BASE}/assets/imports`, kind: 'assets', changes: [['assets']] };

/** /assets/import[/{jobId}] (MANAGE_ASSETS): the bulk load of assets through the shared import flow. */
export function AssetImportPage() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  const access = useAssetsAccess();
  const kinds = useImportKinds();
  if (!access.canManage) return <NoAccess problem="permission" />;
  const offered = kinds.data?.kinds.some((kind) => kind.kind === 'assets');
  return (
    <Stack gap="md">
      <BackLink to="/assets/list">{t('assets.nav.list')}</BackLink>
      <PageHeader title={t('assets.import.title')} description={t('assets.import.description')} />
      {kinds.isPending ? (
        <Loader />
      ) : kinds.isSuccess && !offered ? (
        <Alert color="yellow" data-testid="asset-import-unavailable">
          {t('assets.import.unavailable')}
        </Alert>
      ) : (
        <ImportFlow
          family={FAMILY}
          jobId={jobId}
          jobHref={(job) => `/assets/import/${encodeURIComponent(job)}`}
          startHref="/assets/import"
          done={{ href: '/assets/list', label: t('assets.import.seeAssets') }}
          templateName="plantilla-activos.csv"
        />
      )}
    </Stack>
  );
}
