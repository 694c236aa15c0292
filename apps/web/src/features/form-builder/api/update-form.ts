import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../../shared/api/api-client.ts';
import { FORMS_API, type FormView } from '../../../shared/forms/api/get-form.ts';

type UpdateFormInput = { name: string; description: FormField[]; base_version?: number };

/**
 * PUT /api/forms/v3/forms/{id}/ {name, description, base_version?} → a new version; renames are
 * refused (spec §3), and so is a save from a version someone else has saved over (409).
 */
export function updateForm(id: string, input: UpdateFormInput): Promise<FormView> {
  return apiClient.put<FormView>(`${FORMS_API}/${encodeURIComponent(id)}/`, { json: input });
}

export function useUpdateForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateFormInput & { id: string }) => updateForm(id, input),
    meta: { silent: true },
    onSuccess: (form) => client.setQueryData(['forms', 'form', form.id], form),
  });
}
