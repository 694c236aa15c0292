import { Transform, type Duplex, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import Papa from 'papaparse';
import type { TImportFileError } from '@faena/contracts';

/** A problem with the file as a whole: the job fails with this code (spec forms §8) and description. */
export class FileError extends Error {
  override name = 'FileError';
  readonly code: TImportFileError;
  readonly description: string;
  constructor(code: TImportFileError, description: string) {
    super(`${code}: ${description}`);
    this.code = code;
    this.description = description;
  }
}

/** One row of the sheet: its number (the header is usually row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
  /** Cells that held a spreadsheet formula (XLSX) — their cached result is in `cells`. */
  formulas: Set<number> | null;
}

export type SheetFormat = 'csv' | 'xlsx';

const HEAD_BYTES = 64 * 1024;
/** Control characters that never occur in a text file (tab, new lines and form feed aside); C1 too: a sign of a wrong encoding. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const BROKEN_TEXT = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFFFD]/;

const bom = (head: Buffer, bytes: number[]) => bytes.every((byte, i) => head[i] === byte);

/**
 * The encoding of a text file from its first bytes: a BOM (UTF-8, UTF-16 LE/BE), else strict
 * UTF-8 when the head decodes as such, else Windows-1252 (a superset of Latin-1, what Excel on
 * Windows writes in Latin America).
 */
export function detectEncoding(head: Buffer): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'; skip: number } {
  if (bom(head, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', skip: 3 };
  if (bom(head, [0xff, 0xfe])) return { encoding: 'utf-16le', skip: 2 };
  if (bom(head, [0xfe, 0xff])) return { encoding: 'utf-16be', skip: 2 };
  try {
    // stream: true tolerates a character cut at the end of the head
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', skip: 0 };
  } catch {
    return { encoding: 'windows-1252', skip: 0 };
  }
}

/** Bytes → text in the detected encoding; text that cannot be a CSV file fails the whole file. */
class Decode extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private decoder: TextDecoder | null = null;
  encoding: string | null = null;

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      if (this.decoder) return done(null, this.decode(chunk, true));
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < HEAD_BYTES) return done();
      done(null, this.start(true));
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      let text = this.decoder ? '' : this.start(false);
      text += this.decode(Buffer.alloc(0), false);
      done(null, text);
    } catch (error) {
      done(error as Error);
    }
  }

  private start(more: boolean): string {
    const head = Buffer.concat(this.head);
    this.head = [];
    const { encoding, skip } = detectEncoding(head);
    this.encoding = encoding;
    this.decoder = new TextDecoder(encoding, { fatal: true });
    return this.decode(head.subarray(skip), more);
  }

  private decode(chunk: Buffer, more: boolean): string {
    let text: string;
    try {
      text = this.decoder!.decode(chunk, { stream: more });
    } catch {
      throw new FileError('FILE_TYPE_NOT_SUPPORTED', `El archivo no es texto ${this.encoding === 'utf-8' ? 'UTF-8' : this.encoding} válido: revisa su codificación (UTF-8 o Latin-1).`);
    }
    if (BROKEN_TEXT.test(text))
      throw new FileError('FILE_TYPE_NOT_SUPPORTED', 'El archivo contiene caracteres de control o bytes inválidos: no es un CSV de texto (o su codificación no es UTF-8 ni Latin-1).');
    return text;
  }
}

/** The delimiter of a CSV file from its first line: the most frequent of , ; and tab outside quotes (',' by default). */
export function guessDelimiter(head: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** The line ending of a CSV file from its head: \r\n, \r or \n. */
export function guessNewline(head: string): '\r\n' | '\r' | '\n' {
  const lf = head.indexOf('\n');
  const cr = head.indexOf('\r');
  if (cr >= 0 && (lf < 0 || cr < lf)) return lf === cr + 1 ? '\r\n' : '\r';
  return '\n';
}

/** A row (or an unclosed quote) longer than this fails the file: it would otherwise be re-read with every chunk. */
const MAX_ROW_CHARS = 1024 * 1024;

/**
 * CSV rows with papaparse's parser, chunk by chunk: each decoded chunk is parsed up to its last
 * complete row, and the rest waits for the next chunk (as papaparse's own stream does, without its
 * per-row stream overhead, which made 60,000 rows take minutes).
 */
async function* csvRows(source: Readable): AsyncGenerator<SheetRow> {
  const decode = new Decode();
  source.on('error', (error) => decode.destroy(error));
  let parser: Papa.Parser | null = null;
  let pending = '';
  let row = 0;
  const rows = function* (data: unknown[][]) {
    for (const cells of data) {
      row++;
      yield { row, cells: cells.map((cell) => (typeof cell === 'string' ? cell : String(cell ?? ''))), formulas: null };
    }
  };
  try {
    for await (const chunk of source.pipe(decode) as AsyncIterable<string>) {
      const text = pending + chunk;
      parser ??= new Papa.Parser({ delimiter: guessDelimiter(text), newline: guessNewline(text) });
      const result = parser.parse(text, 0, true) as { data: unknown[][]; meta: { cursor: number } };
      pending = text.slice(result.meta.cursor);
      if (pending.length > MAX_ROW_CHARS) throw new FileError('FILE_TYPE_NOT_SUPPORTED', 'Una fila del archivo supera 1 MB: revisa que las comillas estén cerradas.');
      yield* rows(result.data);
    }
    if (parser && pending) yield* rows((parser.parse(pending, 0, false) as { data: unknown[][] }).data);
  } finally {
    source.destroy();
  }
}

function cellText(value: unknown): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number') return { text: Number.isFinite(value) ? String(value) : '', formula: false };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', formula: false };
  if (value instanceof Date) {
    const iso = Number.isNaN(value.getTime()) ? '' : value.toISOString();
    return { text: iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso, formula: false };
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) return { text: cellText(object.result).text, formula: true };
    if ('error' in object) return { text: String(object.error), formula: true };
    if (Array.isArray(object.richText)) return { text: (object.richText as { text?: string }[]).map((part) => part.text ?? '').join(''), formula: false };
    if ('text' in object) return cellText(object.text);
    if ('result' in object) return cellText(object.result);
  }
  return { text: String(value), formula: false };
}

const damagedXlsx = (error: unknown) => new FileError('FILE_TYPE_NOT_SUPPORTED', `El archivo XLSX está dañado o no se puede leer (${(error as Error).message.slice(0, 200)}).`);

async function* xlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  // loaded on the first XLSX file: server start-up does not pay for exceljs (issue 2)
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  try {
    for await (const worksheet of workbook) {
      for await (const sheetRow of worksheet) {
        const values = (sheetRow as unknown as { values: unknown[] }).values;
        const cells: string[] = [];
        let formulas: Set<number> | null = null;
        for (let column = 1; column < values.length; column++) {
          const { text, formula } = cellText(values[column]);
          cells[column - 1] = text;
          if (formula) (formulas ??= new Set()).add(column - 1);
        }
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        yield { row: (sheetRow as unknown as { number: number }).number, cells, formulas };
      }
      // the first sheet only
      return;
    }
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw damagedXlsx(error);
  } finally {
    source.destroy();
  }
}

/**
 * Unzips an XLSX file once without parsing it, counting what its parts hold inflated, and fails
 * the file past `maxBytes`. A zip bomb (a few megabytes that inflate to gigabytes) would
 * otherwise fill the memory with shared strings, or the disk with the temporary copy exceljs
 * writes of a sheet that comes before its shared strings, or keep a core parsing for hours. The
 * count is of the bytes inflated, not of the sizes the zip declares (those can lie), and uses the
 * unzipper exceljs reads the file with, so both see the same parts.
 */
export async function checkUnzippedSize(source: Readable, maxBytes: number): Promise<void> {
  const { default: unzipper } = await import('unzipper');
  const zip = unzipper.Parse({ forceStream: true });
  // A file that ends inside a part fails the zip, not the part being read, which would wait
  // forever: the part ends with the zip (one handed out after the zip ended too). An empty
  // file ends nothing at all: it fails when its source ends.
  let current: Duplex | null = null;
  let ended: Error | null = null;
  const cut = (error: Error) => {
    ended ??= error;
    // a part whose every byte was handed over is left to be read to its end
    if (current && !current.writableEnded) current.destroy(ended);
  };
  zip.on('error', cut);
  zip.on('close', () => cut(new Error('el archivo termina a medias')));
  let bytes = 0;
  source.on('data', (chunk: Buffer) => (bytes += chunk.length));
  source.on('end', () => bytes === 0 && zip.destroy(new Error('archivo vacío')));
  source.on('error', (error) => zip.destroy(error));
  source.pipe(zip);
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<Duplex>) {
      current = entry;
      if (ended && !entry.writableEnded) entry.destroy(ended);
      for await (const chunk of entry) {
        total += (chunk as Buffer).length;
        if (total > maxBytes)
          throw new FileError(
            'FILE_TYPE_NOT_SUPPORTED',
            `El archivo XLSX ocupa más de ${Math.floor(maxBytes / 1024 / 1024).toLocaleString('es-CL')} MB una vez descomprimido: divídelo en archivos más pequeños.`,
          );
      }
      current = null;
    }
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw damagedXlsx(error);
  } finally {
    source.destroy();
    zip.destroy();
  }
}

/**
 * The rows of a reader, each within `ms` of asking for it. A reader that stops producing (a file
 * its parser never ends, storage that stops answering) fails the file and `stop` releases its
 * source, instead of holding the import queue, which runs one step at a time, forever. Only the
 * reader's own time counts: what the caller does with a row (staging it) does not.
 */
export async function* rowsWithin<T>(rows: AsyncGenerator<T>, ms: number, stop: () => void): AsyncGenerator<T> {
  const stall = new FileError('FILE_TYPE_NOT_SUPPORTED', `La lectura del archivo se detuvo por más de ${Math.round(ms / 1000)} s: revisa que no esté dañado y vuelve a subirlo.`);
  let stalled = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(stall), ms);
      });
      let next: IteratorResult<T>;
      try {
        next = await Promise.race([rows.next(), late]);
      } catch (error) {
        stalled = error === stall;
        throw error;
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // a reader still inside next() cannot be returned (it would wait for itself): its source is
    // released instead; otherwise it is closed as a loop over it would close it
    if (stalled) stop();
    else await rows.return(undefined);
  }
}

/** The rows of a CSV or XLSX file, streamed: nothing holds the whole file. */
export function readSheet(source: Readable, format: SheetFormat): AsyncGenerator<SheetRow> {
  return format === 'csv' ? csvRows(source) : xlsxRows(source);
}

/** The sheet format of a stored file from its sniffed content type, or null when imports do not read it. */
export function sheetFormatOf(contentType: string): SheetFormat | null {
  if (contentType === 'text/csv' || contentType === 'text/plain') return 'csv';
  if (contentType === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return null;
}
