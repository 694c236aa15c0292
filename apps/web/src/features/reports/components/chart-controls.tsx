import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReportGrouping } from '@faena/contracts';

export const RANGE_PRESETS = [7, 30, 56, 90, 365] as const;

/** The two things a viewer may change: how many days back, and how the points are grouped. */
export function ChartControls({
  days,
  grouping,
  groupings,
  onChange,
}: {
  days: number;
  grouping: TReportGrouping;
  groupings: readonly TReportGrouping[];
  onChange: (next: { days: number; grouping: TReportGrouping }) => void;
}) {
  const { t } = useTranslation();
  const presets = RANGE_PRESETS.includes(days as (typeof RANGE_PRESETS)[number]) ? RANGE_PRESETS : [...RANGE_PRESETS, days].sort((a, b) => a - b);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('reports.controls.range')}
        data={presets.map((n) => ({ value: String(n), label: t('reports.controls.lastDays', { count: n }) }))}
        value={String(days)}
        onChange={(value) => value && onChange({ days: Number(value), grouping })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
        data-testid="report-range"
      />
      {groupings.length > 1 && (
        <Select
          label={t('reports.controls.grouping')}
          data={groupings.map((g) => ({ value: g, label: t(`reports.grouping.${g}`) }))}
          value={grouping}
          onChange={(value) => value && onChange({ days, grouping: value as TReportGrouping })}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          data-testid="report-grouping"
        />
      )}
    </Group>
  );
}

/** The first day of the last `days` days, in the viewer's calendar (YYYY-MM-DD). */
export function rangeFrom(days: number, now = new Date()): { from: string; to: string } {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: day(start), to: day(now) };
}
