import type { PermissionKey } from '@faena/domain/permissions';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/** What the signed-in person may do here (the server checks again on every call). */
export function usePeopleAccess() {
  const { ctx } = useAccessContext();
  const has = (key: PermissionKey) => ctx.permissions.includes(key);
  return {
    canManage: has('MANAGE_PEOPLE'),
    canImpersonate: has('IMPERSONATE_USERS'),
    hasBusinessLines: !ctx.disabledModules.includes('business_line'),
    hasCompanies: !ctx.disabledModules.includes('company'),
  };
}
