import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { HttpError } from '../api/http-error.ts';
import { FormStore } from './form-store.ts';
import { setRenderProbe } from './renderer-context.ts';
import { frame, inputOf, renderForm, sent, submit, type } from './test-helpers.tsx';

afterEach(() => {
  setRenderProbe(null);
  vi.unstubAllGlobals();
});

describe('form renderer: submit (spec §4, §5)', () => {
  it('sends the converted response: empty optional fields omitted, values as typed', async () => {
    const { onSubmit } = await renderForm([
      { id: 1, type: 'text', name: 'nombre', label: 'Nombre', required: true },
      { id: 2, type: 'text', name: 'apodo', label: 'Apodo' },
    ]);
    type('nombre', 'Ana');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(sent(onSubmit)).toEqual({ nombre: 'Ana' });
  });

  it('validates every field, shows the messages and the form message, sends nothing while invalid', async () => {
    const { onSubmit } = await renderForm([
      { id: 1, type: 'text', name: 'a', label: 'A', required: true },
      { id: 2, type: 'text', name: 'b', label: 'B', required: true, required_message: 'Falta B' },
      { id: 3, type: 'text', name: 'c', label: 'C', validators: [{ type: 'email' }] },
    ]);
    type('c', 'no-es-correo');
    submit();
    expect((await screen.findByTestId('form-errors')).textContent).toContain(FORM_MESSAGES.formHasErrors);
    expect(within(frame('a')).getByTestId('error-a').textContent).toContain('This field is required');
    expect(within(frame('b')).getByTestId('error-b').textContent).toContain('Falta B');
    expect(within(frame('c')).getByTestId('error-c').textContent).toContain('El campo debe ser un correo electrónico válido.');
    expect(frame('a').dataset.invalid).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field after a failed submit', async () => {
    await renderForm([
      { id: 1, type: 'text', name: 'ok', label: 'Ok' },
      { id: 2, type: 'text', name: 'first', label: 'First', required: true },
      { id: 3, type: 'text', name: 'second', label: 'Second', required: true },
    ]);
    submit();
    await waitFor(() => expect(document.activeElement).toBe(inputOf('first')));
  });

  it('a changed value makes its message stale (hidden) until the field is left again', async () => {
    await renderForm([{ id: 1, type: 'text', name: 'a', label: 'A', required: true, validators: [{ type: 'min_length', limit_value: 3 }] }]);
    submit();
    await screen.findByTestId('error-a');
    fireEvent.change(inputOf('a'), { target: { value: 'x' } });
    expect(screen.queryByTestId('error-a')).toBeNull();
    fireEvent.blur(inputOf('a'));
    expect((await screen.findByTestId('error-a')).textContent).toContain('El campo debe tener al menos 3 caracteres.');
    type('a', 'xyz');
    await waitFor(() => expect(screen.queryByTestId('error-a')).toBeNull());
  });

  it('maps a 400 of assertion errors onto the fields and keeps the form', async () => {
    const onSubmit = vi.fn(async () => {
      throw new HttpError({
        status: 400,
        method: 'POST',
        url: '/x',
        body: { non_field_errors: [{ type: 'assertion_error', loc: ['response', 'codigo'], msg: 'Debe ser a lo más 5' }] },
        bodyText: '',
        contentType: 'application/json',
      });
    });
    await renderForm([{ id: 1, type: 'text', name: 'codigo', label: 'Código' }], { onSubmit });
    type('codigo', 'abcdef');
    submit();
    expect((await screen.findByTestId('error-codigo')).textContent).toContain('Debe ser a lo más 5');
    expect(screen.getByTestId('form-errors').textContent).toContain(FORM_MESSAGES.formHasErrors);
    expect(inputOf('codigo').value).toBe('abcdef');
  });

  it('the error banner clears when the person submits again (issue 45): gone once the server accepts, back if it refuses again', async () => {
    const refusal = () =>
      new HttpError({
        status: 400,
        method: 'POST',
        url: '/x',
        body: { non_field_errors: [{ type: 'assertion_error', loc: ['response', 'codigo'], msg: 'Ya existe' }] },
        bodyText: '',
        contentType: 'application/json',
      });
    const answers: (() => Promise<void>)[] = [async () => Promise.reject(refusal()), async () => Promise.reject(refusal()), async () => undefined];
    const onSubmit = vi.fn(async () => answers.shift()!());
    await renderForm([{ id: 1, type: 'text', name: 'codigo', label: 'Código' }], { onSubmit });
    type('codigo', 'A1');
    submit();
    await screen.findByTestId('form-errors');
    type('codigo', 'A2');
    submit();
    // refused again: the banner is there for this answer, not left over from the first
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(FORM_MESSAGES.formHasErrors);
    type('codigo', 'A3');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByTestId('form-errors')).toBeNull());
    expect(screen.queryByTestId('error-codigo')).toBeNull();
  });

  it('other failures go to the general handler', async () => {
    const onError = vi.fn();
    const failure = new Error('boom');
    await renderForm([{ id: 1, type: 'text', name: 'a', label: 'A' }], { onSubmit: async () => Promise.reject(failure), onError });
    type('a', 'x');
    submit();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(screen.queryByTestId('form-errors')).toBeNull();
  });

  it('has a submitting flag: the button is busy and a second submit sends nothing', async () => {
    let release: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    await renderForm([{ id: 1, type: 'text', name: 'a', label: 'A' }], { onSubmit });
    type('a', 'x');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('form-submit').hasAttribute('data-loading')).toBe(true);
    expect(inputOf('a').disabled).toBe(true);
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await waitFor(() => expect(inputOf('a').disabled).toBe(false));
  });
});

describe('"No aplica" (spec §4 field skipping)', () => {
  it('ticking resets the value and marks the companion; a skipped required field is sent as null', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'text', name: 'obs', label: 'Obs', required: true, skippable: true }]);
    type('obs', 'algo');
    fireEvent.click(screen.getByTestId('skip-obs'));
    expect(inputOf('obs').value).toBe('');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(sent(onSubmit)).toEqual({ obs: null, obs_skipped: true });
  });

  it('changing the value unticks it', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'text', name: 'obs', label: 'Obs', skippable: true }]);
    fireEvent.click(screen.getByTestId('skip-obs'));
    expect((screen.getByTestId('skip-obs') as HTMLInputElement).checked).toBe(true);
    type('obs', 'nuevo');
    expect((screen.getByTestId('skip-obs') as HTMLInputElement).checked).toBe(false);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(sent(onSubmit)).toEqual({ obs: 'nuevo' });
  });

  it('a skipped field is never flagged; a skipped optional one is sent as the companion only', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'integer', name: 'n', label: 'N', skippable: true, min: 5 }]);
    type('n', '1');
    fireEvent.click(screen.getByTestId('skip-n'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(sent(onSubmit)).toEqual({ n_skipped: true });
  });
});

describe('required marker (spec §5, by configuration)', () => {
  it('red asterisk on required fields', async () => {
    await renderForm([
      { id: 1, type: 'text', name: 'a', label: 'A', required: true },
      { id: 2, type: 'text', name: 'b', label: 'B' },
    ]);
    expect(within(frame('a')).getByText('*')).toBeTruthy();
    expect(within(frame('b')).queryByText('*')).toBeNull();
  });

  it('the word "optional" on optional fields', async () => {
    await renderForm(
      [
        { id: 1, type: 'text', name: 'a', label: 'A', required: true },
        { id: 2, type: 'text', name: 'b', label: 'B' },
      ],
      { markerStyle: 'optional-word' },
    );
    expect(within(frame('b')).getByText('optional')).toBeTruthy();
    expect(within(frame('a')).queryByText('optional')).toBeNull();
  });
});

describe('show_if (spec §4: a hidden field is neither validated nor submitted)', () => {
  const fields = [
    { id: 1, type: 'text', name: 'tipo', label: 'Tipo' },
    { id: 2, type: 'text', name: 'detalle', label: 'Detalle', required: true, show_if: 'tipo == "incidente"' },
  ];

  it('shows the field while its condition holds', async () => {
    await renderForm(fields);
    expect(screen.queryByTestId('field-detalle')).toBeNull();
    type('tipo', 'incidente');
    expect(await screen.findByTestId('field-detalle')).toBeTruthy();
    type('tipo', 'otro');
    await waitFor(() => expect(screen.queryByTestId('field-detalle')).toBeNull());
  });

  it('a hidden required field does not block the submit and is not sent', async () => {
    const { onSubmit } = await renderForm(fields);
    type('tipo', 'incidente');
    type('detalle', 'x');
    type('tipo', 'otro');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(sent(onSubmit)).toEqual({ tipo: 'otro' });
  });
});

describe('performance shape', () => {
  it('a keystroke re-renders only the field typed into', async () => {
    const counts = new Map<string, number>();
    setRenderProbe((key) => counts.set(key, (counts.get(key) ?? 0) + 1));
    const fields = Array.from({ length: 30 }, (_, at) => ({ id: at + 1, type: 'text', name: `f${at}`, label: `F${at}` }));
    await renderForm(fields);
    counts.clear();
    fireEvent.change(inputOf('f7'), { target: { value: 'a' } });
    fireEvent.change(inputOf('f7'), { target: { value: 'ab' } });
    expect([...counts.keys()]).toEqual(['f7']);
    expect(counts.get('f7')).toBe(2);
  });

  it('in a form of mixed types too: one store subscription per field; a keystroke or a choice re-renders only its field', async () => {
    const counts = new Map<string, number>();
    setRenderProbe((key) => counts.set(key, (counts.get(key) ?? 0) + 1));
    const choices = [{ choice: 'Sí' }, { choice: 'No' }];
    const kinds = [
      { type: 'text' },
      { type: 'integer' },
      { type: 'boolean' },
      { type: 'multiple_choice', choices },
      { type: 'checkboxes', choices },
      { type: 'stars', max: 5 },
      { type: 'value_in_num_range', start: 1, stop: 5, step: 1 },
      { type: 'code' },
      { type: 'emotion', max: 5 },
    ];
    const fields = Array.from({ length: 27 }, (_, at) => ({ id: at + 1, name: `f${at}`, label: `F${at}`, skippable: at % 4 === 0, ...kinds[at % kinds.length]! }));
    const store = new FormStore();
    const subscribe = vi.spyOn(store, 'subscribe');
    await renderForm(fields, { store });
    // The fields, the form's message and its submit button.
    expect(subscribe.mock.calls.length).toBeLessThanOrEqual(fields.length + 2);
    counts.clear();
    fireEvent.change(inputOf('f9'), { target: { value: 'a' } });
    expect([...counts.keys()]).toEqual(['f9']);
    counts.clear();
    fireEvent.click(within(frame('f14')).getByLabelText('4 estrellas').nextElementSibling!);
    expect([...counts.keys()]).toEqual(['f14']);
    counts.clear();
    fireEvent.click(within(frame('f17')).getByTestId('emotion-3'));
    expect([...counts.keys()]).toEqual(['f17']);
  });

  it('a store given by the caller holds the answers (the builder reads them)', async () => {
    const store = new FormStore({ a: 'inicial' });
    await renderForm([{ id: 1, type: 'text', name: 'a', label: 'A' }], { store });
    expect(inputOf('a').value).toBe('inicial');
    type('a', 'otro');
    expect(store.getState().values).toEqual({ a: 'otro' });
  });
});
