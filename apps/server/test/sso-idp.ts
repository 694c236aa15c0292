import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) running in the test process: discovery, JWKS,
 * authorization with PKCE required, token endpoint, end_session. The login screen is the one thing
 * replaced: whoever `as(...)` names signs in at once (or cancels), so tests drive the browser
 * part with plain HTTP.
 */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  /** Who signs in at the next login prompt; `cancel` makes the user refuse. */
  as(account: TestAccount | 'cancel'): void;
  /** Replace the id_token of the next token answer (a token substitution attack). */
  swapNextIdToken(idToken: string): void;
  addClient(clientId: string, secret: string, redirectUris: string[]): void;
  close(): Promise<void>;
}

export async function startIdp(clients: { client_id: string; client_secret: string; redirect_uris: string[] }[]): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | 'cancel' | null = null;
  let swap: string | null = null;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const registered = clients.map((c) => ({
    ...c,
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_post' as const,
    post_logout_redirect_uris: [] as string[],
  }));

  const provider = new Provider(issuer, {
    clients: registered,
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account, email_verified: account.email_verified ?? true }) };
    },
    // Consent is given: the user only logs in.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.url?.startsWith('/interaction/')) {
        const who = next;
        next = null;
        if (who === null) {
          res.statusCode = 500;
          res.end('the test named nobody to sign in');
          return;
        }
        if (who === 'cancel') {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
          return;
        }
        accounts.set(who.sub, who);
        await provider.interactionFinished(req, res, { login: { accountId: who.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      if (req.method === 'POST' && req.url?.startsWith('/token') && swap) {
        const replacement = swap;
        swap = null;
        const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
        res.end = ((chunk?: unknown) => {
          const answer = JSON.parse(Buffer.from(chunk as Buffer).toString('utf8')) as Record<string, unknown>;
          if (answer.id_token) answer.id_token = replacement;
          const out = JSON.stringify(answer);
          res.setHeader('content-length', Buffer.byteLength(out));
          return end(out);
        }) as typeof res.end;
      }
      callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    as: (account) => {
      next = account;
    },
    swapNextIdToken: (idToken) => {
      swap = idToken;
    },
    addClient: () => {
      throw new Error('clients are fixed at start');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A cookie jar and a fetch that follows redirects by hand, keeping cookies per host (a browser, enough for a sign-in). */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookies(host: string): string {
    return [...(this.jar.get(host) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(host: string, response: Response): void {
    const set = response.headers.getSetCookie();
    const jar = this.jar.get(host) ?? new Map<string, string>();
    for (const line of set) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.jar.set(host, jar);
  }

  /** GETs a URL on the identity provider, following its redirects until one leaves it. */
  async followAtIdp(url: string, issuer: string): Promise<URL> {
    let current = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (current.origin !== issuer) return current;
      const response = await fetch(current, { redirect: 'manual', headers: { cookie: this.cookies(current.host) } });
      this.keep(current.host, response);
      const location = response.headers.get('location');
      if (!location) {
        // oidc-provider answers some redirects with a self-submitting form (form_post) or a page
        throw new Error(`the provider stopped at ${current.href} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
      current = new URL(location, current);
    }
    throw new Error('too many redirects at the provider');
  }
}
