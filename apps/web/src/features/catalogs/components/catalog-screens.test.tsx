import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { TLocation } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { LocationsRoute, VenuesRoute } from '../routes.tsx';

const pair = testTokenPair({ name: 'Valentina Muñoz', email: 'rrhh@faena.test' });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function location(id: string, name: string, parent: string | null): TLocation {
  return {
    id,
    name,
    code: id.toUpperCase(),
    description: null,
    legacy_id: null,
    parent,
    venue: 'v1',
    venue_name: 'Casa Matriz',
    blue_print: null,
    children_count: 0,
    is_active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  } as TLocation;
}

/** The organisation API in memory: site config, locations in pages of 200, and venue writes. */
function serve({ permissions, locations = [] as TLocation[], venuePost }: { permissions: string[]; locations?: TLocation[]; venuePost?: (body: unknown) => Response }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://demo.app.localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/permissions/v3/my-site-config') return json({ permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON });
      if (url.pathname === '/api/organization/v3/locations/') {
        // parent=none: roots; parent={id}: its children; search: name or code, flat.
        const parent = url.searchParams.get('parent');
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const kept = locations.filter((row) => (search ? `${row.name} ${row.code}`.toLowerCase().includes(search) : parent === 'none' ? row.parent === null : parent ? row.parent === parent : true));
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('page_size'));
        const results = kept.slice((page - 1) * size, page * size).map((row) => ({ ...row, children_count: locations.filter((child) => child.parent === row.id).length }));
        return json({ count: kept.length, next: page * size < kept.length ? 'next' : null, previous: null, results });
      }
      const detail = /^\/api\/organization\/v3\/locations\/([^/]+)\/$/.exec(url.pathname);
      if (detail) {
        const row = locations.find((candidate) => candidate.id === detail[1]);
        return row ? json(row) : json({ code: 'not-found' }, 404);
      }
      if (method === 'POST' && url.pathname === '/api/organization/v3/venues/') return venuePost ? venuePost(JSON.parse(String(init?.body))) : json({ code: 'not-found' }, 404);
      if (method === 'GET' && /\/api\/organization\/v3\/[a-z-]+\/$/.test(url.pathname)) return json({ count: 0, next: null, previous: null, results: [] });
      return json({ code: 'not-found' }, 404);
    }),
  );
  return calls;
}

// jsdom has no FontFaceSet; Mantine's autosizing text areas listen to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

describe('catalogue screens', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(pair));
  afterEach(async () => {
    await sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('shows the roots a page at a time, opens a branch on demand, and a search lists matches with where they sit', async () => {
    const roots = Array.from({ length: 60 }, (_, i) => location(`x${String(i).padStart(2, '0')}`, `Bodega ${String(i).padStart(2, '0')}`, null));
    const calls = serve({ permissions: ['VIEW_HOME'], locations: [...roots, location('p1', 'Piso 1', null), location('rec', 'Recepción', 'p1'), location('caj', 'Caja', 'rec')] });
    await renderRoutes([{ path: '/locations', Component: LocationsRoute }], { path: '/locations' });
    const tree = await screen.findByTestId('location-tree', {}, { timeout: 15_000 });
    // 61 roots: the first 50, folded (more than 20 on the page); nothing below them was asked for.
    expect(within(tree).getByText('Bodega 00')).toBeTruthy();
    // the range counts the top level the pages are made of, and says so (the children show beneath)
    expect(screen.getByTestId('list-range').textContent).toBe('1–50 de 61 ubicaciones de primer nivel');
    expect(calls.filter((call) => call.includes('/locations/?'))).toEqual(['GET /api/organization/v3/locations/?page=1&page_size=50&is_active=true&parent=none']);
    // A reader gets no write actions.
    expect(screen.queryByTestId('catalog-create')).toBeNull();
    expect(within(tree).queryByTestId('row-menu')).toBeNull();

    // Page 2 holds 11 roots: their branches open at once (one level), so Piso 1 shows Recepción.
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await within(screen.getByTestId('location-tree')).findByText('Recepción');
    expect(calls).toContain('GET /api/organization/v3/locations/?page=1&page_size=200&parent=p1&is_active=true');
    // Deeper branches open on demand.
    expect(within(screen.getByTestId('location-tree')).queryByText('Caja')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar lo que hay dentro de Recepción' }));
    await within(screen.getByTestId('location-tree')).findByText('Caja');
    expect(calls).toContain('GET /api/organization/v3/locations/?page=1&page_size=200&parent=rec&is_active=true');

    // the box is named for its list; the hint inside it is short enough for a phone
    expect(screen.getByTestId('catalog-search').getAttribute('aria-label')).toBe('Buscar ubicaciones por nombre o código');
    expect(screen.getByTestId('catalog-search').getAttribute('placeholder')).toBe('Buscar por nombre o código');
    fireEvent.change(screen.getByTestId('catalog-search'), { target: { value: 'caja' } });
    const matches = await screen.findByTestId('location-matches', {}, { timeout: 5_000 });
    await within(matches).findByText(/en Recepción/);
    expect(
      within(matches)
        .getAllByTestId('location-node')
        .map((node) => node.getAttribute('data-code')),
    ).toEqual(['CAJ']);
    expect(screen.getByTestId('list-range').textContent).toBe('1–1 de 1');
  });

  it('a search that finds nothing offers the deleted ones too, and clearing the search', async () => {
    const calls = serve({ permissions: ['VIEW_HOME'], locations: [location('p1', 'Piso 1', null)] });
    const { router } = await renderRoutes([{ path: '/locations', Component: LocationsRoute }], { path: '/locations?search=bodega' });
    const nothing = await screen.findByTestId('catalog-no-matches', {}, { timeout: 15_000 });
    expect(nothing.textContent).toContain('Nada coincide con «bodega».');
    fireEvent.click(within(nothing).getByTestId('no-matches-all'));
    await screen.findByTestId('catalog-no-matches');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('all');
    expect(calls.at(-1)).toContain('search=bodega');
    expect(calls.at(-1)).not.toContain('is_active=true');
    // among every state, the offer to look among the deleted ones is gone; clearing shows the tree again
    expect(screen.queryByTestId('no-matches-all')).toBeNull();
    fireEvent.click(screen.getByTestId('no-matches-clear'));
    await within(await screen.findByTestId('location-tree')).findByText('Piso 1');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('catalog-search').value).toBe('');
  });

  it('a page past the end (old link, last rows deleted) goes to the last page with rows', async () => {
    serve({ permissions: ['VIEW_HOME'], locations: Array.from({ length: 61 }, (_, i) => location(`x${String(i).padStart(2, '0')}`, `Bodega ${String(i).padStart(2, '0')}`, null)) });
    const { router } = await renderRoutes([{ path: '/locations', Component: LocationsRoute }], { path: '/locations?page=9' });
    await screen.findByText('51–61 de 61 ubicaciones de primer nivel', {}, { timeout: 15_000 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it("puts the server's 400 on its field, in Spanish, and sends only typed values", async () => {
    const posts: unknown[] = [];
    serve({
      permissions: ['MANAGE_PEOPLE'],
      venuePost: (body) => {
        posts.push(body);
        return json({ code: 'validation-error', errors: { code: ['Code already in use'] }, reasons: { code: 'in-use' } }, 400);
      },
    });
    await renderRoutes([{ path: '/venues/create', Component: VenuesRoute }], { path: '/venues/create' });
    const form = await screen.findByTestId('catalog-form', {}, { timeout: 15_000 });
    const input = (name: string) => form.querySelector<HTMLInputElement>(`[data-field-box="${name}"] input`)!;

    fireEvent.click(screen.getByTestId('catalog-save'));
    expect(await within(form).findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(posts).toHaveLength(0);

    fireEvent.change(input('code'), { target: { value: ' HQ ' } });
    fireEvent.change(input('name'), { target: { value: 'Casa Matriz' } });
    fireEvent.change(input('gla'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByTestId('catalog-save'));
    await within(form).findByText('Ese código ya está en uso.');
    expect(posts).toEqual([{ code: 'HQ', name: 'Casa Matriz', gla: 12.5 }]);
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('keeps an edit and its unsaved changes when reading the row again fails (back on the tab)', async () => {
    serve({ permissions: ['MANAGE_PEOPLE'], locations: [location('rec', 'Recepción', null)] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderRoutes([{ path: '/locations/:id/edit', Component: LocationsRoute }], { path: '/locations/rec/edit', client });
    const form = await screen.findByTestId('catalog-form', {}, { timeout: 15_000 });
    const name = form.querySelector<HTMLInputElement>('[data-field-box="name"] input')!;
    expect(name.value).toBe('Recepción');
    fireEvent.change(name, { target: { value: 'Recepción norte' } });
    // The row's read fails from now on (the rest still answers).
    const answer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => (String(input).includes('/locations/rec/') ? json({ code: 'internal-error' }, 500) : answer(input, init))),
    );
    await act(() => client.refetchQueries({ queryKey: ['catalogs', 'locations', 'item', 'rec'] }));
    expect(client.getQueryState(['catalogs', 'locations', 'item', 'rec'])?.status).toBe('error');
    // The query tells its screen on a later tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('catalog-form')).toBe(form);
    expect(name.value).toBe('Recepción norte');
  });
});
