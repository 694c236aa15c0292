import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOccurrence } from '@faena/contracts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { homeOrder, TodayActivities } from './today-activities.tsx';

const today = new Date();
const at = (days: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, hour).toISOString();

function occurrence(id: string, over: Partial<TOccurrence>): TOccurrence {
  return {
    id: `${id}/R`,
    public_id: id,
    recurrenceId: 'R',
    title: id,
    priority: 5,
    startDate: at(0, 9),
    dueDate: at(0, 10),
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

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  stubApi((url) =>
    url.includes('/occurrences/?')
      ? {
          results: [
            occurrence('Hoy crítica', { priority: 2 }),
            occurrence('Vencida de ayer', { status: 'EXPIRED', startDate: at(-1, 9), dueDate: at(-1, 10) }),
            occurrence('Completada ayer', { status: 'COMPLETED', startDate: at(-1, 9), dueDate: at(-1, 10) }),
            occurrence('Hoy media', {}),
          ],
        }
      : undefined,
  );
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('TodayActivities', () => {
  it('lists today’s activities with the overdue ones first, each opening its occurrence, and a link to all', async () => {
    await renderRoutes([{ path: '/home', element: <TodayActivities /> }], { path: '/home' });
    await screen.findByText('Hoy media');
    const rows = screen.getAllByTestId('home-activity');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Vencida de ayer'), expect.stringContaining('Hoy crítica'), expect.stringContaining('Hoy media')]);
    expect(rows[0]!.getAttribute('href')).toBe('/activities/Vencida%20de%20ayer/R');
    expect(screen.getByTestId('home-activities-all').getAttribute('href')).toBe('/activities');
  });

  it('orders overdue first, then by priority', () => {
    const list = homeOrder([occurrence('b', { priority: 2 }), occurrence('a', { status: 'EXPIRED', priority: 8 })]);
    expect(list.map((o) => o.public_id)).toEqual(['a', 'b']);
  });
});
