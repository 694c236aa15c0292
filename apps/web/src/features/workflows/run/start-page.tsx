import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TWfUserTask } from '@faena/contracts';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../../shared/api/api-client.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { executionPath, taskPath } from '../../../shared/workflows/task-path.ts';
import { WorkflowIcon } from '../../../shared/workflows/workflow-icon.tsx';
import { WF_API } from '../api/workflows-api.ts';
import { useStartExecution, useStartForm } from './run-api.ts';
import classes from './run.module.css';

/** What a refusal to start says: the server's own words for drafts, ours for the rest. */
export function startProblem(error: unknown, t: (key: string) => string): string {
  if (isHttpError(error)) {
    if (error.code === 'draft' && error.detail) return error.detail;
    if (error.code === 'no-active-version') return t('workflows.run.start.noActiveVersion');
    if (error.code === 'archived') return t('workflows.run.start.archived');
    if (error.code === 'inactive-version') return t('workflows.run.start.inactiveVersion');
    if (error.code === 'start-event-not-found') return t('workflows.run.start.noStartEvent');
    if (error.status === 404) return t('workflows.run.start.notFound');
    if (error.status === 403) return t('workflows.run.start.forbidden');
  }
  return t('workflows.run.loadError');
}

/**
 * Starting an execution (spec §2 dispatch-action, execute and the signed-in start-execution links):
 * the start event's form, if the model has one; submitted, the execution is created and the person
 * goes straight to its first task when it is theirs, else to the execution.
 */
export function StartPage({ typeId, versionId, bpmnId, prefill }: { typeId: string; versionId?: string | undefined; bpmnId?: string | undefined; prefill: Record<string, unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startForm = useStartForm(typeId, versionId, bpmnId);
  const start = useStartExecution();
  const fields = useMemo(() => (startForm.data?.form?.description ?? []) as FormField[], [startForm.data]);
  const initialValues = useMemo(() => {
    const names = new Set(fields.map((f) => (f as { name?: unknown }).name).filter((n): n is string => typeof n === 'string'));
    return Object.fromEntries(Object.entries(prefill).filter(([key]) => names.has(key)));
  }, [fields, prefill]);

  if (startForm.isPending) return <Loader aria-label={t('common.loading')} />;
  if (startForm.isError)
    return (
      <Stack gap="md">
        <BackLink to="/workflows">{t('workflows.run.home.title')}</BackLink>
        <Alert color="red" title={t('workflows.run.start.cannotStart')} data-testid="start-refused">
          {startProblem(startForm.error, t)}
        </Alert>
      </Stack>
    );
  const info = startForm.data;

  const run = async (variables: Record<string, unknown>) => {
    const execution = await start.mutateAsync({ versionId: info.version.id, variables, startEvent: info.start_event.bpmn_id });
    toast.show(t('workflows.run.start.started'));
    // straight to the first task when it is mine
    const mine = await apiClient
      .get<{ results: TWfUserTask[] }>(`${WF_API}/my-tasks/`, { query: { workflow_type: info.workflow_type.id } })
      .then((r) => r.results.find((task) => task.execution === execution.id))
      .catch(() => undefined);
    void navigate(mine ? taskPath(mine) : executionPath(execution));
  };

  return (
    <Stack gap="md" maw={720}>
      <BackLink to={`/workflows/${encodeURIComponent(info.workflow_type.id)}/${encodeURIComponent(info.version.id)}`}>{info.workflow_type.name}</BackLink>
      <PageHeader
        title={
          <Group gap="sm" wrap="nowrap" component="span">
            <span className={classes.typeIcon}>
              <WorkflowIcon icon={info.workflow_type.icon} size={24} />
            </span>
            <span className={classes.wrap}>{info.workflow_type.name}</span>
          </Group>
        }
        description={info.start_event.name || info.workflow_type.description || undefined}
      />
      <Card withBorder radius="md" padding="md">
        {info.form ? (
          <FormRenderer
            key={`${info.form.id}:${info.form.version}`}
            fields={fields}
            initialValues={initialValues}
            aria-label={info.form.name}
            submitLabel={t('workflows.run.start.submit')}
            onSubmit={(response) => run(response)}
            onError={(error) => toast.error(startProblem(error, t))}
          />
        ) : (
          <Stack gap="sm">
            <Text>{t('workflows.run.start.noForm')}</Text>
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} />}
              loading={start.isPending}
              onClick={() => run(prefill).catch((error: unknown) => toast.error(startProblem(error, t)))}
              data-testid="start-without-form"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('workflows.run.start.submit')}
            </Button>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
