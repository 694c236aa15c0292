import type { TOrgChart } from '@faena/contracts';
import { NODE_HEIGHT, NODE_WIDTH, type ChartLayout } from './chart-layout.ts';

type ChartNode = TOrgChart['nodes'][number];

/** How wide a text is in a CSS font (the browser's canvas measures it; tests pass their own). */
export type Measure = (text: string, font: string) => number;

export interface ChartPicture {
  /** The heading above the chart: the organisation's name. */
  title: string;
  /** The line under it (e.g. the date and the number of positions). */
  subtitle: string;
  /** A position nobody holds. */
  vacant: string;
  /** "3 personas". */
  people: (count: number) => string;
}

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const TITLE_FONT = `650 14px ${FONT_FAMILY}`;
const SMALL_FONT = `400 12px ${FONT_FAMILY}`;
const MARGIN = 32;
const HEADER = 64;
const PAD_X = 12;
const TEXT_WIDTH = NODE_WIDTH - 2 * PAD_X;
/** The theme's colours the chart uses on screen. */
const COLOURS = { edge: '#adb5bd', border: '#dee2e6', accent: '#5cb69e', rootAccent: '#2c7767', title: '#212529', dimmed: '#868e96', name: '#495057', avatar: '#4cad96' };

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `text` cut to `width`, ending in an ellipsis when cut. */
function clip(text: string, width: number, font: string, measure: Measure): string {
  if (measure(text, font) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join('').trimEnd()}…`, font) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Up to `lines` lines of `width`, broken between words (a word wider than a line is cut); the last line ends in an ellipsis when text is left. */
export function wrap(text: string, width: number, font: string, measure: Measure, lines: number): string[] {
  const out: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate, font) <= width) {
      current = candidate;
      continue;
    }
    if (current) out.push(current);
    current = word;
    if (out.length === lines - 1) {
      // the last line takes the rest, cut to fit
      out.push(clip([current, ...words.slice(index + 1)].join(' '), width, font, measure));
      return out;
    }
  }
  if (current) out.push(clip(current, width, font, measure));
  return out;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[1]?.[0] ?? '') : '')).toUpperCase();
}

function card(node: ChartNode, x: number, y: number, texts: ChartPicture, measure: Measure): string {
  const out: string[] = [];
  const accent = node.is_root ? COLOURS.rootAccent : COLOURS.accent;
  out.push(`<g transform="translate(${x} ${y})">`);
  out.push(`<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8" fill="#fff" stroke="${COLOURS.border}"/>`);
  // the coloured top edge, inside the card's rounded corners
  out.push(`<rect width="${NODE_WIDTH}" height="4" fill="${accent}" clip-path="url(#card)"/>`);
  const title = wrap(node.title, TEXT_WIDTH, TITLE_FONT, measure, 2);
  let baseline = 26;
  for (const line of title) {
    out.push(`<text x="${PAD_X}" y="${baseline}" font-family="${xml(FONT_FAMILY)}" font-size="14" font-weight="650" fill="${COLOURS.title}">${xml(line)}</text>`);
    baseline += 18;
  }
  if (node.department) out.push(`<text x="${PAD_X}" y="${baseline}" font-family="${xml(FONT_FAMILY)}" font-size="12" fill="${COLOURS.dimmed}">${xml(clip(node.department, TEXT_WIDTH, SMALL_FONT, measure))}</text>`);
  const people = node.persons.length + node.additional_count;
  const bottom = NODE_HEIGHT - 16;
  if (people === 0) {
    out.push(`<text x="${PAD_X}" y="${bottom + 4}" font-family="${xml(FONT_FAMILY)}" font-size="12" font-style="italic" fill="${COLOURS.dimmed}">${xml(texts.vacant)}</text>`);
  } else {
    // the avatars as on screen: initials in circles, then the one name or how many
    const shown = node.persons.slice(0, 3);
    shown.forEach((person, index) => {
      const cx = PAD_X + 11 + index * 16;
      out.push(`<circle cx="${cx}" cy="${bottom}" r="11" fill="${COLOURS.avatar}" stroke="#fff" stroke-width="2"/>`);
      out.push(`<text x="${cx}" y="${bottom + 3.5}" text-anchor="middle" font-family="${xml(FONT_FAMILY)}" font-size="9" font-weight="700" fill="#fff">${xml(initials(person.name))}</text>`);
    });
    const textX = PAD_X + 22 + (shown.length - 1) * 16 + 8;
    const label = people === 1 && node.persons[0] ? node.persons[0].name : texts.people(people);
    out.push(`<text x="${textX}" y="${bottom + 4}" font-family="${xml(FONT_FAMILY)}" font-size="12" fill="${COLOURS.name}">${xml(clip(label, NODE_WIDTH - PAD_X - textX, SMALL_FONT, measure))}</text>`);
  }
  out.push('</g>');
  return out.join('');
}

/**
 * The chart as it is laid out (collapsed branches stay collapsed) as a standalone SVG picture:
 * a heading, the connectors and a card per position with its title, department and people.
 */
export function chartSvg(layout: Pick<ChartLayout, 'nodes' | 'edges' | 'width' | 'height'>, nodes: ReadonlyMap<string, ChartNode>, texts: ChartPicture, measure: Measure): { svg: string; width: number; height: number } {
  const width = Math.max(layout.width, 320) + 2 * MARGIN;
  const height = layout.height + HEADER + 2 * MARGIN;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  out.push(`<title>${xml(texts.title)}</title>`);
  out.push(`<defs><clipPath id="card"><rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8"/></clipPath></defs>`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${MARGIN}" y="${MARGIN + 20}" font-family="${xml(FONT_FAMILY)}" font-size="22" font-weight="650" fill="${COLOURS.title}">${xml(texts.title)}</text>`);
  out.push(`<text x="${MARGIN}" y="${MARGIN + 42}" font-family="${xml(FONT_FAMILY)}" font-size="13" fill="${COLOURS.dimmed}">${xml(texts.subtitle)}</text>`);
  out.push(`<g transform="translate(${MARGIN} ${MARGIN + HEADER})">`);
  for (const edge of layout.edges) out.push(`<path d="${xml(edge.path)}" fill="none" stroke="${COLOURS.edge}" stroke-width="1.5"${edge.kind === 'secondary' ? ' stroke-dasharray="5 5"' : ''}/>`);
  for (const placed of layout.nodes) {
    const node = nodes.get(placed.id);
    if (node) out.push(card(node, placed.x, placed.y, texts, measure));
  }
  out.push('</g></svg>');
  return { svg: out.join('\n'), width, height };
}

/** The browser's measure: a canvas context's text metrics. */
export function canvasMeasure(): Measure {
  const context = document.createElement('canvas').getContext('2d');
  // without a canvas (never in a browser), an average glyph of 0.6em
  if (!context) return (text, font) => text.length * 0.6 * Number(/(\d+)px/.exec(font)?.[1] ?? 12);
  return (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  };
}

/** Chromium's largest canvas side and area; a bigger chart is drawn smaller rather than not at all. */
const MAX_SIDE = 16_000;
const MAX_AREA = 120_000_000;

/** The scale a PNG is drawn at: twice the size (sharp when printed or zoomed), less for a chart too big for a canvas. */
export function pngScale(width: number, height: number): number {
  return Math.min(2, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_AREA / (width * height)));
}

/** The SVG drawn on a canvas as a PNG. */
export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const scale = pngScale(width, height);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
