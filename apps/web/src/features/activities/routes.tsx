import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { formsLocales } from '../../shared/forms/locales/index.ts';
import { BackLink } from '../../shared/ui/back-link.tsx';
import { NoAccess } from '../../shared/ui/no-access.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useActivity, useOccurrence } from './api/activities-api.ts';
import { ActivitiesListPage } from './components/activities-list-page.tsx';
import { ActivityForm } from './components/activity-form.tsx';
import { OccurrencePage } from './components/occurrence-page.tsx';
import { useActivitiesAccess } from './components/use-activities-access.ts';
import { occurrencePath } from './lib/format.ts';
import { wallOf } from './lib/wall.ts';
import { activitiesLocales } from './locales/index.ts';

export const locales = [activitiesLocales, formsLocales];

/** /activities, /activities/create, /activities/create/:id and /activities/:id/:recurrenceId. */
export function ActivitiesRoute() {
  const { pathname } = useLocation();
  const { id, recurrenceId } = useParams();
  if (/^\/activities\/create(\/|$)/.test(pathname)) return <ActivityFormRoute id={id} />;
  if (id && recurrenceId) return <OccurrencePage key={`${id}/${recurrenceId}`} id={id} recurrenceId={recurrenceId} />;
  return <ActivitiesListPage />;
}

function ActivityFormRoute({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const access = useActivitiesAccess();
  const [params] = useSearchParams();
  const recurrenceId = params.get('occurrence');
  const activity = useActivity(id);
  const occurrence = useOccurrence(id ?? '', recurrenceId ?? '', Boolean(id && recurrenceId));
  if (!access.canManage) return <NoAccess problem="permission" />;
  const back = id ? (recurrenceId ? occurrencePath(id, recurrenceId) : '/activities') : '/activities';
  const loading = id && (activity.isPending || (recurrenceId && occurrence.isPending));
  return (
    <Stack gap="md" maw={900}>
      <BackLink to={back}>{t('activities.form.back')}</BackLink>
      <PageHeader title={id ? t('activities.form.editTitle', { title: activity.data?.title ?? '' }) : t('activities.form.createTitle')} />
      {!id ? (
        <ActivityForm />
      ) : loading ? (
        <Loader />
      ) : activity.data ? (
        <ActivityForm
          key={activity.data.public_id}
          activity={activity.data}
          occurrence={recurrenceId && occurrence.data ? { recurrenceId: occurrence.data.recurrenceId, start: wallOf(occurrence.data.startDate, activity.data.timezone) } : undefined}
        />
      ) : (
        <Alert color="red">{t('activities.form.loadError')}</Alert>
      )}
    </Stack>
  );
}
