/**
 * Tenant discovery from a host name (spec shell §5): environment markers are stripped; a host
 * with fewer than three labels, or whose first label is numeric, names no tenant.
 */
export const ENVIRONMENT_MARKERS = ['development', 'staging', 'uat', 'release'] as const;

export function tenantFromHost(host: string | undefined | null): string | null {
  if (!host) return null;
  const name = stripPort(host.trim().toLowerCase()).replace(/\.$/, '');
  if (name === '' || name.startsWith('[')) return null;
  const labels = name.split('.').filter((label) => label !== '' && !(ENVIRONMENT_MARKERS as readonly string[]).includes(label));
  if (labels.length < 3) return null;
  const first = labels[0]!;
  if (/^\d+$/.test(first)) return null;
  return first;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host; // IPv6 literal: never a tenant
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
