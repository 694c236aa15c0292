/**
 * Tenant discovery from a host name (spec shell §5): environment markers are stripped; a host
 * with fewer than three labels, or whose first label is numeric, names no tenant.
 *
 * `rootDomain` is the product's own public domain (the server's PUBLIC_DOMAIN, the web's
 * VITE_PUBLIC_DOMAIN; decision 029). Given, it decides instead of counting labels, so a root of
 * three labels works too: `faena.com.mx` names no tenant and `acme.faena.com.mx` names `acme`.
 * Hosts outside it (development hosts, another domain) are still read by counting labels.
 */
export const ENVIRONMENT_MARKERS = ['development', 'staging', 'uat', 'release'] as const;

const isMarker = (label: string) => (ENVIRONMENT_MARKERS as readonly string[]).includes(label);

/** A host or domain as compared here: lower case, no port, no final dot. */
function hostName(host: string): string {
  return stripPort(host.trim().toLowerCase()).replace(/\.$/, '');
}

export function tenantFromHost(host: string | undefined | null, rootDomain?: string | null): string | null {
  if (!host) return null;
  const name = hostName(host);
  if (name === '' || name.startsWith('[')) return null;
  const root = rootDomain ? hostName(rootDomain) : '';
  if (root && (name === root || name.endsWith(`.${root}`))) {
    // Under the configured root: the label before it names the tenant (markers such as staging. skipped).
    const labels =
      name === root
        ? []
        : name
            .slice(0, -(root.length + 1))
            .split('.')
            .filter((label) => label !== '' && !isMarker(label));
    const first = labels[0];
    return first && !/^\d+$/.test(first) ? first : null;
  }
  const labels = name.split('.').filter((label) => label !== '' && !isMarker(label));
  if (labels.length < 3) return null;
  const first = labels[0]!;
  if (/^\d+$/.test(first)) return null;
  return first;
}

/**
 * The product's root domain, where people look for their workspace: a host that names no tenant
 * and is not a bare development host (localhost, an IP address).
 */
export function isRootDomainHost(host: string | undefined | null, rootDomain?: string | null): boolean {
  if (!host) return false;
  const name = hostName(host);
  if (rootDomain && name === hostName(rootDomain)) return true;
  return tenantFromHost(host, rootDomain) === null && name.includes('.') && !/^[\d.]+$/.test(name) && !name.startsWith('[');
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host; // IPv6 literal: never a tenant
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
