import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAssetSummary } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { AssetListPage } from './asset-list-page.tsx';

function asset(n: number, over: Partial<TAssetSummary> = {}): TAssetSummary {
  return {
    id: `a${n}`,
    code: `EQ-000${n}`,
    name: `Activo ${n}`,
    manufacturer: '',
    model: '',
    type: { id: 't1', name: 'Grúa', icon: 'forklift', color: '#228be6' },
    category: { id: 'c1', name: 'Bodega' },
    venue: null,
    location: null,
    responsible: null,
    maintenance_status: 'ok',
    status_reason: null,
    last_maintenance_at: null,
    photo: null,
    created_at: '2026-12-01T10:00:00Z',
    updated_at: '2026-12-01T10:00:00Z',
    ...over,
  };
}

let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_ASSETS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/asset-manager/v3/assets/?')) {
      return {
        count: 45,
        next: 'x',
        previous: null,
        results: [
          asset(1),
          asset(2, { maintenance_status: 'maintenance_needed', status_reason: { code: 'corrective_open', since: '2026-12-04T10:00:00Z', maintenance_id: 'm1', plan_id: null, recurrence_id: null } }),
        ],
      };
    }
    if (url.includes('/asset-types/')) return { results: [{ id: 't1', name: 'Grúa', category: { id: 'c1', name: 'Bodega' } }] };
    if (url.includes('/categories/')) return { results: [{ id: 'c1', name: 'Bodega' }] };
    if (url.includes('/venues/') || url.includes('/persons/')) return { count: 0, next: null, previous: null, results: [] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const listRequests = () => calls.filter((url) => url.includes('/asset-manager/v3/assets/?')).map((url) => new URL(url, 'http://x').searchParams);
const routes = [{ path: '/assets/list', element: <AssetListPage /> }];

describe('AssetListPage', () => {
  it('sends the filters, page and order of the address, and shows each asset with its status', async () => {
    await renderRoutes(routes, { path: '/assets/list?type=t1&status=maintenance_needed&venue=v9&search=grua&page=2&ordering=-name' });
    const table = await screen.findByTestId('assets-table');
    const last = listRequests().at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ type: 't1', status: 'maintenance_needed', venue: 'v9', search: 'grua', page: '2', page_size: '20', ordering: '-name' });
    const statuses = within(table)
      .getAllByTestId('maintenance-status')
      .map((badge) => badge.textContent);
    expect(statuses).toEqual(['OK', 'Requiere mantenimiento']);
    expect(screen.getByTestId('assets-count').textContent).toBe('45 activos');
    // the filters are open because the address holds some
    expect(screen.getByTestId('assets-filters-toggle').textContent).toBe('Filtros (3)');
  });

  it('a new search goes into the address and back to page 1', async () => {
    const { router } = await renderRoutes(routes, { path: '/assets/list?page=3&category=c1' });
    await screen.findByTestId('assets-table');
    fireEvent.change(screen.getByTestId('assets-search'), { target: { value: 'grúa' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=gr%C3%BAa&category=c1'), { timeout: 3000 });
    await waitFor(() => expect(Object.fromEntries(listRequests().at(-1)!)).toMatchObject({ search: 'grúa', category: 'c1', page: '1' }));
  });
});
