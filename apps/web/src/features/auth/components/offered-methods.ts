import { isSignInMethodOffered, type SignInMethod } from '@faena/domain/sign-in-methods';
import type { Tenant } from '../../../shared/tenant/tenant.ts';

/** Spec §5: exactly the tenant's methods whose flag is on (Google and password always). */
export function offeredMethods(tenant: Pick<Tenant, 'signInMethods' | 'featureFlags'>): SignInMethod[] {
  return tenant.signInMethods.filter((method) => isSignInMethodOffered(method, tenant.featureFlags));
}
