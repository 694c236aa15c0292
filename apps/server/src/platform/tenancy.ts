import { resolveFlags, tenantFromHost, type FeatureFlag, type ToggleableModule } from '@faena/domain';
import { AppError } from './errors.ts';
import { BUS_RESYNC, type EventBus } from './events.ts';

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
  /** IANA time zone of the organisation (activities fall back to it). */
  timezone: string;
  /** The organisation's brand colour (#rrggbb), or null for Faena's: the installed app's theme colour (decision 030). */
  brandColor: string | null;
}

/**
 * A feature the tenant's flags switch off (spec shell §3: the web app hides it) is refused by the
 * server too, so an address typed by hand or an old tab cannot use it: 403 `operation-not-allowed`
 * naming the flag.
 */
export function assertFeature(tenant: Pick<TenantRecord, 'featureFlags'>, flag: FeatureFlag, detail = 'This feature is not enabled for this organisation.'): void {
  if (!resolveFlags(tenant.featureFlags)[flag]) throw new AppError('operation-not-allowed', detail, { flag });
}

/** A module the tenant has disabled (`disabled_modules`, spec shell §1): for that tenant it does not exist. */
export const isModuleDisabled = (tenant: Pick<TenantRecord, 'disabledModules'>, module: ToggleableModule): boolean => tenant.disabledModules.includes(module);
export const moduleDisabledDetail = (module: ToggleableModule): string => `The ${module.replaceAll('_', ' ')} module is disabled for this organization.`;

export type TenantLookup = (subdomain: string) => Promise<TenantRecord | null>;

export const TENANT_CHANGED = 'tenant.changed';
const TTL_MS = 30_000;
const HOSTS_REMEMBERED = 1000;

/**
 * Host → tenant (spec shell §5), with a short cache per process that every process drops when a
 * tenant changes anywhere (EventBus).
 */
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: TenantRecord | null; at: number }>();
  /** Host header → subdomain: every request of a client sends the same host. Bounded (hosts come from clients). */
  private readonly subdomains = new Map<string, string>();

  private readonly lookup: TenantLookup;
  private readonly defaultSubdomain: string;
  private readonly publicDomain: string;
  constructor(lookup: TenantLookup, defaultSubdomain: string, bus: EventBus, publicDomain = '') {
    this.lookup = lookup;
    this.defaultSubdomain = defaultSubdomain;
    this.publicDomain = publicDomain.toLowerCase().replace(/:\d+$/, '');
    bus.on(TENANT_CHANGED, () => this.cache.clear());
    // After a dropped LISTEN connection, changes may have been missed: start afresh.
    bus.on(BUS_RESYNC, () => this.cache.clear());
  }

  subdomainOf(host: string | undefined): string {
    if (host === undefined) return this.defaultSubdomain;
    let subdomain = this.subdomains.get(host);
    if (subdomain === undefined) {
      // Under PUBLIC_DOMAIN its own labels are not counted: faena.com.mx names no tenant, acme.faena.com.mx names acme.
      subdomain = tenantFromHost(host, this.publicDomain) ?? this.defaultSubdomain;
      if (this.subdomains.size >= HOSTS_REMEMBERED) this.subdomains.clear();
      this.subdomains.set(host, subdomain);
    }
    return subdomain;
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
