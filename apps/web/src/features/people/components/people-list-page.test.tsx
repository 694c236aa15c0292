import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes, testTenant } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { PeopleListPage } from './people-list-page.tsx';

const ANA = {
  id: 'p-1',
  name: 'Ana Rojas',
  primary_email: 'ana@faena.test',
  picture: null,
  is_disabled: false,
  has_account: true,
  invited: false,
  origin: 'OWN_ORGANIZATION',
  identity_documents: [],
  positions: [],
};

let disabledModules: string[] = [];
let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  disabledModules = [];
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_PEOPLE'], is_staff: false, disabled_modules: disabledModules, feature_flags: ALL_FLAGS_ON };
    if (url.includes('/persons/?')) {
      // Ana left the organisation: a search of the active people finds nobody
      const query = new URL(url, 'http://x').searchParams;
      if (query.get('search') === 'ana' && query.get('status') === 'active') return { count: 0, next: null, previous: null, results: [] };
      // found by the fifth of her positions
      if (query.get('search') === 'ana bodega')
        return {
          count: 1,
          next: null,
          previous: null,
          results: [{ ...ANA, positions: ['Cajera', 'Vendedora', 'Guardia', 'Supervisora', 'Jefa de Bodega (Noche)'].map((title, i) => ({ id: `pos-${i}`, title })) }],
        };
      // found by what the row does not show: a phone and another e-mail
      if (query.get('search') === '4455')
        return {
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              ...ANA,
              search_matches: [
                { field: 'phone', value: '+56944556677' },
                { field: 'other_email', value: 'arojas@proveedor.test' },
              ],
            },
          ],
        };
      return { count: 1, next: null, previous: null, results: [ANA] };
    }
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const listRequests = () => calls.filter((url) => url.includes('/persons/?')).map((url) => new URL(url, 'http://x').searchParams);
const LINK = '/people?company=co-1&company_name=Contratista+Sur&business_line=bl-1&business_line_name=Retail';

describe('PeopleListPage', () => {
  it('filters by the company and the business line of a link, and shows both filters', async () => {
    await renderRoutes([{ path: '/people', element: <PeopleListPage /> }], { path: LINK });
    await screen.findByText('Ana Rojas');
    const asked = listRequests().at(-1);
    expect(asked?.get('company')).toBe('co-1');
    expect(asked?.get('business_line')).toBe('bl-1');
    expect(screen.getByTestId<HTMLInputElement>('filter-company').value).toBe('Contratista Sur');
  });

  it('does not filter by a module the tenant switched off after the link was made', async () => {
    disabledModules = ['company', 'business_line'];
    await renderRoutes([{ path: '/people', element: <PeopleListPage /> }], { path: LINK, tenant: testTenant({ disabledModules }) });
    await screen.findByText('Ana Rojas');
    // every list request, including the first, is free of the hidden filters
    expect(listRequests().length).toBeGreaterThan(0);
    for (const asked of listRequests()) {
      expect(asked.get('company')).toBeNull();
      expect(asked.get('business_line')).toBeNull();
    }
    expect(screen.queryByTestId('filter-company')).toBeNull();
    expect(screen.queryByTestId('filter-business-line')).toBeNull();
  });

  it('when nobody matches, offers to look among the disabled people too, and to clear the search and the filters', async () => {
    const { router } = await renderRoutes([{ path: '/people', element: <PeopleListPage /> }], { path: '/people?q=ana&origin=OWN_ORGANIZATION' });
    expect((await screen.findByTestId('people-empty')).textContent).toContain('Nadie coincide con la búsqueda o los filtros.');
    screen.getByTestId('people-empty-all').click();
    // her name, with what the search matched marked in it
    await screen.findByRole('link', { name: 'Ana Rojas' });
    expect(router.state.location.search).toContain('status=all');
    expect(listRequests().at(-1)?.get('search')).toBe('ana');

    await router.navigate('/people?q=ana');
    (await screen.findByTestId('people-empty-clear')).click();
    await screen.findByText('Ana Rojas');
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('people-search').value).toBe('');
    expect(listRequests().at(-1)?.get('search')).toBeNull();
  });

  it('says which phone or other e-mail found a person the row does not show', async () => {
    await renderRoutes([{ path: '/people', element: <PeopleListPage /> }], { path: '/people?q=4455' });
    await screen.findByText('Ana Rojas');
    expect(screen.getByTestId('person-search-match').textContent).toBe('Coincide con el teléfono +56 9 4455 6677 · Coincide con el correo arojas@proveedor.test');
    // the digits the search matched are marked in the phone, as written
    expect(screen.getAllByTestId('search-mark').map((mark) => mark.textContent)).toEqual(['4455']);
  });

  it('marks what the search matched in the name, the e-mail and the titles, and puts a matched position before the cut', async () => {
    await renderRoutes([{ path: '/people', element: <PeopleListPage /> }], { path: '/people?q=ana%20bodega' });
    await screen.findByText('Ana');
    expect(screen.getAllByTestId('search-mark').map((mark) => mark.textContent)).toEqual(['Ana', 'ana', 'Bodega']);
    expect(screen.getByTestId('person-row').textContent).toContain('Jefa de Bodega (Noche), Cajera, Vendedora ... y 2 más');
  });
});
