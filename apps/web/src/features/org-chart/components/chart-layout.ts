/**
 * Layout of the organisation chart: pure functions from the server's nodes and edges (a DAG —
 * a position may have several parents) to boxes and connector paths on a plane.
 *
 * - Each position hangs under one *primary* parent: the first one a breadth-first walk from the
 *   roots reaches (so the shortest chain to the top wins); its other parents get dashed
 *   *secondary* connectors. Positions without parents are roots (flagged roots first, then by title).
 * - A subtree is as wide as its children side by side (bounding boxes, centred under the parent).
 * - Children that are all leaves and more than `STACK_AFTER` are stacked in a column hanging from a
 *   spine, so a manager with forty direct reports does not make the chart forty cards wide.
 * - Collapsed positions hide everything below them.
 */

export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 112;
const H_GAP = 28;
const V_GAP = 64;
const STACK_INDENT = 28;
const STACK_GAP = 14;
const STACK_AFTER = 2;
const ROOT_GAP = 72;

export interface ChartNodeInput {
  id: string;
  title: string;
  is_root: boolean;
}

export interface ChartEdgeInput {
  from: string;
  to: string;
}

export interface Tree {
  /** Ordered roots. */
  roots: string[];
  /** Ordered children along primary edges. */
  children: Map<string, string[]>;
  /** Primary parent of each non-root. */
  parent: Map<string, string>;
  /** Edges that are not primary (a second or third parent). */
  secondary: ChartEdgeInput[];
  /** Depth along primary edges (roots are 0). */
  depth: Map<string, number>;
}

const byTitle = (titles: Map<string, string>) => (a: string, b: string) =>
  (titles.get(a) ?? '').localeCompare(titles.get(b) ?? '', 'es', { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);

/** The primary tree of a DAG of positions. Edges naming unknown positions are ignored. */
export function buildTree(nodes: readonly ChartNodeInput[], edges: readonly ChartEdgeInput[]): Tree {
  const titles = new Map(nodes.map((node) => [node.id, node.title]));
  const compare = byTitle(titles);
  const parentsOf = new Map<string, string[]>();
  const childrenOf = new Map<string, string[]>();
  for (const edge of edges) {
    if (!titles.has(edge.from) || !titles.has(edge.to) || edge.from === edge.to) continue;
    parentsOf.set(edge.to, [...(parentsOf.get(edge.to) ?? []), edge.from]);
    childrenOf.set(edge.from, [...(childrenOf.get(edge.from) ?? []), edge.to]);
  }
  const rootFlag = new Map(nodes.map((node) => [node.id, node.is_root]));
  const roots = nodes
    .map((node) => node.id)
    .filter((id) => !parentsOf.has(id))
    .sort((a, b) => Number(rootFlag.get(b)) - Number(rootFlag.get(a)) || compare(a, b));

  const parent = new Map<string, string>();
  const depth = new Map<string, number>();
  const children = new Map<string, string[]>();
  const queue = [...roots];
  for (const root of roots) depth.set(root, 0);
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]!;
    const kids = [...(childrenOf.get(id) ?? [])].sort(compare);
    const placed: string[] = [];
    for (const kid of kids) {
      if (depth.has(kid)) continue;
      depth.set(kid, depth.get(id)! + 1);
      parent.set(kid, id);
      placed.push(kid);
      queue.push(kid);
    }
    if (placed.length > 0) children.set(id, placed);
  }
  // A cycle (the server refuses them) would leave positions unreached: show them as roots.
  for (const node of nodes) {
    if (!depth.has(node.id)) {
      depth.set(node.id, 0);
      roots.push(node.id);
    }
  }
  const secondary = edges.filter((edge) => titles.has(edge.from) && titles.has(edge.to) && parent.get(edge.to) !== edge.from && edge.from !== edge.to);
  return { roots, children, parent, secondary, depth };
}

/** Every position above `id` along primary edges, nearest first. */
export function ancestorsOf(tree: Tree, id: string): string[] {
  const out: string[] = [];
  let current = tree.parent.get(id);
  while (current !== undefined && !out.includes(current)) {
    out.push(current);
    current = tree.parent.get(current);
  }
  return out;
}

/** Every position below `id` along primary edges. */
export function descendantsOf(tree: Tree, id: string): string[] {
  const out: string[] = [];
  const stack = [...(tree.children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(tree.children.get(next) ?? []));
  }
  return out;
}

/** The positions to collapse so that only `levels` levels show at first (none when the chart is small). */
export function initialCollapsed(tree: Tree, nodeCount: number, levels = 2, smallChart = 40): Set<string> {
  if (nodeCount <= smallChart) return new Set();
  const out = new Set<string>();
  for (const [id, kids] of tree.children) if (kids.length > 0 && (tree.depth.get(id) ?? 0) >= levels - 1) out.add(id);
  return out;
}

export interface PlacedNode {
  id: string;
  /** Top-left corner. */
  x: number;
  y: number;
  depth: number;
  parentId: string | null;
  /** Children along primary edges, shown or not. */
  childCount: number;
  collapsed: boolean;
}

export interface PlacedEdge {
  from: string;
  to: string;
  kind: 'primary' | 'secondary';
  /** SVG path data. */
  path: string;
}

export interface ChartLayout {
  nodes: PlacedNode[];
  byId: Map<string, PlacedNode>;
  edges: PlacedEdge[];
  width: number;
  height: number;
}

interface Box {
  width: number;
  height: number;
  /** Horizontal offset of the subtree's own card inside its box. */
  cardX: number;
  stacked: boolean;
}

/** Places the visible positions: `collapsed` hides what is below each listed position. */
export function layoutChart(tree: Tree, collapsed: ReadonlySet<string>): ChartLayout {
  const boxes = new Map<string, Box>();
  const visibleKids = (id: string) => (collapsed.has(id) ? [] : (tree.children.get(id) ?? []));

  // post-order sizes, without recursion (a deep chain must not overflow the stack)
  const order: string[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    order.push(id);
    for (const kid of [...visibleKids(id)].reverse()) stack.push(kid);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!;
    const kids = visibleKids(id);
    if (kids.length === 0) {
      boxes.set(id, { width: NODE_WIDTH, height: NODE_HEIGHT, cardX: 0, stacked: false });
      continue;
    }
    const stacked = kids.length > STACK_AFTER && kids.every((kid) => visibleKids(kid).length === 0);
    if (stacked) {
      const width = Math.max(NODE_WIDTH, STACK_INDENT + NODE_WIDTH);
      const height = NODE_HEIGHT + V_GAP / 2 + kids.length * NODE_HEIGHT + (kids.length - 1) * STACK_GAP;
      boxes.set(id, { width, height, cardX: 0, stacked: true });
      continue;
    }
    const kidBoxes = kids.map((kid) => boxes.get(kid)!);
    const rowWidth = kidBoxes.reduce((sum, box) => sum + box.width, 0) + H_GAP * (kids.length - 1);
    const width = Math.max(NODE_WIDTH, rowWidth);
    // the card sits over the middle of its first and last children's cards
    const firstCard = (width - rowWidth) / 2 + kidBoxes[0]!.cardX;
    const lastBoxX = (width - rowWidth) / 2 + rowWidth - kidBoxes[kidBoxes.length - 1]!.width;
    const lastCard = lastBoxX + kidBoxes[kidBoxes.length - 1]!.cardX;
    const cardX = Math.min(Math.max(0, (firstCard + lastCard) / 2), width - NODE_WIDTH);
    const height = NODE_HEIGHT + V_GAP + Math.max(...kidBoxes.map((box) => box.height));
    boxes.set(id, { width, height, cardX, stacked: false });
  }

  const nodes: PlacedNode[] = [];
  const byId = new Map<string, PlacedNode>();
  const edges: PlacedEdge[] = [];
  const place = (id: string, left: number, top: number, parentId: string | null) => {
    const box = boxes.get(id)!;
    const node: PlacedNode = {
      id,
      x: left + box.cardX,
      y: top,
      depth: tree.depth.get(id) ?? 0,
      parentId,
      childCount: tree.children.get(id)?.length ?? 0,
      collapsed: collapsed.has(id),
    };
    nodes.push(node);
    byId.set(id, node);
    return { node, box };
  };

  let cursor = 0;
  let height = 0;
  const work: { id: string; left: number; top: number; parentId: string | null }[] = [];
  for (const root of tree.roots) {
    work.push({ id: root, left: cursor, top: 0, parentId: null });
    cursor += boxes.get(root)!.width + ROOT_GAP;
    height = Math.max(height, boxes.get(root)!.height);
  }
  for (let head = 0; head < work.length; head++) {
    const { id, left, top, parentId } = work[head]!;
    const { node, box } = place(id, left, top, parentId);
    const kids = visibleKids(id);
    if (kids.length === 0) continue;
    const bottom = node.y + NODE_HEIGHT;
    if (box.stacked) {
      const spineX = node.x + STACK_INDENT / 2;
      let y = bottom + V_GAP / 2;
      for (const kid of kids) {
        work.push({ id: kid, left: node.x + STACK_INDENT, top: y, parentId: id });
        const mid = y + NODE_HEIGHT / 2;
        edges.push({ from: id, to: kid, kind: 'primary', path: `M${spineX},${bottom} V${mid} H${node.x + STACK_INDENT}` });
        y += NODE_HEIGHT + STACK_GAP;
      }
      continue;
    }
    const kidBoxes = kids.map((kid) => boxes.get(kid)!);
    const rowWidth = kidBoxes.reduce((sum, b) => sum + b.width, 0) + H_GAP * (kids.length - 1);
    let x = left + (box.width - rowWidth) / 2;
    const childTop = bottom + V_GAP;
    const midY = bottom + V_GAP / 2;
    const fromX = node.x + NODE_WIDTH / 2;
    kids.forEach((kid, index) => {
      const kidBox = kidBoxes[index]!;
      work.push({ id: kid, left: x, top: childTop, parentId: id });
      const toX = x + kidBox.cardX + NODE_WIDTH / 2;
      edges.push({ from: id, to: kid, kind: 'primary', path: `M${fromX},${bottom} V${midY} H${toX} V${childTop}` });
      x += kidBox.width + H_GAP;
    });
  }

  for (const edge of tree.secondary) {
    const from = byId.get(edge.from);
    const to = byId.get(edge.to);
    if (!from || !to) continue;
    const x1 = from.x + NODE_WIDTH / 2;
    const y1 = from.y + NODE_HEIGHT;
    const x2 = to.x + NODE_WIDTH / 2;
    const y2 = to.y;
    const bend = Math.max(40, Math.abs(y2 - y1) / 2);
    edges.push({ from: edge.from, to: edge.to, kind: 'secondary', path: `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}` });
  }

  const width = Math.max(0, cursor - ROOT_GAP);
  return { nodes, byId, edges, width, height };
}

export interface View {
  x: number;
  y: number;
  scale: number;
}

export const MIN_SCALE = 0.15;
export const MAX_SCALE = 2;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The view that shows the whole chart in a viewport (never zooming in past 1). */
export function fitView(layout: Pick<ChartLayout, 'width' | 'height'>, viewport: { width: number; height: number }, padding = 32): View {
  if (layout.width === 0 || viewport.width === 0) return { x: padding, y: padding, scale: 1 };
  const scale = clampScale(Math.min(1, (viewport.width - padding * 2) / layout.width, (viewport.height - padding * 2) / layout.height));
  return { scale, x: (viewport.width - layout.width * scale) / 2, y: Math.max(padding, (viewport.height - layout.height * scale) / 2) };
}

/** Below this zoom the cards cannot be read: the first view then starts readable at the top instead of fitting everything. */
export const READABLE_SCALE = 0.6;

/** The first view: the whole chart when it fits readably, else readable with the first root at the top centre. */
export function initialView(layout: Pick<ChartLayout, 'width' | 'height' | 'nodes'>, viewport: { width: number; height: number }, padding = 32): View {
  const fit = fitView(layout, viewport, padding);
  if (fit.scale >= READABLE_SCALE) return fit;
  const scale = 0.8;
  const first = layout.nodes[0];
  const centre = first ? first.x + NODE_WIDTH / 2 : layout.width / 2;
  return { scale, x: viewport.width / 2 - centre * scale, y: padding };
}

/** Zooms by `factor` keeping the plane point under (px, py) of the viewport in place. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The view that centres a card (keeping the zoom, at least `minScale`). */
export function centreOn(view: View, node: Pick<PlacedNode, 'x' | 'y'>, viewport: { width: number; height: number }, minScale = 0.8): View {
  const scale = Math.max(view.scale, minScale);
  return { scale, x: viewport.width / 2 - (node.x + NODE_WIDTH / 2) * scale, y: viewport.height / 2 - (node.y + NODE_HEIGHT / 2) * scale };
}

/** True when the card is wholly inside the viewport. */
export function isInView(view: View, node: Pick<PlacedNode, 'x' | 'y'>, viewport: { width: number; height: number }, margin = 16): boolean {
  const left = view.x + node.x * view.scale;
  const top = view.y + node.y * view.scale;
  return left >= margin && top >= margin && left + NODE_WIDTH * view.scale <= viewport.width - margin && top + NODE_HEIGHT * view.scale <= viewport.height - margin;
}
