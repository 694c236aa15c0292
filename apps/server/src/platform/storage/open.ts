import { join } from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local.ts';
import type { ObjectStorage } from './storage.ts';

/**
 * Local disk under DATA_DIR/files unless S3 is configured (STORAGE_DRIVER=s3 or S3_BUCKET set).
 * The S3 back end (and the AWS SDK under it, a few hundred milliseconds of module loading) is
 * loaded only then.
 */
export async function openStorage(config: Config): Promise<ObjectStorage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./s3.ts');
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalDiskStorage(join(config.DATA_DIR, 'files'));
}
