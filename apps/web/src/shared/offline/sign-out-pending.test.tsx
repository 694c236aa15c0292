import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignOut } from '../session/use-sign-out.ts';
import { sessionStore } from '../session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { idbQueueStore, resetOfflineDbHandle, type QueuedSubmission } from './offline-db.ts';
import { offlineQueue } from './offline-queue.ts';

/** Decision 031: signing out with unsent work asks first; the work stays for that person only. */
const item = (id: string, owner: string): QueuedSubmission => ({
  id,
  owner,
  seq: Number(id.slice(1)),
  kind: 'activity-completion',
  title: 'Ronda de seguridad',
  href: null,
  method: 'POST',
  path: '/api/activities/v3/activities/a1/occurrences/20261201T120000Z/completion/',
  json: { status: 'COMPLETED' },
  idempotencyKey: `key-${id}`,
  blobIds: [],
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  conflict: null,
  createdAt: '2026-12-01T12:00:00.000Z',
});

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Salir
    </button>
  );
}
const routes = [
  { path: '/home', element: <SignOutButton /> },
  { path: '/login', element: <p>Pantalla de ingreso</p> },
];

describe('signing out with unsent work (decision 031)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    stubApi(() => ({}));
    await idbQueueStore.add(item('q1', 't1:u1:p1'), []);
    await idbQueueStore.add(item('q2', 't1:u1:p1'), []);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.endSession();
  });

  it('says how many are unsent and that they stay here for this person; cancel keeps the session, confirm signs out and keeps them', async () => {
    sessionStore.signIn(testTokenPair());
    await renderRoutes(routes, { path: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Cerrar sesión con trabajo sin enviar?')).toBeTruthy();
    expect(
      within(dialog).getByText('2 envíos de este dispositivo aún no se han enviado. Se quedan guardados en este dispositivo, solo para ti, y se enviarán la próxima vez que inicies sesión aquí.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStore.getSnapshot()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByText('Pantalla de ingreso');
    expect(sessionStore.getSnapshot()).toBeNull();
    expect((await idbQueueStore.list('t1:u1:p1')).map((kept) => kept.id)).toEqual(['q1', 'q2']);
  });

  it('another person on the same device neither sees nor sends that work, and signs out unasked', async () => {
    sessionStore.signIn({ ...testTokenPair(), user: { ...testTokenPair().user, id: 'u2', passport: 'p2', email: 'otra@faena.test' } });
    expect(await offlineQueue.list()).toEqual([]);
    const calls = stubApi(() => ({}));
    await offlineQueue.flush();
    expect(calls.filter((url) => url.includes('/completion/'))).toEqual([]);
    await renderRoutes(routes, { path: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await screen.findByText('Pantalla de ingreso');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await idbQueueStore.list('t1:u1:p1')).toHaveLength(2);
  });
});
