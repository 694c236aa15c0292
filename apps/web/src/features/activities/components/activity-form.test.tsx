import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TActivityDetail } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { ActivityForm } from './activity-form.tsx';

const ACTIVITY: TActivityDetail = {
  public_id: 'act1',
  title: 'Ronda de seguridad',
  description: null,
  content: null,
  venue: null,
  location: null,
  categories: [],
  responsibles: [],
  audience: null,
  priority: 5,
  start: '2026-12-07T09:00',
  timezone: 'America/Santiago',
  duration_minutes: 60,
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  rdates: [],
  exdates: [],
  reminders: [],
  series_group: 'g1',
  related_to: null,
  created_by: null,
  created_at: '2026-12-01T12:00:00Z',
  updated_at: '2026-12-01T12:00:00Z',
  can_edit: true,
  exceptions: [],
};

const OCCURRENCE = { recurrenceId: '20261214T120000Z', start: '2026-12-14T09:00' };
let writes: { method: string; url: string; body: Record<string, unknown> | null }[] = [];

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  writes = [];
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.includes('/recurrence/preview/')) return { occurrences: ['2026-12-14T09:00', '2026-12-21T09:00'] };
    if (method !== 'GET') {
      writes.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return { ...ACTIVITY, recurrenceId: OCCURRENCE.recurrenceId };
    }
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_TASKS', 'MANAGE_TASKS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/categories/')) return { results: [] };
    return { count: 0, next: null, previous: null, results: [] };
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/activities/create/act1', element: <ActivityForm activity={ACTIVITY} occurrence={OCCURRENCE} /> },
  { path: '/activities', element: <p>lista</p> },
  { path: '/activities/:id/:recurrenceId', element: <p>ocurrencia</p> },
];

describe('ActivityForm editing a recurring series from an occurrence', () => {
  it('"Solo esta" changes that occurrence alone (PUT of the occurrence, not the series)', async () => {
    await renderRoutes(routes, { path: '/activities/create/act1' });
    fireEvent.change(await screen.findByTestId('activity-title'), { target: { value: 'Ronda de seguridad extra' } });
    fireEvent.click(screen.getByTestId('save-activity'));
    fireEvent.click(await screen.findByTestId('scope-this'));
    await screen.findByText('ocurrencia');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.method).toBe('PUT');
    expect(writes[0]!.url).toContain(`/activities/act1/occurrences/${OCCURRENCE.recurrenceId}/`);
    expect(writes[0]!.body).toMatchObject({ title: 'Ronda de seguridad extra' });
    expect(writes[0]!.body).not.toHaveProperty('start');
  });

  it('"Todas" rewrites the series and keeps its first start when only the title changed', async () => {
    await renderRoutes(routes, { path: '/activities/create/act1' });
    fireEvent.change(await screen.findByTestId('activity-title'), { target: { value: 'Ronda nocturna' } });
    fireEvent.click(screen.getByTestId('save-activity'));
    fireEvent.click(await screen.findByTestId('scope-all'));
    await screen.findByText('ocurrencia');
    expect(writes.map((write) => `${write.method} ${new URL(write.url, 'http://x').pathname}`)).toEqual(['PUT /api/activities/v3/activities/act1/']);
    expect(writes[0]!.body).toMatchObject({ title: 'Ronda nocturna', start: '2026-12-07T09:00', rrule: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('deletes the activity only after the confirmation, then goes back to the list', async () => {
    await renderRoutes(routes, { path: '/activities/create/act1' });
    fireEvent.click(await screen.findByTestId('delete-activity'));
    await screen.findByText('¿Eliminar esta actividad?');
    expect(writes).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete-activity'));
    await screen.findByText('lista');
    expect(writes.map((write) => `${write.method} ${new URL(write.url, 'http://x').pathname}`)).toEqual(['DELETE /api/activities/v3/activities/act1/']);
  });
});
