import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import bwipjs from 'bwip-js';
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { LABELS_MAX, type TAssetFilters, type TLabelJob, type ZLabelRequest } from '@faena/contracts';
import type { z } from 'zod';
import { AppError, BodyError } from '../../platform/errors.ts';
import type { JobInfo } from '../../platform/jobs.ts';
import { sendJobFile } from '../../platform/tabular-export.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { notify } from '../notifications/index.ts';
import { LABEL_STOCKS, labelAssets, type LabelKind, type LabelSize, type LabelStock } from './assets.labels.ts';
import { filtersWhere } from './assets.service.ts';
import { assetLabelJobs, assets } from './assets.table.ts';

/**
 * Large label sheets (issue 49 point 4): more assets than the direct PDF takes are laid out by a
 * background job that writes the PDF page by page into storage, with progress, then offers it for
 * download. Memory stays flat whatever the count: the assets are read 250 at a time (keyset on the
 * code), each code image is made, drawn and dropped, and PDFKit (the engine under pdfmake, taken
 * from pdfmake's own dependencies) writes each page out as the next one starts.
 */

type LabelRequest = z.output<typeof ZLabelRequest>;
type JobRow = typeof assetLabelJobs.$inferSelect;

export const LABEL_JOB_QUEUE = 'assets.labels';
const PAGE = 250;
const RETRY_LIMIT = 1;

interface PdfDoc extends NodeJS.ReadableStream {
  addPage(options: { size: [number, number]; margin: number }): PdfDoc;
  image(src: Buffer, x: number, y: number, options: { fit?: [number, number]; width?: number; height?: number; align?: 'center'; valign?: 'center' }): PdfDoc;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(text: string, x: number, y: number, options: { width: number; align: 'center'; lineBreak: false }): PdfDoc;
  end(): void;
}
type PdfDocument = new (options: { autoFirstPage: false; compress: boolean; info: Record<string, string> }) => PdfDoc;

let pdfkit: PdfDocument | null = null;
/** PDFKit as pdfmake ships it (one engine, one version): loaded on the first large sheet. */
function PDFDocument(): PdfDocument {
  if (!pdfkit) {
    const fromHere = createRequire(import.meta.url);
    pdfkit = createRequire(fromHere.resolve('pdfmake'))('pdfkit') as PdfDocument;
  }
  return pdfkit;
}

const BCID: Record<LabelKind, string> = { qr: 'qrcode', barcode: 'code128', datamatrix: 'datamatrix' };
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const fileName = (row: JobRow) => `etiquetas-${row.kind}-${row.size}.pdf`;
const storageKey = (tenantId: string, id: string) => `tenants/${tenantId}/exports/asset-labels-${id}.pdf`;

function toJob(row: JobRow): TLabelJob {
  return {
    id: row.id,
    kind: row.kind,
    size: row.size as TLabelJob['size'],
    status: row.status,
    percent: row.percent,
    labels: row.labels,
    file_name: fileName(row),
    download_url: row.status === 'DONE' ? `/api/asset-manager/v3/labels/jobs/${row.id}/download` : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** One label drawn with PDFKit: the code, then the name and the code under it (as the direct sheet lays it out). */
function drawLabel(doc: PdfDoc, kind: LabelKind, stock: LabelStock, png: Buffer, asset: { code: string; name: string }, at: { x: number; y: number }): void {
  const { width, height } = stock.label;
  const pad = Math.min(width, height) * 0.08;
  const textSize = Math.max(5, Math.min(9, height / 9));
  const textBlock = 2 * textSize * 1.25;
  const codeHeight = Math.max(10, height - 2 * pad - textBlock);
  const inner = width - 2 * pad;
  const x = at.x + pad;
  const y = at.y + pad;
  if (kind === 'barcode') doc.image(png, x, y, { width: inner, height: codeHeight });
  else doc.image(png, x, y, { fit: [inner, codeHeight], align: 'center', valign: 'center' });
  const chars = Math.floor(inner / (textSize * 0.5));
  doc
    .font('Helvetica-Bold')
    .fontSize(textSize)
    .text(clip(asset.name, chars), x, y + codeHeight + 1, { width: inner, align: 'center', lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(textSize)
    .text(clip(asset.code, chars), x, y + codeHeight + 1 + textSize * 1.25, { width: inner, align: 'center', lineBreak: false });
}

/** Starts a sheet job for the assets a request names (the same checks as the direct sheet: known ids, at most LABELS_MAX). */
export async function startLabelJob(ctx: Ctx, request: LabelRequest): Promise<TLabelJob> {
  const { caller } = signedIn(ctx);
  const list = await labelAssets(ctx, request);
  if (list.length === 0) throw new BodyError(400, { code: 'no-labels', detail: 'No asset matches: there is nothing to print.' });
  const row = await ctx.tx(
    async (tx) => {
      const [created] = await tx
        .insert(assetLabelJobs)
        .values({
          tenantId: ctx.tenant.id,
          kind: request.kind,
          size: request.size,
          assetIds: request.asset_ids ? [...new Set(request.asset_ids)] : null,
          filters: request.asset_ids ? null : ((request.filters ?? {}) as Record<string, unknown>),
          origin: ctx.origin,
          labels: list.length,
          createdBy: caller.personId,
        })
        .returning();
      await ctx.platform.jobs.send(tx, LABEL_JOB_QUEUE, { tenantId: ctx.tenant.id, jobId: created!.id });
      return created!;
    },
    { audit: 'assets.labels.job', subject: (r) => r.id, details: { kind: request.kind, size: request.size, labels: list.length } },
  );
  ctx.platform.jobs.wake(LABEL_JOB_QUEUE);
  return toJob(row);
}

async function findJob(ctx: Ctx, id: string): Promise<JobRow> {
  const { caller } = signedIn(ctx);
  const [row] = isUuid(id)
    ? await ctx.read((db) =>
        db
          .select()
          .from(assetLabelJobs)
          .where(and(eq(assetLabelJobs.tenantId, ctx.tenant.id), eq(assetLabelJobs.id, id), eq(assetLabelJobs.createdBy, caller.personId)))
          .limit(1),
      )
    : [];
  if (!row) throw new AppError('not-found', 'Label sheet not found.');
  return row;
}

/** One of the caller's own sheet jobs (another person's is not found). */
export async function getLabelJob(ctx: Ctx, id: string): Promise<TLabelJob> {
  return toJob(await findJob(ctx, id));
}

export async function listLabelJobs(ctx: Ctx): Promise<{ results: TLabelJob[] }> {
  const { caller } = signedIn(ctx);
  const rows = await ctx.read((db) =>
    db
      .select()
      .from(assetLabelJobs)
      .where(and(eq(assetLabelJobs.tenantId, ctx.tenant.id), eq(assetLabelJobs.createdBy, caller.personId)))
      .orderBy(desc(assetLabelJobs.createdAt))
      .limit(20),
  );
  return { results: rows.map(toJob) };
}

export async function labelJobDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await findJob(ctx, id);
  return sendJobFile(ctx.platform.storage, reply, row, fileName(row), 'application/pdf');
}

async function update(platform: Platform, tenantId: string, id: string, values: Partial<JobRow>): Promise<void> {
  await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(assetLabelJobs)
      .set(values)
      .where(and(eq(assetLabelJobs.tenantId, tenantId), eq(assetLabelJobs.id, id))),
  );
}

/** Lays the sheet out into storage, page by page, counting progress as it goes. */
export async function runLabelJob(platform: Platform, data: { tenantId: string; jobId: string }, info: JobInfo): Promise<void> {
  const { tenantId, jobId } = data;
  // claimed only while it is to do (a redelivery of a finished or failed sheet does nothing)
  const [row] = await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(assetLabelJobs)
      .set({ status: 'RUNNING', percent: 0, error: null })
      .where(and(eq(assetLabelJobs.tenantId, tenantId), eq(assetLabelJobs.id, jobId), inArray(assetLabelJobs.status, ['PENDING', 'RUNNING'])))
      .returning(),
  );
  if (!row) return;
  const kind = row.kind;
  const stock = LABEL_STOCKS[row.size as LabelSize];
  const perPage = stock.columns * stock.rows;
  const where: SQL | null = await platform.db.transaction(tenantId, async (tx) =>
    row.assetIds ? (and(eq(assets.tenantId, tenantId), inArray(assets.id, row.assetIds.filter(isUuid))) ?? null) : filtersWhere(tx, tenantId, (row.filters ?? {}) as TAssetFilters),
  );
  const total = where ? Math.min(LABELS_MAX, (await platform.db.transaction(tenantId, (tx) => tx.select({ n: count() }).from(assets).where(where)))[0]?.n ?? 0) : 0;
  const key = storageKey(tenantId, jobId);
  const doc = new (PDFDocument())({ autoFirstPage: false, compress: true, info: { Title: 'Etiquetas de activos', Creator: 'Faena' } });
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  doc.pipe(out);
  const stored = platform.storage.put(key, out, { contentType: 'application/pdf' });
  try {
    let after: string | null = null;
    let index = 0;
    while (where && index < total) {
      const cursor: string | null = after;
      const rows: { code: string; name: string; labelToken: string }[] = await platform.db.transaction(tenantId, (tx) =>
        tx
          .select({ code: assets.code, name: assets.name, labelToken: assets.labelToken })
          .from(assets)
          .where(cursor === null ? where : and(where, gt(assets.code, cursor)))
          .orderBy(asc(assets.code))
          .limit(Math.min(PAGE, total - index)),
      );
      if (rows.length === 0) break;
      for (const asset of rows) {
        const slot = index % perPage;
        if (slot === 0) doc.addPage({ size: [stock.page.width, stock.page.height], margin: 0 });
        const payload = kind === 'qr' ? `${row.origin}/public/assets/${asset.labelToken}` : asset.code;
        const png = await bwipjs.toBuffer(
          kind === 'barcode' ? { bcid: BCID[kind], text: payload, scale: 2, height: 8, includetext: false } : { bcid: BCID[kind], text: payload, scale: 2, ...(kind === 'qr' ? { eclevel: 'M' } : {}) },
        );
        drawLabel(doc, kind, stock, png, asset, { x: stock.origin.x + (slot % stock.columns) * stock.pitch.x, y: stock.origin.y + Math.floor(slot / stock.columns) * stock.pitch.y });
        index += 1;
      }
      after = rows[rows.length - 1]!.code;
      await update(platform, tenantId, jobId, { percent: Math.min(99, Math.floor((index / Math.max(1, total)) * 100)) });
    }
    if (index === 0) doc.addPage({ size: [stock.page.width, stock.page.height], margin: 0 });
    doc.end();
    const { size } = await stored;
    await platform.db.transaction(tenantId, async (tx) => {
      await tx
        .update(assetLabelJobs)
        .set({ status: 'DONE', percent: 100, labels: index, storageKey: key, bytes: size, finishedAt: new Date() })
        .where(and(eq(assetLabelJobs.tenantId, tenantId), eq(assetLabelJobs.id, jobId)));
      if (row.createdBy)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdBy],
          kind: 'system_update',
          title: 'Tus etiquetas están listas',
          body: `${index} etiquetas en ${fileName(row)}.`,
          context: { type: 'AssetLabels', action: 'DONE', id: jobId, path: '/assets/qr-generator' },
        });
    });
  } catch (error) {
    out.destroy();
    await stored.catch(() => undefined);
    await platform.storage.delete(key).catch(() => undefined);
    // tried again while tries are left (the sheet stays RUNNING); after the last, FAILED in words for the person
    if (info.signal.aborted || info.retryCount < RETRY_LIMIT) throw error;
    platform.log.error({ err: error, tenantId, jobId }, 'asset label sheet failed');
    await update(platform, tenantId, jobId, { status: 'FAILED', error: 'No se pudo generar el archivo.', finishedAt: new Date() });
  }
}

const defined = new WeakMap<object, Promise<void>>();
/** Defines the sheet jobs' queue once per job runner. */
export function defineLabelJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<{ tenantId: string; jobId: string }>(LABEL_JOB_QUEUE, (data, info) => runLabelJob(platform, data, info), {
      retryLimit: RETRY_LIMIT,
      retryDelay: 2,
      expireInSeconds: 3600,
      concurrency: 1,
      pollingIntervalSeconds: 1,
    });
    defined.set(platform.jobs, done);
  }
  return done;
}
