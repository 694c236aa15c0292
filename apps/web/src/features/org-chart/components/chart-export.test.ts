import { describe, expect, it } from 'vitest';
import type { TOrgChart } from '@faena/contracts';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { BRAND_COLOR, theme } from '../../../app/theme.ts';
import { chartStyle, chartSvg, pngScale, wrap, type Measure } from './chart-export.ts';
import { buildTree, layoutChart, NODE_WIDTH } from './chart-layout.ts';

/** 7 px a character at 12 px, scaled by the font's size: enough to make lines break in tests. */
const measure: Measure = (text, font) => ([...text].length * (7 * Number(/(\d+)px/.exec(font)?.[1] ?? 12))) / 12;

type Node = TOrgChart['nodes'][number];
const person = (id: string, name: string) => ({ id, passport: id, name, picture: null });
const NODES: Node[] = [
  { id: 'ceo', title: 'Gerencia General & <Directorio>', department: 'Gerencia', is_root: true, persons: [person('p1', 'Ana Rojas')], additional_count: 0 },
  {
    id: 'ops',
    title: 'Gerente de Operaciones y Logística de la Zona Centro Sur',
    department: null,
    is_root: false,
    persons: [person('p2', 'Bruno Díaz Soto'), person('p3', 'Carla Soto')],
    additional_count: 4,
  },
  { id: 'hse', title: 'Prevencionista', department: 'Personas', is_root: false, persons: [], additional_count: 0 },
];
const EDGES = [
  { from: 'ceo', to: 'ops' },
  { from: 'ceo', to: 'hse' },
  { from: 'ops', to: 'hse' },
];
/** The app's own theme, as the page hands it over. */
const STYLE = chartStyle(mergeMantineTheme(DEFAULT_THEME, theme));
const TEXTS = { title: 'Faena Demo', subtitle: 'Organigrama al 28-11-2026 · 3 cargos', vacant: 'Vacante', people: (count: number) => `${count} personas` };

function picture() {
  const layout = layoutChart(buildTree(NODES, EDGES), new Set());
  const { svg, width, height } = chartSvg(layout, new Map(NODES.map((node) => [node.id, node])), TEXTS, STYLE, measure);
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return { layout, svg, width, height, doc };
}

describe('wrap', () => {
  it('breaks between words and cuts the last line with an ellipsis', () => {
    expect(wrap('Jefa de Bodega', 200, '12px x', measure, 2)).toEqual(['Jefa de Bodega']);
    expect(wrap('Gerente de Operaciones y Logística de la Zona Centro Sur', 100, '12px x', measure, 2)).toEqual(['Gerente de', 'Operaciones y…']);
    // a word wider than the line is cut
    expect(wrap('Supercalifragilístico', 70, '12px x', measure, 2)).toEqual(['Supercali…']);
    expect(wrap('', 70, '12px x', measure, 2)).toEqual([]);
  });
});

describe('chartSvg', () => {
  it('draws a well-formed picture: heading, a card per position with its people, and the connectors', () => {
    const { layout, svg, width, height, doc } = picture();
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.getAttribute('width')).toBe(String(width));
    expect(root.getAttribute('height')).toBe(String(height));
    expect(width).toBeGreaterThanOrEqual(layout.width);
    const texts = [...doc.getElementsByTagName('text')].map((text) => text.textContent ?? '');
    expect(texts.slice(0, 2)).toEqual(['Faena Demo', 'Organigrama al 28-11-2026 · 3 cargos']);
    // markup in a title is text, not markup
    expect(texts).toEqual(expect.arrayContaining(['Gerencia General &', '<Directorio>']));
    expect(svg).toContain('&lt;Directorio&gt;');
    expect(svg).toContain('<title>Faena Demo</title>');
    // one holder by name; several by count, with their initials; nobody: vacant
    expect(texts).toContain('Ana Rojas');
    expect(texts).toContain('6 personas');
    // initials as the avatars on screen draw them (first and last name), on the brand colour, in the theme's font
    expect(texts).toEqual(expect.arrayContaining(['AR', 'BS', 'CS']));
    expect(new Set([...doc.getElementsByTagName('circle')].map((circle) => circle.getAttribute('fill')))).toEqual(new Set([BRAND_COLOR]));
    expect(root.getAttribute('font-family')).toBe(theme.fontFamily);
    expect(texts).toContain('Vacante');
    // a long title takes two lines at most, within the card
    const first = texts.find((text) => text.startsWith('Gerente de')) ?? '';
    const second = texts[texts.indexOf(first) + 1] ?? '';
    expect(`${first} ${second}`).toMatch(/^Gerente de Operaciones y Logística .*…$/);
    for (const line of [first, second]) expect(measure(line, '14px x')).toBeLessThanOrEqual(NODE_WIDTH - 24);
    // one card group per position; the second parent's connector is dashed
    expect(doc.querySelectorAll('g[transform^="translate("] > rect[rx]')).toHaveLength(3);
    const paths = [...doc.getElementsByTagName('path')];
    expect(paths).toHaveLength(layout.edges.length);
    expect(paths.filter((path) => path.getAttribute('stroke-dasharray'))).toHaveLength(1);
  });

  it('leaves out what a folded branch hides', () => {
    const layout = layoutChart(buildTree(NODES, EDGES), new Set(['ceo']));
    const { svg } = chartSvg(layout, new Map(NODES.map((node) => [node.id, node])), TEXTS, STYLE, measure);
    expect(svg).toContain('Ana Rojas');
    expect(svg).not.toContain('Prevencionista');
  });
});

describe('pngScale', () => {
  it('draws at twice the size unless the canvas would be too big', () => {
    expect(pngScale(1000, 800)).toBe(2);
    expect(pngScale(12_000, 800)).toBeCloseTo(16_000 / 12_000);
    expect(pngScale(10_000, 9_000) * 10_000 * pngScale(10_000, 9_000) * 9_000).toBeLessThanOrEqual(120_000_000 + 1);
  });
});
