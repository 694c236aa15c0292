import { Alert, Badge, Card, Grid, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TWfExecution, TWfForm, TWfUserTaskDetail } from '@faena/contracts';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../../shared/api/api-client.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { ResponseAnswers, useAnswerLookups } from '../../../shared/forms/answer-display.tsx';
import { isQueued, OfflineStorageFull } from '../../../shared/offline/offline-queue.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { taskPath } from '../../../shared/workflows/task-path.ts';
import type { TWfUserTask } from '@faena/contracts';
import { WF_API } from '../api/workflows-api.ts';
import { DueText, StatusBadge } from './badges.tsx';
import { DiagramViewer } from './diagram-viewer.tsx';
import { runKeys, useAnswerTask, useExecution, useMyTasks, useTask } from './run-api.ts';
import classes from './run.module.css';

const NO_FIELDS: readonly FormField[] = [];
const fieldsOf = (form: TWfForm | undefined) => (form?.description ?? NO_FIELDS) as FormField[];

/** What refusing an answer says (spec §5 field errors land on the fields themselves). */
function answerProblem(error: unknown, t: (key: string) => string): string {
  if (isHttpError(error)) {
    if (error.code === 'task-closed') return t('workflows.run.task.closedByOther');
    if (error.status === 403) return t('workflows.run.task.notAssigned');
    if (error.status === 404) return t('workflows.run.task.notFound');
  }
  return t('workflows.run.task.sendError');
}

/**
 * /workflows/{workflowType}/executions/{workflowId}/{executionId}[?task=]: the execution's summary,
 * the task's form (when ?task names one of mine that is open) with the earlier answers above it,
 * and the side panel — diagram with the path taken, history, variables.
 */
export function ExecutionPage({ typeId, executionId }: { typeId: string; executionId: string }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [params] = useSearchParams();
  const taskId = params.get('task');
  const execution = useExecution(executionId);

  if (execution.isPending) return <Loader aria-label={t('common.loading')} />;
  if (execution.isError)
    return (
      <Stack gap="md">
        <BackLink to={`/workflows/${encodeURIComponent(typeId)}/executions`}>{t('workflows.run.executions.title')}</BackLink>
        <Alert color="red">{isHttpError(execution.error) && execution.error.status === 404 ? t('workflows.run.detail.notFound') : t('workflows.run.loadError')}</Alert>
      </Stack>
    );
  const e = execution.data;
  const sidePanel = tenant.featureFlags.workflow_execution_side_panel !== false;
  const main = (
    <Stack gap="md">
      {taskId && <TaskSection key={taskId} taskId={taskId} execution={e} />}
      <AnswersSection execution={e} />
    </Stack>
  );
  return (
    <Stack gap="md">
      <BackLink to={`/workflows/${encodeURIComponent(e.workflow_type.id)}/executions`}>{t('workflows.run.executions.title')}</BackLink>
      <PageHeader
        title={
          <span className={classes.wrap}>
            {e.name} · #{e.id.slice(0, 8)}
          </span>
        }
        description={t('workflows.run.executions.startedBy', { name: e.started_by?.name ?? t('workflows.run.executions.nobody'), when: formatDateTime(e.initiated) })}
        actions={<StatusBadge status={e.status} />}
      />
      <Group gap="xs">
        <Badge variant="outline" color="gray">
          {t('workflows.run.detail.version', { number: e.version.number })}
        </Badge>
        {e.current.map((step) => (
          <Badge key={step.bpmn_id} variant="light" color="blue" data-testid="current-step">
            {t('workflows.run.executions.currentStep', { steps: step.name || step.bpmn_id })}
          </Badge>
        ))}
        {e.completed && (
          <Badge variant="light" color="gray">
            {t('workflows.run.executions.completedAt', { when: formatDateTime(e.completed) })}
          </Badge>
        )}
      </Group>
      {sidePanel ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>{main}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <SidePanel execution={e} />
          </Grid.Col>
        </Grid>
      ) : (
        main
      )}
    </Stack>
  );
}

/** The task named by ?task: its form when it is mine and open, else why it cannot be answered here. */
function TaskSection({ taskId, execution }: { taskId: string; execution: TWfExecution }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const task = useTask(taskId);
  const mine = useMyTasks();
  const answer = useAnswerTask();
  const fields = useMemo(() => ((task.data?.form as TWfForm | null)?.description ?? NO_FIELDS) as FormField[], [task.data]);

  if (task.isPending || mine.isPending) return <Loader aria-label={t('common.loading')} />;
  if (task.isError)
    return (
      <Alert color="red" data-testid="task-problem">
        {answerProblem(task.error, t)}
      </Alert>
    );
  const detail: TWfUserTaskDetail = task.data;
  const isMine = mine.data?.results.some((m) => m.id === detail.id) ?? false;
  const open = detail.is_open && detail.is_active;
  const form = detail.form as TWfForm | null;

  const header = (
    <Stack gap={2} mb="sm">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        {t('workflows.run.task.label')}
      </Text>
      <Title order={2} size="h3" className={classes.wrap}>
        {detail.name || t('workflows.run.task.unnamed')}
      </Title>
      {detail.description && <Text size="sm">{detail.description}</Text>}
      {open && <DueText dueAt={detail.due_at} now={new Date()} />}
    </Stack>
  );

  if (!open || !isMine)
    return (
      <Card withBorder radius="md" padding="md" data-testid="task-section">
        {header}
        {!open ? (
          <Alert color="green" data-testid="task-closed">
            {t('workflows.run.task.alreadyDone')}
          </Alert>
        ) : (
          <Alert color="yellow" data-testid="task-problem">
            {t('workflows.run.task.assignedTo', { names: detail.execution_audience.map((p) => p.name).join(', ') || '—' })}
          </Alert>
        )}
      </Card>
    );

  const send = async (response: Record<string, unknown>) => {
    try {
      const sent = await answer.mutateAsync({ taskId: detail.id, response, title: detail.name || execution.workflow_type.name, href: window.location.pathname });
      if (isQueued(sent)) {
        toast.info(t('offline.queued'));
        return;
      }
    } catch (error) {
      // a 400 of field errors goes back to the renderer, which marks the fields
      if (isHttpError(error) && error.status === 400) throw error;
      toast.error(error instanceof OfflineStorageFull ? t('offline.storageFull') : answerProblem(error, t));
      await client.invalidateQueries({ queryKey: runKeys.task(detail.id) });
      return;
    }
    toast.show(t('workflows.run.task.done'));
    // the next step of this execution, when it is mine too; else the execution as it stands now
    const next = await apiClient
      .get<{ results: TWfUserTask[] }>(`${WF_API}/my-tasks/`, { query: { workflow_type: execution.workflow_type.id } })
      .then((r) => r.results.find((candidate) => candidate.execution === execution.id && candidate.id !== detail.id))
      .catch(() => undefined);
    void navigate(next ? taskPath(next) : `/workflows/${encodeURIComponent(execution.workflow_type.id)}/executions/${encodeURIComponent(execution.version.id)}/${encodeURIComponent(execution.id)}`, {
      replace: true,
    });
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="task-section">
      {header}
      {form ? (
        <FormRenderer key={`${form.id}:${form.version}`} fields={fields} aria-label={detail.name || form.name} submitLabel={t('workflows.run.task.complete')} onSubmit={send} />
      ) : (
        <FormRenderer fields={NO_FIELDS} aria-label={detail.name} submitLabel={t('workflows.run.task.complete')} onSubmit={send} />
      )}
    </Card>
  );
}

/** The execution's context: the start answers, then each answered task with who answered and when (answer display). */
function AnswersSection({ execution }: { execution: TWfExecution }) {
  const { t } = useTranslation();
  const startForm = execution.start_form_id ? execution.forms[execution.start_form_id] : undefined;
  const answered = execution.responses.map((response) => ({ response, task: execution.tasks.find((task) => task.id === response.task) }));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="exec-answers" data-testid="execution-answers">
      <Title order={2} size="h4" mb="sm" id="exec-answers">
        {t('workflows.run.detail.answers')}
      </Title>
      <Stack gap="md">
        {startForm && (
          <AnswerBlock
            title={startForm.name}
            subtitle={t('workflows.run.detail.answeredBy', { name: execution.started_by?.name ?? t('workflows.run.executions.nobody'), when: formatDateTime(execution.initiated) })}
            fields={fieldsOf(startForm)}
            response={execution.variables}
          />
        )}
        {answered.map(({ response, task }) => (
          <AnswerBlock
            key={response.id}
            title={task?.name || t('workflows.run.task.unnamed')}
            subtitle={t('workflows.run.detail.answeredBy', { name: response.user.name || response.user.passport, when: formatDateTime(response.created_at) })}
            fields={fieldsOf(task?.form_id ? execution.forms[task.form_id] : undefined)}
            response={response.response ?? {}}
          />
        ))}
        {!startForm && answered.length === 0 && <Text c="dimmed">{t('workflows.run.detail.noAnswers')}</Text>}
      </Stack>
    </Card>
  );
}

function AnswerBlock({ title, subtitle, fields, response }: { title: string; subtitle: string; fields: readonly FormField[]; response: Record<string, unknown> }) {
  const responses = useMemo(() => [response], [response]);
  const lookups = useAnswerLookups(fields, responses);
  return (
    <div data-testid="answer-block">
      <Text fw={600} className={classes.wrap}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" mb={4}>
        {subtitle}
      </Text>
      {fields.length > 0 ? <ResponseAnswers fields={fields} response={response} lookups={lookups} /> : <Variables variables={response} />}
    </div>
  );
}

function Variables({ variables }: { variables: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(variables);
  if (entries.length === 0) return <Text c="dimmed">{t('workflows.run.detail.noVariables')}</Text>;
  return (
    <dl className={classes.variables} data-testid="execution-variables">
      {entries.map(([name, value]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt>{name}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const HISTORY_ACTIONS = new Set([
  'execution-started',
  'started',
  'task-created',
  'task-unassigned',
  'task-completed',
  'task-expired',
  'task-due-soon',
  'timer-waiting',
  'timer-fired',
  'message-waiting',
  'message-sent',
  'message-received',
  'join-waiting',
  'passed',
  'no-path',
  'ended',
  'execution-succeeded',
  'execution-failed',
]);

/** The side panel (flag "workflow execution side panel"): diagram, history, variables. */
function SidePanel({ execution }: { execution: TWfExecution }) {
  const { t } = useTranslation();
  const names = useMemo(() => new Map(execution.elements.map((element) => [element.bpmn_id, element.name])), [execution.elements]);
  return (
    <Stack gap="md" component="aside" aria-label={t('workflows.run.detail.sidePanel')}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('workflows.run.detail.diagram')}
        </Title>
        <DiagramViewer execution={execution} />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('workflows.run.detail.history')}
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={execution.history.length} data-testid="execution-history">
          {execution.history.map((entry) => {
            const element = entry.bpmn_id ? names.get(entry.bpmn_id) || entry.bpmn_id : '';
            const action = HISTORY_ACTIONS.has(entry.action) ? t(`workflows.run.history.${entry.action}`, { element }) : entry.action;
            return (
              <Timeline.Item key={entry.id} title={<span className={classes.wrap}>{action}</span>}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                  {entry.by ? ` · ${entry.by.name}` : ''}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('workflows.run.detail.variables')}
        </Title>
        <Variables variables={execution.variables} />
      </Card>
    </Stack>
  );
}
