import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { activityKeys, prefetchOwnOccurrences } from './activities-api.ts';

describe('reading ahead for offline (decision 031)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads my open occurrences of the next days with their details and forms; done ones are skipped', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/occurrences/?')) {
        expect(url).toContain('mine=true');
        return {
          results: [
            { public_id: 'a1', recurrenceId: 'r1', completion: null },
            { public_id: 'a2', recurrenceId: 'r2', completion: { status: 'COMPLETED' } },
          ],
        };
      }
      if (url.endsWith('/activities/a1/occurrences/r1/')) return { public_id: 'a1', recurrenceId: 'r1', content: { content_type: 'form', form_id: 'f1' } };
      if (url.endsWith('/forms/f1/')) return { id: 'f1', name: 'Ronda', description: [] };
      return undefined;
    });
    const client = new QueryClient();
    await prefetchOwnOccurrences(client, 3, new Date('2026-12-05T12:00:00Z'));
    expect(calls.map((url) => url.split('?')[0])).toEqual(['/api/activities/v3/occurrences/', '/api/activities/v3/activities/a1/occurrences/r1/', '/api/forms/v3/forms/f1/']);
    expect(client.getQueryData(activityKeys.occurrence('a1', 'r1'))).toMatchObject({ content: { form_id: 'f1' } });
    expect(client.getQueryData(activityKeys.occurrence('a2', 'r2'))).toBeUndefined();
  });
});
