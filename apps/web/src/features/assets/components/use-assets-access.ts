import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/** What the signed-in person may do with assets; the server checks again on every call. */
export function useAssetsAccess() {
  const { ctx } = useAccessContext();
  const has = (key: string) => ctx.permissions.includes(key);
  return {
    canManage: has('MANAGE_ASSETS'),
    canAdmin: has('ADMIN_ASSETS') && ctx.flags.asset_admin === true,
    canLabels: (has('MANAGE_ASSETS') || has('ADMIN_ASSETS')) && ctx.flags.qr_generator === true,
  };
}
