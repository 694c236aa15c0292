import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { PositionsPage } from './positions-page.tsx';

const position = (id: string, title: string, people: number) => ({
  id,
  title,
  department: null,
  code: null,
  is_root: false,
  parents: [],
  people: [],
  people_count: people,
  default_permission_list: [],
  default_permissions: 0,
  organization: 't1',
  tenant: 'demo',
});
const POSITIONS = [position('p1', 'Bodeguero', 2), position('p2', 'Cajero', 0)];

let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions: ['MANAGE_ORG_CHART'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/org-chart/')) return { nodes: [], edges: [] };
    if (url.includes('/positions/?')) {
      const query = new URL(url, 'http://x').searchParams;
      const search = (query.get('search') ?? '').toLowerCase();
      const vacant = query.get('vacant');
      const kept = POSITIONS.filter((p) => p.title.toLowerCase().includes(search) && (vacant === null || (vacant === 'true') === (p.people_count === 0)));
      return { count: kept.length, next: null, previous: null, results: kept };
    }
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const asked = () => calls.filter((url) => url.includes('/positions/?')).map((url) => new URL(url, 'http://x').searchParams);

describe('PositionsPage', () => {
  it('shows the vacant or the held positions, and keeps the filter and the search in the address', async () => {
    const { router } = await renderRoutes([{ path: '/positions', element: <PositionsPage /> }], { path: '/positions' });
    await screen.findAllByText('Bodeguero');
    fireEvent.click(within(screen.getByTestId('positions-holders')).getByText('Vacantes'));
    await vi.waitFor(() => expect(screen.queryAllByText('Bodeguero')).toHaveLength(0));
    expect(screen.getAllByText('Cajero').length).toBeGreaterThan(0);
    expect(asked().at(-1)?.get('vacant')).toBe('true');
    expect(router.state.location.search).toBe('?holders=vacant');

    fireEvent.change(screen.getByTestId('positions-search'), { target: { value: 'bodega' } });
    const nothing = await screen.findByTestId('positions-no-matches', {}, { timeout: 3000 });
    expect(nothing.textContent).toContain('Ningún cargo coincide con «bodega».');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('bodega');
    fireEvent.click(within(nothing).getByTestId('no-matches-clear'));
    await screen.findAllByText('Cajero');
    expect(router.state.location.search).toBe('?holders=vacant');

    fireEvent.click(within(screen.getByTestId('positions-holders')).getByText('Ocupados'));
    await screen.findAllByText('Bodeguero');
    expect(asked().at(-1)?.get('vacant')).toBe('false');
  });
});
