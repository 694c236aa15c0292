import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/** What the signed-in person may do with activities (the server checks again on every call). */
export function useActivitiesAccess() {
  const { ctx } = useAccessContext();
  return { canManage: canAccess(ACCESS.activitiesManage, ctx) };
}
