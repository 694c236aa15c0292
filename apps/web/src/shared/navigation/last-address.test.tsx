import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Outlet } from 'react-router';
import { renderRoutes } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { sessionStore } from '../session/session.ts';
import { BackLink } from '../ui/back-link.tsx';
import { forgetAddresses, rememberAddress, returnAddress, useRememberAddress } from './last-address.ts';

afterEach(forgetAddresses);

describe('returnAddress', () => {
  it('completes a path with the query it was last shown with, and leaves others alone', () => {
    rememberAddress('/people', '?q=perez&page=2');
    rememberAddress('/venues/', '?status=deleted');
    expect(returnAddress('/people')).toBe('/people?q=perez&page=2');
    expect(returnAddress('/people/')).toBe('/people/?q=perez&page=2');
    expect(returnAddress('/venues')).toBe('/venues?status=deleted');
    expect(returnAddress('/positions')).toBe('/positions');
    // a link with its own query or hash says where it goes
    expect(returnAddress('/people?q=ana')).toBe('/people?q=ana');
    expect(returnAddress('/people#top')).toBe('/people#top');
  });

  it('forgets the query when the path is shown again without one', () => {
    rememberAddress('/people', '?q=perez');
    rememberAddress('/people', '');
    expect(returnAddress('/people')).toBe('/people');
  });

  it('forgets every address when a session ends or another begins: one person’s searches never reach the next', async () => {
    rememberAddress('/people', '?q=perez');
    sessionStore.signIn(testTokenPair());
    expect(returnAddress('/people')).toBe('/people');
    rememberAddress('/people', '?q=soto');
    await sessionStore.signOut();
    expect(returnAddress('/people')).toBe('/people');
  });

  it('keeps the last hundred paths, the oldest going first', () => {
    for (let i = 0; i < 101; i++) rememberAddress(`/list-${i}`, `?page=${i}`);
    expect(returnAddress('/list-0')).toBe('/list-0');
    expect(returnAddress('/list-1')).toBe('/list-1?page=1');
    expect(returnAddress('/list-100')).toBe('/list-100?page=100');
  });
});

function Layout() {
  useRememberAddress();
  return <Outlet />;
}

describe('BackLink', () => {
  it('goes back to the list as it was left: its search, filters and page', async () => {
    const { router } = await renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/people', element: <Link to="/people/p1">Fernanda</Link> },
            { path: '/people/:id', element: <BackLink to="/people">Volver a personas</BackLink> },
          ],
        },
      ],
      { path: '/people?q=%2B56+9+7136+4623&status=all&page=2' },
    );
    (await screen.findByText('Fernanda')).click();
    const back = await screen.findByTestId('back-link');
    expect(back.getAttribute('href')).toBe('/people?q=%2B56+9+7136+4623&status=all&page=2');
    back.click();
    await screen.findByText('Fernanda');
    expect(router.state.location.search).toBe('?q=%2B56+9+7136+4623&status=all&page=2');
  });
});
