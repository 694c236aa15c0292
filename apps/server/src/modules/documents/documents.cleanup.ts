import type { Logger } from 'pino';
import type { Platform } from '../../platform/platform.ts';
import { scheduleRecurring } from '../../platform/recurring.ts';
import { sweepTenants } from '../tenants/index.ts';
import { deleteTempUploads, expiredUploads, findStoredFile } from './documents.repository.ts';
import { fileKey, tmpPrefix } from './documents.service.ts';

const BATCH = 100;
/** How often this process looks for expired temporary uploads. */
export const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Removes expired temporary uploads of every tenant: their bytes first, then their rows (a
 * crash in between leaves rows that the next pass removes again — it is idempotent). A store
 * that died half-way left a file object without a stored_files row: that object goes too.
 * Files already stored are never touched. Short transactions, one batch at a time.
 */
export async function cleanupExpiredUploads(platform: Platform, now = new Date(), log?: Logger): Promise<number> {
  const { db, storage } = platform;
  return sweepTenants(
    db,
    BATCH,
    (tx, tenantId, limit) => expiredUploads(tx, tenantId, now, limit),
    async (tenantId, batch) => {
      for (const row of batch) {
        await storage.deletePrefix(tmpPrefix(tenantId, row.id)).catch((err: unknown) => log?.warn({ err, upload: row.id }, 'could not delete expired upload bytes'));
        if (row.state === 'storing' && row.storedUploadId) {
          const stored = await db.transaction(tenantId, (tx) => findStoredFile(tx, tenantId, row.storedUploadId!));
          if (!stored) await storage.delete(fileKey(tenantId, row.storedUploadId)).catch(() => undefined);
        }
      }
      await db.transaction(tenantId, (tx) =>
        deleteTempUploads(
          tx,
          tenantId,
          batch.map((row) => row.id),
        ),
      );
    },
  );
}

export const CLEANUP_QUEUE = 'documents.cleanup-expired-uploads';

/** The cleanup, every CLEANUP_EVERY_MS, on the job queue (platform/recurring.ts). */
export function scheduleCleanup(platform: Platform): Promise<void> {
  return scheduleRecurring(platform, {
    queue: CLEANUP_QUEUE,
    everySeconds: Math.round(CLEANUP_EVERY_MS / 1000),
    run: async () => {
      const removed = await cleanupExpiredUploads(platform, new Date(), platform.log);
      if (removed > 0) platform.log.info({ removed }, 'expired temporary uploads removed');
    },
  });
}
