import { buffer as readAll } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type sharpModule from 'sharp';
import type pdfmakeModule from 'pdfmake';
import type { Content, ContentNode, TDocumentDefinitions } from 'pdfmake';
import { displayFieldAnswer, isInputField, type AnswerView, type FormField } from '@faena/domain';
import { inputFieldsByKey } from '@faena/domain/checklists/index';
import type { TExecution } from '@faena/contracts/checklists';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { findStoredFiles } from '../documents/index.ts';
import { executionNotFound, executionView, findExecution } from './executions.service.ts';

/**
 * The PDF report of one execution (issue 43 point 3): header with the result, each section's
 * items with their answers (the forms engine's answer display), failed and critical items
 * marked, notes, photos and signatures, on A4 to print or to send by e-mail. Photos are decoded
 * and downscaled one at a time (sharp, at most PHOTO_MAX_PX a side, JPEG) so memory holds only
 * the small copies; pdfmake lays out with PDF's standard Helvetica and reads no URL or file.
 */

const A4 = { width: 595.28, height: 841.89 };
export const PHOTO_MAX_PX = 640;
const PHOTO_FIT: [number, number] = [160, 160];
const SIGNATURE_FIT: [number, number] = [180, 70];
const MAX_PHOTOS = 200;

let sharpLoaded: Promise<typeof sharpModule> | null = null;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

let pdfLoaded: Promise<typeof pdfmakeModule> | null = null;
function loadPdfmake() {
  pdfLoaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    const helvetica = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
    const standard = new Set(Object.values(helvetica));
    pdfmake.setFonts({ Helvetica: helvetica });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => standard.has(path));
    return pdfmake;
  });
  return pdfLoaded;
}

/** A stored image, decoded and downscaled to a small JPEG data URL (null when it is not a readable image). */
async function downscaled(platform: Platform, storageKey: string, maxPx = PHOTO_MAX_PX): Promise<string | null> {
  try {
    const sharp = await loadSharp();
    const original = await readAll((await platform.storage.get(storageKey)) as Readable);
    const small = await sharp(original, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${small.toString('base64')}`;
  } catch {
    return null;
  }
}

function answerText(view: AnswerView | undefined): string {
  if (!view) return '';
  switch (view.kind) {
    case 'files':
      return view.files.map((file) => file.name).join(', ');
    case 'images':
      return view.urls.length === 1 ? '1 imagen' : `${view.urls.length} imágenes`;
    case 'form':
      return view.entries.map((entry) => `${entry.label || entry.name}: ${answerText(entry.view)}`).join('\n');
    default:
      return view.text;
  }
}

const REASONS: Record<string, string> = { 'failing-choice': 'Respuesta reprobada', 'out-of-range': 'Fuera de rango', 'critical-no': 'Crítico reprobado' };

async function imagesOf(tx: Drizzle, platform: Platform, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const files = await findStoredFiles(tx, tenantId, [...new Set(ids)].slice(0, MAX_PHOTOS));
  const out = new Map<string, string>();
  // one at a time: memory holds one original and the small copies made so far
  for (const file of files) {
    if (!file.contentType.startsWith('image/')) continue;
    const url = await downscaled(platform, file.storageKey);
    if (url) out.set(file.id, url);
  }
  return out;
}

/** The document definition of an execution's report (photos already downscaled, by file id; dates and times in `timeZone`, the organisation's). */
export function reportDefinition(execution: TExecution, images: ReadonlyMap<string, string>, timeZone: string): TDocumentDefinitions {
  const localTime = new Intl.DateTimeFormat('es-CL', { timeZone, dateStyle: 'long', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? localTime.format(new Date(iso)) : '—');
  const { definition } = execution;
  const fields = inputFieldsByKey(definition.fields);
  const allFields = new Map(definition.fields.map((field: FormField) => [String(field.id), field]));
  const failed = new Map(execution.failed_items.map((item) => [item.field_id, item]));
  const items = new Map(definition.items.map((item) => [item.field_id, item]));
  const content: Content[] = [];
  const resultText = execution.result === 'aprobado' ? 'Aprobado' : execution.result === 'reprobado' ? 'Reprobado' : 'Sin nota de aprobación';
  content.push({ text: execution.checklist.name, fontSize: 18, bold: true, margin: [0, 0, 0, 4] });
  content.push({ text: `Versión ${execution.version}${execution.category ? ` · ${execution.category.name}` : ''}`, fontSize: 9, color: '#555555', margin: [0, 0, 0, 8] });
  content.push({
    table: {
      widths: ['auto', '*', 'auto', '*'],
      body: [
        [{ text: 'Ejecutado por', bold: true }, execution.executed_by?.name ?? '—', { text: 'Sede', bold: true }, execution.venue?.name ?? '—'],
        [{ text: 'Inicio', bold: true }, when(execution.started_at), { text: 'Envío', bold: true }, when(execution.submitted_at)],
        [
          { text: 'Puntaje', bold: true },
          execution.score === null ? '—' : `${execution.score}%`,
          { text: 'Resultado', bold: true },
          { text: resultText, bold: true, color: execution.result === 'reprobado' ? '#b00020' : execution.result === 'aprobado' ? '#1b5e20' : '#333333' },
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  });
  if (execution.status !== 'submitted') content.push({ text: 'Borrador: aún no enviado.', italics: true, color: '#b00020', margin: [0, 0, 0, 8] });
  for (const section of definition.sections) {
    const score = execution.section_scores.find((entry) => entry.section_id === section.id)?.score;
    content.push({ text: `${section.title}${score === null || score === undefined ? '' : ` — ${score}%`}`, fontSize: 13, bold: true, margin: [0, 10, 0, 4] });
    const body: Content[][] = [
      [
        { text: 'Ítem', bold: true },
        { text: 'Respuesta', bold: true },
        { text: '', bold: true },
      ],
    ];
    const photoBlocks: Content[] = [];
    for (const key of section.field_ids) {
      const field = allFields.get(key);
      if (!field) continue;
      if (!isInputField(field)) {
        body.push([{ text: 'text' in field ? String(field.text).replace(/<[^>]*>/g, '') : '', italics: true, color: '#555555' }, '', '']);
        continue;
      }
      const input = fields.get(key)!;
      const failure = failed.get(key);
      const view = displayFieldAnswer(input, execution.answers, { timeZone });
      const note = execution.notes[key];
      const mark = failure ? `${REASONS[failure.reason] ?? 'Reprobado'}${failure.critical ? ' (crítico)' : ''}` : items.get(key)?.critical ? 'Crítico' : '';
      const answer: ContentNode = { stack: [answerText(view), ...(note ? [{ text: `Nota: ${note}`, italics: true, fontSize: 9, color: '#444444' }] : [])] };
      body.push([{ text: input.label || input.name, ...(failure ? { color: '#b00020', bold: true } : {}) }, answer, { text: mark, fontSize: 9, color: failure ? '#b00020' : '#555555' }]);
      const photoIds = [...(execution.photos[key] ?? []).map((file) => file.id), ...(view?.kind === 'images' ? view.urls.map((url) => /upload\/([^/]+)\/download/.exec(url)?.[1] ?? url) : [])];
      const pictures = photoIds.flatMap((id) => (images.has(id) ? [{ image: images.get(id)!, fit: PHOTO_FIT, margin: [0, 0, 6, 6] as [number, number, number, number] }] : []));
      if (pictures.length > 0)
        photoBlocks.push({
          stack: [
            { text: input.label || input.name, fontSize: 9, bold: true, margin: [0, 4, 0, 2] },
            { columns: pictures.slice(0, 3), columnGap: 6 },
            ...(pictures.length > 3 ? [{ columns: pictures.slice(3, 6), columnGap: 6 }] : []),
          ],
          unbreakable: true,
        });
    }
    content.push({ table: { widths: ['35%', '*', 'auto'], body, headerRows: 1, dontBreakRows: true }, layout: 'lightHorizontalLines' });
    content.push(...photoBlocks);
  }
  if (execution.actions.length > 0) {
    content.push({ text: 'Acciones correctivas', fontSize: 13, bold: true, margin: [0, 12, 0, 4] });
    content.push({
      table: {
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: 'Acción', bold: true },
            { text: 'Responsable', bold: true },
            { text: 'Vence', bold: true },
            { text: 'Estado', bold: true },
          ],
          ...execution.actions.map((action) => [action.title, action.responsible?.name ?? '—', when(action.due), action.status]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  }
  const signatures: Content[] = [];
  const executor = execution.signatures.executor;
  if (executor && images.has(executor.id))
    signatures.push({
      stack: [
        { image: images.get(executor.id)!, fit: SIGNATURE_FIT },
        { text: execution.executed_by?.name ?? '', fontSize: 9 },
      ],
    });
  const second = execution.signatures.second;
  if (second && images.has(second.file.id))
    signatures.push({
      stack: [
        { image: images.get(second.file.id)!, fit: SIGNATURE_FIT },
        { text: second.name, fontSize: 9 },
      ],
    });
  if (signatures.length > 0) content.push({ text: 'Firmas', fontSize: 13, bold: true, margin: [0, 12, 0, 4] }, { columns: signatures, columnGap: 24, unbreakable: true });
  return { content, pageSize: A4, pageMargins: 36, defaultStyle: { font: 'Helvetica', fontSize: 10 }, info: { title: execution.checklist.name, creator: 'Faena' }, compress: true };
}

/** The PDF of one execution the caller may see (their own, or any with MANAGE; 404 otherwise), as a stream, with its file name. */
export async function renderExecutionReport(ctx: Ctx, id: string, options: { submittedOnly?: boolean } = {}): Promise<{ execution: TExecution; pdf: Readable; name: string }> {
  const signed = signedIn(ctx);
  const { execution, images } = await ctx.tx(async (tx) => {
    const row = await findExecution(tx, ctx.tenant.id, id);
    if (!row || (row.executedByPersonId !== signed.caller.personId && !signed.caller.permissions.has('MANAGE_CHECKLISTS'))) throw executionNotFound();
    if (options.submittedOnly && row.status !== 'submitted') throw new BodyError(409, { code: 'not-submitted', detail: 'Only a submitted execution has a report to send.' });
    const execution = await executionView(tx, signed, row);
    const ids = [
      ...Object.values(execution.photos).flatMap((files) => files.map((file) => file.id)),
      ...Object.values(execution.answers).flatMap((value) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : [])),
      ...(execution.signatures.executor ? [execution.signatures.executor.id] : []),
      ...(execution.signatures.second ? [execution.signatures.second.file.id] : []),
    ].filter((value) => /^[A-Za-z0-9_-]{24}$/.test(value) || /upload\//.test(value));
    const uploadIds = ids.map((value) => /upload\/([^/]+)\/download/.exec(value)?.[1] ?? value);
    return { execution, images: await imagesOf(tx, ctx.platform, ctx.tenant.id, uploadIds) };
  });
  const pdfmake = await loadPdfmake();
  const stream = await pdfmake.createPdf(reportDefinition(execution, images, ctx.tenant.timezone)).getStream();
  stream.end();
  const name = `${execution.checklist.name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'checklist'}-${execution.id.slice(0, 8)}.pdf`;
  return { execution, pdf: stream as unknown as Readable, name };
}

/** Streams the PDF of one execution the caller may see. */
export async function executionReport(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const { pdf, name } = await renderExecutionReport(ctx, id);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${encodeURIComponent(name)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
