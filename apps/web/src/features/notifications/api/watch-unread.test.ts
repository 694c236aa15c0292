import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TInboxPage } from '@faena/contracts';
import { markReadInInbox, type InboxData } from '../lib/inbox-model.ts';
import { inboxQueryKey } from './get-inbox.ts';
import { watchUnreadRises } from './watch-unread.ts';

function inbox(unread: number): InboxData {
  const page: TInboxPage = {
    data: [{ notificationId: 'a', summary: { title: 't', body: 'b' }, requestedAt: '2025-01-01T00:00:00.000Z', context: { type: 'System', action: 'x' } }],
    pagination: { total: 10, offset: 0, limit: 20, totalUnread: unread },
  };
  return { pages: [page], pageParams: [1] };
}

describe("'Tienes nuevas notificaciones' when the unread count rises (spec §4)", () => {
  it('counts answers from the server, never optimistic changes or their rollbacks', async () => {
    const client = new QueryClient();
    let serverUnread = 2;
    const fetchInbox = () => client.fetchInfiniteQuery({ queryKey: inboxQueryKey, queryFn: async () => inbox(serverUnread).pages[0]!, initialPageParam: 1, staleTime: 0 });
    await fetchInbox();
    const onRise = vi.fn();
    const stop = watchUnreadRises(client, onRise);

    // Optimistic read and its rollback: 2 → 1 → 2 by hand.
    const before = client.getQueryData<InboxData>(inboxQueryKey)!;
    client.setQueryData(inboxQueryKey, markReadInInbox(before, 'a', 'now'));
    client.setQueryData(inboxQueryKey, before);
    expect(onRise).not.toHaveBeenCalled();

    serverUnread = 3;
    await fetchInbox();
    expect(onRise).toHaveBeenCalledWith(3, 2);

    serverUnread = 1;
    await fetchInbox();
    serverUnread = 1;
    await fetchInbox();
    expect(onRise).toHaveBeenCalledTimes(1);
    stop();
  });
});
