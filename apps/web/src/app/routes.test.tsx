import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PERMISSION_KEYS } from '@faena/domain/permissions';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../shared/session/session.ts';
import { renderRoutes } from '../test/render.tsx';
import { testTokenPair } from '../test/session.ts';
import { routerOptions, routes } from './routes.tsx';

/** The app's table with the app's router options: the signed-in screens are patched in as in the browser. */
const renderApp = (path: string) => renderRoutes(routes, { path, options: routerOptions() });

const WORKER = ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_WF', 'VIEW_REPORTS', 'VIEW_ASSETS'];

const pair = (name = 'Matías González') => testTokenPair({ name, email: 'operario@faena.test' });

function serve(permissions: string[], isStaff = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      if (url.includes('/api/permissions/v3/my-site-config')) {
        return new Response(JSON.stringify({ permissions, is_staff: isStaff, disabled_modules: [], feature_flags: ALL_FLAGS_ON }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ code: 'not-found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
}

// Lazy area modules are transformed on first use: the first navigations can take seconds on a busy machine.
describe('the route table (spec §2)', { timeout: 30_000 }, () => {
  beforeEach(() => serve(WORKER));
  afterEach(async () => {
    await sessionStore.signOut();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends an unauthenticated user from a protected route to /login, replacing the entry', async () => {
    const { router } = await renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
  });

  it('brings a deep link opened signed out back after sign-in, once', async () => {
    const first = await renderApp('/people/abc?tab=history');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    first.unmount();
    // every sign-in lands on '/' (spec §2): it now takes the kept address instead of /home
    sessionStore.signIn(pair());
    const back = await renderApp('/');
    await waitFor(() => expect(`${back.router.state.location.pathname}${back.router.state.location.search}`).toBe('/people/abc?tab=history'), { timeout: 15_000 });
    back.unmount();
    const later = await renderApp('/');
    await waitFor(() => expect(later.router.state.location.pathname).toBe('/home'), { timeout: 15_000 });
  });

  it("sends '/' to /home when signed in", async () => {
    sessionStore.signIn(pair());
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 15_000 });
    expect(await screen.findByText('Hola, Matías')).toBeTruthy();
  });

  it('redirects /reports to /reports/list', async () => {
    sessionStore.signIn(pair());
    const { router } = await renderApp('/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/list'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { name: 'Reportes' })).toBeTruthy();
  });

  it("shows 'Page Not Found' with a way home on unknown paths", async () => {
    await renderApp('/no/such/place');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('refuses a screen the person may not use (operario and /people)', async () => {
    sessionStore.signIn(pair());
    await renderApp('/people');
    expect(await screen.findByText('No tienes acceso a esta sección')).toBeTruthy();
  });

  it('renders the public report route without a session', async () => {
    const { router } = await renderApp('/reports/abc123');
    // the server does not know this link: the page says so, signed out, without redirecting to /login
    expect(await screen.findByText('Este reporte no existe')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reports/abc123');
  });

  it('opens the workflow screens (built: no under-construction screen)', async () => {
    serve(PERMISSION_KEYS, true);
    sessionStore.signIn(pair());
    await renderApp('/workflows/compras/executions');
    expect(await screen.findByRole('heading', { name: 'Ejecuciones' })).toBeTruthy();
    expect(screen.queryByText('Módulo en construcción')).toBeNull();
  });
});
