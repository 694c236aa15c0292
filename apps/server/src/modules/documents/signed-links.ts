import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import { ensureSecret } from '../../platform/secrets.ts';

export type Disposition = 'inline' | 'attachment';

/**
 * Short-lived download links for screens without a signed-in user: an HMAC-SHA256 over the
 * tenant, the file, the expiry and the disposition, with a server-wide key (platform secret).
 * A link works only on its tenant's host and only until it expires.
 */
export class FileLinkSigner {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'base64url');
  }

  static async open(db: Database): Promise<FileLinkSigner> {
    return new FileLinkSigner(await ensureSecret(db, 'file_link_signing_key', () => randomBytes(32).toString('base64url')));
  }

  sign(tenantId: string, uploadId: string, expires: number, disposition: Disposition): string {
    return createHmac('sha256', this.key).update(`file-link:v1:${tenantId}:${uploadId}:${expires}:${disposition}`).digest('base64url');
  }

  /** 'ok', 'expired' (a genuine link past its time) or 'invalid'. */
  verify(tenantId: string, uploadId: string, expires: number, disposition: Disposition, signature: string, now = Date.now()): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.sign(tenantId, uploadId, expires, disposition));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 <= now ? 'expired' : 'ok';
  }
}
