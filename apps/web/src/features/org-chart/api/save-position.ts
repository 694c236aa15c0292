import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TPosition, TUpdatePositionRequest } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE, invalidatePeopleAndPositions } from '../../../shared/directory/directory-api.ts';
import { orgChartKeys } from './get-org-chart.ts';

/** POST /positions/ or PATCH /positions/{id}/ (only the fields given change; `people` replaces the holders, `people_added`/`people_removed` change them). */
export function useSavePosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: TUpdatePositionRequest }) =>
      id ? apiClient.patch<TPosition>(`${AUDIENCES_BASE}/positions/${encodeURIComponent(id)}/`, { json: input }) : apiClient.post<TPosition>(`${AUDIENCES_BASE}/positions/`, { json: input }),
    onSuccess: (position) => {
      client.setQueryData(orgChartKeys.position(position.id), position);
      // the chart, the people who held it (lists, details, teams, the caller's record), the pickers
      invalidatePeopleAndPositions(client, orgChartKeys.position(position.id));
    },
  });
}
