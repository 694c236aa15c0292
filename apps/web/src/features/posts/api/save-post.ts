import { useQueryClient } from '@tanstack/react-query';
import type { TPost, TPostUpdate, TPostWrite } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { POSTS_URL, postUrl, postsKeys } from './get-posts.ts';

/** POST /posts/ (create) or PATCH /posts/{id}/ (edit); 400 field errors, or `empty-audience`. */
export function useSavePost(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: TPostWrite | TPostUpdate) => (id ? apiClient.patch<TPost>(`${postUrl(id)}/`, { json: input }) : apiClient.post<TPost>(`${POSTS_URL}/`, { json: input })),
    onSuccess: (post) => {
      client.setQueryData(postsKeys.detail(post.id), post);
      void client.invalidateQueries({ queryKey: ['posts', 'feed'] });
      void client.invalidateQueries({ queryKey: ['posts', 'managed'] });
    },
  });
}

export function useDeletePost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<void>(`${postUrl(id)}/`),
    onSuccess: () => {
      client.removeQueries({ queryKey: postsKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ['posts', 'feed'] });
      void client.invalidateQueries({ queryKey: ['posts', 'managed'] });
    },
  });
}

/** POST /posts/audience-preview/: how many persons the audience reaches (null: everyone). */
export function previewAudience(audienceId: string | null): Promise<{ count: number }> {
  return apiClient.post<{ count: number }>(`${POSTS_URL}/audience-preview/`, { json: { audience_id: audienceId } });
}
