import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '../../src/feature-flags.ts';
import {
  acceptAttribute,
  checkFile,
  checkFileCount,
  checkNumberRules,
  checkUpload,
  DEFAULT_MAX_FILE_SIZE,
  extractVideoId,
  fileDownloadLink,
  fileMatchesFormats,
  imageFormatsFor,
  interpretScaleValue,
  isIsoDate,
  isMultipleOfStep,
  isSupportedDateFormat,
  isValidRut,
  isValidTimeZone,
  isValidVideoId,
  linearScalePoints,
  linearScaleRules,
  normalizeRut,
  numberFieldRules,
  parseDateTime,
  parseNumberInput,
  parseTimeOfDay,
  photoFileName,
  resolveValidatorFlags,
  rutCheckDigit,
  formatRut,
  selectValueOrFirst,
  toUtcIso,
  uploadHelp,
  uploadIdFromLink,
  uploadRules,
  validateRut,
  validateVideoId,
  VIDEO_ID_LENGTH,
  zoneOffsetMs,
} from '../../src/forms/index.ts';
import { define } from './fixtures.ts';

const MB = 1024 * 1024;

describe('number entry (spec §5)', () => {
  it('empty becomes null; non-numeric is rejected', () => {
    expect(parseNumberInput('')).toEqual({ ok: true, value: null });
    expect(parseNumberInput('  ')).toEqual({ ok: true, value: null });
    expect(parseNumberInput(null)).toEqual({ ok: true, value: null });
    expect(parseNumberInput(undefined)).toEqual({ ok: true, value: null });
    for (const bad of ['abc', '1,2,3', '1.2.3', '--1', '1e', 'Infinity', 'NaN', '0x10', '1 000', {}, [], true]) {
      expect(parseNumberInput(bad), String(bad)).toEqual({ ok: false });
    }
    expect(parseNumberInput(Number.NaN)).toEqual({ ok: false });
    expect(parseNumberInput(Number.POSITIVE_INFINITY)).toEqual({ ok: false });
  });

  it('reads dot and comma decimals, signs and exponents', () => {
    expect(parseNumberInput('1.5')).toEqual({ ok: true, value: 1.5 });
    expect(parseNumberInput('1,5')).toEqual({ ok: true, value: 1.5 });
    expect(parseNumberInput(' -2 ')).toEqual({ ok: true, value: -2 });
    expect(parseNumberInput('+.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberInput('1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberInput(7)).toEqual({ ok: true, value: 7 });
  });

  it('integer fields round to whole numbers', () => {
    expect(parseNumberInput('3.6', 'integer')).toEqual({ ok: true, value: 4 });
    expect(parseNumberInput('2,4', 'integer')).toEqual({ ok: true, value: 2 });
    expect(parseNumberInput(-0.4, 'integer')).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput('1.5', 'decimal')).toEqual({ ok: true, value: 1.5 });
  });
});

describe('number rules', () => {
  it('below the minimum, above the maximum, not a multiple of step', () => {
    expect(checkNumberRules(1, { min: 2 })).toBe('Debe ser al menos 2');
    expect(checkNumberRules(11, { max: 10 })).toBe('Debe ser a lo más 10');
    expect(checkNumberRules(0.3, { step: 0.25 })).toBe('Debe ser múltiplo de 0.25');
    expect(checkNumberRules(0.75, { step: 0.25 })).toBeNull();
    expect(checkNumberRules(5, { min: 1, max: 10, step: 2 })).toBeNull(); // 1, 3, 5 … from the minimum
    expect(checkNumberRules(4, { min: 1, max: 10, step: 2 })).toBe('Debe ser múltiplo de 2');
    expect(checkNumberRules(4, { min: 1, step: 2, base: 0 })).toBeNull();
    expect(checkNumberRules(4, {})).toBeNull();
  });

  it('integer fields default to step 1', () => {
    expect(numberFieldRules('integer', {})).toEqual({ min: null, max: null, step: 1 });
    expect(checkNumberRules(2.5, numberFieldRules('integer', {}))).toBe('Debe ser múltiplo de 1');
    expect(numberFieldRules('float', {})).toEqual({ min: null, max: null, step: null });
    expect(numberFieldRules('decimal', { min: 0, max: 5, step: 0.5 })).toEqual({ min: 0, max: 5, step: 0.5 });
  });

  it('step checks do not suffer binary fractions', () => {
    expect(isMultipleOfStep(0.3, 0.1)).toBe(true);
    expect(isMultipleOfStep(0.7, 0.1, 0.1)).toBe(true);
    expect(isMultipleOfStep(1.1, 0.2, 0.1)).toBe(true);
    expect(isMultipleOfStep(1e-7, 1e-7)).toBe(true);
    expect(isMultipleOfStep(5, 0)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 3 }), (n, stepUnits, places) => {
        const scale = 10 ** places;
        expect(isMultipleOfStep((n * stepUnits) / scale, stepUnits / scale)).toBe(true);
      }),
    );
  });

  it('linear scale: start, stop, step (0 = continuous) and its points', () => {
    const rules = linearScaleRules({ start: 1, stop: 10, step: 3 });
    expect(checkNumberRules(0, rules)).toBe('Debe ser al menos 1');
    expect(checkNumberRules(11, rules)).toBe('Debe ser a lo más 10');
    expect(checkNumberRules(4, rules)).toBeNull();
    expect(checkNumberRules(5, rules)).toBe('Debe ser múltiplo de 3');
    expect(checkNumberRules(5.5, linearScaleRules({ start: 0, stop: 10, step: 0 }))).toBeNull();
    expect(linearScalePoints({ start: 1, stop: 10, step: 3 })).toEqual([1, 4, 7, 10]);
    expect(linearScalePoints({ start: 0, stop: 1, step: 0.1 })).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(linearScalePoints({ start: 0, stop: 1, step: 0 })).toEqual([]);
    expect(linearScalePoints({ start: 0, stop: 1e9, step: 1 })).toHaveLength(1000);
  });

  it('interpretations: equal matches start, between matches start…stop, first wins', () => {
    const interpretations = [
      { type: 'equal' as const, start: 0, name: 'Nulo' },
      { type: 'between' as const, start: 0, stop: 6, name: 'Detractor' },
      { type: 'between' as const, start: 7, stop: 8, name: 'Pasivo' },
      { type: 'between' as const, start: 9, stop: 10, name: 'Promotor' },
    ];
    expect(interpretScaleValue(0, interpretations)).toBe('Nulo');
    expect(interpretScaleValue(6, interpretations)).toBe('Detractor');
    expect(interpretScaleValue(8, interpretations)).toBe('Pasivo');
    expect(interpretScaleValue(10, interpretations)).toBe('Promotor');
    expect(interpretScaleValue(6.5, interpretations)).toBeUndefined();
  });

  it('a select falls back to its first option', () => {
    expect(selectValueOrFirst('b', ['a', 'b'])).toBe('b');
    expect(selectValueOrFirst('z', ['a', 'b'])).toBe('a');
    expect(selectValueOrFirst('z', [])).toBeUndefined();
  });
});

describe('dates and times', () => {
  it('dates are valid calendar days in year-month-day', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('01/02/2024')).toBe(false);
    expect(isIsoDate(20240101)).toBe(false);
  });

  it('only the default format is supported', () => {
    expect(isSupportedDateFormat(undefined)).toBe(true);
    expect(isSupportedDateFormat(null)).toBe(true);
    expect(isSupportedDateFormat('')).toBe(true);
    expect(isSupportedDateFormat('YYYY-MM-DD')).toBe(true);
    expect(isSupportedDateFormat('%Y-%m-%d')).toBe(true);
    expect(isSupportedDateFormat('DD/MM/YYYY')).toBe(false);
  });

  it('times', () => {
    expect(parseTimeOfDay('08:15')).toBe(8 * 3600 + 15 * 60);
    expect(parseTimeOfDay('23:59:59')).toBe(86_399);
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('8:15')).toBeUndefined();
    expect(parseTimeOfDay(815)).toBeUndefined();
  });

  it('date-times with and without offset; naive ones in the given zone', () => {
    expect(parseDateTime('2024-05-01T10:00:00Z')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(parseDateTime('2024-05-01T10:00:00.123+00:00')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 123));
    expect(parseDateTime('2024-05-01T10:00-04:00')).toBe(Date.UTC(2024, 4, 1, 14));
    expect(parseDateTime('2024-05-01T10:00+0530')).toBe(Date.UTC(2024, 4, 1, 4, 30));
    expect(parseDateTime('2024-05-01 10:00')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(parseDateTime('2024-05-01T10:00', 'America/Santiago')).toBe(Date.UTC(2024, 4, 1, 14));
    expect(parseDateTime('2024-01-15T10:00', 'America/Santiago')).toBe(Date.UTC(2024, 0, 15, 13)); // summer time
    expect(parseDateTime('2024-05-01T10:00', 'Not/AZone')).toBe(Date.UTC(2024, 4, 1, 10));
    for (const bad of ['2024-05-01', '2024-02-30T10:00', '2024-05-01T25:00', '2024-05-01T10:00+25:00', 'x', 5]) {
      expect(parseDateTime(bad), String(bad)).toBeUndefined();
    }
  });

  it('zone offsets and the DST gap', () => {
    expect(zoneOffsetMs(Date.UTC(2024, 6, 1), 'America/Mexico_City')).toBe(-6 * 3600_000);
    expect(zoneOffsetMs(Date.UTC(2024, 6, 1), 'UTC')).toBe(0);
    expect(isValidTimeZone('America/Santiago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    // Santiago skipped 2024-09-08 00:00 → 01:00: a wall time in the gap still maps to an instant.
    expect(toUtcIso(parseDateTime('2024-09-08T00:30', 'America/Santiago')!)).toMatch(/^2024-09-08T0[34]:30:00\.000\+00:00$/);
  });

  it('UTC ISO with milliseconds and +00:00', () => {
    expect(toUtcIso(Date.UTC(2024, 4, 1, 14, 5))).toBe('2024-05-01T14:05:00.000+00:00');
  });
});

describe('RUT (spec §5)', () => {
  it('check digit modulo 11', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
    expect(formatRut(12345678)).toBe('12345678-5');
    expect(formatRut('10000013')).toBe('10000013-K');
    expect(isValidRut(formatRut(24_000_123))).toBe(true);
  });

  it('format 12345678-k, dash optional, K either case, dots tolerated', () => {
    for (const rut of ['12345678-5', '123456785', '12.345.678-5', '10000013-k', '10000013K', ' 7654321-6 ']) {
      expect(isValidRut(rut), rut).toBe(true);
    }
    for (const rut of ['12345678-4', '12345678-', 'abc', '', '0-0', '123456789-1', '12345678--5', '1234567a-5']) {
      expect(isValidRut(rut), rut).toBe(false);
    }
    expect(validateRut('12345678-4')).toBe('Invalid RUT');
    expect(validateRut('12345678-5')).toBeNull();
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('10000013k')).toBe('10000013-K');
    expect(normalizeRut('1-1')).toBeUndefined();
  });
});

describe('video ids (spec §5)', () => {
  it('exactly 11 letters, digits, _ or -', () => {
    expect(VIDEO_ID_LENGTH).toBe(11);
    expect(isValidVideoId('dQw4w9WgXcQ')).toBe(true);
    expect(isValidVideoId('a_b-c1234567'.slice(0, 11))).toBe(true);
    expect(isValidVideoId('dQw4w9WgXc')).toBe(false);
    expect(isValidVideoId('dQw4w9WgXcQQ')).toBe(false);
    expect(isValidVideoId('dQw4w9WgXc!')).toBe(false);
    expect(validateVideoId('short')).toBe('ID de video inválido');
    expect(validateVideoId('dQw4w9WgXcQ')).toBeNull();
  });

  it('finds the id in pasted links', () => {
    expect(extractVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId(' dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://www.youtube.com/watch?v=short')).toBeUndefined();
    expect(extractVideoId('not a link')).toBeUndefined();
  });
});

describe('files (spec §5, §9)', () => {
  const production = resolveValidatorFlags(PRODUCTION_FLAGS);
  const allOn = resolveValidatorFlags(ALL_FLAGS_ON);

  it('image formats: heic and tiff only behind their flags', () => {
    expect(imageFormatsFor(PRODUCTION_FLAGS)).toEqual(['jpeg', 'png', 'gif', 'bmp', 'webp', 'svg']);
    expect(imageFormatsFor(ALL_FLAGS_ON)).toEqual(['jpeg', 'png', 'gif', 'bmp', 'tiff', 'webp', 'svg', 'heic']);
    expect(imageFormatsFor({ heic_images: true })).toContain('heic');
    expect(imageFormatsFor(null)).not.toContain('tiff');
  });

  it('formats match by sniffed content type, else by extension', () => {
    expect(fileMatchesFormats({ name: 'a.JPG', content_type: 'image/jpeg' }, ['jpeg'])).toBe(true);
    expect(fileMatchesFormats({ name: 'a.jpg', content_type: '' }, ['jpeg'])).toBe(true);
    expect(fileMatchesFormats({ name: 'a.png', content_type: 'text/html' }, ['png'])).toBe(false);
    expect(fileMatchesFormats({ name: 'a.docx', content_type: 'application/octet-stream' }, ['.docx'])).toBe(true);
    expect(fileMatchesFormats({ name: 'a.pdf', content_type: 'application/pdf; charset=binary' }, ['pdf'])).toBe(true);
    expect(fileMatchesFormats({ name: 'noext', content_type: '' }, ['pdf'])).toBe(false);
    expect(fileMatchesFormats({ name: 'a.tif', content_type: 'image/tiff' }, ['tiff'])).toBe(true);
    expect(fileMatchesFormats({ name: 'a.csv', content_type: 'text/plain' }, ['csv'])).toBe(true);
  });

  it('defaults: 20 MB, 10 files for multi-file fields, 1 for single; photos png, gif, jpeg', () => {
    const [files, images, image, voice] = define([
      { id: 1, type: 'files', name: 'f' },
      { id: 2, type: 'images', name: 'i' },
      { id: 3, type: 'image', name: 'p' },
      { id: 4, type: 'voice_message', name: 'v' },
    ]);
    expect(uploadRules(files!, production)).toEqual({
      noun: 'file',
      isMultiple: true,
      minFiles: 0,
      maxFiles: 10,
      minSize: 0,
      maxSize: DEFAULT_MAX_FILE_SIZE,
      formats: null,
      messages: {},
    });
    expect(uploadRules(images!, production)).toMatchObject({ noun: 'image', isMultiple: true, maxFiles: 10, formats: ['png', 'gif', 'jpeg'] });
    expect(uploadRules(image!, production)).toMatchObject({ noun: 'image', isMultiple: false, maxFiles: 1 });
    expect(uploadRules(voice!, production)).toMatchObject({ isMultiple: false, maxFiles: 1, formats: null });
    const [text] = define([{ id: 1, type: 'text', name: 't' }]);
    expect(uploadRules(text!, production)).toBeUndefined();
    expect(DEFAULT_MAX_FILE_SIZE).toBe(20 * 1024 * 1024);
  });

  it('validators shape the rules; gated ones are ignored', () => {
    const [files] = define([
      {
        id: 1,
        type: 'files',
        name: 'f',
        max_files: 5,
        validators: [
          { type: 'min_length', limit_value: 2, message: 'Sube dos' },
          { type: 'max_length', limit_value: 3 },
          { type: 'min_file_size', limit_value: 1024 },
          { type: 'max_file_size', limit_value: 2 * MB, message: 'Muy pesado' },
          { type: 'allowed_formats', formats: ['pdf'] },
        ],
      },
    ]);
    expect(uploadRules(files!, production)).toEqual({
      noun: 'file',
      isMultiple: true,
      minFiles: 2,
      maxFiles: 3,
      minSize: 1024,
      maxSize: 2 * MB,
      formats: null,
      messages: { minFiles: 'Sube dos', maxSize: 'Muy pesado' },
    });
    expect(uploadRules(files!, allOn)?.formats).toEqual(['pdf']);
  });

  it('image allowed formats keep only the formats the flags allow', () => {
    const [images] = define([{ id: 1, type: 'images', name: 'i', validators: [{ type: 'allowed_formats', formats: ['jpg', 'heic', 'webp'] }] }]);
    expect(uploadRules(images!, production, PRODUCTION_FLAGS)?.formats).toEqual(['jpg', 'webp']);
    expect(uploadRules(images!, production, ALL_FLAGS_ON)?.formats).toEqual(['jpg', 'heic', 'webp']);
  });

  it('checks one file, the count, and what the widget says', () => {
    const [files, image] = define([
      { id: 1, type: 'files', name: 'f', validators: [{ type: 'min_file_size', limit_value: 1000 }] },
      { id: 2, type: 'image', name: 'p' },
    ]);
    const rules = uploadRules(files!, production)!;
    expect(checkFile({ name: 'a.pdf', size: 10, content_type: 'application/pdf' }, rules)).toBe('El peso de cada archivo debe ser al menos 0.01 MB');
    expect(checkFile({ name: 'a.pdf', size: 21 * MB, content_type: 'application/pdf' }, rules)).toBe('El peso de cada archivo debe ser a lo más 20 MB');
    expect(checkFile({ name: 'a.pdf', size: 5000, content_type: 'application/pdf' }, rules)).toBeNull();
    const photo = uploadRules(image!, production)!;
    expect(checkFile({ name: 'a.webp', size: 5000, content_type: 'image/webp' }, photo)).toBe('El formato del archivo debe ser alguno de los siguientes: png, gif, jpeg');
    expect(checkFileCount(11, rules)).toBe('Debe seleccionar a lo más 10 archivos');
    expect(checkFileCount(2, photo)).toBe('Debe seleccionar a lo más 1 imagen');
    expect(checkUpload({ name: 'a.pdf', size: 21 * MB, content_type: '' }, rules)).toEqual({
      kind: 'size',
      title: 'Peso del archivo inválido',
      message: 'Por favor, seleccione un archivo que pese entre 0.01 MB y 20 MB',
      accept: 'Aceptar',
    });
    expect(checkUpload({ name: 'a.bmp', size: 10, content_type: 'image/bmp' }, photo)).toEqual({
      kind: 'type',
      message: 'El archivo es de tipo inválido; Debe ser png, gif o jpeg.',
    });
    expect(checkUpload({ name: 'a.png', size: 10, content_type: 'image/png' }, photo)).toBeNull();
    expect(uploadHelp(photo)).toBe('Puedes subir hasta una imagen en formato .png, .gif, .jpeg (máx. 20 MB)');
    expect(uploadHelp(rules)).toBe('Puedes subir hasta 10 archivos (entre 0.01 MB y 20 MB cada uno)');
    expect(acceptAttribute(photo)).toBe('image/png,.png,image/gif,.gif,image/jpeg,image/pjpeg,.jpeg');
    expect(acceptAttribute(rules)).toBe('');
  });

  it('download links and photo names', () => {
    expect(fileDownloadLink('https://acme.app.localhost/api/document-manager/v3/upload/', 'u 1')).toBe('https://acme.app.localhost/api/document-manager/v3/upload/u%201/download');
    expect(uploadIdFromLink('https://x/api/document-manager/v3/upload/u%201/download')).toBe('u 1');
    expect(uploadIdFromLink('https://x/upload/abc/download?x=1')).toBe('abc');
    expect(uploadIdFromLink('https://x/upload/abc')).toBeUndefined();
    expect(uploadIdFromLink('https://x/%E0%A4%A/download')).toBeUndefined();
    expect(photoFileName(1714572000000)).toBe('foto_1714572000000.jpeg');
  });
});
