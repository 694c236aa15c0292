import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export interface IdTokenClaims {
  /** user id */
  sub: string;
  /** tenant id */
  tid: string;
  /** session id (the refresh-token family) */
  sid: string;
  /** person id in the tenant */
  pid: string;
  /** set while impersonating: who is really acting */
  act?: { sub: string; pid: string };
}

const ISSUER = 'faena';

/** Claims are frozen when verified: callers share what is remembered, and none can change it. */
const frozen = (claims: IdTokenClaims): IdTokenClaims => {
  if (claims.act) Object.freeze(claims.act);
  return Object.freeze(claims);
};

/** How many verified tokens a process remembers (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 id tokens signed with a key the server generates once and keeps in the database. */
export class TokenService {
  private readonly key: Uint8Array;
  readonly idTokenTtlSeconds: number;
  /**
   * Tokens this process has verified, with their claims and expiry: a client sends the same id
   * token with every request for up to an hour, and checking its HMAC again (WebCrypto, a
   * thread-pool round trip) costs more than the rest of authentication. Only tokens that passed
   * the full check get in; a hit is still refused once the token's `exp` has passed, exactly as
   * jose would (exp ≤ now, in whole seconds). Revocation is not the token's business: the
   * session state is checked on every request whatever the token.
   */
  private readonly verified = new Map<string, { claims: IdTokenClaims; exp: number }>();
  constructor(secret: string, idTokenTtlSeconds: number) {
    this.idTokenTtlSeconds = idTokenTtlSeconds;
    this.key = Buffer.from(secret, 'base64url');
  }

  static newSecret(): string {
    return randomBytes(48).toString('base64url');
  }

  async sign(claims: IdTokenClaims): Promise<string> {
    return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt().setExpirationTime(`${this.idTokenTtlSeconds}s`).sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<Readonly<IdTokenClaims> | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp > Math.floor(Date.now() / 1000)) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const { sub, tid, sid, pid, act } = payload as Partial<IdTokenClaims>;
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof pid !== 'string') return null;
      const claims = frozen({ sub, tid, sid, pid, ...(act ? { act: { sub: act.sub, pid: act.pid } } : {}) });
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
