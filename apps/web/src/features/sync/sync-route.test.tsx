import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idbQueueStore, resetOfflineDbHandle, type QueuedSubmission } from '../../shared/offline/offline-db.ts';
import { offlineQueue } from '../../shared/offline/offline-queue.ts';
import { sessionStore } from '../../shared/session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { SyncRoute } from './routes.tsx';

const OWNER = 't1:u1:p1';
let seq = 0;
const item = (over: Partial<QueuedSubmission>): QueuedSubmission => ({
  id: `q${++seq}`,
  owner: OWNER,
  seq: 1000 + seq,
  kind: 'activity-completion',
  title: 'Ronda de seguridad',
  href: null,
  method: 'POST',
  path: '/api/activities/v3/activities/a1/occurrences/20261201T120000Z/completion/',
  json: { status: 'COMPLETED', description: 'Todo en orden' },
  idempotencyKey: `key-${seq}`,
  blobIds: [],
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  conflict: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  ...over,
});

describe('/sync', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    sessionStore.signIn(testTokenPair());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.endSession();
  });

  it('says so when nothing is pending, with no last sync yet', async () => {
    await renderRoutes([{ path: '/sync', element: <SyncRoute /> }], { path: '/sync' });
    expect((await screen.findByTestId('sync-empty')).textContent).toContain('No hay nada pendiente');
    expect(screen.getByTestId('sync-last').textContent).toContain('aún no ha sincronizado');
  });

  it('shows a conflict with its reason and the answer kept, a failure with retry, and pending work; another person’s work is not there', async () => {
    await idbQueueStore.add(
      item({
        title: 'Checklist bodega',
        kind: 'checklist-execution',
        state: 'conflict',
        conflict: { reason: 'checklist-version', code: 'outdated-draft', detail: null },
        json: { answers: { temperatura: 4 } },
      }),
      [],
    );
    await idbQueueStore.add(item({ title: 'Aprobar compra', kind: 'workflow-task', state: 'failed', attempts: 6, lastError: 'La respuesta no es válida.' }), []);
    await idbQueueStore.add(item({ title: 'Ronda pendiente' }), []);
    await idbQueueStore.add(item({ title: 'De otra persona', owner: 't1:u2:p2' }), []);
    await renderRoutes([{ path: '/sync', element: <SyncRoute /> }], { path: '/sync' });

    const conflicts = await screen.findByTestId('sync-conflicts');
    expect(within(conflicts).getByText('Checklist bodega')).toBeTruthy();
    expect(within(conflicts).getByTestId('sync-conflict-reason').textContent).toContain('El checklist cambió de versión');
    expect(within(conflicts).getByTestId('sync-answer').textContent).toContain('"temperatura": 4');
    expect(within(conflicts).getByRole('button', { name: 'Copiar respuesta' })).toBeTruthy();

    const failures = screen.getByTestId('sync-failures');
    expect(within(failures).getByText('Aprobar compra')).toBeTruthy();
    expect(within(failures).getByText('La respuesta no es válida.')).toBeTruthy();
    expect(within(failures).getByTestId('sync-retry')).toBeTruthy();

    expect(within(screen.getByTestId('sync-pending')).getByText('Ronda pendiente')).toBeTruthy();
    expect(screen.queryByText('De otra persona')).toBeNull();
  });

  it('retry sends the failed submission with its own Idempotency-Key, then it is gone and the last sync shows', async () => {
    const failed = item({
      title: 'Aprobar compra',
      kind: 'workflow-task',
      path: '/api/workflow-backend/v3/user-tasks/t9/responses/',
      json: { response: { ok: true } },
      state: 'failed',
      attempts: 6,
      lastError: 'boom',
    });
    await idbQueueStore.add(failed, []);
    const keys: (string | null)[] = [];
    stubApi((_url, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return { ok: true };
    });
    await renderRoutes([{ path: '/sync', element: <SyncRoute /> }], { path: '/sync' });
    fireEvent.click(await screen.findByTestId('sync-retry'));
    expect(await screen.findByTestId('sync-empty')).toBeTruthy();
    expect(keys).toEqual([failed.idempotencyKey]);
    expect(screen.getByTestId('sync-last').textContent).toContain('Última sincronización');
  });

  it('discard asks first; cancelled keeps it, confirmed removes it', async () => {
    await idbQueueStore.add(item({ title: 'Ronda cancelada', state: 'conflict', conflict: { reason: 'occurrence-cancelled', code: 'not-found', detail: null } }), []);
    await renderRoutes([{ path: '/sync', element: <SyncRoute /> }], { path: '/sync' });
    fireEvent.click(await screen.findByTestId('sync-discard'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('«Ronda cancelada» y sus archivos se borrarán');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await offlineQueue.list()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('sync-discard'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByTestId('sync-empty')).toBeTruthy();
    expect(await offlineQueue.list()).toEqual([]);
  });
});
