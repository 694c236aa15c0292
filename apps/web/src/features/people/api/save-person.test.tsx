import { fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directoryKeys } from '../../../shared/directory/directory-api.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { peopleKeys } from './get-people.ts';
import { useSavePerson } from './save-person.ts';

function Saver() {
  const save = useSavePerson('p-1');
  return (
    <button type="button" onClick={() => save.mutate({ name: 'Ana Rojas' })}>
      {save.isSuccess ? 'guardado' : 'guardar'}
    </button>
  );
}

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  stubApi((url, init) => (url.includes('/persons/p-1/') && init?.method === 'PATCH' ? { id: 'p-1', name: 'Ana Rojas' } : undefined));
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('useSavePerson', () => {
  it('makes stale what shows the person: the lists, their team, and the caller’s own record (the profile)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    for (const key of [directoryKeys.me, directoryKeys.team('p-1'), [...peopleKeys.all, 'list', 'x']]) client.setQueryData(key, { cached: true });
    await renderRoutes([{ path: '/', element: <Saver /> }], { client });
    fireEvent.click(await screen.findByText('guardar'));
    await screen.findByText('guardado');
    expect(client.getQueryState(directoryKeys.me)?.isInvalidated).toBe(true);
    expect(client.getQueryState(directoryKeys.team('p-1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState([...peopleKeys.all, 'list', 'x'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(peopleKeys.detail('p-1'))).toMatchObject({ name: 'Ana Rojas' });
  });
});
