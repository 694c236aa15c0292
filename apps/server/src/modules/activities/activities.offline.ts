import type { TOccurrence, TOccurrenceDetail } from '@faena/contracts/activities';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { getForms, type getForm } from '../forms/index.ts';
import { getOccurrences, listOccurrences } from './activities.service.ts';

/** The read-ahead covers at most this many days, and the details of this many open occurrences. */
export const OFFLINE_MAX_DAYS = 7;
export const OFFLINE_MAX_DETAILS = 60;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

type FormView = Awaited<ReturnType<typeof getForm>>;

export interface OfflineOccurrences {
  from: string;
  to: string;
  /** The caller's occurrences of the window, as GET /occurrences/?mine=true answers them. */
  results: TOccurrence[];
  /** Each open one (not completed, up to OFFLINE_MAX_DETAILS, in the list's order), as GET /activities/{id}/occurrences/{rid}/ answers it. */
  details: TOccurrenceDetail[];
  /** The latest version of each form those details need. */
  forms: FormView[];
}

/**
 * What the device reads ahead for working offline (decision 031), in one read instead of one per
 * occurrence: the caller's own occurrences from an hour ago to `days` ahead, the detail of each open
 * one and the forms they are completed with, each kind of row read once for all of them. The same
 * answers as the screens' reads (the same rules: only the caller's own work, in the caller's tenant).
 */
export async function offlineOccurrences(ctx: Ctx, days: number, nowMs = Date.now()): Promise<OfflineOccurrences> {
  if (!Number.isInteger(days) || days < 1 || days > OFFLINE_MAX_DAYS) throw new AppError('bad-request', `days is a whole number from 1 to ${OFFLINE_MAX_DAYS}.`);
  const from = new Date(nowMs - HOUR_MS).toISOString();
  const to = new Date(nowMs + days * DAY_MS).toISOString();
  const { results } = await listOccurrences(ctx, { from, to, mine: true }, nowMs);
  const open = results.filter((entry) => entry.completion === null).slice(0, OFFLINE_MAX_DETAILS);
  // one read for all the details (getOccurrence's answer for each), not one per occurrence
  const details = await getOccurrences(
    ctx,
    open.map((occurrence) => ({ id: occurrence.public_id, recurrenceId: occurrence.recurrenceId })),
    nowMs,
  );
  // a form removed since the series was written is simply not read ahead (the page says so online)
  const forms = await getForms(
    ctx,
    details.flatMap((detail) => (detail.content?.content_type === 'form' ? [detail.content.form_id] : [])),
  );
  return { from, to, results, details, forms };
}
