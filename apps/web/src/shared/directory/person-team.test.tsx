import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPersonTeam } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { ME, PersonTeam } from './person-team.tsx';

const TEAM: TPersonTeam = {
  managers: [
    { position: { id: 'po-dir', title: 'Directorio' }, people: [] },
    {
      position: { id: 'po-gg', title: 'Gerencia General' },
      people: [{ id: 'p-carla', name: 'Carla Jefa' }],
    },
  ],
  reports: {
    count: 14,
    people: [
      {
        id: 'p-ana',
        name: 'Ana Analista',
        position: { id: 'po-an', title: 'Analista' },
      },
      {
        id: 'p-bruno',
        name: 'Bruno Analista',
        position: { id: 'po-an', title: 'Analista' },
      },
    ],
  },
};

let calls: string[] = [];
let permissions: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  permissions = ['VIEW_PEOPLE', 'VIEW_ORG_CHART'];
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/persons/p-1/team/')) return TEAM;
    if (url.includes('/persons/p-2/team/') || url.includes('/persons/me/team/')) return { managers: [], reports: { count: 0, people: [] } };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('PersonTeam', () => {
  it('links to who is above (a vacant position says so) and below, and to the chart for the rest', async () => {
    await renderRoutes([{ path: '/', element: <PersonTeam personId="p-1" positionId="po-ger" /> }]);
    const managers = await screen.findByTestId('person-team-managers');
    expect(within(managers).getByText('Reporta a')).toBeTruthy();
    expect(within(managers).getByText('Cargo vacante')).toBeTruthy();
    expect(within(managers).getByRole('link', { name: 'Carla Jefa' }).getAttribute('href')).toBe('/people/p-carla');
    const reports = screen.getByTestId('person-team-reports');
    expect(within(reports).getByText('Equipo directo (14)')).toBeTruthy();
    await within(reports).findByRole('link', { name: 'y 12 personas más en el organigrama' });
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ana Analista', 'Bruno Analista', 'y 12 personas más en el organigrama']);
    expect(screen.getByTestId('person-team-more').getAttribute('href')).toBe('/org-chart?position=po-ger');
  });

  it('counts the rest without a link for whoever may not open the chart', async () => {
    permissions = ['VIEW_PEOPLE'];
    await renderRoutes([{ path: '/', element: <PersonTeam personId="p-1" positionId="po-ger" /> }]);
    const reports = await screen.findByTestId('person-team-reports');
    expect(within(reports).getByText('y 12 personas más')).toBeTruthy();
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ana Analista', 'Bruno Analista']);
  });

  it('shows a member their own place by name, without links to a directory they may not open', async () => {
    permissions = [];
    calls.length = 0;
    const view = await renderRoutes([{ path: '/', element: <PersonTeam personId={ME} positionId="po-op" /> }]);
    expect(await screen.findByText('Nadie por encima en el organigrama.')).toBeTruthy();
    expect(screen.getByText('Nadie a tu cargo.')).toBeTruthy();
    expect(calls.some((url) => url.endsWith('/persons/me/team/'))).toBe(true);
    view.unmount();
    await renderRoutes([{ path: '/', element: <PersonTeam personId={ME} positionId={null} /> }]);
    expect(screen.getByText('No tienes un cargo en el organigrama.')).toBeTruthy();
  });

  it('names people without links for whoever may not open the directory', async () => {
    permissions = ['VIEW_ORG_CHART'];
    await renderRoutes([{ path: '/', element: <PersonTeam personId="p-1" positionId="po-ger" /> }]);
    const managers = await screen.findByTestId('person-team-managers');
    expect(within(managers).getByText('Carla Jefa')).toBeTruthy();
    expect(within(managers).queryAllByRole('link')).toEqual([]);
    expect(
      within(screen.getByTestId('person-team-reports'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['y 12 personas más en el organigrama']);
  });

  it('says when nobody is above or below, and asks nothing for someone without a position', async () => {
    const first = await renderRoutes([{ path: '/', element: <PersonTeam personId="p-2" positionId="po-x" /> }]);
    expect(await screen.findByText('Nadie por encima en el organigrama.')).toBeTruthy();
    expect(screen.getByText('Nadie a su cargo.')).toBeTruthy();
    first.unmount();
    await renderRoutes([{ path: '/', element: <PersonTeam personId="p-3" positionId={null} /> }]);
    expect(screen.getByText('No tiene un cargo en el organigrama.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((url) => url.includes('/persons/p-3/'))).toBe(false);
  });
});
