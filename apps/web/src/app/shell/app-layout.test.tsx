import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../shared/session/session.ts';
import { siteConfigQueryOptions } from '../../shared/session/get-site-config.ts';
import { renderRoutes } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { AppLayout } from './app-layout.tsx';

/** Decision 031: offline, a site config read again that fails leaves the app usable with the kept one. */
const routes = [{ path: '/', element: <AppLayout />, children: [{ path: 'home', element: <p>Pantalla de inicio</p> }] }];

function offline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !value });
}

describe('the shell with no connection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.signIn(testTokenPair());
    offline(true);
    // no network: every request fails as fetch does offline
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
  });
  afterEach(() => {
    offline(false);
    vi.unstubAllGlobals();
    sessionStore.endSession();
  });

  it('shows the screen with the kept site config when reading it again fails, not the error page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(siteConfigQueryOptions('u1:').queryKey, { permissions: ['VIEW_HOME'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON } as never);
    await client.invalidateQueries({ queryKey: ['site-config'] });
    await renderRoutes(routes, { path: '/home', client });
    await waitFor(() => expect(client.getQueryState(siteConfigQueryOptions('u1:').queryKey)?.status).toBe('error'));
    expect(await screen.findByText('Pantalla de inicio')).toBeTruthy();
  });

  it('shows the error page when the site config was never read on the device', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderRoutes(routes, { path: '/home', client });
    await waitFor(() => expect(client.getQueryState(siteConfigQueryOptions('u1:').queryKey)?.status).toBe('error'));
    expect(screen.queryByText('Pantalla de inicio')).toBeNull();
  });
});
