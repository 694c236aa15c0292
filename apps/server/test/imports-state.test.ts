import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_STATUSES, type TImportStatus } from '@faena/contracts';
import { canApply, canDiscard, canTransition, claimableBy, hasPreview, isFinal, stepOf, TRANSITIONS } from '../src/modules/imports/imports.state.ts';
import { headerKey } from '@faena/domain';
import { checkUnzippedSize, detectEncoding, FileError, readSheet, rowsWithin, sheetFormatOf } from '../src/modules/imports/imports.reader.ts';
import { lookupList, parseBoolean, parseNumber, splitList } from '../src/modules/imports/keyed-importer.ts';
import { neutralizeCell } from '../src/platform/csv.ts';
import { unzipParts, xlsx } from './directory.helpers.ts';
import { zipOf } from './documents.helpers.ts';

describe('import job state machine (spec forms §4)', () => {
  it('moves PENDING → VALIDATING → VALIDATION_FAILED | VALIDATION_OK → APPLYING → APPLY_OK | APPLY_FAILED, and nowhere else', () => {
    const allowed: [TImportStatus, TImportStatus][] = [
      ['PENDING', 'VALIDATING'],
      ['VALIDATING', 'VALIDATING'],
      ['VALIDATING', 'VALIDATION_OK'],
      ['VALIDATING', 'VALIDATION_FAILED'],
      ['VALIDATION_OK', 'APPLYING'],
      ['APPLYING', 'APPLYING'],
      ['APPLYING', 'APPLY_OK'],
      ['APPLYING', 'APPLY_FAILED'],
    ];
    for (const from of IMPORT_STATUSES) {
      for (const to of IMPORT_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to));
      }
    }
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...IMPORT_STATUSES].sort());
  });

  it('knows which step runs, what a run may claim, and what the user may do', () => {
    expect(IMPORT_STATUSES.map(stepOf)).toEqual(['validate', 'validate', null, null, 'apply', null, null]);
    expect(claimableBy('validate')).toEqual(['PENDING', 'VALIDATING']);
    expect(claimableBy('apply')).toEqual(['APPLYING']);
    expect(IMPORT_STATUSES.filter(isFinal)).toEqual(['VALIDATION_FAILED', 'APPLY_OK', 'APPLY_FAILED']);
    expect(IMPORT_STATUSES.filter(canApply)).toEqual(['VALIDATION_OK']);
    expect(IMPORT_STATUSES.filter(canDiscard)).toEqual(['VALIDATION_FAILED', 'VALIDATION_OK', 'APPLY_FAILED']);
    expect(IMPORT_STATUSES.filter(hasPreview)).toEqual(['VALIDATION_FAILED', 'VALIDATION_OK', 'APPLYING', 'APPLY_OK', 'APPLY_FAILED']);
  });
});

async function rows(file: Buffer, format: 'csv' | 'xlsx' = 'csv', chunk = 7): Promise<{ row: number; cells: string[]; formulas: number[] }[]> {
  const parts: Buffer[] = [];
  for (let at = 0; at < file.length; at += chunk) parts.push(file.subarray(at, at + chunk));
  const out = [];
  for await (const row of readSheet(Readable.from(parts), format)) out.push({ row: row.row, cells: row.cells, formulas: [...(row.formulas ?? [])] });
  return out;
}

describe('import file reader', () => {
  it('detects UTF-8 (with or without BOM), UTF-16 and falls back to Windows-1252 / Latin-1', () => {
    expect(detectEncoding(Buffer.from('\uFEFFkey,label', 'utf8'))).toEqual({ encoding: 'utf-8', skip: 3 });
    expect(detectEncoding(Buffer.from('clave,año', 'utf8'))).toEqual({ encoding: 'utf-8', skip: 0 });
    expect(detectEncoding(Buffer.from('clave,año', 'latin1'))).toEqual({ encoding: 'windows-1252', skip: 0 });
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toEqual({ encoding: 'utf-16le', skip: 2 });
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0x00, 0x41]))).toEqual({ encoding: 'utf-16be', skip: 2 });
    // a character cut at the end of the sniffed head is still UTF-8
    expect(detectEncoding(Buffer.from('año', 'utf8').subarray(0, 2))).toEqual({ encoding: 'utf-8', skip: 0 });
  });

  it('reads CSV in any of those encodings, with , ; or tab, quoted fields and blank lines, streamed in small pieces', async () => {
    const expected = [
      { row: 1, cells: ['key', 'label'], formulas: [] },
      { row: 2, cells: ['1', 'Ñuñoa, "centro"'], formulas: [] },
      { row: 3, cells: ['2', 'Línea\ndos'], formulas: [] },
    ];
    const text = 'key;label\r\n1;"Ñuñoa, ""centro"""\r\n2;"Línea\ndos"\r\n';
    expect(await rows(Buffer.from(text, 'utf8'))).toEqual(expected);
    expect(await rows(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual(expected);
    expect(await rows(Buffer.from(text, 'latin1'))).toEqual(expected);
    expect(await rows(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual(expected);
    expect(await rows(Buffer.from(text.replaceAll(';', '\t'), 'utf8'))).toEqual(expected);
    const blank = await rows(Buffer.from('key,label\n\n1,uno\n', 'utf8'));
    expect(blank.map((r) => r.cells)).toEqual([['key', 'label'], [''], ['1', 'uno']]);
  });

  it('keeps quoted fields whole across chunk boundaries, past the sniffed head', async () => {
    const lines = ['key,label'];
    for (let i = 0; i < 5000; i++) lines.push(`k${i},"línea ${i}\nsigue, con ""comillas"""`);
    const parsed = await rows(Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), 'csv', 997);
    expect(parsed).toHaveLength(5001);
    expect(parsed[4321]).toEqual({ row: 4322, cells: ['k4320', 'línea 4320\nsigue, con "comillas"'], formulas: [] });
    // a file without a final new line keeps its last row
    expect((await rows(Buffer.from('key,label\na,b', 'utf8'))).map((r) => r.cells)).toEqual([
      ['key', 'label'],
      ['a', 'b'],
    ]);
    // an unclosed quote does not swallow the whole file
    await expect(rows(Buffer.from(`key,label\na,"${'x'.repeat(1100 * 1024)}`, 'utf8'), 'csv', 64 * 1024)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
  });

  it('refuses binary content and text that breaks its own encoding with FILE_TYPE_NOT_SUPPORTED', async () => {
    const withNul = Buffer.from('key,label\n1,a\u0000b\n', 'utf8');
    await expect(rows(withNul)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
    // valid UTF-8 in the head, then a Latin-1 byte far into the file
    const mixed = Buffer.concat([Buffer.from(`key,label\n${'1,uno\n'.repeat(20_000)}`, 'utf8'), Buffer.from('2,a\xf1o\n', 'latin1')]);
    await expect(rows(mixed, 'csv', 64 * 1024)).rejects.toBeInstanceOf(FileError);
    await expect(rows(mixed, 'csv', 64 * 1024)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
  });

  it('reads the first sheet of an XLSX file, marking formula cells and writing numbers, booleans and dates as text', async () => {
    const file = await xlsx(
      [
        ['key', 'label', 'n'],
        ['a', 'Uno', 1.5],
        ['b', true, new Date(Date.UTC(2024, 0, 31))],
      ],
      (sheet) => {
        sheet.getCell('B4').value = { formula: 'A2&A3', result: 'ab' } as never;
        sheet.getCell('A4').value = 'c';
      },
    );
    expect(await rows(file, 'xlsx', 1024)).toEqual([
      { row: 1, cells: ['key', 'label', 'n'], formulas: [] },
      { row: 2, cells: ['a', 'Uno', '1.5'], formulas: [] },
      { row: 3, cells: ['b', 'true', '2024-01-31'], formulas: [] },
      { row: 4, cells: ['c', 'ab'], formulas: [1] },
    ]);
  });

  it('refuses a damaged XLSX file with FILE_TYPE_NOT_SUPPORTED', async () => {
    const file = await xlsx([['key', 'label']]);
    await expect(rows(Buffer.concat([file.subarray(0, 200), Buffer.alloc(300, 7)]), 'xlsx', 100)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
  });

  it('fails a reader that stops giving rows, releasing its source; a slow consumer is no stall', async () => {
    let stopped = 0;
    async function* stuck() {
      yield 1;
      await new Promise(() => undefined);
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const row of rowsWithin(stuck(), 50, () => stopped++)) seen.push(row);
      })(),
    ).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED', description: expect.stringContaining('La lectura del archivo se detuvo') });
    expect([seen, stopped]).toEqual([[1], 1]);

    let closed = false;
    async function* three() {
      try {
        yield* [1, 2, 3];
      } finally {
        closed = true;
      }
    }
    const slow: number[] = [];
    for await (const row of rowsWithin(three(), 50, () => stopped++)) {
      await new Promise((resolve) => setTimeout(resolve, 80));
      slow.push(row);
    }
    expect([slow, closed, stopped]).toEqual([[1, 2, 3], true, 1]);
    // a consumer that stops early closes the reader, as a loop over the reader itself would
    closed = false;
    for await (const row of rowsWithin(three(), 50, () => stopped++)) if (row === 1) break;
    expect([closed, stopped]).toEqual([true, 1]);
  });

  describe('the unzipped size of an XLSX file', () => {
    /** How the check ends: 'ok', the file error's code, or 'hung' (it must always end). */
    const ending = async (file: Buffer, max: number, read: boolean) => {
      try {
        await checkUnzippedSize(Readable.from([file]), max);
        // what the engine does next: a file that passed is read (and that ends too)
        if (read) for await (const row of readSheet(Readable.from([file]), 'xlsx')) expect(row.cells).toBeInstanceOf(Array);
        return 'ok';
      } catch (error) {
        return error instanceof FileError ? error.code : String(error);
      }
    };
    const outcome = (file: Buffer, max = 1024 ** 3, read = false) => Promise.race([ending(file, max, read), new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 5000).unref())]);
    const book = () => xlsx([['key', 'label'], ...Array.from({ length: 50 }, (_, i) => [`k${i}`, `Valor ${i}`])]);

    it('passes a sound workbook; fails past the limit by what inflates, whatever the zip declares', async () => {
      const file = await book();
      expect(await outcome(file)).toBe('ok');
      const parts = await unzipParts(file);
      const inflated = parts.reduce((sum, [, data]) => sum + data.length, 0);
      expect(await outcome(file, inflated)).toBe('ok');
      expect(await outcome(file, inflated - 1)).toBe('FILE_TYPE_NOT_SUPPORTED');
      const big: [string, Buffer][] = [...parts, ['xl/media/relleno.bin', Buffer.alloc(4 * 1024 * 1024)]];
      for (const lying of [undefined, () => 1]) {
        await expect(checkUnzippedSize(Readable.from([zipOf(big, lying)]), 1024 * 1024)).rejects.toMatchObject({
          code: 'FILE_TYPE_NOT_SUPPORTED',
          description: expect.stringContaining('más de 1 MB una vez descomprimido'),
        });
      }
    });

    it('ends on an empty, cut or corrupted file: passes it (and the reading ends) or fails it with a file error, never waits forever', async () => {
      const file = await book();
      await expect(checkUnzippedSize(Readable.from([Buffer.alloc(0)]), 1024)).rejects.toMatchObject({
        code: 'FILE_TYPE_NOT_SUPPORTED',
        description: 'El archivo XLSX está dañado o no se puede leer (archivo vacío).',
      });
      expect(await outcome(Buffer.from('no es un zip'))).toBe('FILE_TYPE_NOT_SUPPORTED');
      for (let cut = 1; cut < file.length; cut += 61) expect(['ok', 'FILE_TYPE_NOT_SUPPORTED'], `cut at ${cut}`).toContain(await outcome(file.subarray(0, cut), undefined, true));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: file.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), async (flips) => {
          const corrupted = Buffer.from(file);
          for (const [at, byte] of flips) corrupted[at] = byte;
          expect(['ok', 'FILE_TYPE_NOT_SUPPORTED']).toContain(await outcome(corrupted, undefined, true));
        }),
        { numRuns: 200 },
      );
    });
  });

  it('maps content types and headers; parses the cells importers share', () => {
    expect(sheetFormatOf('text/csv')).toBe('csv');
    expect(sheetFormatOf('text/plain')).toBe('csv');
    expect(sheetFormatOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('xlsx');
    for (const other of ['application/pdf', 'application/vnd.ms-excel', 'image/png']) expect(sheetFormatOf(other)).toBeNull();
    expect(headerKey('  Número de Documento ')).toBe('numero_de_documento');
    expect(headerKey('E-mail')).toBe('e_mail');
    expect(parseBoolean('Sí')).toBe(true);
    expect(parseBoolean('NO')).toBe(false);
    expect(parseBoolean('')).toBeUndefined();
    expect(parseBoolean('tal vez')).toBeNull();
    expect(splitList('a; b |c')).toEqual(['a', 'b', 'c']);
    expect(splitList('a, b')).toEqual(['a', 'b']);
    expect(parseNumber('1 234,5')).toBe(1234.5);
    expect(parseNumber('12a')).toBeNull();
  });

  it('looks up a list cell: each item once, named by the first part that names it; the unknown parts as typed', () => {
    const north = { id: 'n' };
    const south = { id: 's' };
    const lookup = new Map([
      ['n', north],
      ['norte', north],
      ['s', south],
    ]);
    expect(lookupList('Norte; x; N; s; Y', lookup)).toEqual({ found: [north, south], named: ['Norte', 's'], unknown: ['x', 'Y'] });
    expect(lookupList('', lookup)).toEqual({ found: [], named: [], unknown: [] });
    expect(lookupList(undefined, lookup)).toEqual({ found: [], named: [], unknown: [] });
  });

  it('neutralises formula-leading cells in exports', () => {
    for (const cell of ['=1+1', '+56912345678', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralizeCell(cell)).toBe(`'${cell}`);
    for (const cell of ['Ana', '', '1=1', "'quoted"]) expect(neutralizeCell(cell)).toBe(cell);
  });
});
