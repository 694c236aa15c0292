import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconChevronRight, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TOccurrence } from '@faena/contracts';
import { formatDay, formatTime, occurrencePath, PRIORITY_COLORS, priorityKey, STATUS_COLORS } from '../lib/format.ts';

/** One occurrence in a list: a large touch target that opens it. */
export function OccurrenceRow({ occurrence, showDay }: { occurrence: TOccurrence; showDay: boolean }) {
  const { t, i18n } = useTranslation();
  const when = showDay ? `${formatDay(occurrence.startDate, i18n.language)} · ${formatTime(occurrence.startDate, i18n.language)}` : formatTime(occurrence.startDate, i18n.language);
  return (
    <Card component={Link} to={occurrencePath(occurrence.public_id, occurrence.recurrenceId)} withBorder radius="md" padding="sm" data-testid="occurrence-row" style={{ minHeight: 56 }}>
      <Group wrap="nowrap" gap="sm" justify="space-between">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            {occurrence.isReminder && <IconBell size={16} aria-hidden="true" />}
            <Text fw={600} lineClamp={2} data-testid="occurrence-row-title">
              {occurrence.title}
            </Text>
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {when}
            </Text>
            {occurrence.venue && (
              <Group gap={2} wrap="nowrap">
                <IconMapPin size={14} aria-hidden="true" color="var(--mantine-color-gray-6)" />
                <Text size="sm" c="dimmed" truncate>
                  {occurrence.venue.name}
                </Text>
              </Group>
            )}
          </Group>
          <Group gap={6}>
            <Badge color={STATUS_COLORS[occurrence.status] ?? 'gray'} variant="light" data-testid="occurrence-status">
              {t(`activities.status.${occurrence.status}`)}
            </Badge>
            <Badge color={PRIORITY_COLORS[occurrence.priority] ?? 'gray'} variant="outline">
              {t(priorityKey(occurrence.priority))}
            </Badge>
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" />
      </Group>
    </Card>
  );
}
