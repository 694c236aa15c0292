import type { Database } from '../../platform/db/database.ts';
import { seal, sealingKey, unseal } from '../../platform/sealed-secrets.ts';

const KEY_NAME = 'sso_secrets_key';

/** A provider's client secret, sealed with the server's key (platform/sealed-secrets: AES-256-GCM, the tenant id bound in). */
export async function encryptSecret(db: Database, tenantId: string, plain: string): Promise<string> {
  return seal(await sealingKey(db, KEY_NAME), tenantId, plain);
}

export async function decryptSecret(db: Database, tenantId: string, sealed: string): Promise<string> {
  return unseal(await sealingKey(db, KEY_NAME), tenantId, sealed);
}
