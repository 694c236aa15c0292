import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TOccurrence, TOccurrenceList } from '@faena/contracts';
import { compareByPriorityThenDue } from '@faena/domain/activities/status';
import { apiClient } from '../../../shared/api/api-client.ts';

const DAY = 86_400_000;

/** Overdue first, then by priority and due date. */
export function homeOrder(items: readonly TOccurrence[]): TOccurrence[] {
  return [...items].sort((a, b) => Number(b.status === 'EXPIRED') - Number(a.status === 'EXPIRED') || compareByPriorityThenDue({ priority: a.priority, dueMs: Date.parse(a.dueDate) }, { priority: b.priority, dueMs: Date.parse(b.dueDate) }));
}

/** Task-manager home: the signed-in person's activities for today, overdue ones first. */
export function TodayActivities() {
  const { t, i18n } = useTranslation();
  const [range] = useState(() => {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    return { from: new Date(today.getTime() - 30 * DAY).toISOString(), to: new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).toISOString(), today: today.getTime() };
  });
  const query = useQuery({
    queryKey: ['activities', 'occurrences', 'home', range.from, range.to],
    queryFn: ({ signal }) => apiClient.get<TOccurrenceList>('/api/activities/v3/occurrences/', { signal, query: { from: range.from, to: range.to, mine: 'true' } }),
  });
  const items = useMemo(
    () => homeOrder((query.data?.results ?? []).filter((occurrence) => occurrence.status === 'EXPIRED' || (Date.parse(occurrence.startDate) >= range.today && occurrence.status !== 'CANCELLED'))),
    [query.data, range.today],
  );
  const time = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : i18n.language === 'es-MX' ? 'es-MX' : 'es-CL', { hour: '2-digit', minute: '2-digit', hourCycle: i18n.language === 'en' ? 'h12' : 'h23' });
  const day = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : i18n.language === 'es-MX' ? 'es-MX' : 'es-CL', { day: 'numeric', month: 'short' });

  return (
    <section aria-labelledby="home-activities" data-testid="home-activities">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="home-activities">
          {t('home.activities.title')}
        </Title>
        <Anchor component={Link} to="/activities" data-testid="home-activities-all">
          {t('home.activities.all')}
        </Anchor>
      </Group>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Alert color="red">{t('home.activities.error')}</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('home.activities.empty')}</Text>
      ) : (
        <Stack gap="xs">
          {items.map((occurrence) => {
            const start = new Date(occurrence.startDate);
            const overdue = occurrence.status === 'EXPIRED';
            return (
              <Card
                key={occurrence.id}
                component={Link}
                to={`/activities/${encodeURIComponent(occurrence.public_id)}/${encodeURIComponent(occurrence.recurrenceId)}`}
                withBorder
                radius="md"
                padding="sm"
                style={{ minHeight: 52 }}
                data-testid="home-activity"
              >
                <Group wrap="nowrap" gap="sm">
                  <Text size="sm" c="dimmed" w={72} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                    {start.getTime() < range.today ? day.format(start) : time.format(start)}
                  </Text>
                  <Text fw={600} lineClamp={2} style={{ flex: 1, minWidth: 0 }} td={occurrence.status === 'COMPLETED' ? 'line-through' : undefined}>
                    {occurrence.title}
                  </Text>
                  {overdue && (
                    <Badge color="red" variant="light">
                      {t('home.activities.overdue')}
                    </Badge>
                  )}
                  {occurrence.status === 'COMPLETED' && (
                    <Badge color="gray" variant="light">
                      {t('home.activities.done')}
                    </Badge>
                  )}
                  <IconChevronRight size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" />
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
