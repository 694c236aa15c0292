import type { MantineTheme } from '@mantine/core';
import type { TOrgChart } from '@faena/contracts';
import { initials } from '../../../shared/ui/user-avatar.tsx';
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

/** The theme's font and the colours the chart has on screen (chart-canvas and its CSS). */
export interface ChartStyle {
  fontFamily: string;
  colours: { edge: string; border: string; accent: string; rootAccent: string; title: string; dimmed: string; name: string; avatar: string; onAvatar: string };
}

/** The picture's style from the app's theme, so it looks like the chart on screen. */
export function chartStyle(theme: MantineTheme): ChartStyle {
  const { gray } = theme.colors;
  const primary = theme.colors[theme.primaryColor] ?? gray;
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  return {
    fontFamily: theme.fontFamily ?? 'sans-serif',
    // the avatar is the primary colour with dark text (the theme's auto contrast), as UserAvatar draws it
    colours: { edge: gray[5], border: gray[3], accent: primary[4], rootAccent: primary[8], title: theme.black, dimmed: gray[6], name: gray[7], avatar: primary[shade], onAvatar: theme.black },
  };
}

const MARGIN = 32;
const HEADER = 64;
const PAD_X = 12;
const TEXT_WIDTH = NODE_WIDTH - 2 * PAD_X;

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

/** A line of text; the font family is the picture's (set once on the root). */
function text(x: number, y: number, content: string, { size, fill, weight, italic, middle }: { size: number; fill: string; weight?: number; italic?: boolean; middle?: boolean }): string {
  const attributes = [
    `x="${x}"`,
    `y="${y}"`,
    `font-size="${size}"`,
    `fill="${fill}"`,
    weight ? `font-weight="${weight}"` : '',
    italic ? 'font-style="italic"' : '',
    middle ? 'text-anchor="middle"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<text ${attributes}>${xml(content)}</text>`;
}

function card(node: ChartNode, x: number, y: number, texts: ChartPicture, style: ChartStyle, measure: Measure): string {
  const { colours } = style;
  const titleFont = `650 14px ${style.fontFamily}`;
  const smallFont = `400 12px ${style.fontFamily}`;
  const out: string[] = [];
  out.push(`<g transform="translate(${x} ${y})">`);
  out.push(`<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8" fill="#fff" stroke="${colours.border}"/>`);
  // the coloured top edge, inside the card's rounded corners
  out.push(`<rect width="${NODE_WIDTH}" height="4" fill="${node.is_root ? colours.rootAccent : colours.accent}" clip-path="url(#card)"/>`);
  let baseline = 26;
  for (const line of wrap(node.title, TEXT_WIDTH, titleFont, measure, 2)) {
    out.push(text(PAD_X, baseline, line, { size: 14, weight: 650, fill: colours.title }));
    baseline += 18;
  }
  if (node.department) out.push(text(PAD_X, baseline, clip(node.department, TEXT_WIDTH, smallFont, measure), { size: 12, fill: colours.dimmed }));
  const people = node.persons.length + node.additional_count;
  const bottom = NODE_HEIGHT - 16;
  if (people === 0) {
    out.push(text(PAD_X, bottom + 4, texts.vacant, { size: 12, italic: true, fill: colours.dimmed }));
  } else {
    // the avatars as on screen: initials in circles, then the one name or how many
    const shown = node.persons.slice(0, 3);
    shown.forEach((person, index) => {
      const cx = PAD_X + 11 + index * 16;
      out.push(`<circle cx="${cx}" cy="${bottom}" r="11" fill="${colours.avatar}" stroke="#fff" stroke-width="2"/>`);
      out.push(text(cx, bottom + 3.5, initials(person.name), { size: 9, weight: 700, fill: colours.onAvatar, middle: true }));
    });
    const textX = PAD_X + 22 + (shown.length - 1) * 16 + 8;
    const label = people === 1 && node.persons[0] ? node.persons[0].name : texts.people(people);
    out.push(text(textX, bottom + 4, clip(label, NODE_WIDTH - PAD_X - textX, smallFont, measure), { size: 12, fill: colours.name }));
  }
  out.push('</g>');
  return out.join('');
}

/**
 * The chart as it is laid out (collapsed branches stay collapsed) as a standalone SVG picture:
 * a heading, the connectors and a card per position with its title, department and people.
 */
export function chartSvg(
  layout: Pick<ChartLayout, 'nodes' | 'edges' | 'width' | 'height'>,
  nodes: ReadonlyMap<string, ChartNode>,
  texts: ChartPicture,
  style: ChartStyle,
  measure: Measure,
): { svg: string; width: number; height: number } {
  const { colours } = style;
  const width = Math.max(layout.width, 320) + 2 * MARGIN;
  const height = layout.height + HEADER + 2 * MARGIN;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${xml(style.fontFamily)}">`);
  out.push(`<title>${xml(texts.title)}</title>`);
  out.push(`<defs><clipPath id="card"><rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8"/></clipPath></defs>`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(text(MARGIN, MARGIN + 20, texts.title, { size: 22, weight: 650, fill: colours.title }));
  out.push(text(MARGIN, MARGIN + 42, texts.subtitle, { size: 13, fill: colours.dimmed }));
  out.push(`<g transform="translate(${MARGIN} ${MARGIN + HEADER})">`);
  for (const edge of layout.edges) out.push(`<path d="${xml(edge.path)}" fill="none" stroke="${colours.edge}" stroke-width="1.5"${edge.kind === 'secondary' ? ' stroke-dasharray="5 5"' : ''}/>`);
  for (const placed of layout.nodes) {
    const node = nodes.get(placed.id);
    if (node) out.push(card(node, placed.x, placed.y, texts, style, measure));
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
