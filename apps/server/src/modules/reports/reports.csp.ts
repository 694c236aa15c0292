import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/platform.ts';
import { loadConnection } from './reports.connections.ts';

/** How long a process trusts what it read of a tenant's Tableau hosts (another process's change shows within it). */
const TTL_MS = 60_000;
const REMEMBERED = 5_000;
const known = new Map<string, { at: number; origins: readonly string[] }>();

/** The origins a tenant's Tableau connection serves the Embedding API library from: its site and its extra hosts. */
async function tableauOrigins(platform: Platform, tenantId: string): Promise<readonly string[]> {
  const hit = known.get(tenantId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.origins;
  const connection = await platform.db.transaction(tenantId, (tx) => loadConnection(tx, tenantId, 'tableau', null));
  let origins: string[] = [];
  if (connection) {
    const site = new URL(connection.siteUrl);
    origins = [...new Set([site.host, ...connection.allowedHosts].map((host) => `${site.protocol}//${host.toLowerCase()}`))];
  }
  if (known.size >= REMEMBERED) known.clear();
  known.set(tenantId, { at: Date.now(), origins });
  return origins;
}

/** A saved or removed connection: read again on the next page. */
export const forgetTableauOrigins = (tenantId: string) => void known.delete(tenantId);

/** The policy with `origins` added to its script-src (the directive is the one decision 015 computes once). */
export function withScriptOrigins(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('script-src ') ? `${directive.trimEnd()} ${origins.join(' ')}` : directive))
    .join(';');
}

/**
 * The one script of another origin the web app loads is Tableau's Embedding API v3, from the
 * tenant's own Tableau site (decision 027). The security headers are computed once for every
 * tenant (decision 015); the web app's page of a tenant with a Tableau connection gets those
 * hosts added to its script-src, and no other tenant's page does.
 */
export function allowTenantTableauScripts(app: App, platform: Platform): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/api')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return payload;
    let tenantId: string;
    try {
      tenantId = (await platform.tenants.fromHost(request.headers.host)).id;
    } catch {
      return payload; // no such organisation: its page signs nobody in, nothing to allow
    }
    const origins = await tableauOrigins(platform, tenantId);
    if (origins.length > 0) reply.header('content-security-policy', withScriptOrigins(policy, origins));
    return payload;
  });
}
