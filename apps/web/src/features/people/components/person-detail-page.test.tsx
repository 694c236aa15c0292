import { act, screen, within } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPerson } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { PersonDetailPage } from './person-detail-page.tsx';

const PERSON: TPerson = {
  id: 'p-1',
  passport: 'pp-1',
  name: 'Ana Rojas',
  primary_email: 'ana@faena.test',
  picture: null,
  photo_upload_id: null,
  is_disabled: false,
  has_account: true,
  invited: false,
  origin: 'CONTRACTOR_BUSINESS',
  identity_documents: [{ type: 'CL_CI', number: '12345678-5' }],
  positions: [{ id: 'po-1', title: 'Jefa de Bodega' }],
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-02T12:00:00Z',
  roles: ['Brigada'],
  groups: [],
  other_emails: ['ana.rojas@gmail.com'],
  phones: [{ number: '+56 9 1234 5678', label: 'Móvil' }],
  address: null,
  business_lines: [{ id: 'bl-1', name: 'Retail' }],
  workspaces: [{ id: 've-1', name: 'Casa Matriz' }],
  company: { id: 'co-1', name: 'Contratista Sur' },
  last_sign_in_at: null,
};

let disabledModules: string[] = [];
let audienceName = 'Brigada';
let permissions: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  disabledModules = [];
  audienceName = 'Brigada';
  permissions = ['VIEW_PEOPLE', 'VIEW_ORG_CHART'];
  stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: disabledModules, feature_flags: ALL_FLAGS_ON };
    if (url.includes('/persons/p-1/team/')) return { managers: [], reports: { count: 0, people: [] } };
    if (url.includes('/persons/p-1/audiences/')) return { results: [{ id: 'au-1', name: audienceName, matched_by: ['position', 'person'] }] };
    if (url.includes('/persons/p-1/')) return PERSON;
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const hrefOf = (scope: HTMLElement, name: string) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('PersonDetailPage', () => {
  it('writes to the e-mails, calls the phones and opens the position, venues, business lines and company', async () => {
    await renderRoutes([{ path: '/', element: <PersonDetailPage id="p-1" /> }]);
    const page = await screen.findByTestId('person-detail');
    await vi.waitFor(() => expect(within(page).getAllByRole('link', { name: 'Jefa de Bodega' })).toHaveLength(2));
    expect(
      within(page)
        .getAllByRole('link', { name: 'ana@faena.test' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['mailto:ana@faena.test', 'mailto:ana@faena.test']);
    expect(hrefOf(page, 'ana.rojas@gmail.com')).toBe('mailto:ana.rojas@gmail.com');
    expect(hrefOf(page, '+56 9 1234 5678 (Móvil)')).toBe('tel:+56912345678');
    expect(
      within(page)
        .getAllByRole('link', { name: 'Jefa de Bodega' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/org-chart?position=po-1', '/org-chart?position=po-1']);
    expect(hrefOf(page, 'Casa Matriz')).toBe('/venues/ve-1');
    expect(hrefOf(page, 'Retail')).toBe('/business-lines/bl-1');
    expect(hrefOf(page, 'Contratista Sur')).toBe('/companies/co-1');
    // roles are labels, not places
    expect(
      within(page)
        .getAllByText('Brigada')
        .filter((node) => node.closest('a') === null),
    ).toHaveLength(1);
  });

  it('lists the audiences the person is in, each with why', async () => {
    await renderRoutes([{ path: '/', element: <PersonDetailPage id="p-1" /> }]);
    const audience = await screen.findByTestId('person-audience');
    expect(within(audience).getByRole('link', { name: 'Brigada' }).getAttribute('href')).toBe('/audiences/au-1');
    expect(within(audience).getByText('por su cargo · por elección directa')).toBeTruthy();
  });

  it('asks again for the audiences once an audience is saved elsewhere (what its save makes stale)', async () => {
    let client: QueryClient | null = null;
    function Client() {
      client = useQueryClient();
      return null;
    }
    await renderRoutes([
      {
        path: '/',
        element: (
          <>
            <PersonDetailPage id="p-1" />
            <Client />
          </>
        ),
      },
    ]);
    await screen.findByRole('link', { name: 'Brigada' });
    audienceName = 'Brigada de emergencia';
    // what save-audience.ts invalidates
    await act(() => client!.invalidateQueries({ queryKey: ['directory', 'audiences'] }));
    await screen.findByRole('link', { name: 'Brigada de emergencia' });
  });

  it('draws no link to a screen the person cannot open', async () => {
    permissions = ['VIEW_PEOPLE'];
    disabledModules = ['company'];
    await renderRoutes([{ path: '/', element: <PersonDetailPage id="p-1" /> }]);
    const page = await screen.findByTestId('person-detail');
    await within(page).findByText('Casa Matriz');
    expect(within(page).queryByRole('link', { name: 'Jefa de Bodega' })).toBeNull();
    expect(within(page).getAllByText('Jefa de Bodega')).toHaveLength(2);
    expect(hrefOf(page, 'Casa Matriz')).toBe('/venues/ve-1');
    // a switched-off module hides the company altogether
    expect(within(page).queryByText('Contratista Sur')).toBeNull();
  });
});
