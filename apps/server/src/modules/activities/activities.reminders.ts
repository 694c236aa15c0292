import { occurrenceKey, parseRecurrenceId } from '@faena/domain';
import { isOccurrence } from '@faena/domain/activities/index';
import type { Platform } from '../../platform/platform.ts';
import { scheduleRecurring } from '../../platform/recurring.ts';
import { notify } from '../notifications/index.ts';
import { allTenants } from '../tenants/index.ts';
import { completionsFor, findActivity, findException, markReminderSent, seriesLinks, seriesWithReminders } from './activities.repository.ts';
import { GRACE_MS, REMINDER_QUEUE, recipientsOf, recurrenceOf, scheduleSeriesReminders, WINDOW_MS, type ReminderJob } from './activities.service.ts';

export { REMINDER_QUEUE, WINDOW_MS, type ReminderJob };

/**
 * Reminders (decision 020): a recurring sweep enqueues, for the next WINDOW, one job per
 * occurrence and offset with `startAfter` at the reminder's instant, recorded in
 * `activity_reminders_scheduled` in the same transaction — so a sweep run twice, or by two
 * processes, enqueues it once, and a moved occurrence gets a job for its new start. The jobs live in
 * PostgreSQL (pg-boss): they survive restarts. The job checks again when it wakes: an occurrence
 * that no longer exists, was moved, cancelled or completed is left alone; `activity_reminders_sent`
 * makes the notification once per occurrence and offset, however many times a job runs.
 */
export const SWEEP_QUEUE = 'activities.reminders-sweep';
/** How often the sweep runs (its window, WINDOW_MS, overlaps the next run). */
export const SWEEP_EVERY_SECONDS = 15 * 60;

/** One sweep over every tenant: enqueues the reminders whose instant falls in [now − grace, now + WINDOW). */
export async function sweepReminders(platform: Platform, nowMs = Date.now()): Promise<number> {
  let queued = 0;
  for (const { id: tenantId } of await allTenants(platform.db)) {
    queued += await platform.db.transaction(tenantId, async (tx) => {
      const fromMs = nowMs - GRACE_MS;
      const toMs = nowMs + WINDOW_MS;
      // starts up to the longest offset (30 days) after the window
      const rows = await seriesWithReminders(tx, tenantId, new Date(fromMs), new Date(toMs + 43_200 * 60_000));
      let count = 0;
      for (const row of rows) count += await scheduleSeriesReminders(platform, tx, tenantId, row, nowMs);
      return count;
    });
  }
  return queued;
}

/** A reminder job: notifies the occurrence's people once, if it still stands as scheduled. */
export async function sendReminder(platform: Platform, job: ReminderJob): Promise<boolean> {
  return platform.db.transaction(job.tenantId, async (tx) => {
    const row = await findActivity(tx, job.tenantId, job.activityId);
    if (!row || !row.reminders.includes(job.offsetMinutes)) return false;
    const originalMs = parseRecurrenceId(job.recurrenceId);
    if (originalMs === null || !isOccurrence(recurrenceOf(row), originalMs)) return false;
    const exception = await findException(tx, job.tenantId, row.id, job.recurrenceId);
    if (exception?.cancelled) return false;
    if ((exception?.startAt?.getTime() ?? originalMs) !== job.startMs) return false;
    const [completion] = await completionsFor(tx, job.tenantId, [row.id], job.recurrenceId, `${job.recurrenceId}~`);
    if (completion) return false;
    if (!(await markReminderSent(tx, job.tenantId, row.id, job.recurrenceId, job.offsetMinutes))) return false;
    const links = await seriesLinks(tx, job.tenantId, [row.id]);
    const persons = await recipientsOf(tx, job.tenantId, exception?.responsibles ?? links.responsibles.get(row.id) ?? [], row.audienceId);
    await notify(platform, tx, {
      tenantId: job.tenantId,
      personIds: [...persons],
      kind: 'new_activity',
      title: exception?.title ?? row.title,
      body: reminderBody(job.offsetMinutes),
      context: { type: 'Activity', action: 'reminder', id: occurrenceKey(row.id, job.recurrenceId) },
      priority: 4,
    });
    return true;
  });
}

function reminderBody(offset: number): string {
  if (offset === 0) return 'Comienza ahora';
  if (offset % 1440 === 0) return `Comienza en ${offset / 1440} ${offset === 1440 ? 'día' : 'días'}`;
  if (offset % 60 === 0) return `Comienza en ${offset / 60} ${offset === 60 ? 'hora' : 'horas'}`;
  return `Comienza en ${offset} minutos`;
}

const defined = new WeakMap<object, Promise<void>>();

/** Defines the reminder queue and schedules the sweep, once per job queue (tests build several apps over one platform). */
export async function scheduleReminders(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<ReminderJob>(
      REMINDER_QUEUE,
      async (job) => {
        await sendReminder(platform, job);
      },
      { retryLimit: 5, retryDelay: 30, concurrency: 4 },
    );
    defined.set(platform.jobs, done);
  }
  await done;
  await scheduleRecurring(platform, {
    queue: SWEEP_QUEUE,
    everySeconds: SWEEP_EVERY_SECONDS,
    firstAfterSeconds: 30,
    run: async () => {
      const queued = await sweepReminders(platform);
      if (queued > 0) platform.log.info({ queued }, 'activity reminders scheduled');
    },
  });
}
