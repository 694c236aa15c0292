import type { PermissionKey } from '@faena/domain/permissions';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/** What the signed-in person may do here (the server checks again on every call). */
export function usePeopleAccess() {
  const { ctx } = useAccessContext();
  const has = (key: PermissionKey) => ctx.permissions.includes(key);
  return {
    canManage: has('MANAGE_PEOPLE'),
    canImpersonate: has('IMPERSONATE_USERS'),
    canUpload: canAccess(ACCESS.peopleUpload, ctx),
    canManagePositions: canAccess(ACCESS.positions, ctx),
    canSeeChart: canAccess(ACCESS.orgChart, ctx),
    hasBusinessLines: !ctx.disabledModules.includes('business_line'),
    hasCompanies: !ctx.disabledModules.includes('company'),
  };
}
