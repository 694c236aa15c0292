import { Alert, Badge, Card, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconGitBranch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TWorkflowType } from '@faena/contracts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatusScreen } from '../../../shared/ui/status-screen.tsx';
import { WorkflowIcon } from '../../../shared/workflows/workflow-icon.tsx';
import { useMyTasks, useMyWorkflowTypes } from './run-api.ts';
import { groupByCategory } from './run-model.ts';
import { TaskInbox } from './task-inbox.tsx';
import classes from './run.module.css';

/** /workflows: the types I may start, by category, and "Mis tareas" (my open tasks). */
export function WorkflowsHome() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'tasks' ? 'tasks' : 'start';
  const types = useMyWorkflowTypes();
  const tasks = useMyTasks();
  const groups = useMemo(() => groupByCategory(types.data?.results ?? [], i18n.language), [types.data, i18n.language]);
  const taskCount = tasks.data?.results.length ?? 0;

  return (
    <Stack gap="md">
      <PageHeader title={t('workflows.run.home.title')} description={t('workflows.run.home.description')} />
      <Tabs value={tab} onChange={(value) => setParams(value === 'tasks' ? { tab: 'tasks' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="start" data-testid="tab-start">
            {t('workflows.run.home.startTab')}
          </Tabs.Tab>
          <Tabs.Tab
            value="tasks"
            data-testid="tab-tasks"
            rightSection={
              taskCount > 0 ? (
                <Badge size="sm" circle={taskCount < 10} color="red" aria-label={t('workflows.run.inbox.count', { count: taskCount })}>
                  {taskCount}
                </Badge>
              ) : null
            }
          >
            {t('workflows.run.inbox.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="start" pt="md">
          {types.isError ? (
            <Alert color="red">{t('workflows.run.loadError')}</Alert>
          ) : types.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={80} radius="md" />
              ))}
            </SimpleGrid>
          ) : groups.length === 0 ? (
            <StatusScreen icon={<IconGitBranch size={36} />} title={t('workflows.run.home.emptyTitle')}>
              {t('workflows.run.home.empty')}
            </StatusScreen>
          ) : (
            <Stack gap="lg">
              {groups.map((group) => (
                <section key={group.category?.id ?? 'none'} aria-labelledby={`wf-cat-${group.category?.id ?? 'none'}`}>
                  <Title order={2} size="h4" mb="xs" id={`wf-cat-${group.category?.id ?? 'none'}`}>
                    {group.category?.name ?? t('workflows.run.home.noCategory')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                    {group.types.map((type) => (
                      <TypeTile key={type.id} type={type} />
                    ))}
                  </SimpleGrid>
                </section>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="md">
          {tasks.isError ? <Alert color="red">{t('workflows.run.loadError')}</Alert> : <TaskInbox tasks={tasks.data?.results} loading={tasks.isPending} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function TypeTile({ type }: { type: TWorkflowType }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/workflows/${encodeURIComponent(type.id)}/${encodeURIComponent(type.active_version?.id ?? '')}`}
      className={classes.typeTile}
      data-testid="workflow-type"
    >
      <span className={classes.typeIcon}>
        <WorkflowIcon icon={type.icon} size={26} />
      </span>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} className={classes.wrap}>
          {type.name}
        </Text>
        {type.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {type.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
