import { describe, expect, it } from 'vitest';
import { ANSWER_DATA_TYPES, displayAnswer, displayFieldAnswer, formatAnswerDate, formatAnswerDateTime, formatBoolean, formatList, type DisplayOptions } from '../../src/forms/index.ts';
import { define, oneOfEach, VALID_ANSWERS } from './fixtures.ts';

const names: Record<string, string> = { 'user:7': 'Ana Pérez', 'venue:v1': 'Tienda Centro', 'location:l1': 'Bodega', 'asset:a1': 'Grúa' };
const options: DisplayOptions = {
  locale: 'es-CL',
  timeZone: 'America/Santiago',
  resolveName: (kind, id) => names[`${kind}:${id}`],
  fileMetadata: (reference) => (reference === 'u1' ? { name: 'informe.pdf', size: 1_500_000, content_type: 'application/pdf' } : undefined),
};

describe('display texts (spec §8)', () => {
  it('skipped, empty, empty list, booleans', () => {
    expect(displayAnswer('text', 'x', options, { skipped: true })).toEqual({ kind: 'skipped', text: 'No aplica' });
    expect(displayAnswer('text', '', options)).toEqual({ kind: 'empty', text: 'Sin respuesta' });
    expect(displayAnswer('text', null, options)).toEqual({ kind: 'empty', text: 'Sin respuesta' });
    expect(displayAnswer('users', [], options)).toEqual({ kind: 'empty', text: 'Ninguna' });
    expect(displayAnswer('text_list', undefined, options)).toEqual({ kind: 'empty', text: 'Ninguna' });
    expect(displayAnswer('boolean', true, options)).toEqual({ kind: 'text', text: 'Sí' });
    expect(displayAnswer('boolean', false, options)).toEqual({ kind: 'text', text: 'No' });
    expect(formatBoolean(false)).toBe('No');
  });
});

describe('lists (spec §9)', () => {
  it('are cut after 3 with "... y N más"', () => {
    expect(formatList(['a'])).toBe('a');
    expect(formatList(['a', 'b', 'c'])).toBe('a, b, c');
    expect(formatList(['a', 'b', 'c', 'd'])).toBe('a, b, c ... y 1 más');
    expect(formatList(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c ... y 2 más');
    expect(formatList([])).toBe('Ninguna');
    expect(formatList(['a', 'b'], 1)).toBe('a ... y 1 más');
  });

  it('lists of text, key/label rows, and named entities', () => {
    expect(displayAnswer('text_list', ['x', 'y', 'z', 'w'], options)).toEqual({ kind: 'list', items: ['x', 'y', 'z', 'w'], text: 'x, y, z ... y 1 más' });
    expect(
      displayAnswer(
        'key_label_list',
        [
          { id: 1, key: 'a', label: 'Alfa' },
          { id: 2, key: 'b', label: 'Beta' },
        ],
        options,
      ),
    ).toMatchObject({
      text: 'Alfa, Beta',
    });
    expect(displayAnswer('users', [7, 8], options)).toMatchObject({ text: 'Ana Pérez, 8' });
    expect(displayAnswer('venues', ['v1'], options)).toMatchObject({ text: 'Tienda Centro' });
    expect(displayAnswer('locations', [{ id: 'l9', name: 'Patio' }], options)).toMatchObject({ text: 'Patio' });
    expect(displayAnswer('user', 7, options)).toEqual({ kind: 'text', text: 'Ana Pérez' });
    expect(displayAnswer('venue', 'v2', {})).toEqual({ kind: 'text', text: 'v2' });
    expect(displayAnswer('location', 'l1', options)).toEqual({ kind: 'text', text: 'Bodega' });
  });
});

describe('values', () => {
  it("date-times: day, long month, hour and minute in the user's locale and zone", () => {
    const text = formatAnswerDateTime('2024-05-01T14:05:00.000+00:00', 'es-CL', 'America/Santiago');
    expect(text).toContain('1 de mayo');
    expect(text).toMatch(/10:05/);
    expect(text).not.toContain('2024');
    expect(formatAnswerDateTime('2024-05-01T14:05:00.000+00:00', 'en-US', 'UTC')).toMatch(/May 1.*02:05/);
    expect(formatAnswerDateTime(Date.UTC(2024, 0, 2, 3, 4), 'es-CL', 'UTC')).toContain('2 de enero');
    expect(formatAnswerDateTime(new Date(Date.UTC(2024, 0, 2)), 'es-CL', 'UTC')).toContain('enero');
    expect(formatAnswerDateTime('nonsense')).toBe('nonsense');
    expect(formatAnswerDateTime('2024-05-01T14:05:00Z', 'es-CL', 'Bad/Zone')).toBe('2024-05-01T14:05:00.000Z');
    expect(displayAnswer('datetime', '2024-05-01T14:05:00.000+00:00', options)).toMatchObject({ kind: 'text' });
  });

  it('dates without a time-zone shift', () => {
    expect(formatAnswerDate('2024-01-01', 'es-CL')).toBe('1 de enero de 2024');
    expect(formatAnswerDate('bad')).toBe('bad');
    expect(displayAnswer('date', '2024-12-31', options)).toEqual({ kind: 'text', text: '31 de diciembre de 2024' });
  });

  it('options, text, rich text', () => {
    expect(displayAnswer('option', { label: 'Sí, claro', value: 'yes' }, options)).toEqual({ kind: 'text', text: 'Sí, claro' });
    expect(displayAnswer('option', { value: 'yes' }, options)).toEqual({ kind: 'text', text: 'yes' });
    expect(displayAnswer('text', 'hola', options)).toEqual({ kind: 'text', text: 'hola' });
    expect(displayAnswer('rich_text', '<p>Hola&nbsp;<b>mundo</b></p>', options)).toEqual({
      kind: 'rich_text',
      html: '<p>Hola&nbsp;<b>mundo</b></p>',
      text: 'Hola mundo',
    });
    expect(displayAnswer('rich_text', '<p></p>', options)).toEqual({ kind: 'empty', text: 'Sin respuesta' });
  });

  it('files with names and sizes in MB, images as links', () => {
    expect(displayAnswer('files', ['u1', 'https://x/upload/abc%20d/download'], options)).toEqual({
      kind: 'files',
      files: [
        { url: 'u1', name: 'informe.pdf', size: '1.43 MB' },
        { url: 'https://x/upload/abc%20d/download', name: 'abc d' },
      ],
    });
    expect(displayAnswer('files', ['https://x/%E0%A4%A/download'], {})).toMatchObject({ files: [{ name: '%E0%A4%A' }] });
    expect(displayAnswer('image', 'https://x/1', options)).toEqual({ kind: 'images', urls: ['https://x/1'] });
    expect(displayAnswer('images', ['https://x/1', 'https://x/2'], options)).toEqual({ kind: 'images', urls: ['https://x/1', 'https://x/2'] });
  });

  it('ratings with their labels', () => {
    expect(displayAnswer('stars', 4, options)).toEqual({ kind: 'rating', value: 4, max: 5, text: '4/5' });
    expect(displayAnswer('emotion', 2, options, { max: 3, labels: ['Mal', 'Regular', 'Bien'] })).toEqual({
      kind: 'rating',
      value: 2,
      max: 3,
      label: 'Regular',
      text: '2/3 · Regular',
    });
    expect(displayAnswer('stars', 'x', options)).toEqual({ kind: 'text', text: 'x' });
  });

  it('every §3 data type has a view', () => {
    for (const type of ANSWER_DATA_TYPES) expect(displayAnswer(type, 'x', options).kind).toBeDefined();
  });
});

describe('a field within a stored response', () => {
  const fields = define(oneOfEach());
  const field = (name: string) => fields.find((entry) => 'name' in entry && entry.name === name)!;

  it('shows every field type of the fixture', () => {
    for (const entry of fields) {
      const view = displayFieldAnswer(entry, VALID_ANSWERS, options);
      if (entry.type === 'display_text') expect(view).toBeUndefined();
      else expect(view?.kind, entry.type).not.toBe('empty');
    }
  });

  it('skipped companions, scale interpretations, gps, ranges and sub-forms', () => {
    expect(displayFieldAnswer({ ...(field('f_text') as object), skippable: true } as never, { f_text: null, f_text_skipped: true }, options)).toEqual({
      kind: 'skipped',
      text: 'No aplica',
    });
    expect(displayFieldAnswer(field('f_value_in_num_range'), { f_value_in_num_range: 3 }, options)).toEqual({ kind: 'text', text: '3 · Bajo' });
    expect(displayFieldAnswer(field('f_value_in_num_range'), { f_value_in_num_range: 8 }, options)).toEqual({ kind: 'text', text: '8' });
    expect(displayFieldAnswer(field('f_value_in_num_range'), {}, options)).toEqual({ kind: 'empty', text: 'Sin respuesta' });
    expect(displayFieldAnswer(field('f_gps'), VALID_ANSWERS, options)).toEqual({
      kind: 'gps',
      latitude: -33.45,
      longitude: -70.66,
      accuracy: 12,
      text: '-33.45, -70.66 (±12 m)',
    });
    expect(displayFieldAnswer(field('f_date_range'), VALID_ANSWERS, options)).toEqual({
      kind: 'text',
      text: '1 de enero de 2024 – 31 de enero de 2024',
    });
    expect(displayFieldAnswer(field('f_num_range'), VALID_ANSWERS, options)).toEqual({ kind: 'text', text: '1 – 5' });
    expect(displayFieldAnswer(field('f_form'), VALID_ANSWERS, options)).toEqual({
      kind: 'form',
      entries: [{ label: 'inner', name: 'inner', view: { kind: 'text', text: 'x' } }],
    });
    expect(displayFieldAnswer(field('f_form'), {}, options)).toEqual({ kind: 'empty', text: 'Sin respuesta' });
    expect(displayFieldAnswer(field('f_emotion'), VALID_ANSWERS, options)).toMatchObject({ kind: 'rating', max: 5 });
    expect(displayFieldAnswer(field('f_checkboxes'), { f_checkboxes: [] }, options)).toEqual({ kind: 'empty', text: 'Ninguna' });
    expect(displayFieldAnswer(field('f_assets'), VALID_ANSWERS, options)).toMatchObject({ text: 'Grúa' });
  });
});
