import type { TImportJobRef } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { importJobPath } from '../lib/inbox-model.ts';

/**
 * GET /api/resources/v3/imports/jobs/{id}/: the family of an import job its creator started (the
 * notification names the job only), turned into the screen that shows it; null when this version
 * has no screen for that family.
 */
export async function importJobPathOf(jobId: string): Promise<string | null> {
  const job = await apiClient.get<TImportJobRef>(`/api/resources/v3/imports/jobs/${encodeURIComponent(jobId)}/`);
  return importJobPath(job);
}
