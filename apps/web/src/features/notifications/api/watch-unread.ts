import type { QueryClient } from '@tanstack/react-query';
import { unreadCountOf, type InboxData } from '../lib/inbox-model.ts';
import { inboxQueryKey } from './get-inbox.ts';

function isInboxKey(key: readonly unknown[]): boolean {
  return key.length >= inboxQueryKey.length && inboxQueryKey.every((part, index) => key[index] === part);
}

/**
 * Calls `onRise` when the unread count the server reports goes up (spec §4: 'Tienes nuevas
 * notificaciones'). Only answers from the server count: optimistic changes and their rollbacks
 * (`setQueryData`) are the user's own doing. Returns the unsubscribe function.
 */
export function watchUnreadRises(queryClient: QueryClient, onRise: (unread: number, before: number) => void): () => void {
  const known = queryClient.getQueryData<InboxData>(inboxQueryKey);
  let last: number | null = known ? unreadCountOf(known) : null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (!isInboxKey(event.query.queryKey)) return;
    const unread = unreadCountOf(event.query.state.data as InboxData | undefined);
    if (last !== null && unread > last) onRise(unread, last);
    last = unread;
  });
}
