import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import { ensureSecret } from '../../platform/secrets.ts';

const KEY_NAME = 'reports.bi-secrets-key';

/** The server's key for the tenants' BI secrets (32 random bytes, made once, kept in platform_secrets). */
export async function secretsKey(db: Database): Promise<Buffer> {
  return Buffer.from(await ensureSecret(db, KEY_NAME, () => randomBytes(32).toString('base64')), 'base64');
}

/** AES-256-GCM with a random nonce; the tenant id is authenticated data, so a secret moved to another tenant's row does not open. */
export function sealSecret(key: Buffer, tenantId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(tenantId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

export function openSecret(key: Buffer, tenantId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
