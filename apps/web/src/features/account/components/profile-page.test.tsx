import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPerson, TPersonTeam } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { createQueryClient } from '../../../app/query-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { ProfilePage } from './account-pages.tsx';

const ME: TPerson = {
  id: 'p-me',
  passport: 'pp-me',
  name: 'Matías González',
  primary_email: 'operario@faena.test',
  picture: null,
  photo_upload_id: null,
  is_disabled: false,
  has_account: true,
  invited: false,
  origin: 'OWN_ORGANIZATION',
  identity_documents: [],
  positions: [{ id: 'po-opb', title: 'Operario de Bodega' }],
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-02T12:00:00Z',
  roles: [],
  groups: [],
  other_emails: [],
  phones: [{ number: '+56971234567', label: 'Móvil' }],
  address: null,
  business_lines: [],
  workspaces: [{ id: 've-cdn', name: 'Centro de Distribución Norte' }],
  company: null,
  last_sign_in_at: null,
};

const TEAM: TPersonTeam = {
  managers: [{ position: { id: 'po-jbo', title: 'Jefe de Bodega' }, people: [{ id: 'p-jefe', name: 'Antonia Reyes Castillo' }] }],
  reports: { count: 0, people: [] },
};

let permissions: string[] = [];
let me: TPerson | Response = ME;
beforeEach(() => {
  sessionStore.signIn(testTokenPair({ name: ME.name, email: 'operario@faena.test' }));
  permissions = ['VIEW_HOME', 'VIEW_TASKS'];
  me = ME;
  stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.endsWith('/persons/me/team/')) return TEAM;
    if (url.endsWith('/persons/me/')) return me;
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows a member their place in the organisation and who they report to, without the directory', async () => {
    await renderRoutes([{ path: '/', element: <ProfilePage /> }]);
    const place = await screen.findByTestId('profile-place');
    expect(within(place).getByText('Operario de Bodega')).toBeTruthy();
    expect(within(place).getByText('Centro de Distribución Norte')).toBeTruthy();
    expect(within(place).getByText('+56 9 7123 4567')).toBeTruthy();
    // nothing recorded is said, not left blank
    expect(within(place).getByText('Sin información')).toBeTruthy();
    // without VIEW_PEOPLE there is no record to open, and the people are names, not links
    expect(screen.queryByTestId('profile-record')).toBeNull();
    const managers = await screen.findByTestId('person-team-managers');
    expect(within(managers).getByText('Antonia Reyes Castillo')).toBeTruthy();
    expect(within(managers).getByText('Jefe de Bodega')).toBeTruthy();
    expect(within(managers).queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('Nadie a tu cargo.')).toBeTruthy();
  });

  it('opens the own record and links the team for whoever may see the directory', async () => {
    permissions = ['VIEW_HOME', 'VIEW_PEOPLE'];
    await renderRoutes([{ path: '/', element: <ProfilePage /> }]);
    expect((await screen.findByTestId('profile-record')).getAttribute('href')).toBe('/people/p-me');
    const managers = await screen.findByTestId('person-team-managers');
    expect(within(managers).getByRole('link', { name: 'Antonia Reyes Castillo' }).getAttribute('href')).toBe('/people/p-jefe');
  });

  it('asks for the team beside the record, not after it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = stubApi((url) =>
      url.endsWith('/persons/me/')
        ? held.then(() => jsonResponse(ME))
        : url.includes('/my-site-config')
          ? { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON }
          : url.endsWith('/persons/me/team/')
            ? TEAM
            : undefined,
    );
    // the app's own cache settings: the card below reuses the answer asked for beside the record
    await renderRoutes([{ path: '/', element: <ProfilePage /> }], { client: createQueryClient(() => {}) });
    await vi.waitFor(() => expect(asked.some((url) => url.endsWith('/persons/me/team/'))).toBe(true));
    expect(screen.queryByTestId('profile-place')).toBeNull();
    release();
    const managers = await screen.findByTestId('person-team-managers');
    expect(within(managers).getByText('Antonia Reyes Castillo')).toBeTruthy();
    expect(asked.filter((url) => url.endsWith('/persons/me/team/'))).toHaveLength(1);
  });

  it('keeps the profile when the record cannot be read, saying so unless there is none', async () => {
    me = jsonResponse({ code: 'internal' }, 500);
    const failed = await renderRoutes([{ path: '/', element: <ProfilePage /> }]);
    expect(await screen.findByText('No se pudo cargar tu ficha de la organización.')).toBeTruthy();
    expect(screen.getByText('Matías González')).toBeTruthy();
    failed.unmount();
    me = jsonResponse({ code: 'not-found' }, 404);
    await renderRoutes([{ path: '/', element: <ProfilePage /> }]);
    expect(await screen.findByText('Matías González')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('profile-place')).toBeNull();
    expect(screen.queryByText('No se pudo cargar tu ficha de la organización.')).toBeNull();
  });
});
