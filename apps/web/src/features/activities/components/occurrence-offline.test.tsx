import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { resetOfflineDbHandle } from '../../../shared/offline/offline-db.ts';
import { offlineQueue } from '../../../shared/offline/offline-queue.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { OccurrencePage } from './occurrence-page.tsx';

const OCCURRENCE = {
  id: 'ronda/20261207T110000Z',
  public_id: 'ronda',
  recurrenceId: '20261207T110000Z',
  title: 'Ronda de bodega',
  priority: 5,
  startDate: '2026-12-07T08:00:00-03:00',
  dueDate: '2026-12-07T08:30:00-03:00',
  duration: 30,
  venue: null,
  location: null,
  status: 'SCHEDULED',
  raw_status: null,
  responsible: [],
  categories: [],
  isReminder: false,
  content: null,
  description: null,
  timezone: 'America/Santiago',
  is_exception: false,
  completion: null,
  series: {
    public_id: 'ronda',
    title: 'Ronda de bodega',
    rrule: null,
    rdates: [],
    exdates: [],
    start: '2026-12-07T08:00',
    timezone: 'America/Santiago',
    duration_minutes: 30,
    can_edit: false,
    responsibles: [],
    categories: [],
    reminders: [],
  },
  history: [],
};

describe('completing an occurrence with no connection (decision 031)', () => {
  let posts: string[];
  beforeEach(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    sessionStore.signIn(testTokenPair());
    posts = [];
    stubApi((url, init) => {
      if (init?.method === 'POST') posts.push(url);
      if (url.includes('/my-site-config')) return { permissions: ['VIEW_TASKS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
      if (url.includes('/occurrences/20261207T110000Z/')) return OCCURRENCE;
      if (url.includes('/recurrence/preview/')) return { occurrences: [] };
      return undefined;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStore.endSession();
  });

  it('keeps it on the device with its note and says so; nothing is sent', async () => {
    await renderRoutes([{ path: '/activities/:id/:recurrenceId', element: <OccurrencePage id="ronda" recurrenceId="20261207T110000Z" /> }], { path: '/activities/ronda/20261207T110000Z' });
    fireEvent.change(await screen.findByTestId('completion-note'), { target: { value: 'Hecha en el subterráneo' } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByTestId('complete-occurrence'));
    expect((await screen.findByTestId('occurrence-queued')).textContent).toContain('Guardado en este dispositivo');
    expect(posts).toEqual([]);
    const [kept] = await offlineQueue.list();
    expect(kept).toMatchObject({
      kind: 'activity-completion',
      title: 'Ronda de bodega',
      method: 'POST',
      path: '/api/activities/v3/activities/ronda/occurrences/20261207T110000Z/completion/',
      json: { status: 'COMPLETED', description: 'Hecha en el subterráneo' },
      state: 'pending',
    });
    expect(kept!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opened again while its completion waits on the device, the page says so instead of offering it twice', async () => {
    await offlineQueue.enqueue({
      kind: 'activity-completion',
      title: 'Ronda de bodega',
      method: 'POST',
      path: '/api/activities/v3/activities/ronda/occurrences/20261207T110000Z/completion/',
      json: { status: 'COMPLETED' },
    });
    await renderRoutes([{ path: '/activities/:id/:recurrenceId', element: <OccurrencePage id="ronda" recurrenceId="20261207T110000Z" /> }], { path: '/activities/ronda/20261207T110000Z' });
    expect((await screen.findByTestId('occurrence-queued')).textContent).toContain('Guardado en este dispositivo');
    expect(screen.queryByTestId('complete-occurrence')).toBeNull();
  });
});
