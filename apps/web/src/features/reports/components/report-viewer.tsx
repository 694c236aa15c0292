import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReport, TReportGrouping } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { useChartKinds, useReportView, viewerZone } from '../api/get-reports.ts';
import { ChartControls, rangeFrom } from './chart-controls.tsx';
import { EmbedFrame } from './embed-frame.tsx';
import { ReportChart } from './report-chart.tsx';

/** The translated message of a view's error code (a BI tool's configuration, its token call), else the generic one. */
const VIEW_ERRORS: Record<string, string> = {
  'bi-secret-missing': 'reports.errors.secretMissing',
  'bi-config-incomplete': 'reports.errors.configIncomplete',
  'bi-token-failed': 'reports.errors.tokenFailed',
  'bi-version-unsafe': 'reports.errors.versionUnsafe',
  'embed-host-not-allowed': 'reports.errors.hostNotAllowed',
};
export const viewErrorKey = (code: string | undefined) => (code && VIEW_ERRORS[code]) || 'reports.errors.view';

/** One report for its viewer: the chart with its controls, or the embedded dashboard. */
export function ReportViewer({ report }: { report: TReport }) {
  const { t } = useTranslation();
  const [controls, setControls] = useState<{ days: number; grouping: TReportGrouping }>({ days: report.params.range_days, grouping: report.params.grouping });
  const builtin = report.kind === 'builtin';
  const range = rangeFrom(controls.days);
  const view = useReportView(report.id, builtin ? { ...range, grouping: controls.grouping, tz: viewerZone() } : {});
  const kinds = useChartKinds();
  const groupings = kinds.data?.results.find((k) => k.key === report.chart)?.groupings ?? [report.params.grouping];
  const code = isHttpError(view.error) ? view.error.code : undefined;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="report-viewer">
      <Stack gap="md">
        <div>
          <Group gap="xs" mb={4}>
            <Badge variant="light">{builtin ? t(`reports.chart.kinds.${report.chart ?? 'unknown'}`) : t(`reports.kind.${report.kind}`)}</Badge>
            {report.audience && (
              <Badge variant="outline" color="gray">
                {report.audience.name}
              </Badge>
            )}
          </Group>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {report.title}
          </Title>
          {report.description && <Text c="dimmed">{report.description}</Text>}
        </div>
        {builtin && <ChartControls days={controls.days} grouping={controls.grouping} groupings={groupings} onChange={setControls} />}
        {view.isPending ? (
          <Loader aria-label={t('reports.loading')} />
        ) : view.isError ? (
          <Alert color="red" data-testid="report-view-error">
            {t(viewErrorKey(code), { tool: t(`reports.kind.${report.kind}`) })}
          </Alert>
        ) : view.data.chart ? (
          <ReportChart chart={view.data.chart} />
        ) : view.data.embed ? (
          <EmbedFrame reportId={report.id} embed={view.data.embed} title={report.title} />
        ) : null}
      </Stack>
    </Paper>
  );
}
