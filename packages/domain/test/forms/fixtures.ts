import { ZFormDefinition, type FormField } from '../../src/forms/index.ts';

/** Parses a definition through the real schema (defaults applied), failing loudly. */
export function define(fields: unknown[]): FormField[] {
  const parsed = ZFormDefinition.safeParse(fields);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues, null, 2));
  return parsed.data;
}

let nextId = 1;
/** One field of each type with a minimal valid configuration. */
export function oneOfEach(): unknown[] {
  const base = (type: string, extra: Record<string, unknown> = {}) => ({ id: nextId++, type, name: `f_${type}`, label: type, ...extra });
  return [
    base('text'),
    base('multiple_choice', { choices: [{ choice: 'a' }, { choice: 'b', image: 'https://x/y.png' }] }),
    base('date'),
    base('datetime'),
    base('time'),
    base('boolean'),
    base('integer'),
    base('float'),
    base('decimal'),
    base('voice_message'),
    base('files', { max_files: 3 }),
    base('code'),
    base('date_range'),
    base('checkboxes', { choices: [{ choice: 'a' }, { choice: 'b' }, { choice: 'c' }] }),
    base('num_range'),
    base('value_in_num_range', { start: 1, stop: 10, step: 1, interpretations: [{ type: 'between', start: 1, stop: 5, name: 'Bajo' }] }),
    base('reactions', { max: 3 }),
    base('stars', { max: 5 }),
    base('emotion', { max: 5 }),
    base('gps'),
    base('venue'),
    base('users'),
    { id: nextId++, type: 'display_text', text: 'Hola' },
    base('user'),
    base('location'),
    base('image', { source: 'camera' }),
    base('venues'),
    base('locations'),
    base('images'),
    base('form', { fields: [{ id: 1, type: 'text', name: 'inner', required: true }] }),
    base('data_source', { data_source_id: 4, display_key: 'nombre' }),
    base('rich_text'),
    base('assets'),
  ];
}

/** A valid answer for each field of oneOfEach(). */
export const VALID_ANSWERS: Record<string, unknown> = {
  f_text: 'hola',
  f_multiple_choice: 'b',
  f_date: '2024-02-29',
  f_datetime: '2024-05-01T10:30',
  f_time: '08:15',
  f_boolean: false,
  f_integer: 42,
  f_float: 1.5,
  f_decimal: '10,25',
  f_voice_message: 'https://acme.app.localhost/api/document-manager/v3/upload/v1/download',
  f_files: ['u1', 'u2'],
  f_code: 'ABC-123',
  f_date_range: { start: '2024-01-01', end: '2024-01-31' },
  f_checkboxes: ['a', 'c'],
  f_num_range: { start: 1, end: 5 },
  f_value_in_num_range: 7,
  f_reactions: 2,
  f_stars: 5,
  f_emotion: 3,
  f_gps: { latitude: -33.45, longitude: -70.66, accuracy: 12 },
  f_venue: 'v1',
  f_users: ['p1', 'p2'],
  f_user: 7,
  f_location: 'l1',
  f_image: 'img-1',
  f_venues: ['v1'],
  f_locations: ['l1', 'l2'],
  f_images: ['i1', 'i2'],
  f_form: { inner: 'x' },
  f_data_source: [1, 2, 3],
  f_rich_text: '<p>Hola <b>mundo</b></p>',
  f_assets: ['a1'],
};
