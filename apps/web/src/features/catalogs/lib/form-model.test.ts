import { describe, expect, it } from 'vitest';
import { CATALOGS, visibleFields, type CatalogRecord } from './catalog-defs.ts';
import { initialValues, isDirty, toPayload, validate, type KeyValueRow } from './form-model.ts';

const venueFields = CATALOGS.venues.fields;

const venue: CatalogRecord = {
  id: 'v1',
  name: 'Casa Matriz',
  code: 'HQ',
  address: 'Av. Apoquindo 4500',
  description: null,
  legacy_id: 12,
  business_line: 'bl1',
  business_line_name: 'Retail',
  country: 'CL',
  timezone: 'America/Santiago',
  gla: 3200.5,
  extra_data: { pisos: 5, piloto: 'sí', meta: { a: 1 } },
  categories: ['c1', 'c2'],
  image_upload_id: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('catalogue form model', () => {
  it('reads a record into text boxes, lists and key/value rows', () => {
    const values = initialValues(venueFields, venue);
    expect(values).toMatchObject({ code: 'HQ', legacy_id: '12', gla: '3200.5', country: 'CL', business_line: 'bl1', categories: ['c1', 'c2'], image_upload_id: null, description: '' });
    expect((values.extra_data as KeyValueRow[]).map((row) => [row.key, row.text])).toEqual([
      ['pisos', '5'],
      ['piloto', 'sí'],
      ['meta', '{"a":1}'],
    ]);
  });

  it('presets references of a new row (a location created from its venue)', () => {
    const values = initialValues(CATALOGS.locations.fields, null, { venue: 'v1', parent: 'l1' });
    expect(values).toMatchObject({ venue: 'v1', parent: 'l1', blue_print: null, code: '', name: '' });
  });

  it('checks required texts, lengths, whole and decimal numbers, and extra data keys', () => {
    const values = { ...initialValues(venueFields, null), code: ' ', name: 'x'.repeat(201), legacy_id: '1.5', gla: '-3' };
    expect(validate(venueFields, values)).toEqual({
      code: { key: 'catalogs.form.required' },
      name: { key: 'catalogs.form.tooLong', values: { max: 200 } },
      legacy_id: { key: 'catalogs.form.integer' },
      gla: { key: 'catalogs.form.decimal' },
    });
    const rows = (pairs: [string, string][]) => pairs.map(([key, text], i) => ({ id: String(i), key, text }));
    const ok = { ...initialValues(venueFields, venue) };
    expect(
      validate(venueFields, {
        ...ok,
        extra_data: rows([
          ['a', '1'],
          ['', ''],
        ]),
      }),
    ).toEqual({});
    expect(validate(venueFields, { ...ok, extra_data: rows([['', 'huérfano']]) })).toEqual({ extra_data: { key: 'catalogs.form.keyRequired' } });
    expect(
      validate(venueFields, {
        ...ok,
        extra_data: rows([
          ['a', '1'],
          [' a ', '2'],
        ]),
      }),
    ).toEqual({ extra_data: { key: 'catalogs.form.keyDuplicate', values: { key: 'a' } } });
    expect(validate(venueFields, { ...ok, gla: '1250,5', legacy_id: '7' })).toEqual({});
  });

  it('creates with every filled field, typed for the API', () => {
    const values = { ...initialValues(venueFields, null), code: ' NEW ', name: 'Nueva', gla: '1250,5', legacy_id: '7', categories: ['c1'], extra_data: [{ id: 'r', key: 'turno', text: 'noche' }] };
    expect(toPayload(venueFields, values, null)).toEqual({ code: 'NEW', name: 'Nueva', gla: 1250.5, legacy_id: 7, categories: ['c1'], extra_data: { turno: 'noche' } });
  });

  it('edits with only what changed, keeping untouched extra data values of other types', () => {
    const initial = initialValues(venueFields, venue);
    expect(toPayload(venueFields, initial, initial)).toEqual({});
    expect(isDirty(venueFields, initial, initial)).toBe(false);
    const rows = (initial.extra_data as KeyValueRow[]).map((row) => (row.key === 'piloto' ? { ...row, text: 'no' } : row));
    const changed = { ...initial, address: '', extra_data: rows, categories: ['c2'] };
    expect(isDirty(venueFields, changed, initial)).toBe(true);
    expect(toPayload(venueFields, changed, initial)).toEqual({ address: null, categories: ['c2'], extra_data: { pisos: 5, piloto: 'no', meta: { a: 1 } } });
  });

  it('hides references into catalogues the tenant switched off', () => {
    expect(visibleFields(CATALOGS.venues, ['business_line']).map((field) => field.name)).not.toContain('business_line');
    expect(visibleFields(CATALOGS.venues, []).map((field) => field.name)).toContain('business_line');
  });
});
