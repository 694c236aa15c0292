import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPresentationAnalytics, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TReport } from '@faena/contracts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatusScreen } from '../../../shared/ui/status-screen.tsx';
import { useReport, useReportsList } from '../api/get-reports.ts';
import { ReportViewer } from './report-viewer.tsx';

function ReportCard({ report }: { report: TReport }) {
  const { t } = useTranslation();
  const Icon = report.kind === 'builtin' ? IconChartBar : IconPresentationAnalytics;
  return (
    <Card component={Link} to={`/reports/list?report=${encodeURIComponent(report.id)}`} withBorder radius="lg" padding="md" mih={88} data-testid="report-card">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Icon size={28} stroke={1.6} color="var(--mantine-color-faena-6)" aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {report.title}
          </Text>
          {report.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {report.description}
            </Text>
          )}
          <Group gap={6}>
            <Badge size="sm" variant="light">
              {report.kind === 'builtin' ? t(`reports.chart.kinds.${report.chart ?? 'unknown'}`) : t(`reports.kind.${report.kind}`)}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** /reports/list: the reports of the person's audiences by category; ?report= opens one. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selected = params.get('report');
  const list = useReportsList();
  const { ctx } = useAccessContext();
  const canManage = ctx.permissions.includes('MANAGE_REPORTS');
  const fromList = list.data?.results.find((r) => r.id === selected);
  const detail = useReport(selected && !fromList && !list.isPending ? selected : undefined);

  if (selected) {
    const report = fromList ?? detail.data;
    return (
      <Stack gap="md">
        <BackLink to="/reports/list">{t('reports.back')}</BackLink>
        {report ? (
          <ReportViewer key={report.id} report={report} />
        ) : list.isPending || detail.isPending ? (
          <Loader aria-label={t('reports.loading')} />
        ) : (
          <Alert color="red">{t('reports.notFound')}</Alert>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          canManage && (
            <Button component={Link} to="/reports/administration" variant="light" leftSection={<IconSettings size={16} />} data-testid="reports-admin-link">
              {t('reports.admin.title')}
            </Button>
          )
        }
      />
      {list.isPending ? (
        <Loader aria-label={t('reports.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('reports.errors.list')}</Alert>
      ) : list.data.results.length === 0 ? (
        <StatusScreen icon={<IconChartBar size={32} />} title={t('reports.empty.title')} testId="reports-empty">
          {canManage ? t('reports.empty.manager') : t('reports.empty.member')}
        </StatusScreen>
      ) : (
        list.data.categories
          .filter((c) => list.data.results.some((r) => r.category.id === c.id))
          .map((category) => (
            <section key={category.id} aria-labelledby={`report-category-${category.id}`}>
              <Title order={2} fz="lg" mb="sm" id={`report-category-${category.id}`}>
                {category.name}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {list.data.results
                  .filter((r) => r.category.id === category.id)
                  .map((report) => (
                    <ReportCard key={report.id} report={report} />
                  ))}
              </SimpleGrid>
            </section>
          ))
      )}
    </Stack>
  );
}
