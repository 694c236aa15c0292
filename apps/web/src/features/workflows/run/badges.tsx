import { Badge, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { dueState, relativeTo, STATUS_COLORS, STATUS_KEYS, type ExecutionStatus } from './run-model.ts';

/** Spec §4: InProcess / Success / Error, in words. */
export function StatusBadge({ status }: { status: ExecutionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flex: 'none' }} data-testid="execution-status">
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

/** A due time: relative ("vence en 3 horas", "venció hace 2 días") and, beside it, the date itself. */
export function DueText({ dueAt, now }: { dueAt: string | null; now: Date }) {
  const { t, i18n } = useTranslation();
  if (!dueAt)
    return (
      <Text size="sm" c="dimmed">
        {t('workflows.run.due.none')}
      </Text>
    );
  const state = dueState(dueAt, now);
  const relative = relativeTo(new Date(dueAt), now, i18n.language) ?? t('workflows.run.due.now');
  const absolute = formatDateTime(dueAt);
  return (
    <Tooltip label={absolute} withArrow>
      <Text size="sm" c={state === 'overdue' ? 'red.8' : state === 'soon' ? 'yellow.9' : 'dimmed'} fw={state === 'overdue' ? 600 : undefined} data-due={state}>
        {state === 'overdue' ? t('workflows.run.due.overdue', { when: relative }) : t('workflows.run.due.dueIn', { when: relative })} · {absolute}
      </Text>
    </Tooltip>
  );
}
