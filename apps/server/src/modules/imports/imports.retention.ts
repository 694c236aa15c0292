import type { Platform } from '../../platform/platform.ts';
import { scheduleRecurring } from '../../platform/recurring.ts';
import { sweepTenants } from '../tenants/index.ts';
import { deleteJobRows, jobsPastRetention, markRowsPurged } from './imports.repository.ts';

const BATCH = 20;
const DAY_MS = 86_400_000;
export const IMPORT_RETENTION_QUEUE = 'imports.retention';

/**
 * Removes the row-by-row preview of every tenant's imports that ended (VALIDATION_FAILED,
 * APPLY_OK, APPLY_FAILED) more than IMPORT_ROWS_RETENTION_DAYS ago: a 100,000-row import stages
 * 100,000 rows, which nobody reads once the job is long over. The job stays, with its counts,
 * status and dates, and says since when its rows are gone (`rows_purged_at`). A job is marked
 * first, then its rows go in short transactions; a pass cut short is finished by the next one.
 * Jobs waiting for confirmation (VALIDATION_OK) keep their rows: the apply reads them.
 */
export async function purgeImportRows(platform: Platform, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - platform.config.IMPORT_ROWS_RETENTION_DAYS * DAY_MS);
  return sweepTenants(
    platform.db,
    BATCH,
    (tx, tenantId, limit) => jobsPastRetention(tx, tenantId, before, limit),
    async (tenantId, jobs) => {
      for (const jobId of jobs) {
        await platform.db.transaction(tenantId, (tx) => markRowsPurged(tx, tenantId, jobId));
        await deleteJobRows(platform.db, tenantId, jobId);
      }
    },
  );
}

/** The purge, every six hours, on the job queue. */
export function scheduleImportRetention(platform: Platform): Promise<void> {
  return scheduleRecurring(platform, {
    queue: IMPORT_RETENTION_QUEUE,
    everySeconds: 6 * 3600,
    firstAfterSeconds: 120,
    run: async () => {
      const purged = await purgeImportRows(platform);
      if (purged > 0) platform.log.info({ purged }, 'finished imports past retention: staged rows removed');
    },
  });
}
