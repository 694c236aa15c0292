import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../../shared/api/api-client.ts';
import { FORMS_API, type FormView } from '../../../shared/forms/api/get-form.ts';

/** PUT /api/forms/v3/forms/{id}/ {name, description} → a new version; renames are refused (spec §3). */
export function updateForm(id: string, input: { name: string; description: FormField[] }): Promise<FormView> {
  return apiClient.put<FormView>(`${FORMS_API}/${encodeURIComponent(id)}/`, { json: input });
}

export function useUpdateForm(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description: FormField[] }) => updateForm(id, input),
    meta: { silent: true },
    onSuccess: (form) => client.setQueryData(['forms', 'form', form.id], form),
  });
}
