import { ActionIcon, Group, Kbd, Paper, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconFocusCentered, IconKeyboard, IconMinus, IconPlus } from '@tabler/icons-react';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrgChart } from '@faena/contracts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { ancestorsOf, centreOn, fitView, initialView, isInView, NODE_HEIGHT, NODE_WIDTH, zoomAt, type ChartLayout, type PlacedNode, type Tree, type View } from './chart-layout.ts';
import classes from './org-chart.module.css';

type ChartNode = TOrgChart['nodes'][number];

export interface ChartCanvasHandle {
  /** Pans (animated) so the position is in the middle, and gives it the keyboard focus. */
  reveal(id: string, options?: { focus?: boolean }): void;
  fit(): void;
}

interface ChartCanvasProps {
  tree: Tree;
  layout: ChartLayout;
  nodes: ReadonlyMap<string, ChartNode>;
  selectedId: string | null;
  highlightId: string | null;
  label: string;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}

const ZOOM_STEP = 1.25;
const PAN_STEP = 80;
const DRAG_THRESHOLD = 4;

/**
 * The chart on a pannable, zoomable plane: drag (mouse, pen or one finger), wheel and pinch to
 * zoom, buttons for +/−/fit, and the keyboard (the plane: arrows pan, + − zoom, 0 fits; a
 * position: arrows walk the chart, Enter opens it, Space folds it). The transform is written to
 * the DOM directly, so panning never re-renders the cards.
 */
export const ChartCanvas = forwardRef<ChartCanvasHandle, ChartCanvasProps>(function ChartCanvas(
  { tree, layout, nodes, selectedId, highlightId, label, onSelect, onToggle, onExpandAll, onCollapseAll },
  ref,
) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const planeRef = useRef<HTMLDivElement>(null);
  const view = useRef<View>({ x: 0, y: 0, scale: 1 });
  const [zoom, setZoom] = useState(100);
  const [focusId, setFocusId] = useState<string | null>(null);
  const fitted = useRef(false);

  const size = () => ({ width: viewportRef.current?.clientWidth ?? 0, height: viewportRef.current?.clientHeight ?? 0 });
  const apply = useCallback((next: View, animate = false) => {
    view.current = next;
    const plane = planeRef.current;
    if (plane) {
      plane.style.transition = animate ? 'transform 260ms ease' : 'none';
      plane.style.transform = `translate(${next.x}px, ${next.y}px) scale(${next.scale})`;
    }
    setZoom(Math.round(next.scale * 100));
  }, []);
  const fit = useCallback(() => apply(fitView(layout, size()), true), [apply, layout]);

  // first paint: the whole chart in view
  useLayoutEffect(() => {
    if (fitted.current || layout.nodes.length === 0) return;
    fitted.current = true;
    apply(initialView(layout, size()));
  }, [apply, layout]);

  const focusNode = useCallback((id: string) => {
    const element = viewportRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
    element?.focus({ preventScroll: true });
  }, []);

  const reveal = useCallback(
    (id: string, options: { focus?: boolean } = {}) => {
      const node = layout.byId.get(id);
      if (!node) return;
      if (!isInView(view.current, node, size())) apply(centreOn(view.current, node, size()), true);
      setFocusId(id);
      if (options.focus) requestAnimationFrame(() => focusNode(id));
    },
    [apply, focusNode, layout],
  );
  useImperativeHandle(ref, () => ({ reveal, fit }), [reveal, fit]);

  // the viewport shrinks when the side panel opens (or the window changes): keep the selected position in view
  const keepInView = useRef<() => void>(() => undefined);
  useEffect(() => {
    keepInView.current = () => {
      const node = selectedId ? layout.byId.get(selectedId) : undefined;
      if (node && !isInView(view.current, node, size())) apply(centreOn(view.current, node, size()), true);
    };
  }, [apply, layout, selectedId]);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => keepInView.current());
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  // wheel zoom needs a non-passive listener (React's is passive, so it could not stop the page scrolling)
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = viewport.getBoundingClientRect();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const delta = event.deltaY * lines;
      // pinch on a trackpad arrives as ctrl+wheel with small deltas
      const factor = Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.0015));
      apply(zoomAt(view.current, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [apply]);

  // drag and pinch
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ startX: number; startY: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    if ((event.target as HTMLElement).closest('[data-chart-controls]')) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) drag.current = { startX: event.clientX, startY: event.clientY, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.entries()];
      const other = a![0] === event.pointerId ? b![1] : a![1];
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      const mid = { x: (event.clientX + other.x) / 2 - rect.left, y: (event.clientY + other.y) / 2 - rect.top };
      const midBefore = { x: (previous.x + other.x) / 2 - rect.left, y: (previous.y + other.y) / 2 - rect.top };
      const zoomed = before > 0 ? zoomAt(view.current, after / before, mid.x, mid.y) : view.current;
      apply({ ...zoomed, x: zoomed.x + (mid.x - midBefore.x), y: zoomed.y + (mid.y - midBefore.y) });
      if (drag.current) drag.current.moved = true;
    } else if (drag.current) {
      if (!drag.current.moved && Math.hypot(event.clientX - drag.current.startX, event.clientY - drag.current.startY) < DRAG_THRESHOLD) return;
      if (!drag.current.moved) {
        drag.current.moved = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      apply({ ...view.current, x: view.current.x + event.clientX - previous.x, y: view.current.y + event.clientY - previous.y });
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      if (drag.current?.moved) suppressClick.current = true;
      drag.current = null;
    }
  };

  const zoomBy = (factor: number) => {
    const { width, height } = size();
    apply(zoomAt(view.current, factor, width / 2, height / 2), true);
  };

  // keyboard: on the plane itself, pan and zoom; on a position, walk the chart
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.metaKey || event.ctrlKey) return;
    const nodeId = (event.target as HTMLElement).dataset.nodeId;
    if (event.key === '+' || event.key === '=') return (event.preventDefault(), zoomBy(ZOOM_STEP));
    if (event.key === '-' || event.key === '_') return (event.preventDefault(), zoomBy(1 / ZOOM_STEP));
    if (event.key === '0') return (event.preventDefault(), fit());
    if (nodeId) {
      const next = neighbour(tree, layout, nodeId, event.key);
      if (event.key === 'Enter') return (event.preventDefault(), onSelect(nodeId));
      if (event.key === ' ') {
        event.preventDefault();
        if ((tree.children.get(nodeId)?.length ?? 0) > 0) onToggle(nodeId);
        return;
      }
      if (event.key === 'ArrowDown' && next === null && layout.byId.get(nodeId)?.collapsed) {
        event.preventDefault();
        onToggle(nodeId);
        return;
      }
      if (next) {
        event.preventDefault();
        reveal(next, { focus: true });
      }
      return;
    }
    if (event.target !== event.currentTarget) return;
    const pan = { ArrowLeft: [PAN_STEP, 0], ArrowRight: [-PAN_STEP, 0], ArrowUp: [0, PAN_STEP], ArrowDown: [0, -PAN_STEP] }[event.key];
    if (pan) {
      event.preventDefault();
      apply({ ...view.current, x: view.current.x + pan[0]!, y: view.current.y + pan[1]! }, true);
    }
  };

  // the roving tab stop: the focused position, else the selected one, else the first root
  const tabStop = (focusId && layout.byId.has(focusId) ? focusId : null) ?? (selectedId && layout.byId.has(selectedId) ? selectedId : null) ?? layout.nodes[0]?.id ?? null;

  // the chain from the selected position up to its root is drawn stronger
  const chain = useMemo(() => {
    if (!selectedId) return new Set<string>();
    const up = [selectedId, ...ancestorsOf(tree, selectedId)];
    return new Set(up.slice(0, -1).map((id, index) => `${up[index + 1]}>${id}`));
  }, [selectedId, tree]);

  const siblingsInfo = useMemo(() => {
    const info = new Map<string, { size: number; index: number }>();
    for (const list of [tree.roots, ...tree.children.values()]) list.forEach((id, index) => info.set(id, { size: list.length, index: index + 1 }));
    return info;
  }, [tree]);

  return (
    <div
      ref={viewportRef}
      className={classes.viewport}
      tabIndex={0}
      role="region"
      aria-roledescription={t('orgChart.chart.roleDescription')}
      aria-label={label}
      aria-describedby="org-chart-keys"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClickCapture={(event) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          event.stopPropagation();
          event.preventDefault();
        }
      }}
      onKeyDown={onKeyDown}
      data-testid="org-chart-canvas"
    >
      <span id="org-chart-keys" className={classes.visuallyHidden}>
        {t('orgChart.chart.keysSummary')}
      </span>
      <div ref={planeRef} className={classes.plane} style={{ width: layout.width, height: layout.height }}>
        <svg className={classes.edges} width={Math.max(1, layout.width)} height={Math.max(1, layout.height)} aria-hidden="true">
          {layout.edges.map((edge) => (
            <path
              key={`${edge.kind}:${edge.from}>${edge.to}`}
              d={edge.path}
              className={edge.kind === 'secondary' ? classes.edgeSecondary : chain.has(`${edge.from}>${edge.to}`) ? classes.edgeActive : classes.edge}
            />
          ))}
        </svg>
        <div role="tree" aria-label={label}>
          {layout.nodes.map((placed) => (
            <NodeCard
              key={placed.id}
              placed={placed}
              node={nodes.get(placed.id)!}
              selected={placed.id === selectedId}
              highlighted={placed.id === highlightId}
              tabbable={placed.id === tabStop}
              setSize={siblingsInfo.get(placed.id)?.size ?? 1}
              posInSet={siblingsInfo.get(placed.id)?.index ?? 1}
              onSelect={onSelect}
              onFocusNode={setFocusId}
            />
          ))}
        </div>
        <div aria-hidden="true">
          {layout.nodes
            .filter((placed) => placed.childCount > 0)
            .map((placed) => (
              <button
                key={placed.id}
                type="button"
                tabIndex={-1}
                className={classes.toggle}
                style={{ left: placed.x + NODE_WIDTH / 2, top: placed.y + NODE_HEIGHT }}
                onClick={() => onToggle(placed.id)}
                data-testid="org-chart-toggle"
                data-for={placed.id}
              >
                {placed.collapsed ? `+${placed.childCount}` : '−'}
              </button>
            ))}
        </div>
      </div>
      <Paper className={classes.controls} shadow="sm" withBorder radius="md" p={4} data-chart-controls>
        <Group gap={2} wrap="nowrap">
          <Control label={t('orgChart.chart.zoomOut')} onClick={() => zoomBy(1 / ZOOM_STEP)} icon={<IconMinus size={18} />} />
          <Text size="xs" c="dimmed" w={38} ta="center" aria-live="polite" aria-label={t('orgChart.chart.zoomLevel', { percent: zoom })} data-testid="org-chart-zoom">
            {zoom}%
          </Text>
          <Control label={t('orgChart.chart.zoomIn')} onClick={() => zoomBy(ZOOM_STEP)} icon={<IconPlus size={18} />} />
          <Control label={t('orgChart.chart.fit')} onClick={fit} icon={<IconFocusCentered size={18} />} />
          <Control label={t('orgChart.expandAll')} onClick={onExpandAll} icon={<IconArrowsMaximize size={18} />} />
          <Control label={t('orgChart.collapseAll')} onClick={onCollapseAll} icon={<IconArrowsMinimize size={18} />} />
          <KeyboardHelp />
        </Group>
      </Paper>
    </div>
  );
});

function Control({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onClick} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function KeyboardHelp() {
  const { t } = useTranslation();
  const rows: [string[], string][] = [
    [['↑', '↓', '←', '→'], t('orgChart.keys.walk')],
    [['Enter'], t('orgChart.keys.open')],
    [[t('orgChart.keys.spaceKey')], t('orgChart.keys.fold')],
    [['+', '−'], t('orgChart.keys.zoom')],
    [['0'], t('orgChart.keys.fit')],
  ];
  return (
    <Popover position="top-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('orgChart.keys.title')}>
          <IconKeyboard size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb={6}>
          {t('orgChart.keys.title')}
        </Text>
        <Stack gap={6}>
          {rows.map(([keys, text]) => (
            <Group key={text} gap="xs" wrap="nowrap">
              <Group gap={2} wrap="nowrap" miw={96}>
                {keys.map((key) => (
                  <Kbd key={key} size="xs">
                    {key}
                  </Kbd>
                ))}
              </Group>
              <Text size="sm">{text}</Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed" maw={260}>
            {t('orgChart.keys.pointer')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The position the arrow key leads to: parent (↑), first child (↓), siblings (← →) in the drawing. */
export function neighbour(tree: Tree, layout: ChartLayout, id: string, key: string): string | null {
  const placed = layout.byId.get(id);
  if (!placed) return null;
  if (key === 'ArrowUp') return placed.parentId;
  if (key === 'ArrowDown') return placed.collapsed ? null : (tree.children.get(id)?.[0] ?? null);
  if (key === 'Home') return tree.roots[0] ?? null;
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const siblings = placed.parentId === null ? tree.roots : (tree.children.get(placed.parentId) ?? []);
  const index = siblings.indexOf(id);
  const next = siblings[index + (key === 'ArrowLeft' ? -1 : 1)];
  return next ?? null;
}

interface NodeCardProps {
  placed: PlacedNode;
  node: ChartNode;
  selected: boolean;
  highlighted: boolean;
  tabbable: boolean;
  setSize: number;
  posInSet: number;
  onSelect: (id: string) => void;
  onFocusNode: (id: string) => void;
}

const NodeCard = memo(function NodeCard({ placed, node, selected, highlighted, tabbable, setSize, posInSet, onSelect, onFocusNode }: NodeCardProps) {
  const { t } = useTranslation();
  const people = node.persons.length + node.additional_count;
  return (
    <div
      role="treeitem"
      tabIndex={tabbable ? 0 : -1}
      aria-level={placed.depth + 1}
      aria-setsize={setSize}
      aria-posinset={posInSet}
      aria-selected={selected}
      aria-expanded={placed.childCount > 0 ? !placed.collapsed : undefined}
      aria-label={[node.title, node.department, people === 0 ? t('orgChart.node.vacant') : t('orgChart.node.people', { count: people })].filter(Boolean).join(', ')}
      data-node-id={node.id}
      data-testid="org-chart-node"
      className={`${classes.node} ${selected ? classes.nodeSelected : ''} ${highlighted ? classes.nodeHighlighted : ''} ${node.is_root ? classes.nodeRoot : ''}`}
      style={{ left: placed.x, top: placed.y, width: NODE_WIDTH, height: NODE_HEIGHT }}
      onClick={() => onSelect(node.id)}
      onFocus={() => onFocusNode(node.id)}
    >
      <div className={classes.nodeTitle}>{node.title}</div>
      {node.department ? <div className={classes.nodeDepartment}>{node.department}</div> : null}
      <div className={classes.nodePeople}>
        {node.persons.length === 0 ? (
          <span className={classes.vacant}>{t('orgChart.node.vacant')}</span>
        ) : (
          <>
            <div className={classes.avatars}>
              {node.persons.map((person) => (
                <UserAvatar key={person.id} name={person.name} picture={person.picture} size={26} className={classes.avatar} />
              ))}
              {node.additional_count > 0 ? <span className={classes.more}>+{node.additional_count}</span> : null}
            </div>
            <span className={classes.firstName}>{node.persons.length === 1 && node.additional_count === 0 ? node.persons[0]!.name : t('orgChart.node.people', { count: people })}</span>
          </>
        )}
      </div>
    </div>
  );
});
