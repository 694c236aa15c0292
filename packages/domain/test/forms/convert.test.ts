import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertFieldValue, convertForSubmit, replaceRichTextImages, richTextBlobImages, setAnswer, setSkipped, validateResponse, type InputField } from '../../src/forms/index.ts';
import { define, oneOfEach, VALID_ANSWERS } from './fixtures.ts';

describe('submit conversion (spec §4)', () => {
  it('datetimes become UTC ISO text with milliseconds and +00:00', () => {
    const fields = define([{ id: 1, type: 'datetime', name: 'd' }]);
    expect(convertForSubmit(fields, { d: '2024-05-01T10:30' }, { timeZone: 'America/Santiago' })).toEqual({
      d: '2024-05-01T14:30:00.000+00:00',
    });
    expect(convertForSubmit(fields, { d: '2024-05-01T10:30:15.5-04:00' })).toEqual({ d: '2024-05-01T14:30:15.500+00:00' });
    expect(convertForSubmit(fields, { d: '2024-05-01T10:30:00Z' })).toEqual({ d: '2024-05-01T10:30:00.000+00:00' });
    expect(convertForSubmit(fields, { d: '2024-05-01T10:30' })).toEqual({ d: '2024-05-01T10:30:00.000+00:00' });
    expect(convertForSubmit(fields, { d: '2024-05-01T10:30' }, { timeZone: 'America/Mexico_City' })).toEqual({
      d: '2024-05-01T16:30:00.000+00:00',
    });
    // not a date-time: left for validation to refuse
    expect(convertForSubmit(fields, { d: 'ayer' })).toEqual({ d: 'ayer' });
  });

  it('skipped required fields become null; skipped optional ones are omitted; companions stay', () => {
    const fields = define([
      { id: 1, type: 'text', name: 'req', required: true, skippable: true },
      { id: 2, type: 'text', name: 'opt', skippable: true },
    ]);
    expect(convertForSubmit(fields, { req: 'x', req_skipped: true, opt: 'y', opt_skipped: true })).toEqual({
      req: null,
      req_skipped: true,
      opt_skipped: true,
    });
  });

  it('empty optional fields are omitted; empty required ones are null', () => {
    const fields = define([
      { id: 1, type: 'text', name: 'a' },
      { id: 2, type: 'checkboxes', name: 'b', choices: [{ choice: 'x' }] },
      { id: 3, type: 'integer', name: 'c' },
      { id: 4, type: 'text', name: 'd', required: true },
      { id: 5, type: 'rich_text', name: 'e' },
    ]);
    expect(convertForSubmit(fields, { a: '  ', b: [], c: '', d: '', e: '<p></p>' })).toEqual({ d: null });
  });

  it('drops hidden fields, display texts, unknown keys and false companions', () => {
    const fields = define([
      { id: 1, type: 'boolean', name: 'flag' },
      { id: 2, type: 'text', name: 'hidden', show_if: 'flag' },
      { id: 3, type: 'display_text', text: 'x' },
      { id: 4, type: 'text', name: 'shown', skippable: true },
    ]);
    expect(convertForSubmit(fields, { flag: false, hidden: 'h', hidden_skipped: true, extra: 1, shown: 's', shown_skipped: false })).toEqual({
      flag: false,
      shown: 's',
    });
  });

  it('numbers from typed text, integers rounded', () => {
    const fields = define([
      { id: 1, type: 'integer', name: 'i' },
      { id: 2, type: 'decimal', name: 'd' },
      { id: 3, type: 'float', name: 'f' },
      { id: 4, type: 'num_range', name: 'r' },
      { id: 5, type: 'value_in_num_range', name: 'v', start: 0, stop: 10, step: 0.5 },
      { id: 6, type: 'stars', name: 's' },
    ]);
    expect(convertForSubmit(fields, { i: '3.6', d: '10,25', f: 2, r: { start: '1', end: '2,5', junk: 1 }, v: '7.5', s: '4' })).toEqual({
      i: 4,
      d: 10.25,
      f: 2,
      r: { start: 1, end: 2.5 },
      v: 7.5,
      s: 4,
    });
    expect(convertForSubmit(fields, { i: 'doce' })).toEqual({ i: 'doce' });
  });

  it('uploads become download links; a single-file field stores one link', () => {
    const fields = define([
      { id: 1, type: 'files', name: 'f' },
      { id: 2, type: 'image', name: 'p' },
      { id: 3, type: 'voice_message', name: 'v' },
    ]);
    const fileLink = (id: string) => (id.startsWith('https://') ? id : `https://acme/upload/${id}/download`);
    expect(convertForSubmit(fields, { f: ['t1', 'https://acme/upload/old/download'], p: ['t2'], v: 't3' }, { fileLink })).toEqual({
      f: ['https://acme/upload/t1/download', 'https://acme/upload/old/download'],
      p: 'https://acme/upload/t2/download',
      v: 'https://acme/upload/t3/download',
    });
    // Only a reference is unwrapped: a list holding a list stays one, and validation refuses it
    // before and after (found by the property below).
    expect(convertForSubmit(fields, { p: [['!']] })).toEqual({ p: [['!']] });
    expect(validateResponse(fields, { p: [['!']] })).toHaveLength(1);
    expect(validateResponse(fields, convertForSubmit(fields, { p: [['!']] }))).toHaveLength(1);
  });

  it('rich text: temporary blob images replaced by their links', () => {
    const html = '<p>x</p><img alt="a" src="blob:https://acme/1"><img src=\'blob:https://acme/2\'><img src="https://cdn/x.png">';
    expect(richTextBlobImages(`${html}<img src="blob:https://acme/1">`)).toEqual(['blob:https://acme/1', 'blob:https://acme/2']);
    const fields = define([{ id: 1, type: 'rich_text', name: 'r' }]);
    expect(convertForSubmit(fields, { r: html }, { richTextImages: { 'blob:https://acme/1': 'https://acme/upload/9/download' } })).toEqual({
      r: '<p>x</p><img alt="a" src="https://acme/upload/9/download"><img src=\'blob:https://acme/2\'><img src="https://cdn/x.png">',
    });
    expect(replaceRichTextImages(html, (url) => (url.endsWith('2') ? 'https://l/"2' : undefined))).toContain("src='https://l/%222'");
    expect(replaceRichTextImages(html, undefined)).toBe(html);
  });

  it('structured values keep only their known keys; sub-forms are converted field by field', () => {
    const fields = define([
      { id: 1, type: 'gps', name: 'g' },
      { id: 2, type: 'date_range', name: 'dr' },
      {
        id: 3,
        type: 'form',
        name: 'sub',
        fields: [
          { id: 1, type: 'datetime', name: 'when' },
          { id: 2, type: 'text', name: 'empty' },
          { id: 3, type: 'integer', name: 'skip', required: true, skippable: true },
        ],
      },
    ]);
    expect(
      convertForSubmit(
        fields,
        {
          g: { latitude: -33.4, longitude: -70.6, accuracy: 5, speed: 3 },
          dr: { start: '2024-01-01', end: '2024-01-02', x: 1 },
          sub: { when: '2024-01-01T00:00', empty: '', skip_skipped: true, junk: 1 },
        },
        { timeZone: 'America/Santiago' },
      ),
    ).toEqual({
      g: { latitude: -33.4, longitude: -70.6, accuracy: 5 },
      dr: { start: '2024-01-01', end: '2024-01-02' },
      sub: { when: '2024-01-01T03:00:00.000+00:00', skip: null, skip_skipped: true },
    });
  });

  it('a response that is not an object converts to an empty one', () => {
    expect(convertForSubmit(define([{ id: 1, type: 'text', name: 'a' }]), 'x')).toEqual({});
    expect(convertFieldValue(define([{ id: 1, type: 'text', name: 'a' }])[0] as InputField, undefined)).toBeNull();
  });

  it('never sets a prototype from a key', () => {
    const fields = define([{ id: 1, type: 'text', name: 'a' }]);
    const out = convertForSubmit(fields, JSON.parse('{"__proto__": {"polluted": true}, "a": "x"}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual({ a: 'x' });
  });
});

describe('skip state (spec §4 field skipping)', () => {
  const [field] = define([{ id: 1, type: 'text', name: 'a', skippable: true }]) as InputField[];

  it('ticking resets the value; changing the value unticks', () => {
    const skipped = setSkipped({ a: 'x', b: 1 }, field!, true);
    expect(skipped).toEqual({ a: null, a_skipped: true, b: 1 });
    expect(setAnswer(skipped, field!, 'y')).toEqual({ a: 'y', b: 1 });
    expect(setSkipped(skipped, field!, false)).toEqual({ a: null, b: 1 });
  });
});

describe('conversion and validation agree (properties)', () => {
  const fields = define(oneOfEach());
  const names = Object.keys(VALID_ANSWERS);

  // Responses made of valid answers, some dropped, some skipped, some blank.
  const responses = fc
    .record({
      keep: fc.subarray(names),
      blank: fc.subarray(names),
      skipped: fc.subarray(names),
    })
    .map(({ keep, blank, skipped }) => {
      const response: Record<string, unknown> = {};
      for (const name of keep) response[name] = VALID_ANSWERS[name];
      for (const name of blank) response[name] = '';
      for (const name of skipped) response[`${name}_skipped`] = true;
      return response;
    });

  it('convert is idempotent (the server converts what the client converted)', () => {
    fc.assert(
      fc.property(responses, fc.constantFrom('UTC', 'America/Santiago', 'America/Mexico_City'), (response, timeZone) => {
        const once = convertForSubmit(fields, response, { timeZone });
        expect(convertForSubmit(fields, once, { timeZone })).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });

  it('validate(convert(x)) gives the same errors as validate(x)', () => {
    fc.assert(
      fc.property(responses, (response) => {
        const before = validateResponse(fields, response);
        const after = validateResponse(fields, convertForSubmit(fields, response, { timeZone: 'America/Santiago' }));
        expect(after).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it('on arbitrary values too, converting changes no verdict and is idempotent', () => {
    const numericText = fc
      .oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.integer({ min: -10, max: 10 }).map((n) => n / 4),
      )
      .chain((n) => fc.constantFrom(n, String(n), String(n).replace('.', ',')));
    const anyValue = fc.oneof(fc.jsonValue(), numericText, fc.constantFrom('2024-05-01T10:00', '2024-09-08T00:30', '2024-05-01', '08:00'));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), anyValue), (response) => {
        const converted = convertForSubmit(fields, response, { timeZone: 'America/Santiago' });
        const before = validateResponse(fields, response).map((error) => error.path.join('.'));
        const after = validateResponse(fields, converted).map((error) => error.path.join('.'));
        // Conversion never makes a valid answer invalid…
        for (const failing of after) expect(before).toContain(failing);
        // …and makes an invalid one pass only by dropping it as empty (e.g. an object of blanks).
        for (const failing of before) if (!after.includes(failing)) expect(converted).not.toHaveProperty(failing.split('.')[0]!);
        // …and converting again changes nothing (the server converts what the client converted).
        expect(convertForSubmit(fields, converted, { timeZone: 'America/Santiago' })).toEqual(converted);
      }),
      { numRuns: 1000 },
    );
  });
});
