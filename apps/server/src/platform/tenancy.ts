import { tenantFromHost } from '@faena/domain';
import { AppError } from './errors.ts';
import type { EventBus } from './events.ts';

export interface TenantRecord {
  id: string;
  subdomain: string;
  name: string;
  logoUrl: string | null;
  signInMethods: string[];
  whiteLabel: Record<string, Record<string, string>>;
  disabledModules: string[];
  featureFlags: Record<string, boolean>;
  passwordPolicy: Record<string, unknown>;
  supportEmail: string | null;
}

export type TenantLookup = (subdomain: string) => Promise<TenantRecord | null>;

export const TENANT_CHANGED = 'tenant.changed';
const TTL_MS = 30_000;

/**
 * Host → tenant (spec shell §5), with a short cache per process that every process drops when a
 * tenant changes anywhere (EventBus).
 */
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: TenantRecord | null; at: number }>();

  private readonly lookup: TenantLookup;
  private readonly defaultSubdomain: string;
  constructor(lookup: TenantLookup, defaultSubdomain: string, bus: EventBus) {
    this.lookup = lookup;
    this.defaultSubdomain = defaultSubdomain;
    bus.on(TENANT_CHANGED, () => this.cache.clear());
  }

  subdomainOf(host: string | undefined): string {
    return tenantFromHost(host) ?? this.defaultSubdomain;
  }

  async fromHost(host: string | undefined): Promise<TenantRecord> {
    const subdomain = this.subdomainOf(host);
    const tenant = await this.bySubdomain(subdomain);
    if (!tenant) throw new AppError('tenant_not_found', `Organization ${subdomain} not found.`);
    return tenant;
  }

  async bySubdomain(subdomain: string): Promise<TenantRecord | null> {
    const hit = this.cache.get(subdomain);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.tenant;
    const tenant = await this.lookup(subdomain);
    this.cache.set(subdomain, { tenant, at: Date.now() });
    return tenant;
  }

  forget(): void {
    this.cache.clear();
  }
}
