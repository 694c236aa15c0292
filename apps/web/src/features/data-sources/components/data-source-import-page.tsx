import { Alert, Loader, Stack } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import type { ImportFamily } from '../../../shared/imports/imports-api.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { DATA_SOURCES_API, dataSourceKeys } from '../api/data-source-keys.ts';
import { useDataSource } from '../api/get-data-source.ts';
import { generalProblem } from '../lib/problems.ts';
import { problemText } from './problem-text.ts';

/** /fuentes-de-datos/:id/carga-masiva/:jobId?: the source's rows loaded from a file (shared import flow). */
export function DataSourceImportPage({ id, jobId }: { id: string; jobId?: string | undefined }) {
  const { t } = useTranslation();
  const source = useDataSource(id);
  // the source's rows and their count change once an import is applied
  const family: ImportFamily = { baseUrl: `${DATA_SOURCES_API}/${encodeURIComponent(id)}/imports`, kind: 'data-source-rows', changes: [dataSourceKeys.source(id), dataSourceKeys.lists] };

  if (source.isLoading) return <Loader aria-label={t('common.loading')} />;
  // A failed read again (back on the tab) keeps the page and the import under way.
  if (!source.data)
    return (
      <Stack gap="md">
        <BackLink to="/fuentes-de-datos">{t('dataSources.title')}</BackLink>
        <Alert color="red" title={problemText(t, generalProblem(source.error))} />
      </Stack>
    );
  const base = `/fuentes-de-datos/${id}`;
  return (
    <Stack gap="md">
      <BackLink to={base}>{source.data.name}</BackLink>
      <PageHeader title={t('dataSources.import.title', { name: source.data.name })} description={t('dataSources.import.description')} />
      {source.data.is_active && source.data.row_order === 'manual' && (
        <Alert color="blue" variant="light" icon={<IconArrowsSort size={18} />} data-testid="import-manual-order">
          {t('dataSources.import.manualOrder', { replace: t('imports.modes.replace'), upsert: t('imports.modes.upsert') })}
        </Alert>
      )}
      {source.data.is_active ? (
        <ImportFlow
          family={family}
          jobId={jobId}
          jobHref={(job) => `${base}/carga-masiva/${job}`}
          startHref={`${base}/carga-masiva`}
          done={{ href: base, label: t('dataSources.import.seeRows') }}
          templateName="plantilla-fuente-de-datos.csv"
        />
      ) : (
        <Alert color="gray">{t('dataSources.rows.readOnly')}</Alert>
      )}
    </Stack>
  );
}
