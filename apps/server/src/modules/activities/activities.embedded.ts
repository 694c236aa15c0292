import { and, eq, inArray } from 'drizzle-orm';
import { displayStatus, type DisplayStatus } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/ids.ts';
import { seriesLinks } from './activities.repository.ts';
import { occurrencesOf } from './activities.service.ts';
import { activities } from './activities.table.ts';

/**
 * Occurrences of series another module links to (decision 028: an asset's preventive plans are
 * recurring activities), read inside the caller's transaction with no viewer: the linking module
 * decides who may see them.
 */
export interface SeriesOccurrence {
  activityId: string;
  recurrenceId: string;
  title: string;
  startMs: number;
  dueMs: number;
  status: DisplayStatus;
}

/** The occurrences of these series starting in [fromMs, toMs), with their display status at nowMs (cancelled ones left out). */
export async function seriesOccurrences(tx: Drizzle, tenantId: string, activityIds: readonly string[], fromMs: number, toMs: number, nowMs = Date.now()): Promise<SeriesOccurrence[]> {
  const wanted = [...new Set(activityIds)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), inArray(activities.id, wanted)));
  const parts = await occurrencesOf(tx, tenantId, rows, fromMs, toMs);
  const out: SeriesOccurrence[] = [];
  for (const p of parts) {
    const startMs = p.exception?.startAt?.getTime() ?? p.originalStartMs;
    const dueMs = startMs + (p.exception?.durationMinutes ?? p.row.durationMinutes) * 60_000;
    const rawStatus = p.completion ? p.completion.status : p.exception?.cancelled ? 'CANCELLED' : 'NEEDS-ACTION';
    if (rawStatus === 'CANCELLED' && !p.completion) continue;
    out.push({ activityId: p.row.id, recurrenceId: p.recurrenceId, title: p.exception?.title ?? p.row.title, startMs, dueMs, status: displayStatus({ rawStatus, startMs, dueMs, nowMs }) });
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

export interface SeriesSummary {
  id: string;
  title: string;
  /** Wall time "YYYY-MM-DDTHH:mm" in `timezone`. */
  start: string;
  timezone: string;
  rrule: string | null;
  durationMinutes: number;
  /** Person ids. */
  responsibles: string[];
}

/** What a linking module shows of these series (unknown ids are absent). */
export async function seriesSummaries(tx: Drizzle, tenantId: string, activityIds: readonly string[]): Promise<Map<string, SeriesSummary>> {
  const wanted = [...new Set(activityIds)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), inArray(activities.id, wanted)));
  const links = await seriesLinks(tx, tenantId, wanted);
  return new Map(
    rows.map((r) => [r.id, { id: r.id, title: r.title, start: r.start, timezone: r.timezone, rrule: r.rrule, durationMinutes: r.durationMinutes, responsibles: links.responsibles.get(r.id) ?? [] }]),
  );
}
