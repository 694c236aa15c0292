import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { LabelsPage } from './labels-page.tsx';

let polls = 0;
let calls: string[] = [];
let clicked: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  polls = 0;
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  calls = stubApi((url, init) => {
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_ASSETS', 'MANAGE_ASSETS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/asset-manager/v3/assets/?')) return { count: 1200, next: 'x', previous: null, results: [] };
    if (url.endsWith('/labels/jobs/') && init?.method === 'POST')
      return jsonResponse({ id: 'j1', status: 'PENDING', percent: 0, labels: 1200, file_name: 'etiquetas-qr-avery-5160.pdf', download_url: null }, 202);
    if (url.includes('/labels/jobs/j1/')) {
      polls += 1;
      return polls < 2
        ? { id: 'j1', status: 'RUNNING', percent: 40, labels: 1200, file_name: 'etiquetas-qr-avery-5160.pdf', download_url: null }
        : { id: 'j1', status: 'DONE', percent: 100, labels: 1200, file_name: 'etiquetas-qr-avery-5160.pdf', download_url: '/api/asset-manager/v3/labels/jobs/j1/download' };
    }
    if (url.includes('/file-cookie') || url.includes('cookie')) return {};
    if (url.includes('/asset-types/') || url.includes('/categories/')) return { results: [] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('LabelsPage', () => {
  it('more than 1,000 labels: a background job with progress, then its PDF downloads', async () => {
    await renderRoutes([{ path: '/assets/qr-generator', element: <LabelsPage barcodes={false} /> }], { path: '/assets/qr-generator' });
    fireEvent.click(await screen.findByText('Todos los que coinciden'));
    expect(await screen.findByTestId('labels-background')).toBeTruthy();
    fireEvent.click(screen.getByTestId('labels-download'));
    await waitFor(() => expect(calls.some((url) => url.endsWith('/labels/jobs/'))).toBe(true));
    await waitFor(() => expect(clicked).toContain('/api/asset-manager/v3/labels/jobs/j1/download'), { timeout: 5000 });
    expect(calls.some((url) => url.endsWith('/labels/'))).toBe(false);
  });
});
