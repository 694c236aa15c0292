import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PublicLabelPage } from './public-label-page.tsx';

let sent: { url: string; body: unknown; auth: string | null }[] = [];
let answer: () => Response | Record<string, unknown> = () => ({ id: 'r1' });

beforeEach(() => {
  sent = [];
  answer = () => ({ id: 'r1' });
  stubApi((url, init) => {
    if (url.endsWith('/public/assets/tok123/')) return { name: 'Grúa horquilla', code: 'EQ-0001', tenant_name: 'Faena Demo' };
    if (url.endsWith('/public/assets/tok123/reports/')) {
      sent.push({ url, body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get('authorization') });
      return answer();
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [{ path: '/public/assets/:labelToken', element: <PublicLabelPage /> }];

describe('PublicLabelPage', () => {
  it('signed out: names the asset, asks for a description, sends the report without a token and confirms', async () => {
    await renderRoutes(routes, { path: '/public/assets/tok123' });
    expect((await screen.findByTestId('public-asset-name')).textContent).toBe('Grúa horquilla');
    fireEvent.click(screen.getByTestId('public-report-submit'));
    expect(await screen.findByText('Cuéntanos qué problema tiene.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('public-report-description'), { target: { value: '  Pierde aceite  ' } });
    fireEvent.change(screen.getByLabelText('Tu nombre (opcional)'), { target: { value: 'Pedro' } });
    fireEvent.click(screen.getByTestId('public-report-submit'));
    await screen.findByTestId('public-report-done');
    expect(sent).toEqual([
      { url: expect.stringContaining('/api/asset-manager/v3/public/assets/tok123/reports/') as string, body: { description: 'Pierde aceite', reporter_name: 'Pedro' }, auth: null },
    ]);
  });

  it('too many reports from one place: says to wait', async () => {
    answer = () => jsonResponse({ code: 'too-many-requests' }, 429);
    await renderRoutes(routes, { path: '/public/assets/tok123' });
    fireEvent.change(await screen.findByTestId('public-report-description'), { target: { value: 'Ruido' } });
    fireEvent.click(screen.getByTestId('public-report-submit'));
    expect(await screen.findByText('Se enviaron demasiados reportes. Espera un momento e inténtalo de nuevo.')).toBeTruthy();
  });

  it('an unknown label says so', async () => {
    await renderRoutes(routes, { path: '/public/assets/nope' });
    expect((await screen.findByTestId('public-asset-missing')).textContent).toContain('Esta etiqueta no corresponde a ningún activo.');
  });
});
