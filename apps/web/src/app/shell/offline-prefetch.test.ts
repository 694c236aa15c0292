import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityKeys } from '../../features/activities/api/activities-api.ts';
import { formQueryOptions } from '../../shared/forms/api/get-form.ts';
import { stubApi } from '../../test/fetch.ts';
import { readAheadOwnOccurrences } from './offline-prefetch.ts';

describe('reading ahead my occurrences for offline, in one read (decision 031)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('one GET puts the list, each open occurrence’s detail and their forms under the keys the pages read', async () => {
    const detail = { public_id: 'a1', recurrenceId: 'r1', title: 'Ronda', completion: null, content: { content_type: 'form', form_id: 'f1' }, series: { public_id: 'a1' }, history: [] };
    const form = { id: 'f1', version: 2, name: 'Ronda', description: [], created_at: '2026-12-01T00:00:00Z', updated_at: '2026-12-01T00:00:00Z' };
    const results = [
      { public_id: 'a1', recurrenceId: 'r1', completion: null },
      { public_id: 'a2', recurrenceId: 'r2', completion: { status: 'COMPLETED' } },
    ];
    const calls = stubApi((url) =>
      url.startsWith('/api/activities/v3/occurrences/offline/') ? { from: '2026-12-05T11:00:00.000Z', to: '2026-12-08T12:00:00.000Z', results, details: [detail], forms: [form] } : undefined,
    );
    const client = new QueryClient();
    await readAheadOwnOccurrences(client, 3);
    expect(calls).toEqual(['/api/activities/v3/occurrences/offline/?days=3']);
    expect(client.getQueryData(activityKeys.occurrence('a1', 'r1'))).toEqual(detail);
    expect(client.getQueryData(activityKeys.occurrence('a2', 'r2'))).toBeUndefined();
    expect(client.getQueryData(formQueryOptions('f1').queryKey)).toEqual(form);
    expect(client.getQueryData(activityKeys.occurrences('2026-12-05T11:00:00.000Z', '2026-12-08T12:00:00.000Z', true, {}))).toEqual({ results });
    // seeded as successful reads: kept on the device like the pages' own
    expect(client.getQueryState(activityKeys.occurrence('a1', 'r1'))?.status).toBe('success');
  });
});
