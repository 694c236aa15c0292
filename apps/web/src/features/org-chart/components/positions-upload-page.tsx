import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AUDIENCES_BASE, PEOPLE_AND_POSITIONS_KEYS } from '../../../shared/directory/directory-api.ts';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** /positions/upload[/:jobId]: bulk load of positions (spec §6 MANAGE_ORG_CHART) through the shared import flow. */
export function PositionsUploadPage() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  return (
    <Stack gap="md">
      <BackLink to="/positions">{t('positions.title')}</BackLink>
      <PageHeader title={t('positions.upload.title')} description={t('positions.upload.description')} />
      <ImportFlow
        family={{ baseUrl: `${AUDIENCES_BASE}/positions/imports`, kind: 'positions', changes: PEOPLE_AND_POSITIONS_KEYS }}
        jobId={jobId}
        jobHref={(job) => `/positions/upload/${job}`}
        startHref="/positions/upload"
        done={{ href: '/positions', label: t('positions.upload.seePositions') }}
        templateName="plantilla-cargos.csv"
      />
    </Stack>
  );
}
