import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  dateFormatProblem,
  evaluateForApi,
  fieldVisibility,
  fileReferences,
  renamedFields,
  requiredMarker,
  resolveValidatorFlags,
  toAssertionErrorBody,
  uploadRules,
  validateResponse,
  ZAssertionErrorBody,
  ZEvaluateExpressionRequest,
  ZStoredFormResponse,
  ZSubmitResponseRequest,
  ZUploadedFileDraft,
  visibleFields,
  type InputField,
} from '../../src/forms/index.ts';
import { define } from './fixtures.ts';

describe('logic-parser evaluate endpoint helper', () => {
  it('answers the result, or invalid-expression with detail and position', () => {
    expect(evaluateForApi('a > 1 and "x" in b', { a: 2, b: ['x'] })).toEqual({ ok: true, result: true });
    expect(evaluateForApi('count(b)', { b: [1, 2, 3] })).toEqual({ ok: true, result: 3 });
    expect(evaluateForApi('   ', {})).toEqual({ ok: true, result: true });
    expect(evaluateForApi('a ==', {})).toEqual({
      ok: false,
      error: { code: 'invalid-expression', detail: 'Unexpected end of expression (column 5)', reason: 'unexpected-end', position: 4 },
    });
    expect(evaluateForApi('a == 1', null)).toEqual({ ok: true, result: false });
    expect(evaluateForApi('a == 1', 'not an object')).toEqual({ ok: true, result: false });
  });
});

describe('immutable names (spec §3)', () => {
  const before = define([
    { id: 1, type: 'text', name: 'a' },
    { id: 2, type: 'form', name: 'sub', fields: [{ id: 1, type: 'text', name: 'x' }] },
    { id: 3, type: 'display_text', text: 't' },
  ]);

  it('lists fields whose name changed under the same id, sub-forms included', () => {
    const after = define([
      { id: 1, type: 'text', name: 'b' },
      {
        id: 2,
        type: 'form',
        name: 'sub',
        fields: [
          { id: 1, type: 'text', name: 'y' },
          { id: 2, type: 'text', name: 'new' },
        ],
      },
      { id: 3, type: 'display_text', text: 'changed' },
      { id: 4, type: 'text', name: 'added' },
    ]);
    expect(renamedFields(before, after)).toEqual([
      { ids: [1], from: 'a', to: 'b' },
      { ids: [2, 1], from: 'x', to: 'y' },
    ]);
    expect(renamedFields(before, before)).toEqual([]);
    expect(renamedFields(before, [])).toEqual([]);
  });
});

describe('renderer helpers', () => {
  it('date fields with a format other than the default', () => {
    expect(dateFormatProblem({ type: 'date', format: 'DD/MM/YYYY' })).toBe('Format different from default not supported by frontend.');
    expect(dateFormatProblem({ type: 'date', format: 'YYYY-MM-DD' })).toBeNull();
    expect(dateFormatProblem({ type: 'date' })).toBeNull();
    expect(dateFormatProblem({ type: 'text', format: 'x' })).toBeNull();
  });

  it('the optional word or a red asterisk, by configuration', () => {
    expect(requiredMarker({ required: true }, 'asterisk')).toEqual({ kind: 'asterisk', text: '*' });
    expect(requiredMarker({ required: false }, 'asterisk')).toBeNull();
    expect(requiredMarker({ required: false }, 'optional-word')).toEqual({ kind: 'optional-word', text: 'optional' });
    expect(requiredMarker({ required: true }, 'optional-word')).toBeNull();
  });

  it('existing file values must be a list of links', () => {
    const [files, image] = define([
      { id: 1, type: 'files', name: 'f' },
      { id: 2, type: 'image', name: 'i' },
    ]) as InputField[];
    expect(fileReferences(files!, ['https://x/1/download'])).toEqual(['https://x/1/download']);
    expect(fileReferences(files!, 'https://x/1/download')).toBeUndefined();
    expect(fileReferences(files!, [{}])).toBeUndefined();
    expect(fileReferences(image!, 'https://x/1/download')).toEqual(['https://x/1/download']);
  });

  it('visible fields in order; a chain of conditions; display texts too', () => {
    const fields = define([
      { id: 1, type: 'multiple_choice', name: 'tipo', choices: [{ choice: 'a' }, { choice: 'b' }] },
      { id: 2, type: 'display_text', text: 'Solo b', show_if: 'tipo == "b"' },
      { id: 3, type: 'text', name: 'detalle', show_if: 'tipo == "b"' },
      { id: 4, type: 'text', name: 'mas', show_if: 'detalle is not empty' },
    ]);
    expect(visibleFields(fields, { tipo: 'a', detalle: 'x' }).map((field) => field.id)).toEqual([1]);
    expect(visibleFields(fields, { tipo: 'b', detalle: 'x' }).map((field) => field.id)).toEqual([1, 2, 3, 4]);
    expect(visibleFields(fields, { tipo: 'b' }).map((field) => field.id)).toEqual([1, 2, 3]);
    const visibility = fieldVisibility(fields, {});
    expect([...visibility.values()]).toEqual([true, false, false, false]);
  });

  it('a field depending on a later field, and a cycle that skipped the schema, do not loop', () => {
    const forward = define([
      { id: 1, type: 'text', name: 'a', show_if: 'b == 1' },
      { id: 2, type: 'integer', name: 'b' },
    ]);
    expect(visibleFields(forward, { b: 1 }).map((field) => field.id)).toEqual([1, 2]);
    const cyclic = [
      { ...forward[0]!, show_if: 'b == 1' },
      { ...forward[1]!, show_if: 'a == "x"' },
    ] as typeof forward;
    expect(() => visibleFields(cyclic, { a: 'x', b: 1 })).not.toThrow();
  });

  it('an optional sub-form left blank is not validated; a started one is', () => {
    const fields = define([
      {
        id: 1,
        type: 'form',
        name: 's',
        fields: [
          { id: 1, type: 'text', name: 'x', required: true },
          { id: 2, type: 'text', name: 'y' },
        ],
      },
    ]);
    expect(validateResponse(fields, { s: { x: '', y: '' } })).toEqual([]);
    expect(validateResponse(fields, { s: { x: '', y: 'a' } })).toEqual([{ name: 's', path: ['s', 'x'], message: 'This field is required' }]);
  });
});

describe('upload selection and wire shapes', () => {
  it('single-file fields refuse a second file; multi-file ones warn above the maximum and stop at it', () => {
    const [files, image] = define([
      { id: 1, type: 'files', name: 'f', max_files: 3 },
      { id: 2, type: 'image', name: 'i' },
    ]);
    const flags = resolveValidatorFlags();
    const multi = uploadRules(files!, flags)!;
    const single = uploadRules(image!, flags)!;
    expect(checkSelection(2, single)).toEqual({ kind: 'refused' });
    expect(checkSelection(1, single)).toEqual({ kind: 'limit-reached', message: 'Alcanzaste el límite de imágenes' });
    expect(checkSelection(2, multi)).toEqual({ kind: 'ok' });
    expect(checkSelection(3, multi)).toEqual({ kind: 'limit-reached', message: 'Alcanzaste el límite de archivos' });
    expect(checkSelection(4, multi)).toEqual({ kind: 'warning', message: 'Debe seleccionar a lo más 3 archivos' });
  });

  it('request and response bodies', () => {
    expect(ZSubmitResponseRequest.safeParse({ response: { a: 1, a_skipped: true } }).success).toBe(true);
    expect(ZSubmitResponseRequest.safeParse({ response: [] }).success).toBe(false);
    expect(ZEvaluateExpressionRequest.parse({ expression: 'a == 1' })).toEqual({ expression: 'a == 1', values: {} });
    expect(ZAssertionErrorBody.safeParse(toAssertionErrorBody([{ name: 'a', path: ['a'], message: 'x' }])).success).toBe(true);
    expect(ZStoredFormResponse.safeParse({ id: 1, created_at: 'x', updated_at: 'y', response: {}, user: { id: 1 } }).success).toBe(true);
    expect(ZUploadedFileDraft.safeParse({ temporary_upload: 't', size: 3, fileType: 'image/png' }).success).toBe(true);
  });
});
