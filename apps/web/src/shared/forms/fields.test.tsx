import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { frame, inputOf, renderForm, sent, submit, type } from './test-helpers.tsx';
import { jsonResponse } from '../../test/fetch.ts';

/** One block per field type of spec §3: value in and out, and the type's own rules. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function errorOf(name: string): string | null | undefined {
  return screen.queryByTestId(`error-${name}`)?.textContent;
}

async function submitted(onSubmit: { mock: { calls: unknown[][] } }) {
  submit();
  await waitFor(() => expect(onSubmit.mock.calls.length).toBeGreaterThan(0));
  return sent(onSubmit);
}

describe('text and code', () => {
  it('text: value in and out; length validators with the spec messages', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'text', name: 't', label: 'T', validators: [{ type: 'max_length', limit_value: 3 }] }], { initialValues: { t: 'hola' } });
    expect(inputOf('t').value).toBe('hola');
    submit();
    expect(await screen.findByTestId('error-t')).toBeTruthy();
    expect(errorOf('t')).toBe('El campo debe tener a lo más 3 caracteres.');
    type('t', 'sí');
    expect(await submitted(onSubmit)).toEqual({ t: 'sí' });
  });

  it('code: typed, with a camera scan button', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'code', name: 'c', label: 'C', validators: [{ type: 'regex', regex: '^[A-Z]{3}-\\d+$', message: 'Código inválido' }] }]);
    const scan = within(frame('c')).getByTestId('code-scan');
    expect(scan).toBe(within(frame('c')).getByRole('button', { name: 'Escanear con la cámara' }));
    expect(scan.getAttribute('type')).toBe('button');
    expect(scan.getAttribute('title')).toBe('Escanear con la cámara');
    expect(scan.querySelector('use')).toBeTruthy();
    type('c', 'abc');
    submit();
    expect(await screen.findByText('Código inválido')).toBeTruthy();
    type('c', 'ABC-12');
    expect(await submitted(onSubmit)).toEqual({ c: 'ABC-12' });
  });
});

describe('choices', () => {
  const choices = [{ choice: 'Rojo' }, { choice: 'Verde' }, { choice: 'Azul' }];

  it('multiple_choice as radios', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'multiple_choice', name: 'color', label: 'Color', required: true, choices }]);
    fireEvent.click(within(frame('color')).getByLabelText('Verde'));
    expect(await submitted(onSubmit)).toEqual({ color: 'Verde' });
  });

  it('multiple_choice with choice images as cards', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'multiple_choice', name: 'c', label: 'C', choices: [{ choice: 'Uno', image: 'https://example.com/1.png' }, { choice: 'Dos' }] }]);
    const images = frame('c').querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('https://example.com/1.png');
    fireEvent.click(within(frame('c')).getByRole('radio', { name: /Dos/ }));
    expect(await submitted(onSubmit)).toEqual({ c: 'Dos' });
  });

  it('a select falls back to its first option when the value is not among them (spec §5)', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'multiple_choice', name: 'c', label: 'C', style_class: 'select', choices }], { initialValues: { c: 'Morado' } });
    await waitFor(() => expect(inputOf('c').value).toBe('Rojo'));
    expect(await submitted(onSubmit)).toEqual({ c: 'Rojo' });
  });

  it('checkboxes: a list in option order; at the max_length limit the rest is disabled with the limit message', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'checkboxes', name: 'c', label: 'C', choices, validators: [{ type: 'max_length', limit_value: 2 }] }]);
    const box = (label: string) => within(frame('c')).getByLabelText(label) as HTMLInputElement;
    fireEvent.click(box('Azul'));
    fireEvent.click(box('Rojo'));
    expect(box('Verde').disabled).toBe(true);
    expect(frame('c').textContent).toContain('Alcanzaste el límite de opciones');
    expect(await submitted(onSubmit)).toEqual({ c: ['Rojo', 'Azul'] });
  });

  it('checkboxes: min_length message with the plural noun', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'checkboxes', name: 'c', label: 'C', choices, validators: [{ type: 'min_length', limit_value: 2 }] }]);
    fireEvent.click(within(frame('c')).getByLabelText('Azul'));
    submit();
    expect(await screen.findByText('Debe seleccionar al menos 2 opciones')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the scan button is disabled with its field', async () => {
    await renderForm([{ id: 1, type: 'code', name: 'c', label: 'C', readonly: true }]);
    expect((within(frame('c')).getByTestId('code-scan') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an optional choice can be cleared ("Borrar selección", a button)', async () => {
    const { onSubmit } = await renderForm([
      { id: 1, type: 'boolean', name: 'ok', label: 'Ok' },
      { id: 2, type: 'multiple_choice', name: 'color', label: 'Color', choices },
      { id: 3, type: 'value_in_num_range', name: 'n', label: 'N', start: 1, stop: 5, step: 1 },
    ]);
    fireEvent.click(within(frame('ok')).getByLabelText('Sí'));
    fireEvent.click(within(frame('color')).getByLabelText('Azul'));
    fireEvent.click(within(frame('n')).getByTestId('scale-3'));
    for (const name of ['ok', 'color', 'n']) fireEvent.click(within(frame(name)).getByRole('button', { name: 'Borrar selección' }));
    for (const name of ['ok', 'color', 'n']) expect(within(frame(name)).queryByRole('button', { name: 'Borrar selección' })).toBeNull();
    expect(await submitted(onSubmit)).toEqual({});
  });

  it('boolean: Sí / No, no answer by default', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'boolean', name: 'ok', label: 'Ok', required: true }]);
    submit();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    fireEvent.click(within(frame('ok')).getByLabelText('No'));
    expect(await submitted(onSubmit)).toEqual({ ok: false });
  });
});

describe('numbers (spec §5)', () => {
  it('integer: non-numeric entry rejected, rounded to whole numbers, min / max messages', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'integer', name: 'n', label: 'N', min: 1, max: 10 }]);
    fireEvent.change(inputOf('n'), { target: { value: 'a1b2' } });
    expect(inputOf('n').value).toBe('12');
    fireEvent.blur(inputOf('n'));
    submit();
    expect(await screen.findByText('Debe ser a lo más 10')).toBeTruthy();
    type('n', '0');
    fireEvent.blur(inputOf('n'));
    await waitFor(() => expect(errorOf('n')).toBe('Debe ser al menos 1'));
    type('n', '3.6');
    expect(inputOf('n').value).toBe('36');
    type('n', '4');
    expect(await submitted(onSubmit)).toEqual({ n: 4 });
  });

  it('float: a comma is a decimal point; steps; an empty number is left out', async () => {
    const { onSubmit } = await renderForm([
      { id: 1, type: 'float', name: 'f', label: 'F', step: 0.5 },
      { id: 2, type: 'decimal', name: 'd', label: 'D' },
    ]);
    type('f', '0,3');
    submit();
    expect(await screen.findByText('Debe ser múltiplo de 0.5')).toBeTruthy();
    type('f', '2,5');
    expect(await submitted(onSubmit)).toEqual({ f: 2.5 });
  });

  it('decimal rejects text that is not a number with "Valor inválido"', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'decimal', name: 'd', label: 'D' }]);
    type('d', '1.2.3');
    submit();
    expect(await screen.findByText(FORM_MESSAGES.invalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('num_range: {start, end}', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'num_range', name: 'r', label: 'R', min: 0 }]);
    fireEvent.change(within(frame('r')).getByTestId('range-start'), { target: { value: '2' } });
    fireEvent.change(within(frame('r')).getByTestId('range-end'), { target: { value: '7,5' } });
    expect(await submitted(onSubmit)).toEqual({ r: { start: 2, end: 7.5 } });
  });

  it('value_in_num_range: the scale with its labels and the interpretation of the value', async () => {
    const { onSubmit } = await renderForm([
      {
        id: 1,
        type: 'value_in_num_range',
        name: 's',
        label: 'S',
        start: 1,
        stop: 5,
        step: 1,
        start_label: 'Malo',
        stop_label: 'Bueno',
        interpretations: [{ type: 'between', start: 4, stop: 5, name: 'Satisfecho' }],
      },
    ]);
    expect(frame('s').textContent).toContain('Malo');
    expect(frame('s').textContent).toContain('Bueno');
    fireEvent.click(within(frame('s')).getByTestId('scale-4'));
    expect(within(frame('s')).getByTestId('scale-meaning').textContent).toBe('Satisfecho');
    expect(await submitted(onSubmit)).toEqual({ s: 4 });
  });
});

describe('ratings', () => {
  it('stars: the value and its label', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'stars', name: 's', label: 'S', max: 5, labels: ['Pésimo', 'Malo', 'Regular', 'Bueno', 'Excelente'] }]);
    // The visible star is the radio's label.
    fireEvent.click(within(frame('s')).getByLabelText('Bueno').nextElementSibling!);
    expect(await submitted(onSubmit)).toEqual({ s: 4 });
    expect(within(frame('s')).getByTestId('rating-label').textContent).toBe('Bueno');
  });

  it('stars: a native radio per level (and one for "no stars"), each followed by its star as label', async () => {
    await renderForm([{ id: 1, type: 'stars', name: 's', label: 'S', max: 5, labels: [] }]);
    const radios = within(frame('s')).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['0 estrellas', '1 estrella', '2 estrellas', '3 estrellas', '4 estrellas', '5 estrellas']);
    for (const radio of radios) {
      const label = radio.nextElementSibling as HTMLLabelElement;
      expect(label.tagName).toBe('LABEL');
      expect(label.htmlFor).toBe(radio.id);
    }
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    // Nothing chosen: the "no stars" radio is the checked one (the group's tab stop).
    expect(radios[0]!.checked).toBe(true);
    expect(frame('s').querySelectorAll('svg[data-filled]')).toHaveLength(0);
  });

  it('stars: a click on a star chooses it; Space or Enter on a radio chooses; "no stars" clears', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'stars', name: 's', label: 'S', max: 5, labels: [] }]);
    const radio = (level: number) => within(frame('s')).getByLabelText(level === 1 ? '1 estrella' : `${level} estrellas`) as HTMLInputElement;
    const label = () => within(frame('s')).getByTestId('rating-label').textContent;
    fireEvent.click(radio(3).nextElementSibling!);
    expect(label()).toBe('3/5');
    expect(radio(3).checked).toBe(true);
    expect(frame('s').querySelectorAll('svg[data-filled]')).toHaveLength(3);
    fireEvent.keyDown(radio(5), { key: 'Enter' });
    expect(label()).toBe('5/5');
    fireEvent.keyDown(radio(0), { key: ' ' });
    expect(label()).toBe('');
    expect(radio(0).checked).toBe(true);
    fireEvent.keyDown(radio(2), { key: ' ' });
    expect(await submitted(onSubmit)).toEqual({ s: 2 });
  });

  it('stars: moving over the radios (arrow keys) or the row (pointer) previews without choosing', async () => {
    await renderForm([{ id: 1, type: 'stars', name: 's', label: 'S', max: 5, labels: ['Pésimo', 'Malo', 'Regular', 'Bueno', 'Excelente'] }]);
    const stars = within(frame('s')).getByTestId('stars');
    const filled = () => stars.querySelectorAll('svg[data-filled]').length;
    // The arrow keys move the focus and check the next radio natively: a change event.
    fireEvent.click(within(stars).getByLabelText('Regular'));
    expect(filled()).toBe(3);
    expect(stars.querySelector('[data-active]')).toBe(within(stars).getByLabelText('Regular').parentElement);
    expect((within(stars).getByLabelText('Regular') as HTMLInputElement).checked).toBe(false);
    fireEvent.blur(within(stars).getByLabelText('Regular'));
    expect(filled()).toBe(0);
    // The pointer: the star under it, named below the row.
    stars.getBoundingClientRect = () => ({ left: 0, right: 140, width: 140, top: 0, bottom: 28, height: 28, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.mouseEnter(stars);
    fireEvent.mouseMove(stars, { clientX: 100 });
    expect(filled()).toBe(4);
    expect(within(frame('s')).getByTestId('rating-label').textContent).toBe('Bueno');
    fireEvent.mouseLeave(stars);
    expect(filled()).toBe(0);
    expect(within(frame('s')).getByTestId('rating-label').textContent).toBe('');
  });

  it('stars: optional ones can be cleared; read-only ones are a picture without radios', async () => {
    const { onSubmit } = await renderForm(
      [
        { id: 1, type: 'stars', name: 'a', label: 'A', max: 5, labels: [] },
        { id: 2, type: 'stars', name: 'b', label: 'B', max: 5, labels: [], required: true },
        { id: 3, type: 'stars', name: 'c', label: 'C', max: 5, labels: [], readonly: true },
      ],
      { initialValues: { a: 2, b: 4, c: 3 } },
    );
    expect(within(frame('b')).queryByRole('button', { name: 'Borrar selección' })).toBeNull();
    expect(within(frame('c')).queryAllByRole('radio')).toHaveLength(0);
    expect(frame('c').querySelectorAll('svg[data-filled]')).toHaveLength(3);
    expect(within(frame('c')).queryByRole('button', { name: 'Borrar selección' })).toBeNull();
    fireEvent.click(within(frame('a')).getByRole('button', { name: 'Borrar selección' }));
    expect(frame('a').querySelectorAll('svg[data-filled]')).toHaveLength(0);
    expect(await submitted(onSubmit)).toEqual({ b: 4, c: 3 });
  });

  it("emotion and reactions draw their icons from the form's sprite; the chosen one coloured and bolder", async () => {
    await renderForm([
      { id: 1, type: 'emotion', name: 'e', label: 'E', max: 5 },
      { id: 2, type: 'reactions', name: 'r', label: 'R', max: 3, labels: [] },
    ]);
    const sprite = screen.getByTestId('icon-sprite');
    for (const button of [...within(frame('e')).getAllByRole('radio'), ...within(frame('r')).getAllByRole('radio')]) {
      const href = button.querySelector('use')!.getAttribute('href')!;
      expect(sprite.querySelector(`symbol[id="${href.slice(1)}"] svg`)).toBeTruthy();
    }
    fireEvent.click(within(frame('e')).getByTestId('emotion-2'));
    expect(within(frame('e')).getByTestId('emotion-2').style.color).toBe('rgb(232, 89, 12)');
    expect(within(frame('e')).getByTestId('emotion-2').querySelector('svg')!.getAttribute('stroke-width')).toBe('2.2');
    expect(within(frame('e')).getByTestId('emotion-3').style.color).toBe('');
    expect(within(frame('e')).getByTestId('emotion-3').querySelector('svg')!.getAttribute('stroke-width')).toBe('1.6');
    expect(within(frame('e')).getByTestId('rating-label').textContent).toBe('2/5');
  });

  it('a form without ratings or codes has no sprite', async () => {
    await renderForm([{ id: 1, type: 'text', name: 't', label: 'T' }]);
    expect(screen.queryByTestId('icon-sprite')).toBeNull();
  });

  it('emotion: 3, 5, 7 or 9 faces', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'emotion', name: 'e', label: 'E', max: 7 }]);
    expect(within(frame('e')).getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(within(frame('e')).getByTestId('emotion-6'));
    expect(await submitted(onSubmit)).toEqual({ e: 6 });
  });

  it('reactions', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'reactions', name: 'r', label: 'R', max: 3, labels: ['No', 'Sí', 'Me encanta'] }]);
    fireEvent.click(within(frame('r')).getByLabelText('Me encanta'));
    expect(await submitted(onSubmit)).toEqual({ r: 3 });
  });
});

describe('dates', () => {
  it('date: only the default format; another shows the spec message', async () => {
    await renderForm([{ id: 1, type: 'date', name: 'd', label: 'D', format: 'DD/MM/YYYY' }]);
    expect(await screen.findByText(FORM_MESSAGES.dateFormatUnsupported)).toBeTruthy();
  });

  it('date and date_range keep year-month-day values', async () => {
    const { onSubmit } = await renderForm(
      [
        { id: 1, type: 'date', name: 'd', label: 'D' },
        { id: 2, type: 'date_range', name: 'r', label: 'R' },
      ],
      { initialValues: { d: '2024-05-01', r: { start: '2024-05-01', end: '2024-05-03' } } },
    );
    await screen.findByText('01/05/2024');
    expect(await submitted(onSubmit)).toEqual({ d: '2024-05-01', r: { start: '2024-05-01', end: '2024-05-03' } });
  });

  it('datetime: sent as UTC ISO with milliseconds and +00:00 (spec §4)', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'datetime', name: 'dt', label: 'DT' }], { initialValues: { dt: '2024-05-01T13:05:00Z' } });
    await waitFor(() => expect(frame('dt').textContent).toContain('2024'));
    expect(await submitted(onSubmit)).toEqual({ dt: '2024-05-01T13:05:00.000+00:00' });
  });

  it('time: HH:mm', async () => {
    const { onSubmit } = await renderForm([{ id: 1, type: 'time', name: 'h', label: 'H' }]);
    const input = await waitFor(() => inputOf('h'));
    fireEvent.change(input, { target: { value: '08:30' } });
    expect(await submitted(onSubmit)).toEqual({ h: '08:30' });
  });
});

describe('gps', () => {
  it('takes the device position with its accuracy', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: -33.4489123, longitude: -70.6693456, accuracy: 12.34 } } as GeolocationPosition),
      },
    });
    const { onSubmit } = await renderForm([{ id: 1, type: 'gps', name: 'g', label: 'G' }]);
    fireEvent.click(within(frame('g')).getByTestId('gps-locate'));
    expect((await within(frame('g')).findByTestId('gps-position')).textContent).toContain('±12 m');
    expect(await submitted(onSubmit)).toEqual({ g: { latitude: -33.4489123, longitude: -70.6693456, accuracy: 12.3 } });
  });

  it('a refused permission says so', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, PERMISSION_DENIED: 1, TIMEOUT: 3 } as GeolocationPositionError) },
    });
    await renderForm([{ id: 1, type: 'gps', name: 'g', label: 'G' }]);
    fireEvent.click(within(frame('g')).getByTestId('gps-locate'));
    expect(await screen.findByText(/Permiso de ubicación denegado/)).toBeTruthy();
  });
});

describe('pickers (venue, venues, user, users, location, locations, data_source)', () => {
  it('search the real catalogue and keep ids', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.includes('/venues/')) return jsonResponse({ count: 1, next: null, previous: null, results: [{ id: 'v1', name: 'Casa Matriz', code: 'CM' }] });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    const { onSubmit } = await renderForm([{ id: 1, type: 'venue', name: 'lugar', label: 'Lugar' }]);
    const input = inputOf('lugar');
    input.focus();
    fireEvent.change(input, { target: { value: 'Casa' } });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/organization/v3/venues/?page=1&page_size=20&search=Casa'));
    fireEvent.click(await screen.findByText('Casa Matriz · CM'));
    expect(await submitted(onSubmit)).toEqual({ lugar: 'v1' });
  });

  it('an unreachable catalogue shows "catálogo no disponible", never made-up options', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'not-found' }, 404)),
    );
    await renderForm([{ id: 1, type: 'locations', name: 'ubic', label: 'Ubicaciones' }]);
    fireEvent.click(inputOf('ubic'));
    expect(await screen.findByTestId('catalog-unavailable')).toBeTruthy();
    expect(frame('ubic').textContent).toContain('Catálogo no disponible');
  });

  it('users with an audience search the audience members among the options any member may see (name and positions)', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/audiences/a1/')) return jsonResponse({ id: 'a1', name: 'Bodega', rules: {} });
      if (url.includes('/person-options/') && url.includes('audience=a1'))
        return jsonResponse({ results: [{ id: 'p1', name: 'Ana Pérez', positions: ['Bodeguera', 'Brigadista'], is_disabled: false }], more: false });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    const { onSubmit } = await renderForm([{ id: 1, type: 'users', name: 'equipo', label: 'Equipo', audience: 'a1' }]);
    expect(await within(frame('equipo')).findByText('Solo miembros de la audiencia «Bodega»')).toBeTruthy();
    fireEvent.click(inputOf('equipo'));
    fireEvent.click(await screen.findByText('Ana Pérez · Bodeguera, Brigadista'));
    expect(await submitted(onSubmit)).toEqual({ equipo: ['p1'] });
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/persons/'))).toBe(false);
  });

  it('a people search marks what it matched in the names and positions of the options, and picks as before', async () => {
    const fetch = vi.fn(async (url: string) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      if (url.includes('/person-options/') && search === 'ana bode')
        return jsonResponse({ results: [{ id: 'p1', name: 'Ana Pérez', positions: ['Jefa de Bodega (Turno Noche)', 'Brigadista'], is_disabled: false }], more: false });
      if (url.includes('/person-options/')) return jsonResponse({ results: [], more: false });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    const { onSubmit } = await renderForm([{ id: 1, type: 'user', name: 'quien', label: 'Quién' }]);
    // typed as a person types: into the focused box (Mantine takes other writes for autofill)
    const input = inputOf('quien');
    input.focus();
    fireEvent.change(input, { target: { value: 'ana bode' } });
    const option = await screen.findByRole('option', { name: 'Ana Pérez · Jefa de Bodega (Turno Noche), Brigadista' });
    expect(
      within(option)
        .getAllByTestId('search-mark')
        .map((mark) => mark.textContent),
    ).toEqual(['Ana', 'Bode']);
    fireEvent.click(option);
    expect(await submitted(onSubmit)).toEqual({ quien: 'p1' });
  });

  it('a page that does not hold every match ends with a line asking to keep typing, which picks nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ results: [{ id: 'p1', name: 'Ana Pérez', positions: [], is_disabled: false }], more: true })),
    );
    const { onSubmit } = await renderForm([{ id: 1, type: 'users', name: 'equipo', label: 'Equipo' }]);
    fireEvent.click(inputOf('equipo'));
    const more = await screen.findByText('Hay más resultados: escribe para acotar la búsqueda.');
    expect(more.closest('[role=option]')?.getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(more);
    fireEvent.click(await screen.findByText('Ana Pérez'));
    expect(await submitted(onSubmit)).toEqual({ equipo: ['p1'] });
  });

  it('a page holding every match has no such line', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ results: [{ id: 'p1', name: 'Ana Pérez', positions: [], is_disabled: false }], more: false })),
    );
    await renderForm([{ id: 1, type: 'user', name: 'quien', label: 'Quién' }]);
    fireEvent.click(inputOf('quien'));
    expect(await screen.findByText('Ana Pérez')).toBeTruthy();
    expect(screen.queryByText('Hay más resultados: escribe para acotar la búsqueda.')).toBeNull();
  });

  it('people already picked are named back with one request for all of them', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.includes('/person-options/') && url.includes('ids=')) {
        const ids = new URL(url, 'http://x').searchParams.get('ids')!.split(',');
        const names: Record<string, string> = { p1: 'Ana Pérez', p2: 'Luis Soto', p3: 'Rosa Díaz' };
        return jsonResponse({ results: ids.map((id) => ({ id, name: names[id], positions: [], is_disabled: false })), more: false });
      }
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    await renderForm([{ id: 1, type: 'users', name: 'equipo', label: 'Equipo' }], { initialValues: { equipo: ['p1', 'p2', 'p3'] } });
    expect(await within(frame('equipo')).findByText('Rosa Díaz')).toBeTruthy();
    expect(frame('equipo').textContent).toContain('Ana Pérez');
    expect(frame('equipo').textContent).toContain('Luis Soto');
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/person-options/'));
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0]!)).toContain('ids=p1,p2,p3');
  });

  it('data_source rows already picked are named back by their exact keys, commas included, in one request', async () => {
    const fetch = vi.fn(async (url: string) => {
      const keys = new URL(url, 'http://x').searchParams.getAll('key');
      const labels: Record<string, string> = { '1': 'Bodega 01', 'Norte, 2': 'Norte segundo piso' };
      return jsonResponse({ count: keys.length, next: null, previous: null, results: keys.map((key, at) => ({ id: `r${at}`, key, label: labels[key], is_active: true })) });
    });
    vi.stubGlobal('fetch', fetch);
    await renderForm([{ id: 1, type: 'data_source', name: 'ds', label: 'DS', data_source_id: 'src9', display_key: 'label' }], { initialValues: { ds: ['1', 'Norte, 2'] } });
    expect(await within(frame('ds')).findByText('Norte segundo piso · Norte, 2')).toBeTruthy();
    expect(frame('ds').textContent).toContain('Bodega 01 · 1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const asked = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(asked.pathname).toBe('/api/resources/v3/data-sources/src9/rows/');
    expect(asked.searchParams.getAll('key')).toEqual(['1', 'Norte, 2']);
    expect(asked.searchParams.get('is_active')).toBe('all');
  });

  it('data_source without a source says it is not configured', async () => {
    await renderForm([{ id: 1, type: 'data_source', name: 'ds', label: 'DS' }]);
    expect(screen.getByTestId('catalog-unconfigured').textContent).toContain('Catálogo no disponible');
  });

  it('data_source rows are shown by their display key and kept by key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 1, next: null, previous: null, results: [{ id: 'r1', key: 'CL-RM', label: 'Región Metropolitana' }] })),
    );
    const { onSubmit } = await renderForm([{ id: 1, type: 'data_source', name: 'ds', label: 'DS', data_source_id: 'src1', display_key: 'label' }]);
    fireEvent.click(inputOf('ds'));
    fireEvent.click(await screen.findByText('Región Metropolitana · CL-RM'));
    expect(await submitted(onSubmit)).toEqual({ ds: ['CL-RM'] });
  });
});

describe('display_text, video embeds, sub-forms, rich text', () => {
  it('display_text is sanitised and not an input', async () => {
    const { onSubmit } = await renderForm([
      { id: 1, type: 'display_text', text: '<p>Hola <strong>mundo</strong></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' },
      { id: 2, type: 'text', name: 'a', label: 'A' },
    ]);
    const display = screen.getByTestId('display-1');
    expect(display.textContent).toContain('Hola mundo');
    expect(display.innerHTML).not.toContain('onerror');
    expect(display.innerHTML).not.toContain('script');
    type('a', 'x');
    expect(await submitted(onSubmit)).toEqual({ a: 'x' });
  });

  it('video embeds: an id that is not 11 characters shows "ID de video inválido"', async () => {
    await renderForm([
      { id: 1, type: 'display_text', text: '<div data-video-id="dQw4w9WgXcQ"></div>' },
      { id: 2, type: 'display_text', text: '<div data-video-id="short"></div>' },
    ]);
    expect(within(screen.getByTestId('display-1')).getByTestId('video-embed')).toBeTruthy();
    expect(within(screen.getByTestId('display-2')).getByTestId('video-invalid').textContent).toBe('ID de video inválido');
  });

  it('form: a nested sub-form answered as one object, its fields validated in place', async () => {
    const { onSubmit } = await renderForm([
      {
        id: 1,
        type: 'form',
        name: 'visita',
        label: 'Visita',
        fields: [
          { id: 1, type: 'text', name: 'motivo', label: 'Motivo', required: true },
          { id: 2, type: 'integer', name: 'personas', label: 'Personas' },
        ],
      },
    ]);
    type('visita.personas', '3');
    submit();
    expect(await screen.findByTestId('error-visita.motivo')).toBeTruthy();
    type('visita.motivo', 'Auditoría');
    expect(await submitted(onSubmit)).toEqual({ visita: { motivo: 'Auditoría', personas: 3 } });
  });

  it('rich_text: the editor shows the answer', async () => {
    await renderForm([{ id: 1, type: 'rich_text', name: 'rt', label: 'RT' }], { initialValues: { rt: '<p>Texto <strong>fuerte</strong></p>' } });
    expect(await within(frame('rt')).findByText('fuerte')).toBeTruthy();
    expect(within(frame('rt')).getByRole('toolbar')).toBeTruthy();
  });
});
