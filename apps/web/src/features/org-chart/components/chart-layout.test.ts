import { describe, expect, it } from 'vitest';
import { ancestorsOf, buildTree, centreOn, descendantsOf, fitView, initialCollapsed, isInView, layoutChart, MAX_SCALE, MIN_SCALE, NODE_HEIGHT, NODE_WIDTH, zoomAt } from './chart-layout.ts';
import { neighbour } from './chart-canvas.tsx';
import { normalise, searchChart } from './chart-search.ts';

const node = (id: string, title = id, is_root = false) => ({ id, title, is_root });
const edge = (from: string, to: string) => ({ from, to });

/** No two cards overlap. */
function overlaps(layout: ReturnType<typeof layoutChart>): string[] {
  const out: string[] = [];
  for (let i = 0; i < layout.nodes.length; i++)
    for (let j = i + 1; j < layout.nodes.length; j++) {
      const a = layout.nodes[i]!;
      const b = layout.nodes[j]!;
      if (a.x < b.x + NODE_WIDTH && b.x < a.x + NODE_WIDTH && a.y < b.y + NODE_HEIGHT && b.y < a.y + NODE_HEIGHT) out.push(`${a.id}/${b.id}`);
    }
  return out;
}

describe('buildTree', () => {
  it('orders roots (flagged roots first) and children by title, accent-insensitively', () => {
    const tree = buildTree([node('z', 'Zeta'), node('ceo', 'Gerencia', true), node('b', 'Ábaco'), node('a', 'Bodega')], [edge('ceo', 'a'), edge('ceo', 'b')]);
    expect(tree.roots).toEqual(['ceo', 'z']);
    expect(tree.children.get('ceo')).toEqual(['b', 'a']);
    expect(tree.depth.get('a')).toBe(1);
  });

  it('orders numbered titles by their numbers', () => {
    const tree = buildTree([node('ceo', 'Gerencia', true), node('t10', 'Tienda 10'), node('t2', 'Tienda 2'), node('t1', 'Tienda 1')], [edge('ceo', 't10'), edge('ceo', 't2'), edge('ceo', 't1')]);
    expect(tree.children.get('ceo')).toEqual(['t1', 't2', 't10']);
  });

  it('hangs a position with two parents under the nearer one and keeps the other edge as secondary', () => {
    const nodes = [node('ceo', 'CEO', true), node('ops', 'Ops'), node('shift', 'Turno'), node('hse', 'HSE')];
    const edges = [edge('ceo', 'ops'), edge('ops', 'shift'), edge('ceo', 'hse'), edge('shift', 'hse')];
    const tree = buildTree(nodes, edges);
    expect(tree.parent.get('hse')).toBe('ceo');
    expect(tree.secondary).toEqual([edge('shift', 'hse')]);
    expect(ancestorsOf(tree, 'shift')).toEqual(['ops', 'ceo']);
    expect(descendantsOf(tree, 'ceo').sort()).toEqual(['hse', 'ops', 'shift']);
  });

  it('ignores edges to unknown positions and self-loops', () => {
    const tree = buildTree([node('a'), node('b')], [edge('a', 'ghost'), edge('b', 'b'), edge('a', 'b')]);
    expect(tree.roots).toEqual(['a']);
    expect(tree.secondary).toEqual([]);
  });

  it('shows positions caught in a cycle as roots instead of losing them', () => {
    const tree = buildTree([node('r', 'R', true), node('x'), node('y')], [edge('x', 'y'), edge('y', 'x')]);
    expect(new Set(tree.roots)).toEqual(new Set(['r', 'x', 'y']));
  });
});

describe('layoutChart', () => {
  it('centres a parent over its children, one level below the other, without overlaps', () => {
    // two leaves, and a third child with a report of its own: drawn side by side
    const tree = buildTree([node('p', 'P', true), node('a', 'A'), node('b', 'B'), node('c', 'C'), node('c1', 'C1')], [edge('p', 'a'), edge('p', 'b'), edge('p', 'c'), edge('c', 'c1')]);
    const layout = layoutChart(tree, new Set());
    const [p, a, b, c] = ['p', 'a', 'b', 'c'].map((id) => layout.byId.get(id)!);
    expect(a!.y).toBe(b!.y);
    expect(c!.y).toBe(a!.y);
    expect(a!.y).toBeGreaterThan(p!.y + NODE_HEIGHT);
    expect(a!.x).toBeLessThan(b!.x);
    expect(b!.x).toBeLessThan(c!.x);
    expect(p!.x + NODE_WIDTH / 2).toBeCloseTo((a!.x + c!.x + NODE_WIDTH) / 2);
    expect(overlaps(layout)).toEqual([]);
    expect(layout.edges.filter((e) => e.kind === 'primary')).toHaveLength(4);
  });

  it('stacks many leaf children in a column so the chart stays narrow', () => {
    const kids = Array.from({ length: 40 }, (_, i) => node(`k${i}`, `Operario ${String(i).padStart(2, '0')}`));
    const tree = buildTree(
      [node('boss', 'Jefe', true), ...kids],
      kids.map((kid) => edge('boss', kid.id)),
    );
    const layout = layoutChart(tree, new Set());
    expect(layout.width).toBeLessThan(NODE_WIDTH * 2);
    const xs = new Set(kids.map((kid) => layout.byId.get(kid.id)!.x));
    expect(xs.size).toBe(1);
    expect(overlaps(layout)).toEqual([]);
  });

  it('hides what is under a collapsed position and keeps its child count', () => {
    const tree = buildTree([node('p', 'P', true), node('a', 'A'), node('a1', 'A1'), node('b', 'B')], [edge('p', 'a'), edge('a', 'a1'), edge('p', 'b')]);
    const layout = layoutChart(tree, new Set(['a']));
    expect(layout.byId.has('a1')).toBe(false);
    expect(layout.byId.get('a')).toMatchObject({ collapsed: true, childCount: 1 });
    expect(layout.edges.some((e) => e.to === 'a1')).toBe(false);
  });

  it('lays out a few hundred positions in a few levels without overlaps', () => {
    const nodes = [node('ceo', 'CEO', true)];
    const edges: { from: string; to: string }[] = [];
    for (let m = 0; m < 8; m++) {
      nodes.push(node(`m${m}`, `Gerencia ${m}`));
      edges.push(edge('ceo', `m${m}`));
      for (let s = 0; s < 5; s++) {
        nodes.push(node(`m${m}s${s}`, `Jefatura ${m}.${s}`));
        edges.push(edge(`m${m}`, `m${m}s${s}`));
        for (let w = 0; w < 8; w++) {
          nodes.push(node(`m${m}s${s}w${w}`, `Puesto ${m}.${s}.${w}`));
          edges.push(edge(`m${m}s${s}`, `m${m}s${s}w${w}`));
        }
      }
    }
    expect(nodes.length).toBe(369);
    const tree = buildTree(nodes, edges);
    const layout = layoutChart(tree, new Set());
    expect(layout.nodes).toHaveLength(369);
    expect(overlaps(layout)).toEqual([]);
    // every child sits below its parent
    for (const placed of layout.nodes) if (placed.parentId) expect(placed.y).toBeGreaterThan(layout.byId.get(placed.parentId)!.y);
    // big charts open two levels deep
    const collapsed = initialCollapsed(tree, nodes.length);
    expect(collapsed.has('ceo')).toBe(false);
    expect(collapsed.has('m0')).toBe(true);
    expect(layoutChart(tree, collapsed).nodes).toHaveLength(9);
  });
});

describe('view maths', () => {
  it('fits a wide chart in the viewport, never zooming past 100 %', () => {
    const view = fitView({ width: 4000, height: 600 }, { width: 1000, height: 600 });
    expect(view.scale).toBeCloseTo((1000 - 64) / 4000);
    expect(view.x).toBeCloseTo((1000 - 4000 * view.scale) / 2);
    expect(fitView({ width: 200, height: 100 }, { width: 1000, height: 600 }).scale).toBe(1);
  });

  it('zooms around the pointer and stays within the limits', () => {
    const view = zoomAt({ x: 0, y: 0, scale: 1 }, 2, 100, 50);
    // the plane point under (100, 50) stays there
    expect((100 - view.x) / view.scale).toBeCloseTo(100);
    expect((50 - view.y) / view.scale).toBeCloseTo(50);
    expect(zoomAt(view, 100, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt(view, 0.0001, 0, 0).scale).toBe(MIN_SCALE);
  });

  it('centres a card and knows when one is out of view', () => {
    const viewport = { width: 800, height: 600 };
    const card = { x: 3000, y: 900 };
    expect(isInView({ x: 0, y: 0, scale: 1 }, card, viewport)).toBe(false);
    const view = centreOn({ x: 0, y: 0, scale: 0.3 }, card, viewport);
    expect(view.scale).toBe(0.8);
    expect(isInView(view, card, viewport)).toBe(true);
    expect(view.x + (card.x + NODE_WIDTH / 2) * view.scale).toBeCloseTo(400);
  });
});

describe('keyboard neighbours', () => {
  const tree = buildTree([node('p', 'P', true), node('a', 'A'), node('b', 'B'), node('a1', 'A1')], [edge('p', 'a'), edge('p', 'b'), edge('a', 'a1')]);
  const layout = layoutChart(tree, new Set());
  it('walks up, down and across the drawing', () => {
    expect(neighbour(tree, layout, 'a', 'ArrowUp')).toBe('p');
    expect(neighbour(tree, layout, 'p', 'ArrowDown')).toBe('a');
    expect(neighbour(tree, layout, 'a', 'ArrowRight')).toBe('b');
    expect(neighbour(tree, layout, 'b', 'ArrowRight')).toBeNull();
    expect(neighbour(tree, layout, 'b', 'ArrowLeft')).toBe('a');
    expect(neighbour(tree, layout, 'p', 'ArrowUp')).toBeNull();
    expect(neighbour(tree, layoutChart(tree, new Set(['a'])), 'a', 'ArrowDown')).toBeNull();
  });
});

describe('chart search', () => {
  const chart = {
    nodes: [
      { id: 'gg', title: 'Gerente General', department: 'Gerencia', is_root: true, persons: [{ id: 'p1', passport: 'x', name: 'José Pérez', picture: null }], additional_count: 0 },
      { id: 'op', title: 'Operario', department: 'Operaciones', is_root: false, persons: [{ id: 'p2', passport: 'y', name: 'Ana Soto', picture: null }], additional_count: 12 },
    ],
  };

  it('ignores case and accents', () => {
    expect(normalise('  José PÉREZ ')).toBe('jose perez');
  });

  it('finds positions by title or department and persons the chart shows', () => {
    expect(searchChart(chart, 'operaciones').map((hit) => hit.key)).toEqual(['position:op']);
    expect(searchChart(chart, 'jose').map((hit) => [hit.kind, hit.positionId])).toEqual([['person', 'gg']]);
    expect(searchChart(chart, 'gerente gen')).toHaveLength(1);
    expect(searchChart(chart, '   ')).toEqual([]);
  });

  it('adds persons found by the server, one hit per position held, without duplicates or unknown positions', () => {
    const remote = [
      {
        id: 'p9',
        name: 'Berta Díaz',
        picture: null,
        positions: [
          { id: 'op', title: 'Operario' },
          { id: 'gg', title: 'Gerente General' },
          { id: 'gone', title: 'Borrado' },
        ],
      },
      { id: 'p2', name: 'Ana Soto', picture: null, positions: [{ id: 'op', title: 'Operario' }] },
    ];
    const hits = searchChart(chart, 'a', remote).filter((hit) => hit.kind === 'person');
    expect(hits.map((hit) => hit.key)).toEqual(['person:p2:op', 'person:p9:op', 'person:p9:gg']);
  });
});
