import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import { ensureSecret } from '../../platform/secrets.ts';

const KEY_NAME = 'sso_secrets_key';
let cached: { db: Database; key: Buffer } | null = null;

async function keyOf(db: Database): Promise<Buffer> {
  if (cached?.db === db) return cached.key;
  const key = Buffer.from(await ensureSecret(db, KEY_NAME, () => randomBytes(32).toString('base64')), 'base64');
  cached = { db, key };
  return key;
}

/** A provider's client secret, encrypted with the server's key (AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>`); the tenant id is bound in as associated data. */
export async function encryptSecret(db: Database, tenantId: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  cipher.setAAD(Buffer.from(tenantId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export async function decryptSecret(db: Database, tenantId: string, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
