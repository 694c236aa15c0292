import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import ActivityCalendar from './activity-calendar.tsx';

let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => (url.includes('/occurrences/?') ? { results: [] } : undefined));
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('ActivityCalendar', () => {
  it('asks for the visible range once, with the filters, and starts the week on Monday in Spanish', async () => {
    await renderRoutes([{ path: '/', element: <ActivityCalendar mine={false} filters={{ priority: '2' }} /> }]);
    await screen.findByTestId('activity-calendar');
    await vi.waitFor(() => expect(calls.filter((url) => url.includes('/occurrences/?'))).toHaveLength(1));
    const asked = new URL(
      calls.find((url) => url.includes('/occurrences/?'))!,
      'http://x',
    ).searchParams;
    expect(asked.get('mine')).toBe('false');
    expect(asked.get('priority')).toBe('2');
    expect(new Date(asked.get('from')!).getDay()).toBe(1);
    const headers = document.querySelectorAll('.fc-col-header-cell');
    expect(headers[0]?.textContent?.toLowerCase()).toMatch(/^lun/);
  });
});
