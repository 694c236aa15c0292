import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TWorkflowType } from '@faena/contracts';
import { apiClient } from '../api/api-client.ts';
import type { WorkflowMenuItem } from '../navigation/nav-items.ts';

const NONE: readonly WorkflowMenuItem[] = [];

/**
 * The dispatchable workflows (spec shell §2, §3 "workflow menu item"): the published, unarchived
 * types the person may start (myWorkflowTypes) that their administrator leaves as tabs. Same query key as the workflows area, so starting
 * or publishing refreshes the tabs.
 */
export function useWorkflowMenu(enabled: boolean): readonly WorkflowMenuItem[] {
  const query = useQuery({
    queryKey: ['workflows', 'my-types'],
    queryFn: ({ signal }) => apiClient.get<{ results: TWorkflowType[] }>('/api/workflow-backend/v3/my-workflow-types/', { signal }),
    enabled,
    staleTime: 60_000,
  });
  const data = enabled ? query.data : undefined;
  return useMemo(() => (data ? dispatchable(data.results) : NONE), [data]);
}

export function dispatchable(types: readonly TWorkflowType[]): WorkflowMenuItem[] {
  return types.filter((type) => !type.is_archived && type.is_dispatchable !== false && type.active_version).map((type) => ({ id: type.id, name: type.name, icon: type.icon ?? '' }));
}
