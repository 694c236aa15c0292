import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { formBuilderLocales } from '../../shared/forms/builder/locales/index.ts';
import { formsLocales } from '../../shared/forms/locales/index.ts';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { uploadsLocales } from '../../shared/uploads/locales/index.ts';
import { isNotFound } from '../../shared/api/http-error.ts';
import { BackLink } from '../../shared/ui/back-link.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useExecution } from './api/checklists-api.ts';
import { AdminPage } from './components/admin-page.tsx';
import { ChecklistBuilderPage } from './components/checklist-builder-page.tsx';
import { ChecklistsHomePage } from './components/checklists-home-page.tsx';
import { ExecutePage } from './components/execute-page.tsx';
import { ExecutionReport } from './components/execution-report.tsx';
import { ExecutionsListPage } from './components/executions-list-page.tsx';
import { checklistsLocales } from './locales/index.ts';

export const locales = [checklistsLocales, formsLocales, formBuilderLocales, directoryLocales, uploadsLocales];

function ExecutionDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const execution = useExecution(id);
  if (execution.isPending) return <Loader />;
  if (!execution.data) return <Alert color={isNotFound(execution.error) ? 'gray' : 'red'}>{isNotFound(execution.error) ? t('checklists.executions.notFound') : t('checklists.loadFailed')}</Alert>;
  return (
    <Stack gap="md" maw={900}>
      <BackLink to="/checklists/executions">{t('checklists.executions.title')}</BackLink>
      <PageHeader title={execution.data.checklist.name} />
      <ExecutionReport execution={execution.data} />
    </Stack>
  );
}

/**
 * /checklists[/:category_id], /checklists/:id/execute, /checklists/executions,
 * /checklists/executions/:execution_id and /checklists/executions_detail/:execution_id.
 */
export function ChecklistsRoute() {
  const { pathname } = useLocation();
  const params = useParams();
  if (params.execution_id) return <ExecutionDetailPage key={params.execution_id} id={params.execution_id} />;
  if (/^\/checklists\/executions\/?$/.test(pathname)) return <ExecutionsListPage />;
  if (params.id && /\/execute\/?$/.test(pathname)) return <ExecutePage key={params.id} checklistId={params.id} />;
  return <ChecklistsHomePage categoryId={params.category_id ?? ''} />;
}

/** /checklist-administration[/:category_id], /checklists/create/:categoryId and /checklists/update/:id? */
export function ChecklistAdminRoute() {
  const { pathname } = useLocation();
  const params = useParams();
  if (/^\/checklists\/create\//.test(pathname)) return <ChecklistBuilderPage key={`create:${params.categoryId ?? ''}`} categoryId={params.categoryId} />;
  if (/^\/checklists\/update(\/|$)/.test(pathname)) return <ChecklistBuilderPage key={`update:${params.id ?? ''}`} id={params.id} />;
  return <AdminPage categoryId={params.category_id ?? ''} />;
}
