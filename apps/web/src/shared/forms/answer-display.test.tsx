import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ResponseAnswers, type AnswerLookups } from './answer-display.tsx';
import { define } from './test-helpers.tsx';

/** The answer display (spec §3 "Answer values shown", §8, §9), one row per data type. */

const fields = define([
  { id: 1, type: 'text', name: 'texto', label: 'Texto' },
  { id: 2, type: 'text', name: 'vacio', label: 'Vacío' },
  { id: 3, type: 'text', name: 'omitido', label: 'Omitido', skippable: true },
  { id: 4, type: 'boolean', name: 'si', label: 'Sí' },
  { id: 5, type: 'boolean', name: 'no', label: 'No' },
  { id: 6, type: 'checkboxes', name: 'lista', label: 'Lista', choices: [{ choice: 'a' }, { choice: 'b' }, { choice: 'c' }, { choice: 'd' }, { choice: 'e' }] },
  { id: 7, type: 'checkboxes', name: 'ninguna', label: 'Ninguna', choices: [{ choice: 'a' }] },
  { id: 8, type: 'integer', name: 'grande', label: 'Grande' },
  { id: 9, type: 'datetime', name: 'cuando', label: 'Cuándo' },
  { id: 10, type: 'files', name: 'archivos', label: 'Archivos' },
  { id: 11, type: 'users', name: 'personas', label: 'Personas' },
  { id: 12, type: 'stars', name: 'estrellas', label: 'Estrellas', max: 5, labels: ['', '', '', 'Bueno'] },
  { id: 13, type: 'emotion', name: 'emocion', label: 'Emoción', max: 3 },
  { id: 14, type: 'rich_text', name: 'rico', label: 'Rico' },
  { id: 15, type: 'gps', name: 'gps', label: 'GPS' },
  { id: 16, type: 'value_in_num_range', name: 'escala', label: 'Escala', start: 1, stop: 5, interpretations: [{ type: 'equal', start: 5, name: 'Excelente' }] },
  { id: 17, type: 'form', name: 'sub', label: 'Sub', fields: [{ id: 1, type: 'text', name: 'x', label: 'X' }] },
  { id: 18, type: 'venue', name: 'lugar', label: 'Lugar' },
]);

const response = {
  texto: 'Hola',
  omitido_skipped: true,
  si: true,
  no: false,
  lista: ['a', 'b', 'c', 'd', 'e'],
  ninguna: [],
  grande: 1500,
  cuando: '2024-05-01T13:05:00.000+00:00',
  archivos: ['/api/document-manager/v3/upload/u1/download'],
  personas: ['p1', 'p2'],
  estrellas: 4,
  emocion: 3,
  rico: '<p>Texto <strong>rico</strong><script>alert(1)</script></p>',
  gps: { latitude: -33.45, longitude: -70.66, accuracy: 8 },
  escala: 5,
  sub: { x: 'dentro' },
  lugar: 'v9',
};

const lookups: AnswerLookups = {
  resolveName: (kind, id) => (kind === 'user' ? ({ p1: 'Ana', p2: 'Luis' } as Record<string, string>)[String(id)] : undefined),
  fileMetadata: (reference) => (reference.includes('u1') ? { name: 'informe.pdf', size: 1_500_000, content_type: 'application/pdf' } : undefined),
};

function answer(name: string): HTMLElement {
  return document.querySelector<HTMLElement>(`[data-answer-field="${name}"] dd`)!;
}

describe('answer display', () => {
  it('shows every data type as the spec says', async () => {
    await renderWithProviders(<ResponseAnswers fields={fields} response={response} lookups={lookups} />);
    expect(screen.getByTestId('response-answers')).toBeTruthy();
    expect(answer('texto').textContent).toBe('Hola');
    expect(answer('vacio').textContent).toBe('Sin respuesta');
    expect(answer('omitido').textContent).toBe('No aplica');
    expect(answer('si').textContent).toBe('Sí');
    expect(answer('no').textContent).toBe('No');
    expect(answer('lista').textContent).toBe('a, b, c ... y 2 más');
    expect(answer('ninguna').textContent).toBe('Ninguna');
    expect(answer('grande').textContent).toBe('1.5K');
    expect(answer('cuando').textContent).toMatch(/1 de mayo/);
    expect(answer('archivos').textContent).toContain('informe.pdf');
    expect(answer('archivos').textContent).toContain('1.43 MB');
    expect(within(answer('archivos')).getByRole('link').getAttribute('href')).toBe('/api/document-manager/v3/upload/u1/download');
    expect(answer('personas').textContent).toBe('Ana, Luis');
    expect(answer('estrellas').textContent).toBe('4/5 · Bueno');
    expect(answer('emocion').textContent).toBe('3/3');
    expect(answer('rico').textContent).toBe('Texto rico');
    expect(answer('rico').innerHTML).not.toContain('script');
    expect(answer('gps').textContent).toBe('-33.45, -70.66 (±8 m)');
    expect(answer('escala').textContent).toBe('5 · Excelente');
    expect(answer('sub').textContent).toContain('dentro');
    // A name that cannot be looked up shows the id rather than nothing.
    expect(answer('lugar').textContent).toBe('v9');
  });
});
