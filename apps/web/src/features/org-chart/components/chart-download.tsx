import { Box, Button, Menu, useMantineTheme } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPhoto, IconVectorBezier2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrgChart } from '@faena/contracts';
import { clickDownload, downloadText, fileNameOf } from '../../../shared/lib/download.ts';
import { formatDate, localDateStamp } from '../../../shared/lib/dates.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { canvasMeasure, chartStyle, chartSvg, svgToPng } from './chart-export.ts';
import type { ChartLayout } from './chart-layout.ts';

type Format = 'png' | 'svg';

/** Downloads the chart as it is shown (open and folded branches alike) as a PNG or an SVG picture. */
export function ChartDownload({ chart, layout, nodes }: { chart: TOrgChart; layout: ChartLayout; nodes: ReadonlyMap<string, TOrgChart['nodes'][number]> }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const [busy, setBusy] = useState(false);

  const download = async (format: Format) => {
    const today = new Date();
    const { svg, width, height } = chartSvg(
      layout,
      nodes,
      {
        title: chart.organization_name,
        subtitle: t('orgChart.download.subtitle', { date: formatDate(today), count: layout.nodes.length }),
        vacant: t('orgChart.node.vacant'),
        people: (count) => t('orgChart.node.people', { count }),
      },
      chartStyle(theme),
      canvasMeasure(),
    );
    const name = fileNameOf(t('orgChart.download.fileName', { name: chart.organization_name, date: localDateStamp(today) }), 'organigrama');
    if (format === 'svg') return downloadText(`${name}.svg`, svg, 'image/svg+xml;charset=utf-8');
    setBusy(true);
    try {
      const url = URL.createObjectURL(await svgToPng(svg, width, height));
      clickDownload(url, `${name}.png`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(t('orgChart.download.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* on a phone the icon alone, beside the search box */}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          aria-label={t('orgChart.download.button')}
          data-testid="org-chart-download"
        >
          <Box component="span" visibleFrom="sm">
            {t('orgChart.download.button')}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('orgChart.download.hint')}</Menu.Label>
        <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => void download('png')} data-testid="org-chart-download-png">
          {t('orgChart.download.png')}
        </Menu.Item>
        <Menu.Item leftSection={<IconVectorBezier2 size={16} />} onClick={() => void download('svg')} data-testid="org-chart-download-svg">
          {t('orgChart.download.svg')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
