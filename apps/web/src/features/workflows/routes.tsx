import { Alert, Loader, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { formsLocales } from '../../shared/forms/locales/index.ts';
import { uploadsLocales } from '../../shared/uploads/locales/index.ts';
import { useVersion, useWorkflowType } from './api/workflows-api.ts';
import { AdministrationPage, CreateTypePage } from './components/administration-page.tsx';
import { AdvancedPage } from './components/advanced-page.tsx';
import { ModelerPage } from './components/modeler-page.tsx';
import { workflowsLocales } from './locales/index.ts';
import { ExecutionPage } from './run/execution-page.tsx';
import { workflowsRunLocales } from './run/locales/index.ts';
import { ExecutionsPage } from './run/executions-page.tsx';
import { variablesFromQuery } from './run/run-model.ts';
import { StartPage } from './run/start-page.tsx';
import { TypePage } from './run/type-page.tsx';
import { WorkflowsHome } from './run/workflows-home.tsx';
import { workflowsExtrasLocales } from './extras/locales/index.ts';
import { KanbanBoardPage } from './kanban/kanban-board-page.tsx';
import { KanbanConfigPage } from './kanban/kanban-config-page.tsx';
import { TypeExtrasPanel } from './kanban/type-extras-panel.tsx';
import { PublicStartPage, PublicTrackPage } from './public/public-pages.tsx';

export const locales = [workflowsLocales, directoryLocales, workflowsExtrasLocales, workflowsRunLocales, formsLocales, uploadsLocales];

/**
 * The screens where people run workflows (decision 025): /workflows, a type's page, starting
 * (dispatch-action, execute and the signed-in start-execution links), executions and an execution.
 */
export function WorkflowsRoute() {
  const { t } = useTranslation();
  const { workflowType, id, workflowId, executionId, wfGroupId, bpmnId } = useParams();
  const { pathname, search } = useLocation();
  const prefill = useMemo(() => variablesFromQuery(new URLSearchParams(search)), [search]);
  if (!workflowType) return <WorkflowsHome />;
  if (executionId) return <ExecutionPage typeId={workflowType} executionId={executionId} />;
  if (pathname.endsWith('/executions')) return <ExecutionsPage typeId={workflowType} />;
  if (bpmnId) {
    // the new shape names the type's group of versions: the type itself (its active version)
    if (wfGroupId !== undefined && wfGroupId !== workflowType) return <Alert color="red">{t('workflows.run.start.notFound')}</Alert>;
    return <StartPage typeId={workflowType} versionId={workflowId} bpmnId={bpmnId} prefill={prefill} />;
  }
  if (pathname.endsWith('/dispatch-action') || pathname.endsWith('/execute')) return <StartPage typeId={workflowType} prefill={prefill} />;
  if (id) return <TypePage typeId={workflowType} />;
  return <WorkflowsHome />;
}

/** /workflows/create/configuration, /workflows/{workflowType}/administration[/{category_id}], /workflows/{workflowType}/configuration. */
export function WorkflowsAdminRoute() {
  const { workflowType, kanbanId } = useParams();
  const { pathname } = useLocation();
  const isConfiguration = pathname.endsWith('/configuration');
  if (!workflowType) return <CreateTypePage />;
  if (kanbanId) return <KanbanConfigPage key={kanbanId} typeId={workflowType} kanbanId={kanbanId} />;
  return <TypeScreen id={workflowType} configuration={isConfiguration} />;
}

function TypeScreen({ id, configuration }: { id: string; configuration: boolean }) {
  const { t } = useTranslation();
  const type = useWorkflowType(id);
  const latest = type.data?.versions.reduce<(typeof type.data.versions)[number] | undefined>((best, version) => (!best || version.number > best.number ? version : best), undefined);
  const version = useVersion(configuration ? latest?.id : undefined);
  if (type.isError) return <Alert color="red">{t('workflows.admin.notFound')}</Alert>;
  if (!type.data) return <Loader />;
  if (!configuration)
    return (
      <Stack gap="lg">
        <AdministrationPage type={type.data} />
        <TypeExtrasPanel type={type.data} />
      </Stack>
    );
  if (!latest) return <AdministrationPage type={type.data} />;
  if (!version.data) return <Loader />;
  return <ModelerPage key={version.data.id} type={type.data} version={version.data} />;
}

export function AdvancedRoute() {
  return <AdvancedPage />;
}

/** /workflows/{workflowType}/kanban/{kanbanId}: a kanban board (decision 025). */
export function KanbanBoardRoute() {
  const { workflowType = '', kanbanId = '' } = useParams();
  return <KanbanBoardPage key={`${workflowType}/${kanbanId}`} typeId={workflowType} kanbanId={kanbanId} />;
}

/** /public/workflows/{workflowType}/{workflowId}/start-execution/{bpmnId} and …/by-group/{wfGroupId}/start-execution/{bpmnId}?…: no sign-in. */
export function PublicWorkflowStartRoute() {
  const { workflowType = '', workflowId, wfGroupId, bpmnId = '' } = useParams();
  return <PublicStartPage key={`${workflowType}/${workflowId ?? ''}/${wfGroupId ?? ''}/${bpmnId}`} workflowType={workflowType} workflowId={workflowId} wfGroupId={wfGroupId} bpmnId={bpmnId} />;
}

/** /public/workflows/track/{code}: the status of a publicly started request. */
export function PublicWorkflowTrackRoute() {
  const { code = '' } = useParams();
  return <PublicTrackPage key={code} code={code} />;
}
