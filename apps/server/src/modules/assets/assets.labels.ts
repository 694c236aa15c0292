import type { Readable } from 'node:stream';
import bwipjs from 'bwip-js';
import pdfmake, { type Content, type TDocumentDefinitions } from 'pdfmake';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { LABELS_MAX, type TAssetFilters, type ZLabelRequest } from '@faena/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../platform/http/context.ts';
import { BodyError, FieldErrors, problem } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { filtersWhere } from './assets.service.ts';
import { assets } from './assets.table.ts';

type LabelRequest = z.output<typeof ZLabelRequest>;
export type LabelKind = LabelRequest['kind'];
export type LabelSize = LabelRequest['size'];

const MM = 72 / 25.4;
const INCH = 72;

/** A label stock: the page, the grid of labels on it and each label's size (PDF points). */
export interface LabelStock {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The first label's top-left corner, and the distance from one label to the next. */
  origin: { x: number; y: number };
  pitch: { x: number; y: number };
}

export const LABEL_STOCKS: Record<LabelSize, LabelStock> = {
  // Letter, 3 × 10 labels of 2⅝" × 1"
  'avery-5160': {
    page: { width: 8.5 * INCH, height: 11 * INCH },
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    origin: { x: 0.1875 * INCH, y: 0.5 * INCH },
    pitch: { x: 2.75 * INCH, y: 1 * INCH },
  },
  // A4, 3 × 7 labels of 63.5 × 38.1 mm
  'avery-l7160': {
    page: { width: 210 * MM, height: 297 * MM },
    columns: 3,
    rows: 7,
    label: { width: 63.5 * MM, height: 38.1 * MM },
    origin: { x: 7.2 * MM, y: 15.15 * MM },
    pitch: { x: 66.04 * MM, y: 38.1 * MM },
  },
  // thermal rolls: one label a page
  '50x25': { page: { width: 50 * MM, height: 25 * MM }, columns: 1, rows: 1, label: { width: 50 * MM, height: 25 * MM }, origin: { x: 0, y: 0 }, pitch: { x: 0, y: 0 } },
  '100x50': { page: { width: 100 * MM, height: 50 * MM }, columns: 1, rows: 1, label: { width: 100 * MM, height: 50 * MM }, origin: { x: 0, y: 0 }, pitch: { x: 0, y: 0 } },
};

export interface LabelAsset {
  code: string;
  name: string;
  /** What the code carries: the label's public address (QR) or the asset's code (barcodes). */
  payload: string;
}

const BCID: Record<LabelKind, string> = { qr: 'qrcode', barcode: 'code128', datamatrix: 'datamatrix' };

/** The code's PNG (bwip-js), as the data URL pdfmake takes. */
export async function codeImage(kind: LabelKind, payload: string): Promise<string> {
  const png = await bwipjs.toBuffer(
    kind === 'barcode' ? { bcid: BCID[kind], text: payload, scale: 2, height: 8, includetext: false } : { bcid: BCID[kind], text: payload, scale: 2, ...(kind === 'qr' ? { eclevel: 'M' } : {}) },
  );
  return `data:image/png;base64,${png.toString('base64')}`;
}

let fontsSet = false;
function printer(): typeof pdfmake {
  if (!fontsSet) {
    // PDF's standard Helvetica (no font file); no URL or file is ever read while laying out
    const helvetica = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
    const standard = new Set(Object.values(helvetica));
    pdfmake.setFonts({ Helvetica: helvetica });
    pdfmake.setUrlAccessPolicy(() => false);
    // PDFKit names its built-in fonts like files: only those pass
    pdfmake.setLocalAccessPolicy((path) => standard.has(path));
    fontsSet = true;
  }
  return pdfmake;
}

/** Names that are too long for a small label are cut with an ellipsis. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One label: the code, then the asset's name and code under it, centred in the label's box. */
export function labelContent(kind: LabelKind, stock: LabelStock, image: string, asset: LabelAsset, at: { x: number; y: number }): Content {
  const { width, height } = stock.label;
  const pad = Math.min(width, height) * 0.08;
  const textSize = Math.max(5, Math.min(9, height / 9));
  const textBlock = 2 * textSize * 1.25;
  const square = kind !== 'barcode';
  const codeHeight = Math.max(10, height - 2 * pad - textBlock);
  const codeWidth = square ? codeHeight : width - 2 * pad;
  const chars = Math.floor((width - 2 * pad) / (textSize * 0.5));
  return {
    absolutePosition: { x: at.x + pad, y: at.y + pad },
    stack: [
      square ? { image, fit: [codeWidth, codeHeight], alignment: 'center' } : { image, width: codeWidth, height: codeHeight },
      { text: clip(asset.name, chars), fontSize: textSize, bold: true, alignment: 'center', margin: [0, 1, 0, 0] },
      { text: clip(asset.code, chars), fontSize: textSize, alignment: 'center' },
    ],
    width: width - 2 * pad,
  };
}

/** The document: labels filled row by row, a new page when a sheet is full. */
export function labelDocument(kind: LabelKind, size: LabelSize, items: readonly { asset: LabelAsset; image: string }[]): TDocumentDefinitions {
  const stock = LABEL_STOCKS[size];
  const perPage = stock.columns * stock.rows;
  const content: Content[] = [];
  items.forEach((item, index) => {
    const slot = index % perPage;
    if (slot === 0 && index > 0) content.push({ text: '', pageBreak: 'before' });
    const at = { x: stock.origin.x + (slot % stock.columns) * stock.pitch.x, y: stock.origin.y + Math.floor(slot / stock.columns) * stock.pitch.y };
    content.push(labelContent(kind, stock, item.image, item.asset, at));
  });
  return {
    pageSize: { width: stock.page.width, height: stock.page.height },
    pageMargins: 0,
    content: content.length > 0 ? content : [{ text: '' }],
    defaultStyle: { font: 'Helvetica' },
    info: { title: 'Etiquetas de activos', creator: 'Faena' },
    compress: true,
  };
}

/** Renders the sheet and hands back the PDF stream (ended: it flows as it is read). */
export async function renderLabels(kind: LabelKind, size: LabelSize, list: readonly LabelAsset[]): Promise<Readable> {
  const items: { asset: LabelAsset; image: string }[] = [];
  for (const asset of list) items.push({ asset, image: await codeImage(kind, asset.payload) });
  const doc = await printer()
    .createPdf(labelDocument(kind, size, items))
    .getStream();
  doc.end();
  return doc;
}

const tooMany = (n: number) => new BodyError(400, { code: 'too-many-labels', detail: `A label sheet holds at most ${LABELS_MAX} assets (${n} asked).`, max: LABELS_MAX });

/** The assets a request names (ids, or every asset matching the filters), in code order; at most LABELS_MAX. */
export async function labelAssets(ctx: Ctx, request: LabelRequest): Promise<LabelAsset[]> {
  const origin = ctx.origin;
  return ctx.read(async (db) => {
    const columns = { code: assets.code, name: assets.name, labelToken: assets.labelToken, id: assets.id };
    let rows: { code: string; name: string; labelToken: string; id: string }[];
    if (request.asset_ids !== undefined) {
      const ids = [...new Set(request.asset_ids)];
      if (ids.length > LABELS_MAX) throw tooMany(ids.length);
      const found =
        ids.filter(isUuid).length > 0
          ? await db
              .select(columns)
              .from(assets)
              .where(and(eq(assets.tenantId, ctx.tenant.id), inArray(assets.id, ids.filter(isUuid))))
              .orderBy(asc(assets.code))
          : [];
      const known = new Set(found.map((r) => r.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new FieldErrors({ asset_ids: unknown.slice(0, 20).map((id) => problem('unknown-reference', `Unknown asset: ${id}`)) });
      rows = found;
    } else {
      const where = await filtersWhere(db, ctx.tenant.id, (request.filters ?? {}) as TAssetFilters);
      if (!where) return [];
      const [total] = await db.select({ n: count() }).from(assets).where(where);
      if ((total?.n ?? 0) > LABELS_MAX) throw tooMany(total!.n);
      rows = await db.select(columns).from(assets).where(where).orderBy(asc(assets.code));
    }
    return rows.map((r) => ({ code: r.code, name: r.name, payload: request.kind === 'qr' ? `${origin}/public/assets/${r.labelToken}` : r.code }));
  });
}
