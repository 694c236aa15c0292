import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { audienceKeys } from './audience-keys.ts';

/** DELETE /audiences/{id}/ (MANAGE_PEOPLE). */
export function useDeleteAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`${AUDIENCES_BASE}/audiences/${encodeURIComponent(id)}/`, { responseType: 'none' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: audienceKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ['audiences', 'list'] });
      void client.invalidateQueries({ queryKey: ['directory', 'audiences'] });
    },
  });
}
