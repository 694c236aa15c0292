import { tenantFromHost } from '@faena/domain/tenant-discovery';
import { PUBLIC_DOMAIN } from '../config/build-info.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@faena/domain/password-policy';
import { PRODUCTION_FLAGS, type FeatureFlags, type FeatureFlag } from '@faena/domain/feature-flags';
import { parseSignInMethod, type SignInMethod } from '@faena/domain/sign-in-methods';

/**
 * The tenant as the client keeps it (spec shell §3 "client shape"), plus what GET /api/tenant adds
 * for the shell: disabled modules, white-label wording, feature flags, password policy, support,
 * brand colour.
 */
export interface Tenant {
  id: string;
  name: string;
  subdomain: string;
  logoUrl: string;
  firebaseTenantId: string | null;
  signInMethods: SignInMethod[];
  disabledModules: string[];
  whiteLabel: Record<string, Record<string, string>>;
  featureFlags: FeatureFlags;
  passwordPolicy: PasswordPolicy;
  supportEmail: string | null;
  /** The organisation's brand colour (#rrggbb) for the browser's and the installed app's bar (meta theme-color), or null for Faena's. */
  brandColor: string | null;
}

/** The server's shape (spec §3: id text or number, subdomain optional, logo optional). */
export interface ServerTenant {
  id: string | number;
  subdomain?: string | null;
  name: string;
  firebase_tenant_id: string | null;
  firebase_sign_in_methods: string[];
  logo_url?: string | null;
  disabled_modules?: string[];
  white_label?: Record<string, Record<string, string>>;
  feature_flags?: Partial<Record<string, boolean>>;
  password_policy?: {
    min_length?: number;
    max_length?: number;
    require_lowercase?: boolean;
    require_uppercase?: boolean;
    require_numeric?: boolean;
    require_non_alphanumeric?: boolean;
  };
  support_email?: string | null;
  brand_color?: string | null;
}

/** Spec §5: the tenant named by the host, or the default one when the host names none (under the public root domain when the build names it). */
export function discoverTenantSubdomain(host: string, defaultSubdomain: string, rootDomain: string | null = PUBLIC_DOMAIN): string {
  return tenantFromHost(host, rootDomain) ?? defaultSubdomain;
}

export function toClientTenant(server: ServerTenant, defaultSubdomain: string): Tenant {
  const flags = { ...PRODUCTION_FLAGS } as FeatureFlags;
  for (const [name, value] of Object.entries(server.feature_flags ?? {})) {
    if (name in flags && typeof value === 'boolean') flags[name as FeatureFlag] = value;
  }
  const policy = server.password_policy;
  return {
    id: String(server.id),
    name: server.name,
    subdomain: server.subdomain || defaultSubdomain,
    logoUrl: server.logo_url ?? '',
    firebaseTenantId: server.firebase_tenant_id ?? null,
    signInMethods: server.firebase_sign_in_methods.map(parseSignInMethod),
    disabledModules: server.disabled_modules ?? [],
    whiteLabel: server.white_label ?? {},
    featureFlags: flags,
    passwordPolicy: policy
      ? {
          minLength: policy.min_length ?? DEFAULT_PASSWORD_POLICY.minLength,
          ...(policy.max_length !== undefined ? { maxLength: policy.max_length } : {}),
          ...(policy.require_lowercase ? { requireLowercase: true } : {}),
          ...(policy.require_uppercase ? { requireUppercase: true } : {}),
          ...(policy.require_numeric ? { requireNumeric: true } : {}),
          ...(policy.require_non_alphanumeric ? { requireNonAlphanumeric: true } : {}),
        }
      : DEFAULT_PASSWORD_POLICY,
    supportEmail: server.support_email ?? null,
    // Only a #rrggbb colour reaches the meta tag; anything else leaves Faena's.
    brandColor: server.brand_color && /^#[0-9a-f]{6}$/i.test(server.brand_color) ? server.brand_color.toLowerCase() : null,
  };
}

/** The demo tenant (API.md "Demo seed") offers one-click demo accounts on /login. */
export function isDemoTenant(tenant: Pick<Tenant, 'subdomain'>): boolean {
  return tenant.subdomain === 'demo';
}

export class TenantShapeError extends Error {
  override name = 'TenantShapeError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Spec §5: tenant records are checked against the shape of §3 before use. Written by hand (no
 * zod) because it runs before first paint, on the entry chunk.
 */
export function parseServerTenant(value: unknown): ServerTenant {
  const problems: string[] = [];
  if (!isRecord(value)) throw new TenantShapeError('Invalid tenant record: not an object');
  const optional = (key: string, ok: (v: unknown) => boolean, what: string) => {
    if (value[key] !== undefined && value[key] !== null && !ok(value[key])) problems.push(`${key}: expected ${what}`);
  };
  if (typeof value.id !== 'string' && typeof value.id !== 'number') problems.push('id: expected text or number');
  if (typeof value.name !== 'string') problems.push('name: expected text');
  if (value.firebase_tenant_id !== null && typeof value.firebase_tenant_id !== 'string') problems.push('firebase_tenant_id: expected text or null');
  if (!isStringArray(value.firebase_sign_in_methods)) problems.push('firebase_sign_in_methods: expected a list of text');
  optional('subdomain', (v) => typeof v === 'string', 'text');
  optional('logo_url', (v) => typeof v === 'string', 'text');
  optional('support_email', (v) => typeof v === 'string', 'text');
  optional('brand_color', (v) => typeof v === 'string', 'text');
  optional('disabled_modules', isStringArray, 'a list of text');
  optional('white_label', (v) => isRecord(v) && Object.values(v).every((texts) => isRecord(texts) && Object.values(texts).every((t) => typeof t === 'string')), 'a map of texts per language');
  optional('feature_flags', (v) => isRecord(v) && Object.values(v).every((flag) => typeof flag === 'boolean'), 'a map of booleans');
  optional('password_policy', (v) => isRecord(v) && Object.entries(v).every(([k, x]) => (k.endsWith('_length') ? Number.isInteger(x) : typeof x === 'boolean')), 'a password policy');
  if (problems.length > 0) throw new TenantShapeError(`Invalid tenant record: ${problems.join('; ')}`);
  return value as unknown as ServerTenant;
}
