import { createContext, useContext, type ReactNode } from 'react';
import type { Tenant } from './tenant.ts';

const TenantContext = createContext<Tenant | null>(null);

export function TenantProvider({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  return <TenantContext.Provider value={tenant}>{children}</TenantContext.Provider>;
}

export function useTenant(): Tenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant outside TenantProvider');
  return tenant;
}

/** For screens that can render before the tenant is known (the error page). */
export function useOptionalTenant(): Tenant | null {
  return useContext(TenantContext);
}
