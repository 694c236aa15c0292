import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { THomeFeed, TOccurrence, TPostSummary } from '@faena/contracts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { HomeFeed, isFeedEmpty } from './home-feed.tsx';

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

function post(id: string, over: Partial<TPostSummary>): TPostSummary {
  return {
    id,
    title: id,
    excerpt: '',
    state: 'published',
    cover: null,
    is_pinned: false,
    requires_ack: false,
    audience: null,
    author: null,
    publish_at: at(0, 8),
    expires_at: null,
    created_at: at(0, 8),
    updated_at: at(0, 8),
    read_at: null,
    acknowledged_at: null,
    ...over,
  };
}

const EMPTY: THomeFeed = {
  generated_at: at(0, 12),
  activities: { overdue: [], today: [], count: 0 },
  tasks: { results: [], count: 0 },
  posts: { results: [], awaiting_ack: 0, unread: 0 },
  quick_actions: [{ key: 'links', to: '/links' }],
};
const FULL: THomeFeed = {
  generated_at: at(0, 12),
  activities: { overdue: [occurrence('Vencida de ayer', { status: 'EXPIRED', startDate: at(-1, 9), dueDate: at(-1, 10) })], today: [occurrence('Cierre de caja', {})], count: 2 },
  tasks: {
    results: [
      {
        id: 'task-1',
        name: 'Aprobar compra',
        summary: '',
        due_at: null,
        is_overdue: false,
        created_at: at(0, 7),
        execution: 'exec-1',
        workflow_type: { id: 'type-1', name: 'Compras' },
        version: { id: 'v-1' },
      },
    ],
    count: 1,
  },
  posts: { results: [post('Protocolo nuevo', { requires_ack: true })], awaiting_ack: 1, unread: 1 },
  quick_actions: [{ key: 'new-post', to: '/posts/new' }],
};

let feed: THomeFeed = FULL;
let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => (url.includes('/api/home/v3/feed/') ? feed : undefined));
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('HomeFeed', () => {
  it('shows activities (overdue first), tasks linking to their form and posts awaiting acknowledgement, from one request', async () => {
    feed = FULL;
    await renderRoutes([{ path: '/home', element: <HomeFeed withActivities /> }], { path: '/home' });
    await screen.findByText('Cierre de caja');
    expect(screen.getAllByTestId('home-activity').map((row) => row.textContent)).toEqual([expect.stringContaining('Vencida de ayer'), expect.stringContaining('Cierre de caja')]);
    expect(screen.getByTestId('home-task').getAttribute('href')).toBe('/workflows/type-1/executions/v-1/exec-1?task=task-1');
    expect(screen.getByTestId('home-post-ack')).toBeTruthy();
    expect(screen.getByTestId('home-ack-alert')).toBeTruthy();
    expect(screen.getByTestId('home-action-new-post').getAttribute('href')).toBe('/posts/new');
    expect(calls.filter((url) => url.startsWith('/api/') || url.includes('/api/'))).toHaveLength(1);
  });

  it('hides empty sections and says all is done', async () => {
    feed = EMPTY;
    await renderRoutes([{ path: '/home', element: <HomeFeed withActivities /> }], { path: '/home' });
    await screen.findByTestId('home-all-done');
    expect(screen.queryByTestId('home-activities')).toBeNull();
    expect(screen.queryByTestId('home-tasks')).toBeNull();
    expect(screen.queryByTestId('home-posts')).toBeNull();
  });

  it('counts activities only when the task-manager home is on', () => {
    expect(isFeedEmpty(FULL, true)).toBe(false);
    expect(isFeedEmpty({ ...EMPTY, activities: FULL.activities }, false)).toBe(true);
  });
});
