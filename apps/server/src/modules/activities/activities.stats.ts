import type { TOccurrence } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { seriesInWindow } from './activities.repository.ts';
import { namesFor, occurrencesOf, toOccurrence } from './activities.service.ts';

/**
 * Every occurrence of the tenant's activities starting in [from, to), with its display status,
 * responsibles and categories: what the reports' built-in charts count (decision 027). Read-only;
 * the caller's transaction, opened for `tenantId`.
 */
export async function occurrencesForReports(tx: Drizzle, tenantId: string, from: Date, to: Date, nowMs = Date.now()): Promise<TOccurrence[]> {
  const rows = await seriesInWindow(tx, tenantId, from, to, {});
  const parts = await occurrencesOf(tx, tenantId, rows, from.getTime(), to.getTime());
  const names = await namesFor(
    tx,
    tenantId,
    rows,
    parts.flatMap((p) => [...(p.exception?.responsibles ?? p.responsibles)]),
    parts.flatMap((p) => p.categories),
  );
  return parts.map((p) => toOccurrence(p, names, nowMs));
}
