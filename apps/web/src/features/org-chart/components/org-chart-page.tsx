import { Box, Button, Center, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TOrgChart } from '@faena/contracts';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useOrgChart } from '../api/get-org-chart.ts';
import { ChartCanvas, type ChartCanvasHandle } from './chart-canvas.tsx';
import { ChartDownload } from './chart-download.tsx';
import { ancestorsOf, buildTree, initialCollapsed, layoutChart } from './chart-layout.ts';
import { ChartSearchBox } from './chart-search-box.tsx';
import { PositionPanel } from './position-panel.tsx';
import classes from './org-chart.module.css';

/** /org-chart: the organisation chart (spec forms §3), for VIEW_ORG_CHART. */
export function OrgChartPage() {
  const { t } = useTranslation();
  const chart = useOrgChart();
  const { ctx } = useAccessContext();
  const canManage = canAccess(ACCESS.positions, ctx);
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('orgChart.title')}
        description={chart.data ? t('orgChart.description', { name: chart.data.organization_name, count: chart.data.nodes.length }) : undefined}
        actions={
          canManage ? (
            <Button component={Link} to="/positions" variant="default" leftSection={<IconListDetails size={16} />}>
              {t('orgChart.managePositions')}
            </Button>
          ) : null
        }
      />
      {chart.isLoading ? (
        <Center mih={300}>
          <Loader aria-label={t('orgChart.loading')} />
        </Center>
      ) : chart.isError ? (
        <Text c="red">{t('orgChart.errors.chart')}</Text>
      ) : chart.data && chart.data.nodes.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{t('orgChart.empty')}</Text>
            {canManage ? (
              <Button component={Link} to="/positions/new" leftSection={<IconPlus size={16} />}>
                {t('positions.new')}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : chart.data ? (
        <ChartView chart={chart.data} canManage={canManage} canViewPeople={ctx.permissions.includes('VIEW_PEOPLE')} />
      ) : null}
    </Stack>
  );
}

function ChartView({ chart, canManage, canViewPeople }: { chart: TOrgChart; canManage: boolean; canViewPeople: boolean }) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const tree = useMemo(() => buildTree(chart.nodes, chart.edges), [chart]);
  const nodes = useMemo(() => new Map(chart.nodes.map((node) => [node.id, node])), [chart]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => {
    const start = initialCollapsed(tree, chart.nodes.length);
    // a link to a position (?position=id) opens the chart down to it
    const linked = params.get('position');
    if (linked) for (const id of ancestorsOf(tree, linked)) start.delete(id);
    return start;
  });
  const layout = useMemo(() => layoutChart(tree, collapsed), [tree, collapsed]);
  const selectedParam = params.get('position');
  const selectedId = selectedParam && nodes.has(selectedParam) ? selectedParam : null;
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const canvas = useRef<ChartCanvasHandle>(null);
  // a request to bring a position into view, served once the layout (and the side panel) include it
  const [reveal, setReveal] = useState<{ id: string; focus: boolean } | null>(selectedId ? { id: selectedId, focus: false } : null);

  const select = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('position', id);
          else next.delete('position');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Opens the chart down to a position, selects it, centres and highlights it. */
  const locate = useCallback(
    (id: string, focus = false) => {
      const hidden = ancestorsOf(tree, id).filter((ancestor) => collapsed.has(ancestor));
      if (hidden.length > 0)
        setCollapsed((current) => {
          const next = new Set(current);
          for (const ancestor of hidden) next.delete(ancestor);
          return next;
        });
      select(id);
      setHighlightId(null);
      requestAnimationFrame(() => setHighlightId(id));
      setReveal({ id, focus });
    },
    [collapsed, select, tree],
  );

  const served = useRef<typeof reveal>(null);
  useEffect(() => {
    if (!reveal || served.current === reveal || !layout.byId.has(reveal.id)) return;
    served.current = reveal;
    canvas.current?.reveal(reveal.id, { focus: reveal.focus });
  }, [layout, reveal]);

  const expandAll = () => setCollapsed(new Set());
  const collapseAll = () => setCollapsed(new Set([...tree.children.keys()].filter((id) => !tree.roots.includes(id) || tree.roots.length > 1)));

  const selectedNode = selectedId ? nodes.get(selectedId) : undefined;
  const panel = selectedNode ? (
    <PositionPanel
      node={selectedNode}
      nodes={nodes}
      parents={chart.edges.filter((edge) => edge.to === selectedNode.id).map((edge) => edge.from)}
      children={chart.edges.filter((edge) => edge.from === selectedNode.id).map((edge) => edge.to)}
      canManage={canManage}
      canViewPeople={canViewPeople}
      onClose={() => select(null)}
      onLocate={(id) => locate(id)}
    />
  ) : null;

  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ChartSearchBox chart={chart} canSearchPeople={canViewPeople} onLocate={(hit) => locate(hit.positionId, true)} />
        </Box>
        <ChartDownload chart={chart} layout={layout} nodes={nodes} />
      </Group>
      <div className={classes.layout}>
        <ChartCanvas
          ref={canvas}
          tree={tree}
          layout={layout}
          nodes={nodes}
          selectedId={selectedId}
          highlightId={highlightId}
          label={t('orgChart.chart.label', { name: chart.organization_name })}
          onSelect={select}
          onToggle={toggle}
          onExpandAll={expandAll}
          onCollapseAll={collapseAll}
        />
        {isDesktop && panel ? (
          <Paper withBorder radius="md" p="md" className={classes.aside} component="aside" aria-label={selectedNode?.title}>
            {panel}
          </Paper>
        ) : null}
      </div>
      {!isDesktop ? (
        // the panel's own heading names the position: the dialog is named after it (no second title)
        <Drawer.Root opened={Boolean(panel)} onClose={() => select(null)} position="bottom" size="60%">
          <Drawer.Overlay />
          <Drawer.Content aria-label={selectedNode?.title}>
            <Drawer.Body>{panel}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : null}
    </Stack>
  );
}
