import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/** Whether the signed-in person writes posts (MANAGE_POSTS); the server checks again on every call. */
export function usePostsAccess() {
  const { ctx } = useAccessContext();
  return { canManage: ctx.permissions.includes('MANAGE_POSTS') };
}
