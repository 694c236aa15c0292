import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ResponseAnswers, type AnswerLookups } from './answer-display.tsx';
import { define, inputOf, renderForm, sent, submit } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the assets field (forms §3, issue 49)', () => {
  it('searches the real assets and keeps their ids', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/asset-manager/v3/assets/?'))
        return jsonResponse({ count: 1, next: null, previous: null, results: [{ id: 'a1', code: 'GR-1', name: 'Grúa 1', venue: { id: 'v1', name: 'Bodega' } }] });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    const { onSubmit } = await renderForm([{ id: 1, type: 'assets', name: 'equipos', label: 'Equipos' }]);
    const input = inputOf('equipos');
    input.focus();
    fireEvent.change(input, { target: { value: 'Grú' } });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/asset-manager/v3/assets/?page=1&page_size=20&search=Gr%C3%BA'));
    fireEvent.click(await screen.findByText('GR-1 · Grúa 1 · Bodega'));
    submit();
    await waitFor(() => expect(onSubmit.mock.calls.length).toBeGreaterThan(0));
    expect(sent(onSubmit)).toEqual({ equipos: ['a1'] });
  });

  it('an answer shows each asset’s code and name, linking to it', async () => {
    const fields = define([{ id: 1, type: 'assets', name: 'equipos', label: 'Equipos' }]);
    const lookups: AnswerLookups = { resolveName: (kind, id) => (kind === 'asset' && id === 'a1' ? 'GR-1 · Grúa 1' : undefined), fileMetadata: () => undefined };
    await renderRoutes([{ path: '/r', element: <ResponseAnswers fields={fields} response={{ equipos: ['a1', 'a2'] }} lookups={lookups} /> }], { path: '/r' });
    const links = (await screen.findByTestId('answer-assets')).querySelectorAll('a');
    expect([...links].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['GR-1 · Grúa 1', '/assets/a1'],
      ['a2', '/assets/a2'],
    ]);
  });
});
