import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TAudience, TAudienceRules, TUpdateAudienceRequest } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { audienceKeys } from './audience-keys.ts';

export interface AudienceInput {
  name: string;
  description: string | null;
  rules: TAudienceRules;
}

/** POST /audiences/, or PATCH /audiences/{id}/ with the changed parts and the rules' changes (MANAGE_PEOPLE). */
export function useSaveAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: AudienceInput | TUpdateAudienceRequest }) =>
      id ? apiClient.patch<TAudience>(`${AUDIENCES_BASE}/audiences/${encodeURIComponent(id)}/`, { json: input }) : apiClient.post<TAudience>(`${AUDIENCES_BASE}/audiences/`, { json: input }),
    onSuccess: (audience) => {
      client.setQueryData(audienceKeys.detail(audience.id), audience);
      void client.invalidateQueries({ queryKey: ['audiences', 'list'] });
      void client.invalidateQueries({ queryKey: ['directory', 'audiences'] });
    },
  });
}
