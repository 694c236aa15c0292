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

/** HS256 id tokens signed with a key the server generates once and keeps in the database. */
export class TokenService {
  private readonly key: Uint8Array;
  readonly idTokenTtlSeconds: number;
  constructor(secret: string, idTokenTtlSeconds: number) {
    this.idTokenTtlSeconds = idTokenTtlSeconds;
    this.key = Buffer.from(secret, 'base64url');
  }

  static newSecret(): string {
    return randomBytes(48).toString('base64url');
  }

  async sign(claims: IdTokenClaims): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.idTokenTtlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<IdTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const { sub, tid, sid, pid, act } = payload as Partial<IdTokenClaims>;
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof pid !== 'string') return null;
      return { sub, tid, sid, pid, ...(act ? { act } : {}) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
