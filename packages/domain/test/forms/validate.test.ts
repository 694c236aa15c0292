import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '../../src/feature-flags.ts';
import { lengthMessage, validateFieldValue, validateResponse, type FileMetadata, type FormField, type InputField, type ValidateOptions } from '../../src/forms/index.ts';
import { define, oneOfEach, VALID_ANSWERS } from './fixtures.ts';

const MB = 1024 * 1024;

/** The message for a single field with the given value, through validateResponse. */
function messageFor(field: Record<string, unknown>, value: unknown, options: ValidateOptions = {}): string | undefined {
  const fields = define([{ id: 1, name: 'x', ...field }]);
  return validateResponse(fields, value === undefined ? {} : { x: value }, options)[0]?.message;
}

describe('required and empty (spec §5)', () => {
  it('an empty required field gives the default message', () => {
    for (const empty of [undefined, null, '', '   ', []]) {
      expect(messageFor({ type: 'text', required: true }, empty), JSON.stringify(empty)).toBe('This field is required');
    }
    expect(messageFor({ type: 'checkboxes', required: true, choices: [{ choice: 'a' }] }, [])).toBe('This field is required');
    expect(messageFor({ type: 'rich_text', required: true }, '<p><br></p>')).toBe('This field is required');
    expect(messageFor({ type: 'rich_text', required: true }, '<p>&nbsp;</p>')).toBe('This field is required');
    expect(messageFor({ type: 'rich_text', required: true }, '<p><img src="https://x/y.png"></p>')).toBeUndefined();
    expect(messageFor({ type: 'date_range', required: true }, { start: '', end: null })).toBe('This field is required');
    expect(messageFor({ type: 'integer', required: true }, '')).toBe('This field is required');
  });

  it("uses the field's own required message", () => {
    expect(messageFor({ type: 'text', required: true, required_message: 'Indica tu nombre' }, '')).toBe('Indica tu nombre');
  });

  it('an empty optional field is fine, whatever its validators', () => {
    expect(messageFor({ type: 'text', validators: [{ type: 'min_length', limit_value: 3 }] }, '')).toBeUndefined();
    expect(messageFor({ type: 'files', validators: [{ type: 'min_length', limit_value: 2 }] }, [])).toBeUndefined();
  });

  it('false is an answer, not an empty value', () => {
    expect(messageFor({ type: 'boolean', required: true }, false)).toBeUndefined();
    expect(messageFor({ type: 'integer', required: true }, 0)).toBeUndefined();
  });
});

describe('skipping (spec §4, §5)', () => {
  it('a field skipped through its _skipped value is never flagged', () => {
    const fields = define([{ id: 1, type: 'integer', name: 'x', required: true, skippable: true, min: 10 }]);
    expect(validateResponse(fields, { x_skipped: true })).toEqual([]);
    expect(validateResponse(fields, { x: null, x_skipped: true })).toEqual([]);
    expect(validateResponse(fields, { x: 3, x_skipped: true })).toEqual([]);
  });

  it('only true skips, and only on skippable fields', () => {
    const skippable = define([{ id: 1, type: 'text', name: 'x', required: true, skippable: true }]);
    expect(validateResponse(skippable, { x_skipped: 'true' })).toHaveLength(1);
    expect(validateResponse(skippable, { x_skipped: 1 })).toHaveLength(1);
    expect(validateResponse(skippable, { x_skipped: false })).toHaveLength(1);
    const notSkippable = define([{ id: 1, type: 'text', name: 'x', required: true }]);
    expect(validateResponse(notSkippable, { x_skipped: true })).toEqual([{ name: 'x', path: ['x'], message: 'This field is required' }]);
  });
});

describe('visibility, readonly and disabled', () => {
  const fields = define([
    { id: 1, type: 'boolean', name: 'tiene_auto' },
    { id: 2, type: 'text', name: 'patente', required: true, show_if: 'tiene_auto == true' },
    { id: 3, type: 'integer', name: 'anio', required: true, show_if: 'not empty(patente)' },
    { id: 4, type: 'display_text', text: 'Gracias', show_if: 'tiene_auto' },
    { id: 5, type: 'text', name: 'bloqueado', required: true, readonly: true },
    { id: 6, type: 'text', name: 'apagado', required: true, disabled: true },
  ]);

  it('a field hidden by show_if is not validated', () => {
    expect(validateResponse(fields, {})).toEqual([]);
    expect(validateResponse(fields, { tiene_auto: false, patente: 'AB1234' })).toEqual([]);
  });

  it('a shown field is, and a hidden field reads as null in other conditions', () => {
    expect(validateResponse(fields, { tiene_auto: true }).map((error) => error.name)).toEqual(['patente']);
    expect(validateResponse(fields, { tiene_auto: true, patente: 'AB1234' }).map((error) => error.name)).toEqual(['anio']);
    // patente is hidden (tiene_auto false) so anio, which depends on it, is hidden too
    expect(validateResponse(fields, { tiene_auto: false, patente: 'AB1234', anio: 'x' })).toEqual([]);
  });

  it('readonly and disabled fields are never flagged as missing, but a value they hold must be valid', () => {
    expect(validateResponse(fields, { bloqueado: '', apagado: '' })).toEqual([]);
    expect(validateResponse(fields, { bloqueado: { x: 1 }, apagado: 'ok' })).toEqual([{ name: 'bloqueado', path: ['bloqueado'], message: 'Valor inválido' }]);
  });

  it('a show_if that does not parse shows the field (definitions that skipped the schema)', () => {
    const raw = [{ ...define([{ id: 1, type: 'text', name: 'x', required: true }])[0]!, show_if: '((' }] as FormField[];
    expect(validateResponse(raw, {})).toHaveLength(1);
  });
});

describe('shapes: a value of the wrong kind is "Valor inválido"', () => {
  const fields = define(oneOfEach());

  it('every valid answer passes', () => {
    expect(validateResponse(fields, VALID_ANSWERS)).toEqual([]);
  });

  it.each([
    ['f_text', 5],
    ['f_multiple_choice', 'z'],
    ['f_multiple_choice', ['a']],
    ['f_date', '2024-02-30'],
    ['f_date', '01-01-2024'],
    ['f_datetime', 'ayer'],
    ['f_time', '25:00'],
    ['f_boolean', 'true'],
    ['f_integer', 'doce'],
    ['f_float', { a: 1 }],
    ['f_decimal', '1.2.3'],
    ['f_voice_message', 42],
    ['f_files', 'u1'],
    ['f_files', ['u1', 'u1']],
    ['f_files', ['u1', '']],
    ['f_code', ['x']],
    ['f_date_range', { start: '2024-02-01', end: '2024-01-01' }],
    ['f_date_range', { start: '2024-02-01' }],
    ['f_date_range', '2024-01-01'],
    ['f_checkboxes', ['a', 'z']],
    ['f_checkboxes', ['a', 'a']],
    ['f_checkboxes', 'a'],
    ['f_num_range', { start: 5, end: 1 }],
    ['f_num_range', { start: 'x', end: 1 }],
    ['f_num_range', [1, 2]],
    ['f_value_in_num_range', 'x'],
    ['f_reactions', 1.5],
    ['f_stars', '4.5'],
    ['f_emotion', true],
    ['f_gps', { latitude: 91, longitude: 0 }],
    ['f_gps', { latitude: 0, longitude: -181 }],
    ['f_gps', { latitude: 0, longitude: 0, accuracy: -1 }],
    ['f_gps', { latitude: '0', longitude: 0 }],
    ['f_venue', { id: 1 }],
    ['f_venue', Number.POSITIVE_INFINITY],
    ['f_users', ['p1', 'p1']],
    ['f_users', 'p1'],
    ['f_user', true],
    ['f_location', ['l1']],
    ['f_image', [3]],
    ['f_venues', [{}]],
    ['f_locations', [null]],
    ['f_images', [1]],
    ['f_form', 'x'],
    ['f_form', ['x']],
    ['f_data_source', [true]],
    ['f_rich_text', 3],
    ['f_assets', 'a1'],
  ])('%s = %j', (name, value) => {
    const errors = validateResponse(fields, { ...VALID_ANSWERS, [name]: value });
    expect(errors).toEqual([{ name, path: [name], message: 'Valor inválido' }]);
  });

  it('numbers may arrive as numeric text; a single-file field may hold one link in a list, not two', () => {
    expect(validateResponse(fields, { ...VALID_ANSWERS, f_integer: '42', f_float: '1,5', f_image: ['img-1'] })).toEqual([]);
    expect(validateResponse(fields, { ...VALID_ANSWERS, f_image: ['a', 'b'] })).toEqual([{ name: 'f_image', path: ['f_image'], message: 'Debe seleccionar a lo más 1 imagen' }]);
  });

  it('an object whose parts are all empty is an empty answer', () => {
    expect(validateResponse(fields, { ...VALID_ANSWERS, f_float: {}, f_gps: { latitude: null, longitude: null } })).toEqual([]);
  });
});

describe('text validators', () => {
  it('min_length / max_length count characters (singular and plural)', () => {
    expect(messageFor({ type: 'text', validators: [{ type: 'min_length', limit_value: 3 }] }, 'ab')).toBe('El campo debe tener al menos 3 caracteres.');
    expect(messageFor({ type: 'text', validators: [{ type: 'max_length', limit_value: 1 }] }, 'ab')).toBe('El campo debe tener a lo más 1 carácter.');
    expect(messageFor({ type: 'text', validators: [{ type: 'max_length', limit_value: 2 }] }, 'ñá')).toBeUndefined();
    expect(messageFor({ type: 'text', validators: [{ type: 'max_length', limit_value: 1 }] }, '👍')).toBeUndefined();
    expect(messageFor({ type: 'code', validators: [{ type: 'min_length', limit_value: 4 }] }, 'abc')).toBe('El campo debe tener al menos 4 caracteres.');
    expect(messageFor({ type: 'rich_text', validators: [{ type: 'max_length', limit_value: 3 }] }, '<p><b>abcd</b></p>')).toBe('El campo debe tener a lo más 3 caracteres.');
  });

  it('regex: "Valor inválido" or the validator\'s message', () => {
    const field = { type: 'text', validators: [{ type: 'regex', regex: '^[A-Z]{2}\\d{4}$' }] };
    expect(messageFor(field, 'ab1234')).toBe('Valor inválido');
    expect(messageFor(field, 'AB1234')).toBeUndefined();
    expect(messageFor({ type: 'text', validators: [{ type: 'regex', regex: '^\\d+$', message: 'Solo números' }] }, 'x')).toBe('Solo números');
  });

  it('email', () => {
    const field = { type: 'text', validators: [{ type: 'email' }] };
    expect(messageFor(field, 'no-es-correo')).toBe('El campo debe ser un correo electrónico válido.');
    expect(messageFor(field, 'ana@acme.cl')).toBeUndefined();
    expect(messageFor(field, 'x@y', { validatorFlags: { email: false } })).toBeUndefined();
  });

  it('rut', () => {
    expect(messageFor({ type: 'text', validators: [{ type: 'rut' }] }, '12345678-4')).toBe('Invalid RUT');
    expect(messageFor({ type: 'code', validators: [{ type: 'rut' }] }, '12.345.678-5')).toBeUndefined();
  });

  it('validators run in order; the first failure is the message', () => {
    const field = {
      type: 'text',
      validators: [
        { type: 'regex', regex: '^a' },
        { type: 'min_length', limit_value: 5 },
      ],
    };
    expect(messageFor(field, 'b')).toBe('El campo debe tener al menos 5 caracteres.');
  });
});

describe('number fields and min_value / max_value', () => {
  it('field min / max / step', () => {
    expect(messageFor({ type: 'integer', min: 1, max: 5 }, 0)).toBe('Debe ser al menos 1');
    expect(messageFor({ type: 'integer', min: 1, max: 5 }, 6)).toBe('Debe ser a lo más 5');
    // integer fields round to whole numbers, as on entry and on submit
    expect(messageFor({ type: 'integer' }, 2.5)).toBeUndefined();
    expect(messageFor({ type: 'integer', max: 5 }, 5.4)).toBeUndefined();
    expect(messageFor({ type: 'integer', max: 5 }, 5.5)).toBe('Debe ser a lo más 5');
    expect(messageFor({ type: 'integer', step: 5 }, '7')).toBe('Debe ser múltiplo de 5');
    expect(messageFor({ type: 'decimal', step: 0.5 }, '1,25')).toBe('Debe ser múltiplo de 0.5');
    expect(messageFor({ type: 'float' }, 1.2345)).toBeUndefined();
  });

  it('validators with default and custom messages; integer ones behind the integer flag', () => {
    const field = {
      type: 'integer',
      validators: [
        { type: 'min_value', value: 18 },
        { type: 'max_value', value: 99, message: 'Demasiado' },
      ],
    };
    expect(messageFor(field, 17)).toBe('Debe ser al menos 18');
    expect(messageFor(field, 100)).toBe('Demasiado');
    expect(messageFor(field, 17, { validatorFlags: { integer: false } })).toBeUndefined();
    expect(messageFor({ type: 'float', validators: [{ type: 'max_value', value: 2.5 }] }, 3)).toBe('Debe ser a lo más 2.5');
    expect(messageFor({ type: 'float', validators: [{ type: 'max_value', value: 2.5 }] }, 3, { flags: { validators: false } })).toBeUndefined();
  });

  it('num_range checks both ends', () => {
    const field = { type: 'num_range', min: 0, max: 100, validators: [{ type: 'max_value', value: 50 }] };
    expect(messageFor(field, { start: -1, end: 5 })).toBe('Debe ser al menos 0');
    expect(messageFor(field, { start: 1, end: 60 })).toBe('Debe ser a lo más 50');
    expect(messageFor(field, { start: '1', end: '5' })).toBeUndefined();
  });

  it('dates and times against min_value / max_value', () => {
    const date = {
      type: 'date',
      validators: [
        { type: 'min_value', value: '2024-01-01' },
        { type: 'max_value', value: '2024-12-31' },
      ],
    };
    expect(messageFor(date, '2023-12-31')).toBe('Debe ser al menos 2024-01-01');
    expect(messageFor(date, '2025-01-01')).toBe('Debe ser a lo más 2024-12-31');
    expect(messageFor(date, '2024-06-01')).toBeUndefined();
    const time = { type: 'time', validators: [{ type: 'min_value', value: '08:00' }] };
    expect(messageFor(time, '07:59')).toBe('Debe ser al menos 08:00');
    expect(messageFor(time, '08:00:00')).toBeUndefined();
  });

  it('linear scale, ratings and emotion ranges', () => {
    const scale = { type: 'value_in_num_range', start: 1, stop: 10, step: 3 };
    expect(messageFor(scale, 0)).toBe('Debe ser al menos 1');
    expect(messageFor(scale, 11)).toBe('Debe ser a lo más 10');
    expect(messageFor(scale, 5)).toBe('Debe ser múltiplo de 3');
    expect(messageFor(scale, 7)).toBeUndefined();
    expect(messageFor({ type: 'stars', max: 5 }, 0)).toBe('Debe ser al menos 1');
    expect(messageFor({ type: 'stars', max: 5 }, 6)).toBe('Debe ser a lo más 5');
    expect(messageFor({ type: 'emotion', max: 3 }, 4)).toBe('Debe ser a lo más 3');
    expect(messageFor({ type: 'reactions', max: 2 }, 2)).toBeUndefined();
  });
});

describe('list validators and their nouns', () => {
  it.each([
    ['checkboxes', { choices: [{ choice: 'a' }, { choice: 'b' }, { choice: 'c' }] }, ['a'], 'opciones', ['a', 'b', 'c'], 'opciones'],
    ['users', {}, ['u1'], 'usuarios', ['u1', 'u2', 'u3'], 'usuarios'],
    ['venues', {}, ['v1'], 'lugares', ['v1', 'v2', 'v3'], 'lugares'],
    ['locations', {}, ['l1'], 'ubicaciones', ['l1', 'l2', 'l3'], 'ubicaciones'],
    ['data_source', {}, [1], 'registros', [1, 2, 3], 'registros'],
    ['assets', {}, ['a'], 'activos', ['a', 'b', 'c'], 'activos'],
  ])('%s', (type, extra, few, pluralMin, many, pluralMax) => {
    const field = {
      type,
      ...extra,
      validators: [
        { type: 'min_length', limit_value: 2 },
        { type: 'max_length', limit_value: 2 },
      ],
    };
    expect(messageFor(field, few)).toBe(`Debe seleccionar al menos 2 ${pluralMin}`);
    expect(messageFor(field, many)).toBe(`Debe seleccionar a lo más 2 ${pluralMax}`);
    expect(messageFor(field, many.slice(0, 2))).toBeUndefined();
  });

  it('singular noun for a limit of 1 and custom messages', () => {
    expect(messageFor({ type: 'users', validators: [{ type: 'max_length', limit_value: 1 }] }, ['a', 'b'])).toBe('Debe seleccionar a lo más 1 usuario');
    expect(messageFor({ type: 'venues', validators: [{ type: 'min_length', limit_value: 3, message: 'Elige tres' }] }, ['a'])).toBe('Elige tres');
  });

  it('checkboxes and data-source validators sit behind their flags', () => {
    const field = { type: 'checkboxes', choices: [{ choice: 'a' }, { choice: 'b' }], validators: [{ type: 'min_length', limit_value: 2 }] };
    expect(messageFor(field, ['a'], { validatorFlags: { checkboxes: false } })).toBeUndefined();
    expect(messageFor({ type: 'data_source', validators: [{ type: 'min_length', limit_value: 2 }] }, [1], { validatorFlags: { data_source: false } })).toBeUndefined();
  });

  it('other types use the quantity message', () => {
    const [field] = define([{ id: 1, type: 'integer', name: 'n' }]);
    expect(lengthMessage(field as InputField, 'min', 2)).toBe('La cantidad debe ser al menos 2.');
    expect(lengthMessage(field as InputField, 'max', 3)).toBe('La cantidad debe ser a lo más 3.');
  });
});

describe('files', () => {
  const metadata: Record<string, FileMetadata> = {
    small: { name: 'small.pdf', size: 100, content_type: 'application/pdf' },
    doc: { name: 'informe.pdf', size: 2 * MB, content_type: 'application/pdf' },
    big: { name: 'video.mp4', size: 30 * MB, content_type: 'video/mp4' },
    photo: { name: 'foto.jpeg', size: MB, content_type: 'image/jpeg' },
    webp: { name: 'foto.webp', size: MB, content_type: 'image/webp' },
    heic: { name: 'foto.heic', size: MB, content_type: 'image/heic' },
  };
  const fileMetadata = (reference: string) => (Object.hasOwn(metadata, reference) ? metadata[reference] : undefined);

  it('count: max_files, default 10, min/max length (file length flag)', () => {
    expect(messageFor({ type: 'files', max_files: 2 }, ['a', 'b', 'c'])).toBe('Debe seleccionar a lo más 2 archivos');
    expect(
      messageFor(
        { type: 'files' },
        Array.from({ length: 11 }, (_, at) => `f${at}`),
      ),
    ).toBe('Debe seleccionar a lo más 10 archivos');
    expect(messageFor({ type: 'images', validators: [{ type: 'min_length', limit_value: 2 }] }, ['a'])).toBe('Debe seleccionar al menos 2 imágenes');
    expect(messageFor({ type: 'images', validators: [{ type: 'max_length', limit_value: 1, message: 'Una sola' }] }, ['a', 'b'])).toBe('Una sola');
    expect(messageFor({ type: 'images', validators: [{ type: 'min_length', limit_value: 2 }] }, ['a'], { validatorFlags: { file_length: false } })).toBeUndefined();
  });

  it('without metadata only the count is checked; with it, unknown references are invalid', () => {
    expect(messageFor({ type: 'files' }, ['nobody-knows'])).toBeUndefined();
    expect(messageFor({ type: 'files' }, ['nobody-knows'], { fileMetadata })).toBe('Valor inválido');
  });

  it('size: default 20 MB maximum, validators (file size flag), plural and singular wording', () => {
    expect(messageFor({ type: 'files' }, ['doc', 'big'], { fileMetadata })).toBe('El peso de cada archivo debe ser a lo más 20 MB');
    expect(messageFor({ type: 'voice_message' }, 'big', { fileMetadata })).toBe('El peso del archivo debe ser a lo más 20 MB');
    const sized = {
      type: 'files',
      validators: [
        { type: 'min_file_size', limit_value: 1000 },
        { type: 'max_file_size', limit_value: 1_500_000 },
      ],
    };
    expect(messageFor(sized, ['small'], { fileMetadata })).toBe('El peso de cada archivo debe ser al menos 0.01 MB');
    expect(messageFor(sized, ['doc'], { fileMetadata })).toBe('El peso de cada archivo debe ser a lo más 1.43 MB');
    expect(messageFor(sized, ['doc'], { fileMetadata, validatorFlags: { file_size: false } })).toBeUndefined();
    expect(messageFor({ type: 'image', validators: [{ type: 'max_file_size', limit_value: 1000, message: 'Foto muy pesada' }] }, 'photo', { fileMetadata })).toBe('Foto muy pesada');
  });

  it('formats: photos png/gif/jpeg by default; image formats validator; file formats validator off in production', () => {
    expect(messageFor({ type: 'image' }, 'webp', { fileMetadata })).toBe('El formato del archivo debe ser alguno de los siguientes: png, gif, jpeg');
    expect(messageFor({ type: 'image' }, 'photo', { fileMetadata })).toBeUndefined();
    const webpAllowed = { type: 'images', validators: [{ type: 'allowed_formats', formats: ['webp', 'heic'] }] };
    expect(messageFor(webpAllowed, ['webp'], { fileMetadata })).toBeUndefined();
    expect(messageFor(webpAllowed, ['heic'], { fileMetadata, flags: PRODUCTION_FLAGS })).toBe('El formato de cada archivo debe ser alguno de los siguientes: webp');
    expect(messageFor(webpAllowed, ['heic'], { fileMetadata, flags: ALL_FLAGS_ON })).toBeUndefined();
    const pdfOnly = { type: 'files', validators: [{ type: 'allowed_formats', formats: ['pdf'], message: 'Solo PDF' }] };
    expect(messageFor(pdfOnly, ['photo'], { fileMetadata, flags: PRODUCTION_FLAGS })).toBeUndefined();
    expect(messageFor(pdfOnly, ['photo'], { fileMetadata, flags: ALL_FLAGS_ON })).toBe('Solo PDF');
  });
});

describe('sub-forms', () => {
  const fields = define([
    { id: 1, type: 'text', name: 'a' },
    {
      id: 2,
      type: 'form',
      name: 'sub',
      required: true,
      fields: [
        { id: 1, type: 'integer', name: 'n', required: true, min: 1 },
        { id: 2, type: 'text', name: 'why', required: true, show_if: 'n > 5' },
      ],
    },
    { id: 3, type: 'text', name: 'z', required: true },
  ]);

  it('reports sub-field errors with their path, in form order', () => {
    expect(validateResponse(fields, { sub: { n: 0 } })).toEqual([
      { name: 'sub', path: ['sub', 'n'], message: 'Debe ser al menos 1' },
      { name: 'z', path: ['z'], message: 'This field is required' },
    ]);
    expect(validateResponse(fields, { sub: { n: 6 }, z: 'x' })).toEqual([{ name: 'sub', path: ['sub', 'why'], message: 'This field is required' }]);
    expect(validateResponse(fields, { sub: {}, z: 'x' })).toEqual([{ name: 'sub', path: ['sub'], message: 'This field is required' }]);
    expect(validateFieldValue(fields[1]!, { n: 0 })).toBe('Debe ser al menos 1');
  });
});

describe('robustness', () => {
  const fields = define(oneOfEach());

  it('a response that is not an object counts as empty', () => {
    const required = define([{ id: 1, type: 'text', name: 'x', required: true }]);
    for (const response of [null, undefined, 'x', 3, [], true]) {
      expect(validateResponse(required, response)).toEqual([{ name: 'x', path: ['x'], message: 'This field is required' }]);
    }
  });

  it('prototype keys in a response are data, never inherited', () => {
    const required = define([{ id: 1, type: 'text', name: 'toString', required: true }]);
    expect(validateResponse(required, {})).toHaveLength(1);
    expect(validateResponse(required, JSON.parse('{"toString":"x"}'))).toEqual([]);
  });

  it('display_text is never validated', () => {
    expect(validateFieldValue({ id: 1, type: 'display_text', text: 'x' }, 'anything')).toBeNull();
  });

  it('never throws on arbitrary JSON and gives one message per failing field (property)', () => {
    const names = Object.keys(VALID_ANSWERS);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names, ...names.map((name) => `${name}_skipped`)), fc.jsonValue()), (response) => {
        const errors = validateResponse(fields, response, { fileMetadata: () => undefined });
        expect(new Set(errors.map((error) => error.path.join('.'))).size).toBe(errors.length);
        for (const error of errors) expect(typeof error.message).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
