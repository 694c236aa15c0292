import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOccurrenceDetail } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { OccurrencePage } from './occurrence-page.tsx';

const SERIES = {
  public_id: 'apertura',
  title: 'Apertura de tienda',
  description: null,
  content: { content_type: 'checklist' as const, checklist_id: 'chk-1' },
  venue: { id: 'v-9', name: 'Tienda Centro' },
  location: null,
  categories: [],
  responsibles: [],
  audience: null,
  priority: 5,
  start: '2026-12-07T08:00',
  timezone: 'America/Santiago',
  duration_minutes: 30,
  rrule: 'FREQ=DAILY',
  rdates: [],
  exdates: [],
  reminders: [],
  series_group: 'g',
  related_to: null,
  created_by: null,
  created_at: '2026-12-01T12:00:00Z',
  updated_at: '2026-12-01T12:00:00Z',
  can_edit: false,
};

function occurrence(completion: TOccurrenceDetail['completion']): TOccurrenceDetail {
  return {
    id: 'apertura/20261207T110000Z',
    public_id: 'apertura',
    recurrenceId: '20261207T110000Z',
    title: 'Apertura de tienda',
    priority: 5,
    startDate: '2026-12-07T08:00:00-03:00',
    dueDate: '2026-12-07T08:30:00-03:00',
    duration: 30,
    venue: { id: 'v-9', name: 'Tienda Centro' },
    location: null,
    status: completion ? 'COMPLETED' : 'SCHEDULED',
    raw_status: null,
    responsible: [],
    categories: [],
    isReminder: false,
    content: SERIES.content,
    description: null,
    timezone: 'America/Santiago',
    is_exception: false,
    completion,
    series: SERIES,
    history: [],
  } as TOccurrenceDetail;
}

let answer: TOccurrenceDetail;
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  answer = occurrence(null);
  stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_TASKS', 'VIEW_CHECKLISTS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/occurrences/20261207T110000Z/')) return answer;
    if (url.includes('/recurrence/preview/')) return { occurrences: [] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/activities/:id/:recurrenceId', element: <OccurrencePage id="apertura" recurrenceId="20261207T110000Z" /> }];

describe('an occurrence whose content is a checklist', () => {
  it('is completed by running the checklist: the button opens it with the occurrence and its venue', async () => {
    await renderRoutes(routes, { path: '/activities/apertura/20261207T110000Z' });
    const run = await screen.findByTestId('execute-checklist');
    const target = new URL(run.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/checklists/chk-1/execute');
    expect(Object.fromEntries(target.searchParams)).toEqual({ activity: 'apertura', occurrence: '20261207T110000Z', venue: 'v-9' });
    expect(screen.queryByTestId('complete-occurrence')).toBeNull();
  });

  it('once completed, links to the checklist execution that completed it', async () => {
    answer = occurrence({
      status: 'COMPLETED',
      response_id: 'exe-42',
      description: null,
      completed_at: '2026-12-07T11:20:00Z',
      user: { passport: 'p', name: 'Matías González' },
    } as TOccurrenceDetail['completion']);
    await renderRoutes(routes, { path: '/activities/apertura/20261207T110000Z' });
    expect((await screen.findByTestId('occurrence-checklist-execution')).getAttribute('href')).toBe('/checklists/executions/exe-42');
  });
});

describe('an occurrence whose activity holds files (a corrective action’s photos)', () => {
  const PHOTO = (id: string, name: string) => ({ id, name, size: 68, content_type: 'image/png', url: `/api/document-manager/v3/upload/${id}/download` });

  it('shows them as thumbnails linking to the download, each image read with the session', async () => {
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => undefined;
    const asked: string[] = [];
    answer = { ...occurrence(null), files: [PHOTO('AAAAAAAAAAAAAAAAAAAAAAA1', 'alarma-1.png'), PHOTO('AAAAAAAAAAAAAAAAAAAAAAA2', 'alarma-2.png')] };
    stubApi((url) => {
      if (url.includes('/my-site-config')) return { permissions: ['VIEW_TASKS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
      if (url.includes('/occurrences/20261207T110000Z/')) return answer;
      if (url.includes('/recurrence/preview/')) return { occurrences: [] };
      if (url.includes('/session-cookie')) return new Response(null, { status: 204 });
      if (url.includes('/download')) {
        asked.push(url);
        return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { status: 200, headers: { 'content-type': 'image/png' } });
      }
      return undefined;
    });
    await renderRoutes(routes, { path: '/activities/apertura/20261207T110000Z' });
    const gallery = await screen.findByTestId('occurrence-files');
    expect(screen.getByText('Fotos')).toBeTruthy();
    const links = within(gallery).getAllByTestId('occurrence-file');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/document-manager/v3/upload/AAAAAAAAAAAAAAAAAAAAAAA1/download',
      '/api/document-manager/v3/upload/AAAAAAAAAAAAAAAAAAAAAAA2/download',
    ]);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
    const images = await within(gallery).findAllByRole('img', { name: /alarma-\d\.png/ });
    await waitFor(() =>
      expect(
        within(gallery)
          .getAllByRole('img')
          .every((img) => img.tagName === 'IMG' && img.getAttribute('src')?.startsWith('blob:')),
      ).toBe(true),
    );
    expect(images).toHaveLength(2);
    expect(asked.map((url) => new URL(url, 'http://x').pathname).sort()).toEqual(links.map((link) => link.getAttribute('href')).sort());
  });

  it('shows nothing of the kind for an activity without files', async () => {
    answer = { ...occurrence(null), files: [] };
    await renderRoutes(routes, { path: '/activities/apertura/20261207T110000Z' });
    await screen.findByTestId('occurrence-title');
    expect(screen.queryByTestId('occurrence-files')).toBeNull();
  });
});
