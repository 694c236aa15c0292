import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOccurrence } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { sortOccurrences } from '../lib/format.ts';
import { ActivitiesListPage } from './activities-list-page.tsx';

function occurrence(n: number, over: Partial<TOccurrence>): TOccurrence {
  return {
    id: `a${n}/20261207T120000Z`,
    public_id: `a${n}`,
    recurrenceId: '20261207T120000Z',
    title: `Actividad ${n}`,
    priority: 5,
    startDate: '2026-12-07T09:00:00-03:00',
    dueDate: '2026-12-07T10:00:00-03:00',
    duration: 60,
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
    ...over,
  };
}

// the server's answer, out of order on purpose
const ANSWER = [
  occurrence(1, { title: 'Media tarde', priority: 5, dueDate: '2026-12-07T18:00:00-03:00' }),
  occurrence(2, { title: 'Crítica', priority: 2, status: 'EXPIRED' }),
  occurrence(3, { title: 'Media temprano', priority: 5, dueDate: '2026-12-07T08:00:00-03:00' }),
  occurrence(4, { title: 'Recordatorio', priority: 0, isReminder: true }),
];

let permissions: string[] = [];
let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  permissions = ['VIEW_TASKS'];
  calls = stubApi((url) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/occurrences/?')) return { results: ANSWER };
    if (url.includes('/categories/')) return { results: [{ id: 'c1', name: 'Aseo' }] };
    if (url.includes('/venues/') || url.includes('/persons/')) return { count: 0, next: null, previous: null, results: [] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const occurrenceRequests = () => calls.filter((url) => url.includes('/occurrences/?')).map((url) => new URL(url, 'http://x').searchParams);
const routes = [{ path: '/activities', element: <ActivitiesListPage /> }];

describe('ActivitiesListPage', () => {
  it('orders by priority, then due date, with the status and priority in words', async () => {
    await renderRoutes(routes, { path: '/activities' });
    await screen.findByText('Media tarde');
    const rows = screen.getAllByTestId('occurrence-row');
    expect(rows.map((row) => within(row).getByTestId('occurrence-row-title').textContent)).toEqual(['Recordatorio', 'Crítica', 'Media temprano', 'Media tarde']);
    expect(within(rows[1]!).getByTestId('occurrence-status').textContent).toBe('Vencida');
    expect(within(rows[0]!).getAllByText('Recordatorio')).toHaveLength(2);
    expect(screen.queryByTestId('new-activity')).toBeNull();
  });

  it('sends the filters of the address and the tab’s own status', async () => {
    await renderRoutes(routes, { path: '/activities?tab=overdue&priority=2&venue=v1&category=c1&responsible=11.111.111-1' });
    await screen.findByText('Media tarde');
    const asked = occurrenceRequests().at(-1)!;
    expect(asked.get('priority')).toBe('2');
    expect(asked.get('venue')).toBe('v1');
    expect(asked.get('category')).toBe('c1');
    expect(asked.get('responsible')).toBe('11.111.111-1');
    expect(asked.get('status')).toBe('EXPIRED');
    expect(asked.get('mine')).toBe('true');
  });

  it('lets a planner see everyone’s and create one; the choice is kept in the address', async () => {
    permissions = ['VIEW_TASKS', 'MANAGE_TASKS'];
    const { router } = await renderRoutes(routes, { path: '/activities?tab=upcoming' });
    await screen.findByTestId('new-activity');
    fireEvent.click(await screen.findByLabelText('Ver las de todos'));
    await vi.waitFor(() => expect(occurrenceRequests().at(-1)?.get('mine')).toBe('false'));
    expect(router.state.location.search).toContain('mine=false');
    expect(router.state.location.search).toContain('tab=upcoming');
  });

  it('sorts as the domain does', () => {
    expect(sortOccurrences(ANSWER).map((o) => o.public_id)).toEqual(['a4', 'a2', 'a3', 'a1']);
  });
});
