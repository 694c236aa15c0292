import { describe, expect, it } from 'vitest';
import {
  allowedFormatsMessage,
  DISPLAY_TEXTS,
  fileSizeMessage,
  formatCompactNumber,
  formatMegabytes,
  FORM_MESSAGES,
  invalidFileTypeMessage,
  joinWithO,
  limitReachedMessage,
  listLengthMessage,
  NOUNS,
  quantityMessage,
  SKIP_LABEL,
  stepMessage,
  textLengthMessage,
  uploadHelpText,
  uploadSizeMessage,
  valueBoundMessage,
} from '../../src/forms/index.ts';

const MB = 1024 * 1024;

describe('fixed texts (spec §5, §8)', () => {
  it('are verbatim', () => {
    expect(FORM_MESSAGES).toMatchObject({
      required: 'This field is required',
      invalid: 'Valor inválido',
      email: 'El campo debe ser un correo electrónico válido.',
      formHasErrors: 'The form has errors. Please check fields with red markers.',
      dateFormatUnsupported: 'Format different from default not supported by frontend.',
      invalidVideoId: 'ID de video inválido',
      videoLoadError: 'Error al cargar el video',
      invalidRut: 'Invalid RUT',
      fileSizeInvalidTitle: 'Peso del archivo inválido',
      fileSizeInvalidAccept: 'Aceptar',
    });
    expect(DISPLAY_TEXTS).toEqual({ skipped: 'No aplica', empty: 'Sin respuesta', emptyList: 'Ninguna', yes: 'Sí', no: 'No' });
    expect(SKIP_LABEL).toBe('No aplica');
  });
});

describe('nouns of list messages — defined once', () => {
  it('holds singular, plural and article of every list noun', () => {
    expect(NOUNS).toEqual({
      file: { singular: 'archivo', plural: 'archivos', article: 'un' },
      image: { singular: 'imagen', plural: 'imágenes', article: 'una' },
      option: { singular: 'opción', plural: 'opciones', article: 'una' },
      user: { singular: 'usuario', plural: 'usuarios', article: 'un' },
      venue: { singular: 'lugar', plural: 'lugares', article: 'un' },
      location: { singular: 'ubicación', plural: 'ubicaciones', article: 'una' },
      record: { singular: 'registro', plural: 'registros', article: 'un' },
      asset: { singular: 'activo', plural: 'activos', article: 'un' },
    });
  });
});

describe('number messages', () => {
  it('min, max and step', () => {
    expect(valueBoundMessage('min', 5)).toBe('Debe ser al menos 5');
    expect(valueBoundMessage('max', 2.5)).toBe('Debe ser a lo más 2.5');
    expect(valueBoundMessage('min', '2024-01-01')).toBe('Debe ser al menos 2024-01-01');
    expect(stepMessage(0.5)).toBe('Debe ser múltiplo de 0.5');
  });
});

describe('length messages', () => {
  it('text, plural and singular', () => {
    expect(textLengthMessage('min', 3)).toBe('El campo debe tener al menos 3 caracteres.');
    expect(textLengthMessage('max', 10)).toBe('El campo debe tener a lo más 10 caracteres.');
    expect(textLengthMessage('min', 1)).toBe('El campo debe tener al menos 1 carácter.');
    expect(textLengthMessage('max', 0)).toBe('El campo debe tener a lo más 0 caracteres.');
  });

  it('lists, plural and singular, for every noun', () => {
    expect(listLengthMessage('min', 2, 'option')).toBe('Debe seleccionar al menos 2 opciones');
    expect(listLengthMessage('max', 1, 'option')).toBe('Debe seleccionar a lo más 1 opción');
    expect(listLengthMessage('max', 5, 'image')).toBe('Debe seleccionar a lo más 5 imágenes');
    expect(listLengthMessage('min', 1, 'image')).toBe('Debe seleccionar al menos 1 imagen');
    expect(listLengthMessage('max', 3, 'file')).toBe('Debe seleccionar a lo más 3 archivos');
    expect(listLengthMessage('min', 2, 'user')).toBe('Debe seleccionar al menos 2 usuarios');
    expect(listLengthMessage('min', 2, 'venue')).toBe('Debe seleccionar al menos 2 lugares');
    expect(listLengthMessage('min', 2, 'location')).toBe('Debe seleccionar al menos 2 ubicaciones');
    expect(listLengthMessage('min', 1, 'location')).toBe('Debe seleccionar al menos 1 ubicación');
    expect(listLengthMessage('max', 4, 'record')).toBe('Debe seleccionar a lo más 4 registros');
    expect(listLengthMessage('max', 4, 'asset')).toBe('Debe seleccionar a lo más 4 activos');
  });

  it('limit reached uses the plural', () => {
    expect(limitReachedMessage('image')).toBe('Alcanzaste el límite de imágenes');
    expect(limitReachedMessage('file')).toBe('Alcanzaste el límite de archivos');
    expect(limitReachedMessage('location')).toBe('Alcanzaste el límite de ubicaciones');
  });

  it('other types', () => {
    expect(quantityMessage('min', 2)).toBe('La cantidad debe ser al menos 2.');
    expect(quantityMessage('max', 7)).toBe('La cantidad debe ser a lo más 7.');
  });
});

describe('file messages', () => {
  it('size: each file (plural) or the file, min rounded up, max rounded down', () => {
    expect(fileSizeMessage('max', 20 * MB, true)).toBe('El peso de cada archivo debe ser a lo más 20 MB');
    expect(fileSizeMessage('max', 20 * MB, false)).toBe('El peso del archivo debe ser a lo más 20 MB');
    expect(fileSizeMessage('min', 1_500_000, false)).toBe('El peso del archivo debe ser al menos 1.44 MB');
    expect(fileSizeMessage('max', 1_500_000, true)).toBe('El peso de cada archivo debe ser a lo más 1.43 MB');
  });

  it('allowed formats', () => {
    expect(allowedFormatsMessage(['pdf', 'png'], true)).toBe('El formato de cada archivo debe ser alguno de los siguientes: pdf, png');
    expect(allowedFormatsMessage(['jpeg'], false)).toBe('El formato del archivo debe ser alguno de los siguientes: jpeg');
  });

  it('upload widget: wrong type and size range', () => {
    expect(invalidFileTypeMessage(['png', 'gif', 'jpeg'])).toBe('El archivo es de tipo inválido; Debe ser png, gif o jpeg.');
    expect(invalidFileTypeMessage(['pdf'])).toBe('El archivo es de tipo inválido; Debe ser pdf.');
    expect(uploadSizeMessage(MB, 20 * MB)).toBe('Por favor, seleccione un archivo que pese entre 1 MB y 20 MB');
    expect(uploadSizeMessage(0, 20 * MB)).toBe('Por favor, seleccione un archivo que pese a lo más 20 MB');
    expect(joinWithO([])).toBe('');
    expect(joinWithO(['a', 'b'])).toBe('a o b');
  });

  it('upload help text', () => {
    expect(uploadHelpText({ noun: 'image', minFiles: 0, maxFiles: 1 })).toBe('Puedes subir hasta una imagen');
    expect(uploadHelpText({ noun: 'file', minFiles: 0, maxFiles: 1 })).toBe('Puedes subir hasta un archivo');
    expect(uploadHelpText({ noun: 'file', minFiles: 0, maxFiles: 10 })).toBe('Puedes subir hasta 10 archivos');
    expect(uploadHelpText({ noun: 'file', minFiles: 2, maxFiles: 5 })).toBe('Se requieren entre 2 y 5 archivos');
    expect(uploadHelpText({ noun: 'image', minFiles: 0, maxFiles: 1, formats: ['png', 'jpeg'], minSize: 0, maxSize: 20 * MB })).toBe(
      'Puedes subir hasta una imagen en formato .png, .jpeg (máx. 20 MB)',
    );
    expect(uploadHelpText({ noun: 'file', minFiles: 0, maxFiles: 3, formats: ['pdf'], maxSize: 5 * MB })).toBe('Puedes subir hasta 3 archivos en formato .pdf (máx. 5 MB cada uno)');
    expect(uploadHelpText({ noun: 'file', minFiles: 1, maxFiles: 3, minSize: MB / 2, maxSize: 5 * MB })).toBe('Se requieren entre 1 y 3 archivos (entre 0.5 MB y 5 MB cada uno)');
  });
});

describe('formatting', () => {
  it('megabytes by 1024×1024 with up to 2 decimals', () => {
    expect(formatMegabytes(20 * MB)).toBe('20 MB');
    expect(formatMegabytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatMegabytes(1_500_000)).toBe('1.43 MB');
    expect(formatMegabytes(1_500_000, 'up')).toBe('1.44 MB');
    expect(formatMegabytes(1_500_000, 'down')).toBe('1.43 MB');
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes(Number.NaN)).toBe('0 MB');
    // exact values never drift upwards when rounded up
    expect(formatMegabytes(1.43 * MB, 'up')).toBe('1.43 MB');
  });

  it('compact numbers: as is under 1000, K, M', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(1000)).toBe('1K');
    expect(formatCompactNumber(1500)).toBe('1.5K');
    expect(formatCompactNumber(999_999)).toBe('999.9K');
    expect(formatCompactNumber(1_000_000)).toBe('1M');
    expect(formatCompactNumber(2_540_000)).toBe('2.5M');
    expect(formatCompactNumber(-1500)).toBe('-1.5K');
    expect(formatCompactNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
