import { Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockX, IconLinkOff, IconMoodEmpty } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportGrouping } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { StatusScreen } from '../../../shared/ui/status-screen.tsx';
import { usePublicReport } from '../api/get-public-report.ts';
import { viewerZone } from '../api/get-reports.ts';
import { ChartControls, rangeFrom } from './chart-controls.tsx';
import { ReportChart } from './report-chart.tsx';

const PERIODS: readonly TReportGrouping[] = ['week', 'day', 'month'];

/** /reports/{public_id}: a report anyone with the link may see, signed out; a dead link says why and shows nothing. */
export function PublicReportPage({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const [controls, setControls] = useState<{ days: number; grouping: TReportGrouping } | null>(null);
  const query = usePublicReport(publicId, controls ? { ...rangeFrom(controls.days), grouping: controls.grouping, tz: viewerZone() } : { tz: viewerZone() });

  if (query.isPending) {
    return (
      <Container py="xl">
        <Loader aria-label={t('reports.loading')} />
      </Container>
    );
  }
  if (query.isError) {
    const code = isHttpError(query.error) ? query.error.code : undefined;
    if (code === 'report-link-revoked') {
      return (
        <StatusScreen icon={<IconLinkOff size={32} />} title={t('reports.public.revoked')} color="gray" testId="public-report-revoked">
          {t('reports.public.revokedText')}
        </StatusScreen>
      );
    }
    if (code === 'report-link-expired') {
      return (
        <StatusScreen icon={<IconClockX size={32} />} title={t('reports.public.expired')} color="orange" testId="public-report-expired">
          {t('reports.public.expiredText')}
        </StatusScreen>
      );
    }
    const busy = isHttpError(query.error) && query.error.status === 429;
    return (
      <StatusScreen icon={<IconMoodEmpty size={32} />} title={busy ? t('reports.public.busy') : t('reports.public.notFound')} color="gray" testId="public-report-missing">
        {busy ? t('reports.public.busyText') : t('reports.public.notFoundText')}
      </StatusScreen>
    );
  }
  const { chart } = query.data;
  const days = controls?.days ?? Math.round((Date.parse(chart.to) - Date.parse(chart.from)) / 86_400_000) + 1;
  const groupings = PERIODS.includes(chart.grouping) ? PERIODS : [chart.grouping];
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md" data-testid="public-report">
        <div>
          <Text c="dimmed" size="sm">
            {query.data.organization}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {query.data.title}
          </Title>
          {query.data.description && <Text c="dimmed">{query.data.description}</Text>}
        </div>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md">
            <ChartControls days={days} grouping={chart.grouping} groupings={groupings} onChange={setControls} />
            <ReportChart chart={chart} />
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed">
          {t('reports.public.footer')}
        </Text>
      </Stack>
    </Container>
  );
}
