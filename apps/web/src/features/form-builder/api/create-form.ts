import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../../shared/api/api-client.ts';
import { FORMS_API, type FormView } from '../../../shared/forms/api/get-form.ts';

/** POST /api/forms/v3/forms/ {name, description} → 201 version 1 (MANAGE_WF). */
export function createForm(input: { name: string; description: FormField[] }): Promise<FormView> {
  return apiClient.post<FormView>(`${FORMS_API}/`, { json: input });
}

export function useCreateForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createForm,
    meta: { silent: true },
    onSuccess: (form) => client.setQueryData(['forms', 'form', form.id], form),
  });
}
