import type { QueryClient } from '@tanstack/react-query';
import type { InboxData } from '../lib/inbox-model.ts';
import { inboxQueryKey } from './get-inbox.ts';

export interface InboxSnapshot {
  previous: InboxData | undefined;
}

/**
 * Applies an optimistic change to the loaded inbox and returns what to roll back to. In-flight
 * reads are cancelled first so an older answer cannot overwrite the change.
 */
export async function changeInbox(queryClient: QueryClient, change: (data: InboxData) => InboxData): Promise<InboxSnapshot> {
  await queryClient.cancelQueries({ queryKey: inboxQueryKey });
  const previous = queryClient.getQueryData<InboxData>(inboxQueryKey);
  if (previous) queryClient.setQueryData<InboxData>(inboxQueryKey, change(previous));
  return { previous };
}

export function rollbackInbox(queryClient: QueryClient, snapshot: InboxSnapshot | undefined): void {
  if (snapshot?.previous) queryClient.setQueryData<InboxData>(inboxQueryKey, snapshot.previous);
}

export function refetchInbox(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inboxQueryKey });
}
