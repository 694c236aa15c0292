import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE, invalidatePeopleAndPositions } from '../../../shared/directory/directory-api.ts';
import { orgChartKeys } from './get-org-chart.ts';

/** DELETE /positions/{id}/: the position, its edges and assignments go; permissions already given stay. */
export function useDeletePosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`${AUDIENCES_BASE}/positions/${encodeURIComponent(id)}/`, { responseType: 'none' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: orgChartKeys.position(id) });
      // the chart, the people who held it (lists, details, teams, the caller's record), the pickers
      invalidatePeopleAndPositions(client);
    },
  });
}
