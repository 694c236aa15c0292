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
  it('makes stale what shows the person: the lists, the teams, their audiences, the chart and the caller’s own record (the profile)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const stale = [directoryKeys.me, directoryKeys.team('p-1'), [...peopleKeys.all, 'list', 'x'], peopleKeys.audiences('p-1'), ['org-chart']];
    for (const key of [...stale, peopleKeys.detail('p-1')]) client.setQueryData(key, { cached: true });
    await renderRoutes([{ path: '/', element: <Saver /> }], { client });
    fireEvent.click(await screen.findByText('guardar'));
    await screen.findByText('guardado');
    for (const key of stale) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    // the answer of the save itself is the person's detail, not asked for again
    expect(client.getQueryData(peopleKeys.detail('p-1'))).toMatchObject({ name: 'Ana Rojas' });
    expect(client.getQueryState(peopleKeys.detail('p-1'))?.isInvalidated).toBe(false);
  });
});
