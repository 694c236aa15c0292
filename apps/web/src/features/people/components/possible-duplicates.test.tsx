import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { comparableName, PossibleDuplicates } from './possible-duplicates.tsx';

const person = (id: string, name: string, is_disabled = false) => ({
  id,
  passport: id,
  name,
  primary_email: `${id}@faena.test`,
  picture: null,
  photo_upload_id: null,
  is_disabled,
  has_account: false,
  invited: false,
  origin: null,
  identity_documents: [],
  positions: [{ id: 'po', title: 'Cajera' }],
  created_at: '',
  updated_at: '',
});

let calls: string[] = [];
let permissions: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStore.signIn(testTokenPair());
  permissions = ['VIEW_PEOPLE', 'MANAGE_PEOPLE'];
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    const search = new URL(url, 'http://x').searchParams.get('search');
    if (url.includes('/persons/?') && search === 'Ana Rojas')
      return { count: 4, next: null, previous: null, results: [person('p1', 'Ana Rojas'), person('p2', 'Ana María Rojas', true), person('p3', 'Ana Rojas Soto')] };
    if (url.includes('/persons/?')) return { count: 0, next: null, previous: null, results: [] };
    return undefined;
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

function Name() {
  const [name, setName] = useState('');
  return (
    <>
      <input aria-label="nombre" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <PossibleDuplicates name={name} />
    </>
  );
}

const searches = () => calls.filter((url) => url.includes('/persons/?')).map((url) => new URL(url, 'http://x').searchParams);

describe('PossibleDuplicates', () => {
  it('compares names of two words or more', () => {
    expect(comparableName('Ana')).toBeNull();
    expect(comparableName('  Ana  R ')).toBeNull();
    expect(comparableName(' Ana   Rojas ')).toBe('Ana Rojas');
  });

  it('warns of the people already here with the name typed, disabled ones too, each opening in a new tab', async () => {
    await renderRoutes([{ path: '/', element: <Name /> }]);
    const input = screen.getByLabelText('nombre');
    fireEvent.change(input, { target: { value: 'Ana' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches()).toEqual([]);
    expect(screen.queryByTestId('person-duplicates')).toBeNull();

    fireEvent.change(input, { target: { value: 'Ana Rojas' } });
    const alert = await screen.findByTestId('person-duplicates');
    expect(within(alert).getByText('Ya hay 4 personas con un nombre parecido')).toBeTruthy();
    expect(searches().at(-1)?.get('status')).toBe('all');
    const link = within(alert).getByRole('link', { name: 'Ana Rojas' });
    expect(link.getAttribute('href')).toBe('/people/p1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(alert).getByText('Deshabilitada')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Ver las 4' }).getAttribute('href')).toBe('/people?q=Ana+Rojas&status=all');

    // a name nobody has: the warning goes
    fireEvent.change(input, { target: { value: 'Ana Rojas Zúñiga' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(screen.queryByTestId('person-duplicates')).toBeNull());
  });

  it('asks nothing of a people administrator who may not see people (the search would be refused)', async () => {
    permissions = ['MANAGE_PEOPLE'];
    await renderRoutes([{ path: '/', element: <Name /> }]);
    await vi.waitFor(() => expect(calls.some((url) => url.includes('/my-site-config'))).toBe(true));
    fireEvent.change(screen.getByLabelText('nombre'), { target: { value: 'Ana Rojas' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches()).toEqual([]);
    expect(screen.queryByTestId('person-duplicates')).toBeNull();
  });
});
