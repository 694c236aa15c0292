import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { WorkflowIcon } from '../../../shared/workflows/workflow-icon.tsx';
import { ExecutionCards } from './executions-page.tsx';
import { useExecutions, useMyTasks, useStartForm } from './run-api.ts';
import { startProblem } from './start-page.tsx';
import { TaskInbox } from './task-inbox.tsx';
import classes from './run.module.css';

/** /workflows/{workflowType}/{id}: one type — start it, my pending tasks of it, my executions of it. */
export function TypePage({ typeId }: { typeId: string }) {
  const { t } = useTranslation();
  const info = useStartForm(typeId);
  const tasks = useMyTasks(typeId);
  const mine = useExecutions({ workflow_type: typeId, started_by: 'me', page: 1, page_size: 5 });
  const base = `/workflows/${encodeURIComponent(typeId)}`;

  if (info.isPending) return <Loader aria-label={t('common.loading')} />;
  if (info.isError)
    return (
      <Stack gap="md">
        <BackLink to="/workflows">{t('workflows.run.home.title')}</BackLink>
        <Alert color="red">{startProblem(info.error, t)}</Alert>
      </Stack>
    );
  const type = info.data.workflow_type;
  return (
    <Stack gap="lg">
      <BackLink to="/workflows">{t('workflows.run.home.title')}</BackLink>
      <PageHeader
        title={
          <Group gap="sm" wrap="nowrap" component="span">
            <span className={classes.typeIcon}>
              <WorkflowIcon icon={type.icon} size={24} />
            </span>
            <span className={classes.wrap}>{type.name}</span>
          </Group>
        }
        description={type.description || undefined}
        actions={
          <Button component={Link} to={`${base}/execute`} size="md" leftSection={<IconPlayerPlay size={18} />} data-testid="start-execution">
            {t('workflows.run.type.start')}
          </Button>
        }
      />
      <section aria-labelledby="type-tasks">
        <Title order={2} size="h4" mb="xs" id="type-tasks">
          {t('workflows.run.type.pendingTasks')}
        </Title>
        <TaskInbox tasks={tasks.data?.results} loading={tasks.isPending} showType={false} />
      </section>
      <section aria-labelledby="type-executions">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="type-executions">
            {t('workflows.run.type.myExecutions')}
          </Title>
          <Anchor component={Link} to={`${base}/executions`}>
            {t('workflows.run.type.allExecutions')}
          </Anchor>
        </Group>
        {mine.data && mine.data.results.length === 0 ? <Text c="dimmed">{t('workflows.run.type.noExecutions')}</Text> : <ExecutionCards executions={mine.data?.results} loading={mine.isPending} />}
      </section>
    </Stack>
  );
}
