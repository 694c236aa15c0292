import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PEOPLE_AND_POSITIONS_KEYS } from '../../../shared/directory/directory-api.ts';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PERSONS_BASE } from '../api/get-people.ts';

const FAMILY = { baseUrl: `${PERSONS_BASE}/imports`, kind: 'people', changes: PEOPLE_AND_POSITIONS_KEYS };

/** /people-upload (start) and /people-bulk-load/:id (one job): the shared bulk-import flow for people. */
export function PeopleUploadPage({ jobId }: { jobId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <BackLink to={jobId ? '/people-upload' : '/people'}>{jobId ? t('people.upload.backToUpload') : t('people.detail.back')}</BackLink>
      <PageHeader title={t('people.upload.title')} description={jobId ? undefined : t('people.upload.description')} />
      <ImportFlow
        family={FAMILY}
        jobId={jobId}
        jobHref={(id) => `/people-bulk-load/${id}`}
        startHref="/people-upload"
        done={{ href: '/people', label: t('people.upload.seePeople') }}
        templateName={t('people.upload.templateName')}
      />
    </Stack>
  );
}
