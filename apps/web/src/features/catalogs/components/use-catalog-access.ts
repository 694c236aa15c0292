import { useAccessContext } from '../../../shared/session/get-site-config.ts';

/**
 * Decision 008: every member reads the catalogues (form pickers use them); MANAGE_PEOPLE writes
 * them. Screens hide what the person cannot do, and what the tenant switched off.
 */
export function useCatalogAccess() {
  const { ctx } = useAccessContext();
  return { canWrite: ctx.permissions.includes('MANAGE_PEOPLE'), disabledModules: ctx.disabledModules, ctx };
}
