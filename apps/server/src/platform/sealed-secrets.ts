import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from './db/database.ts';
import { ensureSecret } from './secrets.ts';

/**
 * Tenants' secrets kept in their rows (identity providers' client secrets, BI tools' keys),
 * sealed with AES-256-GCM under a server key of `platform_secrets` — one key per use, named by
 * its owner. The tenant id is authenticated data: a secret copied to another tenant's row does
 * not open. Sealed text is `v1.<iv>.<tag>.<ciphertext>`, base64url (plain base64 also opens).
 */

const keys = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * The named key (32 random bytes, made by the first process that needs it), read once per
 * database. PGlite has one connection: read it before opening a transaction that needs it, never
 * from inside one.
 */
export function sealingKey(db: Database, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) keys.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = ensureSecret(db, name, () => randomBytes(32).toString('base64')).then((value) => Buffer.from(value, 'base64'));
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}

export function seal(key: Buffer, tenantId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(tenantId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function unseal(key: Buffer, tenantId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret');
  // base64url decoding also reads plain base64 (what the reports module wrote before)
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
