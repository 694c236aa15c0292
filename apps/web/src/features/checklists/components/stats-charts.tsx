import { Alert, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { localDateStamp } from '../../../shared/lib/dates.ts';
import { useChecklistStats } from '../api/checklists-api.ts';

type Bucket = 'day' | 'week' | 'month';
const SPAN_DAYS: Record<Bucket, number> = { day: 30, week: 7 * 16, month: 365 };
const BRAND = '#44a690';

function shortDay(stamp: string): string {
  const [, month, day] = stamp.split('-');
  return `${day}/${month}`;
}

/**
 * The checklist's numbers over time (decision 026): completion rate of its scheduled occurrences
 * and average score, per day, week or month, for every venue or one.
 */
/** A titled chart of the numbers tab (the title is also the picture's accessible name) and an optional note below it. */
function ChartBox({ title, note, children }: { title: string; note?: ReactNode; children: ReactElement }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <div style={{ width: '100%', height: 220 }} role="img" aria-label={title}>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
      {note}
    </div>
  );
}

export function StatsCharts({ checklistId, venues }: { checklistId: string; venues: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [bucket, setBucket] = useState<Bucket>('day');
  const [venue, setVenue] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const to = localDateStamp(new Date(now));
  const from = localDateStamp(new Date(now - SPAN_DAYS[bucket] * 24 * 3600 * 1000));
  const stats = useChecklistStats(checklistId, venue ?? '', bucket, from, to);
  const points = (stats.data?.results ?? []).map((point) => ({
    label: bucket === 'month' ? point.bucket.slice(0, 7) : shortDay(point.bucket),
    completion: point.completion_rate === null ? null : Math.round(point.completion_rate * 1000) / 10,
    score: point.average_score,
    executions: point.executions,
  }));
  const total = points.reduce((sum, point) => sum + point.executions, 0);

  return (
    <Paper withBorder radius="md" p="md" data-testid="stats-charts">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={3} fz={18}>
          {t('checklists.stats.title')}
        </Title>
        <Group gap="sm">
          {venues.length > 0 && (
            <Select
              aria-label={t('checklists.stats.venue')}
              placeholder={t('checklists.stats.allVenues')}
              data={venues.map((entry) => ({ value: entry.id, label: entry.name }))}
              value={venue}
              onChange={setVenue}
              clearable
              w={200}
            />
          )}
          <SegmentedControl
            value={bucket}
            onChange={(value) => setBucket(value as Bucket)}
            data={[
              { value: 'day', label: t('checklists.stats.day') },
              { value: 'week', label: t('checklists.stats.week') },
              { value: 'month', label: t('checklists.stats.month') },
            ]}
          />
        </Group>
      </Group>
      {stats.isPending ? (
        <Loader />
      ) : stats.isError ? (
        <Alert color="red">{t('checklists.loadFailed')}</Alert>
      ) : total === 0 ? (
        <Text c="dimmed">{t('checklists.stats.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <ChartBox title={t('checklists.stats.averageScore')}>
            <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis domain={[0, 100]} fontSize={11} />
              <Tooltip formatter={(value) => `${String(value)} %`} />
              <Line type="monotone" dataKey="score" name={t('checklists.stats.averageScore')} stroke={BRAND} strokeWidth={2} connectNulls dot={{ r: 3 }} isAnimationActive={false} />
            </LineChart>
          </ChartBox>
          <ChartBox
            title={t('checklists.stats.completion')}
            note={
              points.every((point) => point.completion === null) && (
                <Text size="xs" c="dimmed">
                  {t('checklists.stats.notScheduled')}
                </Text>
              )
            }
          >
            <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis domain={[0, 100]} fontSize={11} />
              <Tooltip formatter={(value) => `${String(value)} %`} />
              <Bar dataKey="completion" name={t('checklists.stats.completion')} fill={BRAND} isAnimationActive={false} />
            </BarChart>
          </ChartBox>
        </SimpleGrid>
      )}
    </Paper>
  );
}
