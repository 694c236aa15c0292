import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWfUserTask } from '@faena/contracts';
import { taskPath } from '../../../shared/workflows/task-path.ts';
import { StatusScreen } from '../../../shared/ui/status-screen.tsx';
import { DueText } from './badges.tsx';
import { dueState, sortTasks } from './run-model.ts';
import classes from './run.module.css';

/** "Mis tareas": my open user tasks, overdue first then by due time (decision 025). */
export function TaskInbox({ tasks, loading, now = new Date(), showType = true }: { tasks: readonly TWfUserTask[] | undefined; loading: boolean; now?: Date; showType?: boolean }) {
  const { t } = useTranslation();
  const sorted = useMemo(() => sortTasks(tasks ?? []), [tasks]);
  if (loading && !tasks)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={76} radius="md" />
        ))}
      </Stack>
    );
  if (sorted.length === 0)
    return (
      <StatusScreen icon={<IconChecklist size={36} />} title={t('workflows.run.inbox.emptyTitle')} testId="inbox-empty">
        {t('workflows.run.inbox.empty')}
      </StatusScreen>
    );
  return (
    <Stack gap="sm" component="ul" className={classes.plainList} aria-label={t('workflows.run.inbox.title')} data-testid="task-inbox">
      {sorted.map((task) => {
        const state = dueState(task.due_at, now);
        return (
          <li key={task.id}>
            <Card component={Link} to={taskPath(task)} withBorder radius="md" padding="md" className={classes.rowCard} data-testid="inbox-task" data-overdue={state === 'overdue' || undefined}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} className={classes.wrap}>
                    {task.name || t('workflows.run.task.unnamed')}
                  </Text>
                  {showType && (
                    <Text size="sm" c="dimmed" className={classes.wrap}>
                      {task.workflow_type.name}
                    </Text>
                  )}
                  <DueText dueAt={task.due_at} now={now} />
                </Stack>
                {state === 'overdue' && (
                  <Badge color="red" variant="filled" style={{ flex: 'none' }}>
                    {t('workflows.run.due.overdueBadge')}
                  </Badge>
                )}
              </Group>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
