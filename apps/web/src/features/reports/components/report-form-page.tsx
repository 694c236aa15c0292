import { Alert, Button, Group, Loader, NumberInput, Paper, Select, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TReport, TReportGrouping, TReportKind } from '@faena/contracts';
import { REPORT_KINDS, REPORT_RANGE_MAX_DAYS } from '@faena/contracts/reports';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCategories, useChartKinds, useReport } from '../api/get-reports.ts';
import { useSaveReport } from '../api/save-report.ts';

interface Draft {
  title: string;
  description: string;
  categoryId: string;
  kind: TReportKind;
  chart: string;
  grouping: TReportGrouping;
  days: number;
  url: string;
  resourceId: string;
  audience: string[];
}

const draftOf = (report: TReport | undefined, categoryId: string): Draft => ({
  title: report?.title ?? '',
  description: report?.description ?? '',
  categoryId: report?.category.id ?? categoryId,
  kind: report?.kind ?? 'builtin',
  chart: report?.chart ?? 'activity-completion',
  grouping: report?.params.grouping ?? 'week',
  days: report?.params.range_days ?? 56,
  url: report?.embed?.url ?? '',
  resourceId: report?.embed?.resource_id ?? '',
  audience: report?.audience ? [report.audience.id] : [],
});

function ReportForm({ report, categoryId }: { report?: TReport | undefined; categoryId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kinds = useChartKinds();
  const categories = useCategories();
  const save = useSaveReport();
  const [draft, setDraft] = useState<Draft>(() => draftOf(report, categoryId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const spec = kinds.data?.results.find((k) => k.key === draft.chart);

  // a chart that cannot group as chosen takes its own default
  const grouping = spec && !spec.groupings.includes(draft.grouping) ? spec.default_grouping : draft.grouping;

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = t('reports.form.required');
    if (draft.kind !== 'builtin' && !draft.url.trim()) local.embed = t('reports.form.required');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const input = {
      title: draft.title.trim(),
      description: draft.description.trim(),
      category_id: draft.categoryId,
      kind: draft.kind,
      chart: draft.kind === 'builtin' ? draft.chart : null,
      params: { range_days: draft.days, grouping },
      embed: draft.kind === 'builtin' ? null : { url: draft.url.trim(), resource_id: draft.resourceId.trim() || null },
      audience_id: draft.audience[0] ?? null,
    };
    try {
      const saved = await save.mutateAsync({ id: report?.id, input });
      toast.show(report ? t('reports.form.updated') : t('reports.form.created'));
      void navigate(`/reports/administration/${saved.category.id}`);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.startsWith('embed') ? 'embed' : k.startsWith('params') ? 'grouping' : k, v.texts.join(' ')])));
      } else if (isHttpError(error) && error.code === 'embed-host-not-allowed') {
        setErrors({ embed: t('reports.errors.hostNotAllowed') });
      } else toast.error(t('reports.errors.save'));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} maw={760}>
      <Stack gap="md">
        <TextInput label={t('reports.form.title')} value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} required maxLength={200} data-testid="report-title" />
        <Textarea label={t('reports.form.description')} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        {report && (
          <Select
            label={t('reports.form.category')}
            data={(categories.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={draft.categoryId}
            onChange={(value) => value && set('categoryId', value)}
            allowDeselect={false}
            error={errors.category_id}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reports.form.kind')}
          </Text>
          <SegmentedControl
            data={REPORT_KINDS.map((kind) => ({ value: kind, label: t(`reports.kind.${kind}`) }))}
            value={draft.kind}
            onChange={(value) => set('kind', value as TReportKind)}
            fullWidth
            orientation={typeof window !== 'undefined' && window.innerWidth < 576 ? 'vertical' : 'horizontal'}
            data-testid="report-kind"
          />
        </Stack>
        {draft.kind === 'builtin' ? (
          <>
            <Select
              label={t('reports.form.chart')}
              data={(kinds.data?.results ?? []).map((k) => ({ value: k.key, label: t(`reports.chart.kinds.${k.key}`) }))}
              value={draft.chart}
              onChange={(value) => value && set('chart', value)}
              allowDeselect={false}
              error={errors.chart}
              description={t(`reports.chart.help.${draft.chart}`)}
              data-testid="report-chart-kind"
            />
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('reports.controls.grouping')}
                data={(spec?.groupings ?? [grouping]).map((g) => ({ value: g, label: t(`reports.grouping.${g}`) }))}
                value={grouping}
                onChange={(value) => value && set('grouping', value as TReportGrouping)}
                allowDeselect={false}
                error={errors.grouping}
                miw={200}
              />
              <NumberInput label={t('reports.form.days')} value={draft.days} onChange={(value) => set('days', typeof value === 'number' ? value : 56)} min={1} max={REPORT_RANGE_MAX_DAYS} miw={200} />
            </Group>
          </>
        ) : (
          <>
            <TextInput
              label={t('reports.form.url')}
              description={t(`reports.form.urlHelp.${draft.kind}`)}
              value={draft.url}
              onChange={(e) => set('url', e.currentTarget.value)}
              error={errors.embed}
              required
              data-testid="report-embed-url"
            />
            {(draft.kind === 'powerbi' || draft.kind === 'superset' || draft.kind === 'metabase') && (
              <TextInput label={t(`reports.form.resource.${draft.kind}`)} value={draft.resourceId} onChange={(e) => set('resourceId', e.currentTarget.value)} />
            )}
          </>
        )}
        <EntityPicker
          kind="audiences"
          label={t('reports.form.audience')}
          description={t('reports.form.audienceHelp')}
          placeholder={t('reports.everyone')}
          value={draft.audience}
          onChange={(ids) => set('audience', ids)}
          maxValues={1}
          error={errors.audience_id}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('reports.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="report-save">
            {report ? t('reports.admin.save') : t('reports.form.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /reports/administration/create/{categoryId} and /reports/categories/{categoryId}/tableau/{public_id}/update. */
export function ReportFormPage({ categoryId, reportId }: { categoryId: string; reportId?: string | undefined }) {
  const { t } = useTranslation();
  const report = useReport(reportId);
  return (
    <Stack gap="md">
      <BackLink to={`/reports/administration/${categoryId}`}>{t('reports.admin.back')}</BackLink>
      <PageHeader title={reportId ? t('reports.form.editTitle') : t('reports.form.newTitle')} />
      {reportId && report.isPending ? (
        <Loader aria-label={t('reports.loading')} />
      ) : reportId && report.isError ? (
        <Alert color="red">{t('reports.notFound')}</Alert>
      ) : (
        <ReportForm report={report.data} categoryId={categoryId} />
      )}
    </Stack>
  );
}
