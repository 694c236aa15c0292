import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useThemeColorMeta } from '../pwa/theme-color.ts';
import type { Tenant } from './tenant.ts';

const TenantContext = createContext<Tenant | null>(null);
/** What the organisation's profile screen changes in the running app. */
export type TenantChange = Partial<Pick<Tenant, 'name' | 'logoUrl' | 'brandColor'>>;
const TenantUpdateContext = createContext<((change: TenantChange) => void) | null>(null);

/**
 * The tenant read at boot. The organisation's profile screen changes its name, logo and brand
 * colour: it tells the provider, so the top bar and everything else show the new ones at once,
 * without a reload. The page's meta theme-color follows the tenant's brand colour (decision 030).
 */
export function TenantProvider({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const [current, setCurrent] = useState(tenant);
  const [bootTenant, setBootTenant] = useState(tenant);
  if (bootTenant !== tenant) {
    // A new tenant from above (tests re-render with another one): it replaces what we hold.
    setBootTenant(tenant);
    setCurrent(tenant);
  }
  const update = useCallback((change: TenantChange) => setCurrent((before) => ({ ...before, ...change })), []);
  useThemeColorMeta(current.brandColor);
  return (
    <TenantUpdateContext.Provider value={update}>
      <TenantContext.Provider value={current}>{children}</TenantContext.Provider>
    </TenantUpdateContext.Provider>
  );
}

export function useTenant(): Tenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant outside TenantProvider');
  return tenant;
}

/** Applies a change of the organisation's name, logo or brand colour to the running app. */
export function useUpdateTenant(): (change: TenantChange) => void {
  const update = useContext(TenantUpdateContext);
  if (!update) throw new Error('useUpdateTenant outside TenantProvider');
  return update;
}

/** For screens that can render before the tenant is known (the error page). */
export function useOptionalTenant(): Tenant | null {
  return useContext(TenantContext);
}
