import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../api/use-mutation.ts';
import { apiClient } from '../../api/api-client.ts';
import { FORMS_API } from './get-form.ts';
import type { FormResponseView } from './get-responses.ts';

/**
 * POST /api/forms/v3/forms/{id}/responses/ {response} → 201 the stored response; a response that
 * breaks the form's rules → 400 non_field_errors (the renderer maps them onto the fields).
 */
export function submitResponse(formId: string, response: Record<string, unknown>): Promise<FormResponseView> {
  return apiClient.post<FormResponseView>(`${FORMS_API}/${encodeURIComponent(formId)}/responses/`, { json: { response } });
}

export function useSubmitResponse(formId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (response: Record<string, unknown>) => submitResponse(formId, response),
    // The renderer reports failures itself (field messages or a toast).
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ['forms', 'responses', formId] }),
  });
}
