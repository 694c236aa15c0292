import { describe, expect, it } from 'vitest';
import { fieldErrorMap, FORM_MESSAGES, fromAssertionErrors, toAssertionErrorBody, toAssertionErrors, validateResponse } from '../../src/forms/index.ts';
import { define } from './fixtures.ts';

describe('assertion errors (API.md Forms)', () => {
  const fields = define([
    { id: 1, type: 'text', name: 'a', required: true },
    { id: 2, type: 'integer', name: 'b', min: 3 },
    {
      id: 3,
      type: 'form',
      name: 'sub',
      fields: [
        { id: 1, type: 'text', name: 'c', required: true },
        { id: 2, type: 'text', name: 'd' },
      ],
    },
  ]);
  const errors = validateResponse(fields, { b: 1, sub: { c: '', d: 'hola' } });

  it('one entry per failing field, loc ["response", name], msg the spec message', () => {
    expect(toAssertionErrorBody(errors)).toEqual({
      non_field_errors: [
        { type: 'assertion_error', loc: ['response', 'a'], msg: 'This field is required' },
        { type: 'assertion_error', loc: ['response', 'b'], msg: 'Debe ser al menos 3' },
        { type: 'assertion_error', loc: ['response', 'sub', 'c'], msg: 'This field is required' },
      ],
    });
    expect(toAssertionErrors([])).toEqual([]);
  });

  it('maps a 400 back onto the fields; the first in form order is scrolled to', () => {
    const body = JSON.parse(JSON.stringify(toAssertionErrorBody(errors))) as unknown;
    const mapped = fromAssertionErrors(body, ['sub.c', 'b', 'a']);
    expect(mapped?.fields).toEqual(
      new Map([
        ['a', 'This field is required'],
        ['b', 'Debe ser al menos 3'],
        ['sub.c', 'This field is required'],
      ]),
    );
    expect(mapped?.first).toBe('sub.c');
    expect(fromAssertionErrors(body)?.first).toBe('a');
    expect(fieldErrorMap(errors)).toEqual(mapped?.fields);
  });

  it('keeps the first message per field, accepts numeric loc parts and a loc without "response"', () => {
    const mapped = fromAssertionErrors({
      non_field_errors: [
        { type: 'assertion_error', loc: ['response', 'a'], msg: 'uno' },
        { type: 'assertion_error', loc: ['response', 'a'], msg: 'dos' },
        { type: 'assertion_error', loc: ['items', 0], msg: 'tres' },
      ],
    });
    expect(mapped?.fields).toEqual(
      new Map([
        ['a', 'uno'],
        ['items.0', 'tres'],
      ]),
    );
  });

  it('anything else goes to the general handler (undefined)', () => {
    for (const body of [
      null,
      'x',
      {},
      { code: 'permission-denied' },
      { non_field_errors: [] },
      { non_field_errors: 'x' },
      { non_field_errors: [{ type: 'other', loc: ['response', 'a'], msg: 'x' }] },
      { non_field_errors: [{ type: 'assertion_error', loc: ['response'], msg: 'x' }] },
      { non_field_errors: [{ type: 'assertion_error', loc: ['response', {}], msg: 'x' }] },
      { non_field_errors: [{ type: 'assertion_error', loc: ['response', 'a'] }] },
      { non_field_errors: [null] },
    ]) {
      expect(fromAssertionErrors(body), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('the form-level message is the spec text', () => {
    expect(FORM_MESSAGES.formHasErrors).toBe('The form has errors. Please check fields with red markers.');
  });
});
