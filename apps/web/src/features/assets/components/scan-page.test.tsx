import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import type { FrameDetector } from '../lib/detector.ts';
import { ScanPage } from './scan-page.tsx';

const ASSET = { id: 'a1', code: 'EQ-0001', name: 'Grúa horquilla' };
let posted: string[] = [];

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  posted = [];
  stubApi((url, init) => {
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_ASSETS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.endsWith('/assets/scans/') && init?.method === 'POST') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      posted.push(code);
      if (code === ASSET.code) return ASSET;
      return jsonResponse({ code: 'asset-not-found', detail: `Could not find an asset with the code ${code}` }, 404);
    }
    if (url.endsWith('/assets/scans/')) return { results: [] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

function routes(props: Parameters<typeof ScanPage>[0] = {}) {
  return [
    { path: '/assets/scan', element: <ScanPage {...props} /> },
    { path: '/assets/:assetId', element: <p>asset page</p> },
  ];
}

describe('ScanPage', () => {
  it('an unknown typed code says exactly "Could not find an asset with the code {code}"', async () => {
    await renderRoutes(routes(), { path: '/assets/scan' });
    fireEvent.change(await screen.findByTestId('scan-code-input'), { target: { value: 'NOPE-9' } });
    fireEvent.click(screen.getByTestId('scan-code-submit'));
    expect((await screen.findByTestId('scan-error')).textContent).toBe('Could not find an asset with the code NOPE-9');
    expect(posted).toEqual(['NOPE-9']);
  });

  it('a known typed code opens the asset', async () => {
    const { router } = await renderRoutes(routes(), { path: '/assets/scan' });
    fireEvent.change(await screen.findByTestId('scan-code-input'), { target: { value: ' EQ-0001 ' } });
    fireEvent.click(screen.getByTestId('scan-code-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a1'));
    expect(posted).toEqual(['EQ-0001']);
  });

  it('a camera that cannot open says exactly "Failed to open camera. Please check permission."', async () => {
    const openCamera = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await renderRoutes(routes({ openCamera }), { path: '/assets/scan' });
    fireEvent.click(await screen.findByTestId('start-camera'));
    expect((await screen.findByTestId('camera-error')).textContent).toBe('Failed to open camera. Please check permission.');
    expect(openCamera).toHaveBeenCalledTimes(1);
    // the button offers to try again
    expect(screen.getByTestId('start-camera').textContent).toBe('Reintentar cámara');
  });

  it('a code read by the camera is looked up and opens the asset', async () => {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    const detector: FrameDetector = { detect: vi.fn(() => Promise.resolve([{ rawValue: 'EQ-0001' }])) };
    // jsdom has no video playback: the element reports a frame as a browser would once playing
    Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
    Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = await renderRoutes(routes({ openCamera: () => Promise.resolve(stream), makeDetector: () => Promise.resolve(detector) }), { path: '/assets/scan' });
    fireEvent.click(await screen.findByTestId('start-camera'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a1'));
    expect(posted).toEqual(['EQ-0001']);
    // leaving the screen stops the camera
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });
});
