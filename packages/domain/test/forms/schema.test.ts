import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileRegex, FIELD_SCHEMAS, FIELD_TYPES, isSafeRegex, ZCreateFormRequest, ZFormDefinition, ZFormField, ZLinearScale, ZValidator } from '../../src/forms/index.ts';
import { define, oneOfEach } from './fixtures.ts';

function issues(fields: unknown[]): string[] {
  const parsed = ZFormDefinition.safeParse(fields);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('field definitions', () => {
  it('accepts one field of every type and applies the common defaults', () => {
    const fields = define(oneOfEach());
    expect(fields.map((field) => field.type).sort()).toEqual([...FIELD_TYPES].sort());
    const text = fields[0]!;
    expect(text).toMatchObject({ required: false, skippable: false, validators: [], label: 'text' });
  });

  it('has a schema per type', () => {
    expect(Object.keys(FIELD_SCHEMAS).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('keeps the common optional keys', () => {
    const [field] = define([
      {
        id: 'x1',
        type: 'text',
        name: 'a',
        style_class: 'wide',
        required: true,
        skippable: true,
        label: 'A',
        placeholder: 'escriba',
        readonly: false,
        disabled: false,
        show_if: '',
        description: 'ayuda',
        required_message: 'Obligatorio',
        unknown_key: 1,
      },
    ]);
    expect(field).toEqual({
      id: 'x1',
      type: 'text',
      name: 'a',
      style_class: 'wide',
      required: true,
      skippable: true,
      label: 'A',
      placeholder: 'escriba',
      readonly: false,
      disabled: false,
      show_if: '',
      description: 'ayuda',
      required_message: 'Obligatorio',
      validators: [],
    });
  });

  it('display_text needs only id, type and text', () => {
    expect(ZFormField.safeParse({ id: 1, type: 'display_text', text: 'Hola' }).success).toBe(true);
    expect(ZFormField.safeParse({ id: 1, type: 'display_text' }).success).toBe(false);
  });

  it('refuses unknown types and inputs without a name', () => {
    expect(ZFormField.safeParse({ id: 1, type: 'signature', name: 'a' }).success).toBe(false);
    expect(ZFormField.safeParse({ id: 1, type: 'text' }).success).toBe(false);
  });

  it('refuses names that are not identifiers or could reach Object.prototype', () => {
    for (const name of ['__proto__', 'constructor', 'prototype', '__x', '1abc', 'a-b', 'a b', '', 'x'.repeat(101)]) {
      expect(ZFormField.safeParse({ id: 1, type: 'text', name }).success, name).toBe(false);
    }
    for (const name of ['a', 'año_2', '_x', 'Nombre']) expect(ZFormField.safeParse({ id: 1, type: 'text', name }).success).toBe(true);
  });

  it('type-specific extras', () => {
    const [files, image, choice, date, emotion, venue, source] = define([
      { id: 1, type: 'files', name: 'f', max_files: 4 },
      { id: 2, type: 'image', name: 'i' },
      { id: 3, type: 'multiple_choice', name: 'm', choices: [{ choice: 'Sí', image: 'https://x/si.png' }] },
      { id: 4, type: 'date', name: 'd', format: 'DD/MM/YYYY' },
      { id: 5, type: 'emotion', name: 'e', max: 7, labels: ['a'] },
      { id: 6, type: 'venue', name: 'v', audience: 'aud-1' },
      { id: 7, type: 'data_source', name: 's', data_source_id: 'ds1', display_key: 'label' },
    ]);
    expect(files).toMatchObject({ max_files: 4 });
    expect(image).toMatchObject({ source: 'camera_and_gallery' });
    expect(choice).toMatchObject({ choices: [{ choice: 'Sí', image: 'https://x/si.png' }] });
    expect(date).toMatchObject({ format: 'DD/MM/YYYY' });
    expect(emotion).toMatchObject({ max: 7, labels: ['a'] });
    expect(venue).toMatchObject({ audience: 'aud-1' });
    expect(source).toMatchObject({ data_source_id: 'ds1', display_key: 'label' });
  });

  it('image source is one of camera, gallery, camera_and_gallery', () => {
    expect(ZFormField.safeParse({ id: 1, type: 'images', name: 'i', source: 'gallery' }).success).toBe(true);
    expect(ZFormField.safeParse({ id: 1, type: 'images', name: 'i', source: 'scanner' }).success).toBe(false);
  });

  it('choices are required, non-blank and unique', () => {
    expect(ZFormField.safeParse({ id: 1, type: 'checkboxes', name: 'c', choices: [] }).success).toBe(false);
    expect(ZFormField.safeParse({ id: 1, type: 'checkboxes', name: 'c', choices: [{ choice: ' ' }] }).success).toBe(false);
    expect(ZFormField.safeParse({ id: 1, type: 'checkboxes', name: 'c', choices: [{ choice: 'a' }, { choice: 'a' }] }).success).toBe(false);
  });

  it('emotion only on 3, 5, 7 or 9 levels', () => {
    for (const max of [3, 5, 7, 9]) expect(ZFormField.safeParse({ id: 1, type: 'emotion', name: 'e', max }).success).toBe(true);
    for (const max of [1, 2, 4, 6, 10]) expect(ZFormField.safeParse({ id: 1, type: 'emotion', name: 'e', max }).success).toBe(false);
  });

  it('linear scale: minimum ≥ 0, maximum ≥ 1, step ≥ 0, minimum below maximum, interpretations', () => {
    expect(ZLinearScale.parse({})).toEqual({ start: 0, stop: 10, step: 1, interpretations: [] });
    expect(ZLinearScale.safeParse({ start: -1, stop: 5 }).success).toBe(false);
    expect(ZLinearScale.safeParse({ start: 0, stop: 0.5 }).success).toBe(false);
    expect(ZLinearScale.safeParse({ start: 0, stop: 5, step: -1 }).success).toBe(false);
    expect(ZLinearScale.safeParse({ start: 0, stop: 5, step: 0 }).success).toBe(true);
    expect(ZLinearScale.safeParse({ start: 5, stop: 5 }).success).toBe(false);
    const scale = {
      id: 1,
      type: 'value_in_num_range',
      name: 'n',
      start: 1,
      stop: 10,
      step: 1,
      start_label: 'Malo',
      stop_label: 'Bueno',
      interpretations: [
        { type: 'between', start: 1, stop: 4, name: 'Detractor' },
        { type: 'equal', start: 10, name: 'Fan' },
      ],
    };
    expect(ZFormField.safeParse(scale).success).toBe(true);
    expect(ZFormField.safeParse({ ...scale, start: 10, stop: 1 }).success).toBe(false);
    expect(ZFormField.safeParse({ ...scale, interpretations: [{ type: 'between', start: 5, stop: 1, name: 'x' }] }).success).toBe(false);
    expect(ZFormField.safeParse({ ...scale, interpretations: [{ type: 'between', start: 1, name: 'x' }] }).success).toBe(false);
  });

  it('number fields take min, max and a positive step', () => {
    expect(ZFormField.safeParse({ id: 1, type: 'decimal', name: 'd', min: 0, max: 10, step: 0.25 }).success).toBe(true);
    expect(ZFormField.safeParse({ id: 1, type: 'decimal', name: 'd', step: 0 }).success).toBe(false);
  });
});

describe('validators', () => {
  it('each type carries its parameters', () => {
    const valid = [
      { type: 'min_length', limit_value: 2 },
      { type: 'max_length', limit_value: 2, message: 'corto' },
      { type: 'regex', regex: '^[A-Z]+$' },
      { type: 'email' },
      { type: 'min_value', value: 1 },
      { type: 'max_value', value: '2024-12-31' },
      { type: 'min_file_size', limit_value: 1024 },
      { type: 'max_file_size', limit_value: 2048 },
      { type: 'allowed_formats', formats: ['PDF', '.png'] },
      { type: 'rut' },
    ];
    for (const validator of valid) expect(ZValidator.safeParse(validator).success, validator.type).toBe(true);
    expect(ZValidator.parse({ type: 'allowed_formats', formats: ['PDF', '.png'] })).toEqual({
      type: 'allowed_formats',
      formats: ['pdf', 'png'],
    });
  });

  it('refuses unknown types and missing or bad parameters', () => {
    for (const validator of [
      { type: 'luhn' },
      { type: 'min_length' },
      { type: 'min_length', limit_value: -1 },
      { type: 'min_length', limit_value: 1.5 },
      { type: 'regex', regex: '(' },
      { type: 'regex', regex: '(a+)+$' },
      { type: 'allowed_formats', formats: [] },
      { type: 'allowed_formats', formats: ['../etc'] },
      { type: 'min_value' },
    ]) {
      expect(ZValidator.safeParse(validator).success, JSON.stringify(validator)).toBe(false);
    }
  });

  it('must fit the field type', () => {
    expect(issues([{ id: 1, type: 'integer', name: 'n', validators: [{ type: 'email' }] }])).toEqual(['0.validators.0.type: El validador email no aplica a campos integer']);
    expect(issues([{ id: 1, type: 'integer', name: 'n', validators: [{ type: 'min_value', value: '3' }] }])).toEqual(['0.validators.0.value: El valor debe ser un número']);
    expect(issues([{ id: 1, type: 'date', name: 'd', validators: [{ type: 'min_value', value: 3 }] }])).toEqual(['0.validators.0.value: El valor debe ser una fecha u hora']);
    expect(issues([{ id: 1, type: 'files', name: 'f', validators: [{ type: 'max_file_size', limit_value: 10 }] }])).toEqual([]);
  });
});

describe('regex safety', () => {
  it('refuses nested quantifiers, accepts ordinary patterns', () => {
    for (const pattern of ['(a+)+', '(\\w*)*', '((ab)+)*', '(a|b+){2,}', '(x+){1,5}']) expect(isSafeRegex(pattern), pattern).toBe(false);
    for (const pattern of ['^\\d{7,8}-[\\dkK]$', '(\\d{3}-){2}\\d{4}', '^(foo|bar)+$', '[(a+)+]', '\\(a+\\)+', '(?:ab)?c+', '(a+)?']) expect(isSafeRegex(pattern), pattern).toBe(true);
  });

  it('compiles Python named groups and refuses invalid ones', () => {
    expect(compileRegex('(?P<y>\\d{4})')?.test('2024')).toBe(true);
    expect(compileRegex('[')).toBeUndefined();
    expect(compileRegex('a'.repeat(501))).toBeUndefined();
  });
});

describe('form-level rules', () => {
  it('names and ids are unique', () => {
    expect(
      issues([
        { id: 1, type: 'text', name: 'a' },
        { id: 2, type: 'text', name: 'a' },
      ]),
    ).toEqual(['1.name: Nombre repetido: a']);
    expect(
      issues([
        { id: 1, type: 'text', name: 'a' },
        { id: 1, type: 'text', name: 'b' },
      ]),
    ).toEqual(['1.id: Id repetido: 1']);
    expect(
      issues([
        { id: 1, type: 'text', name: 'a' },
        { id: '1', type: 'text', name: 'b' },
      ]),
    ).toEqual([]);
  });

  it("a name may not be another field's _skipped companion", () => {
    expect(
      issues([
        { id: 1, type: 'text', name: 'a' },
        { id: 2, type: 'boolean', name: 'a_skipped' },
      ]),
    ).toEqual(['0.name: El nombre a_skipped está reservado para "No aplica" de a']);
  });

  it('show_if must parse, read existing fields (or companions) and not itself', () => {
    expect(issues([{ id: 1, type: 'text', name: 'a', show_if: 'b ==' }])[0]).toMatch(/^0\.show_if: Unexpected end of expression/);
    expect(issues([{ id: 1, type: 'text', name: 'a', show_if: 'zz == 1' }])).toEqual(['0.show_if: La condición usa un campo que no existe: zz']);
    expect(issues([{ id: 1, type: 'text', name: 'a', show_if: 'a == 1' }])).toEqual(['0.show_if: La condición no puede depender del mismo campo']);
    expect(
      issues([
        { id: 1, type: 'text', name: 'a', skippable: true },
        { id: 2, type: 'text', name: 'b', show_if: 'a_skipped == true or a == "x"' },
        { id: 3, type: 'display_text', text: 'Solo si b', show_if: 'not empty(b)' },
      ]),
    ).toEqual([]);
  });

  it('conditions may not form a cycle', () => {
    expect(
      issues([
        { id: 1, type: 'text', name: 'a', show_if: 'c == 1' },
        { id: 2, type: 'text', name: 'b', show_if: 'a == 1' },
        { id: 3, type: 'text', name: 'c', show_if: 'b == 1' },
      ]),
    ).toEqual(['0.show_if: Condiciones circulares: a → c → b → a']);
  });

  it('checks sub-forms with their own scope', () => {
    expect(
      issues([
        {
          id: 1,
          type: 'form',
          name: 'sub',
          fields: [
            { id: 1, type: 'text', name: 'x' },
            { id: 2, type: 'text', name: 'x' },
          ],
        },
      ]),
    ).toEqual(['0.fields.1.name: Nombre repetido: x']);
    expect(
      issues([
        { id: 1, type: 'text', name: 'outer' },
        { id: 2, type: 'form', name: 'sub', fields: [{ id: 1, type: 'text', name: 'x', show_if: 'outer == 1' }] },
      ]),
    ).toEqual(['1.fields.0.show_if: La condición usa un campo que no existe: outer']);
  });

  it('a definition with sub-forms encodes (the server serialises responses through the schema)', () => {
    const definition = ZFormDefinition.parse([{ id: 1, type: 'form', name: 'sub', fields: [{ id: 2, type: 'text', name: 'x' }] }]);
    expect(z.encode(ZFormDefinition, definition)).toEqual(definition);
  });

  it('bounds the nesting of sub-forms and the number of fields', () => {
    let deep: unknown = [{ id: 1, type: 'text', name: 'leaf' }];
    for (let level = 0; level < 10; level += 1) deep = [{ id: 1, type: 'form', name: `l${level}`, fields: deep }];
    expect(ZFormDefinition.safeParse(deep).success).toBe(false);
    let ok: unknown = [{ id: 1, type: 'text', name: 'leaf' }];
    for (let level = 0; level < 3; level += 1) ok = [{ id: 1, type: 'form', name: `l${level}`, fields: ok }];
    expect(ZFormDefinition.safeParse(ok).success).toBe(true);
    let hostile: unknown = [];
    for (let level = 0; level < 20_000; level += 1) hostile = [{ id: 1, type: 'form', name: 'x', fields: hostile }];
    const result = ZFormDefinition.safeParse(hostile);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Subformularios anidados más de 4 niveles');
    const many = Array.from({ length: 1001 }, (_, at) => ({ id: at, type: 'text', name: `f${at}` }));
    expect(ZFormDefinition.safeParse(many).success).toBe(false);
  });

  it('the create request has a name and a description', () => {
    expect(ZCreateFormRequest.safeParse({ name: 'Checklist', description: [{ id: 1, type: 'display_text', text: 'x' }] }).success).toBe(true);
    expect(ZCreateFormRequest.safeParse({ name: ' ', description: [] }).success).toBe(false);
  });
});
