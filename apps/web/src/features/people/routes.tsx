import { Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { importsLocales } from '../../shared/imports/locales/index.ts';
import { BackLink } from '../../shared/ui/back-link.tsx';
import { NoAccess } from '../../shared/ui/no-access.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { uploadsLocales } from '../../shared/uploads/locales/index.ts';
import { usePerson } from './api/get-person.ts';
import { OrganizationPage } from './components/organization-page.tsx';
import { PeopleListPage } from './components/people-list-page.tsx';
import { PeopleUploadPage } from './components/people-upload-page.tsx';
import { PersonDetailPage } from './components/person-detail-page.tsx';
import { PersonForm } from './components/person-form.tsx';
import { usePeopleAccess } from './components/use-can.ts';
import { peopleLocales } from './locales/index.ts';

export const locales = [peopleLocales, importsLocales, uploadsLocales, directoryLocales];

/** /people (list) and /people/:id (detail). */
export function PeopleRoute() {
  const { id } = useParams();
  return id ? <PersonDetailPage id={id} /> : <PeopleListPage />;
}

/** /people/create and /people/:id/edit (MANAGE_PEOPLE). */
export function PersonFormRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const access = usePeopleAccess();
  const person = usePerson(id);
  if (!access.canManage) return <NoAccess problem="permission" />;
  const back = id ? `/people/${id}` : '/people';
  return (
    <Stack gap="md" maw={960}>
      <BackLink to={back}>{id ? t('people.form.backToPerson') : t('people.detail.back')}</BackLink>
      <PageHeader title={id ? t('people.form.editTitle', { name: person.data?.name ?? '' }) : t('people.form.createTitle')} />
      {!id ? <PersonForm /> : person.isPending ? <Loader /> : person.data ? <PersonForm key={person.data.id} person={person.data} /> : <PersonDetailPage id={id} />}
    </Stack>
  );
}

/** /people-upload and /people-bulk-load/:id. */
export function PeopleUploadRoute() {
  const { id } = useParams();
  return <PeopleUploadPage jobId={id} />;
}

/** /organization — the tenant's profile. */
export function OrganizationRoute() {
  return <OrganizationPage />;
}
