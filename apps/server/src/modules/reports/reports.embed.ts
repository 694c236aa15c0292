import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { EMBED_TOKEN_SECONDS, type TBiProvider, type TEmbedView, type TReportEmbed } from '@faena/contracts';
import { BodyError } from '../../platform/errors.ts';
import { anyButMetadata, FetchError, publicOnly, safeFetch } from '../../platform/net/safe-fetch.ts';

/** A tenant's connection to a BI tool, its secret opened (server memory only). */
export interface BiConnection {
  provider: TBiProvider;
  siteUrl: string;
  allowedHosts: string[];
  clientId: string | null;
  secretId: string | null;
  username: string | null;
  tenantParam: string;
  version: string | null;
  secret: string | null;
}

/**
 * Superset before 4.1.2 lets a guest bypass row-level security with crafted SQL (CVE-2025-48912):
 * a guest token would not keep the tenant in. Guest tokens are minted only for later releases.
 */
export const SUPERSET_MIN_VERSION = '4.1.2';

const FETCH_TIMEOUT_MS = 10_000;
/** A token answer is small: more is refused. */
const MAX_ANSWER_BYTES = 256 * 1024;

export const embedHostNotAllowed = (host: string) => new BodyError(400, { code: 'embed-host-not-allowed', detail: `${host} is not a host configured for this organisation's BI tools.`, host });
export const biSecretMissing = (provider: TBiProvider) => new BodyError(409, { code: 'bi-secret-missing', detail: `No ${provider} secret is configured for this organisation.`, provider });
const biFailed = (provider: TBiProvider, detail: string) => new BodyError(502, { code: 'bi-token-failed', detail: `${provider}: ${detail}`, provider });

/** The hosts a connection allows embeds from: its site's and the extra ones. */
export function allowedHosts(connection: Pick<BiConnection, 'siteUrl' | 'allowedHosts'>): Set<string> {
  return new Set([new URL(connection.siteUrl).host.toLowerCase(), ...connection.allowedHosts.map((h) => h.toLowerCase())]);
}

/** What an embed names, read from its address: Metabase's dashboard/question, Power BI's report and workspace, Superset's dashboard. */
export function embedTarget(provider: TBiProvider, embed: TReportEmbed): { resource: string; kind?: 'dashboard' | 'question'; group?: string } | null {
  const url = new URL(embed.url);
  if (provider === 'metabase') {
    const match = /\/(dashboard|question)\/(\d+)/.exec(url.pathname);
    if (match) return { kind: match[1] as 'dashboard' | 'question', resource: match[2]! };
    return embed.resource_id && /^\d+$/.test(embed.resource_id) ? { kind: 'dashboard', resource: embed.resource_id } : null;
  }
  if (provider === 'tableau') return /\/views\//.test(url.pathname) ? { resource: embed.url } : null;
  if (provider === 'powerbi') {
    const report = url.searchParams.get('reportId') ?? /\/reports\/([0-9a-f-]{36})/i.exec(url.pathname)?.[1];
    const group = url.searchParams.get('groupId') ?? /\/groups\/([0-9a-f-]{36})/i.exec(url.pathname)?.[1];
    return report && group && embed.resource_id ? { resource: report, group } : null;
  }
  return embed.resource_id ? { resource: embed.resource_id } : null;
}

const versionAtLeast = (version: string, min: string) => {
  const a = version.split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  const b = min.split('.').map(Number);
  for (let i = 0; i < b.length; i++) if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) > b[i]!;
  return true;
};

/**
 * A POST to the tool's token endpoints. The hosts come from an administrator, so it is
 * safe-fetch's: every resolved address public (private ones too with BI_ALLOW_LOCAL_HOSTS, never a
 * metadata service), the connection pinned, no redirect followed, 10 s and 256 KiB at most.
 */
async function postJson(provider: TBiProvider, url: string, init: { body: string; headers: Record<string, string>; allowLocal: boolean }): Promise<Record<string, unknown>> {
  const host = new URL(url).host;
  let text: string;
  try {
    const response = await safeFetch(url, {
      method: 'POST',
      body: init.body,
      headers: init.headers,
      policy: init.allowLocal ? anyButMetadata : publicOnly,
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxRedirects: 0,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof FetchError && error.reason === 'http-error') throw biFailed(provider, `${host} answered ${error.status}`);
    throw biFailed(provider, `could not reach ${host} (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw biFailed(provider, `${host} did not answer JSON`);
  }
}

const stringField = (provider: TBiProvider, json: Record<string, unknown>, key: string): string => {
  const value = json[key];
  if (typeof value !== 'string' || value === '') throw biFailed(provider, `the answer has no ${key}`);
  return value;
};

/** Azure AD's authority for a Power BI API host (sovereign clouds have their own); another host (a proxy) answers both. */
function powerBiAuthority(apiBase: URL): string {
  const host = apiBase.host.toLowerCase();
  if (host === 'api.powerbi.com') return 'https://login.microsoftonline.com';
  if (host === 'api.powerbi.cn') return 'https://login.chinacloudapi.cn';
  if (host === 'api.powerbigov.us' || host === 'api.high.powerbigov.us') return 'https://login.microsoftonline.us';
  return apiBase.origin;
}

export interface Viewer {
  tenantId: string;
  personId: string;
  name: string;
}

/**
 * Mints what the page needs to show one embedded dashboard to one viewer, valid 10 minutes,
 * with the tenant locked in: Metabase's signed embed (the tenant as a locked parameter), a
 * Tableau connected-app JWT (the tenant as a user attribute), a Power BI embed token (the tenant
 * as the effective identity of a row-level-security role), a Superset guest token (an RLS clause).
 */
export async function mintEmbed(connection: BiConnection, embed: TReportEmbed, viewer: Viewer, net: { allowLocal: boolean }, nowMs = Date.now()): Promise<TEmbedView> {
  const provider = connection.provider;
  const host = new URL(embed.url).host.toLowerCase();
  if (!allowedHosts(connection).has(host)) throw embedHostNotAllowed(host);
  if (!connection.secret) throw biSecretMissing(provider);
  const target = embedTarget(provider, embed);
  if (!target) throw new BodyError(400, { code: 'bad-request', detail: `The embed address does not name a ${provider} dashboard.` });
  const now = Math.floor(nowMs / 1000);
  const exp = now + EMBED_TOKEN_SECONDS;
  const expiresAt = new Date(exp * 1000).toISOString();
  const key = new TextEncoder().encode(connection.secret);

  if (provider === 'metabase') {
    const token = await new SignJWT({ resource: { [target.kind ?? 'dashboard']: Number(target.resource) }, params: { [connection.tenantParam]: viewer.tenantId } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    const site = connection.siteUrl.replace(/\/+$/, '');
    return { provider, url: `${site}/embed/${target.kind ?? 'dashboard'}/${token}#bordered=false&titled=true`, token: null, resource_id: target.resource, expires_at: expiresAt };
  }

  if (provider === 'tableau') {
    if (!connection.clientId || !connection.secretId || !connection.username)
      throw new BodyError(409, { code: 'bi-config-incomplete', detail: 'Tableau needs the connected app’s client id, secret id and the user to show views as.' });
    const token = await new SignJWT({ scp: ['tableau:views:embed'], [connection.tenantParam]: viewer.tenantId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: connection.secretId, iss: connection.clientId })
      .setIssuer(connection.clientId)
      .setAudience('tableau')
      .setSubject(connection.username)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { provider, url: embed.url, token, resource_id: null, expires_at: expiresAt };
  }

  if (provider === 'powerbi') {
    if (!connection.clientId || !connection.secretId || !connection.username)
      throw new BodyError(409, { code: 'bi-config-incomplete', detail: 'Power BI needs the Azure AD app id, the directory (tenant) id and the row-level-security role.' });
    const api = new URL(connection.siteUrl);
    const aad = await postJson(provider, `${powerBiAuthority(api)}/${encodeURIComponent(connection.secretId)}/oauth2/v2.0/token`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      allowLocal: net.allowLocal,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: connection.clientId,
        client_secret: connection.secret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      }).toString(),
    });
    const accessToken = stringField(provider, aad, 'access_token');
    const generated = await postJson(provider, `${api.origin}/v1.0/myorg/groups/${encodeURIComponent(target.group!)}/reports/${encodeURIComponent(target.resource)}/GenerateToken`, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      allowLocal: net.allowLocal,
      body: JSON.stringify({
        accessLevel: 'View',
        lifetimeInMinutes: EMBED_TOKEN_SECONDS / 60,
        identities: [{ username: viewer.tenantId, roles: [connection.username], datasets: [embed.resource_id] }],
      }),
    });
    const token = stringField(provider, generated, 'token');
    const expiration = typeof generated.expiration === 'string' ? generated.expiration : expiresAt;
    // never longer than ours, whatever the service answers
    const until = Math.min(Date.parse(expiration) || exp * 1000, exp * 1000);
    return { provider, url: embed.url, token, resource_id: target.resource, expires_at: new Date(until).toISOString() };
  }

  // superset
  if (!connection.version || !versionAtLeast(connection.version, SUPERSET_MIN_VERSION)) {
    throw new BodyError(409, { code: 'bi-version-unsafe', detail: `Superset guest tokens need release ${SUPERSET_MIN_VERSION} or later (row-level security could be bypassed before).` });
  }
  if (!connection.clientId) throw new BodyError(409, { code: 'bi-config-incomplete', detail: 'Superset needs the service user’s name.' });
  const site = connection.siteUrl.replace(/\/+$/, '');
  const login = await postJson(provider, `${site}/api/v1/security/login`, {
    headers: { 'content-type': 'application/json' },
    allowLocal: net.allowLocal,
    body: JSON.stringify({ username: connection.clientId, password: connection.secret, provider: 'db', refresh: false }),
  });
  const access = stringField(provider, login, 'access_token');
  const guest = await postJson(provider, `${site}/api/v1/security/guest_token/`, {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    allowLocal: net.allowLocal,
    body: JSON.stringify({
      user: { username: `faena:${viewer.personId}`, first_name: viewer.name, last_name: '' },
      resources: [{ type: 'dashboard', id: target.resource }],
      rls: [{ clause: `${connection.tenantParam} = '${viewer.tenantId}'` }],
    }),
  });
  return { provider, url: site, token: stringField(provider, guest, 'token'), resource_id: target.resource, expires_at: expiresAt };
}
