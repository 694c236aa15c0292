import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TChartData } from '@faena/contracts';
import { intlLocale, pointLabel, SERIES_COLORS } from '../lib/labels.ts';

/** Tooltip and legend texts in the page's text colour: the series colours are too light to read on white (axe). */
const TEXT = { color: '#343a40' };

/** A built-in chart: the totals first (people look, not read), then the bars or lines. */
export function ReportChart({ chart }: { chart: TChartData }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const data = chart.points.map((point) => ({ name: pointLabel(chart, point, locale, t), ...point.values }));
  const seriesName = (key: string) => t(`reports.series.${key}`);
  const unit = chart.unit === 'hours' ? ` ${t('reports.chart.hours')}` : chart.unit === 'percent' ? ' %' : '';
  // totals that are not a drawn series (finished executions beside an average): counts, shown as cards
  const extras = Object.keys(chart.totals).filter((key) => !chart.series.includes(key));
  const empty = chart.points.length === 0 || Object.values(chart.totals).every((n) => n === 0);
  const height = Math.max(260, chart.type === 'bar' && chart.grouping !== 'day' && chart.grouping !== 'week' && chart.grouping !== 'month' ? data.length * 36 + 80 : 300);
  const horizontal = chart.type === 'bar' && !['day', 'week', 'month'].includes(chart.grouping);

  return (
    <div data-testid="report-chart">
      <SimpleGrid cols={{ base: 2, sm: Math.min(4, chart.series.length + extras.length) }} spacing="sm" mb="md">
        {chart.series.map((serie) => (
          <Paper key={serie} withBorder radius="md" p="sm" data-testid={`report-total-${serie}`}>
            <Group gap={6} wrap="nowrap">
              <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 3, background: SERIES_COLORS[serie] ?? '#44a690', flexShrink: 0 }} />
              <Text size="sm" c="dimmed" lineClamp={1}>
                {seriesName(serie)}
              </Text>
            </Group>
            <Text fw={700} fz={24}>
              {number.format(chart.totals[serie] ?? 0)}
              {unit}
            </Text>
          </Paper>
        ))}
        {extras.map((key) => (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`report-total-${key}`}>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {seriesName(key)}
            </Text>
            <Text fw={700} fz={24}>
              {number.format(chart.totals[key] ?? 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {empty ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="report-chart-empty">
          {t('reports.chart.empty')}
        </Text>
      ) : (
        <div role="img" aria-label={t('reports.chart.aria', { series: chart.series.map(seriesName).join(', ') })} style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%">
            {chart.type === 'line' ? (
              <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
                <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
                <YAxis allowDecimals={chart.unit !== 'count'} domain={chart.unit === 'percent' ? [0, 100] : undefined} tick={{ fontSize: 12 }} width={36} />
                <Tooltip itemStyle={TEXT} labelStyle={TEXT} formatter={(value, name) => [`${number.format(Number(value))}${unit}`, seriesName(String(name))]} />
                <Legend formatter={(value) => <span style={TEXT}>{seriesName(String(value))}</span>} />
                {chart.series.map((serie) => (
                  <Line key={serie} type="monotone" dataKey={serie} stroke={SERIES_COLORS[serie] ?? '#44a690'} strokeWidth={2.5} dot={{ r: 3 }} isAnimationActive={false} />
                ))}
              </LineChart>
            ) : (
              <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: horizontal ? 8 : 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
                {horizontal ? (
                  <>
                    <XAxis type="number" allowDecimals={chart.unit !== 'count'} domain={chart.unit === 'percent' ? [0, 100] : undefined} tick={{ fontSize: 12 }} />
                    <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
                  </>
                ) : (
                  <>
                    <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
                    <YAxis allowDecimals={chart.unit !== 'count'} domain={chart.unit === 'percent' ? [0, 100] : undefined} tick={{ fontSize: 12 }} width={36} />
                  </>
                )}
                <Tooltip itemStyle={TEXT} labelStyle={TEXT} formatter={(value, name) => [`${number.format(Number(value))}${unit}`, seriesName(String(name))]} />
                <Legend formatter={(value) => <span style={TEXT}>{seriesName(String(value))}</span>} />
                {chart.series.map((serie) => (
                  <Bar key={serie} dataKey={serie} stackId={chart.stacked ? 'all' : undefined} fill={SERIES_COLORS[serie] ?? '#44a690'} radius={chart.stacked ? 0 : 4} isAnimationActive={false} />
                ))}
              </BarChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
