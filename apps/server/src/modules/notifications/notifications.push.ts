import { ZPushPayload } from '@faena/contracts';
import type { Platform } from '../../platform/platform.ts';
import { ensureSecret } from '../../platform/secrets.ts';
import { clip } from '../../platform/text.ts';
import { PUSH_QUEUE, type PushJob } from './notifications.producer.ts';
import { pushTargets, recordDeliveries, type NotificationRow } from './notifications.repository.ts';
import { toInboxItem } from './notifications.service.ts';
import { FcmSender, newVapidKeys, WebPushSender, type PushMessage, type PushSender, type VapidKeys } from './push.senders.ts';

/** Keyed by the job queue: apps built over one platform (or a copy of it) share one delivery. */
const deliveries = new WeakMap<object, Promise<PushDelivery>>();

/** Pushes carry a short body: Web Push allows ~4 kB once encrypted, the inbox has the full text. */
const PUSH_BODY_MAX = 400;
const SEND_CONCURRENCY = 16;
const RETRY_AFTER_SECONDS = 10;

/** What goes to a device for a notification (spec shell §3): NEW_POST for a new post, else the inbox notification. */
export function pushPayloadOf(row: NotificationRow): unknown {
  if (row.kind === 'new_post') return { type: 'NEW_POST', postId: row.contextId ?? undefined, title: row.title };
  const item = toInboxItem(row);
  return { ...item, summary: { ...item.summary, body: clip(item.summary.body, PUSH_BODY_MAX) } };
}

/**
 * Delivers the push job of a batch of notifications: each unread notification to each device of
 * its (enabled) recipient. Payloads are checked against spec §3 first; an invalid one is logged
 * and dropped. Devices the push service no longer knows are forgotten; a device that failed for
 * a passing reason gets its own retry job, so the devices that succeeded are not sent twice.
 */
export class PushDelivery {
  readonly vapidPublicKey: string;
  private readonly senders: Partial<Record<string, PushSender>>;

  private readonly platform: Platform;
  constructor(platform: Platform, vapid: VapidKeys, senders?: Partial<Record<string, PushSender>>) {
    this.platform = platform;
    this.vapidPublicKey = vapid.publicKey;
    const { config } = platform;
    this.senders = senders ?? {
      web_push: new WebPushSender({ ...vapid, subject: config.WEB_PUSH_SUBJECT }, config.WEB_PUSH_ALLOW_LOCAL_ENDPOINTS),
      ...(config.FCM_SERVICE_ACCOUNT ? { fcm: new FcmSender(config.FCM_SERVICE_ACCOUNT) } : {}),
    };
  }

  /**
   * The platform's delivery, one per job queue.
   * VAPID keys are made by the first process that starts and kept (platform secret) for every later one.
   */
  static for(platform: Platform): Promise<PushDelivery> {
    let delivery = deliveries.get(platform.jobs);
    if (!delivery) {
      delivery = (async () => {
        const vapid = JSON.parse(await ensureSecret(platform.db, 'web_push_vapid_keys', newVapidKeys)) as VapidKeys;
        const created = new PushDelivery(platform, vapid);
        await platform.jobs.define<PushJob>(PUSH_QUEUE, (job) => created.deliver(job), { retryLimit: 6, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 });
        return created;
      })();
      deliveries.set(platform.jobs, delivery);
    }
    return delivery;
  }

  replaceSender(transport: string, sender: PushSender | undefined): void {
    this.senders[transport] = sender;
  }

  async deliver(job: PushJob): Promise<void> {
    const { db, log } = this.platform;
    const targets = await db.transaction(job.tenantId, (tx) => pushTargets(tx, job.tenantId, job.notificationIds, job.deviceId ?? null));
    const messages = new Map<string, PushMessage | null>();
    const outcome = { gone: [] as string[], succeeded: [] as string[], failed: [] as string[] };
    const retries: { notificationId: string; deviceId: string }[] = [];

    const work = targets.flatMap(({ notification, device }) => {
      let message = messages.get(notification.id);
      if (message === undefined) {
        message = this.messageOf(notification);
        messages.set(notification.id, message);
      }
      const sender = this.senders[device.transport];
      if (!message || !sender) return [];
      return [{ notification, device, message, sender }];
    });

    for (let i = 0; i < work.length; i += SEND_CONCURRENCY) {
      await Promise.all(
        work.slice(i, i + SEND_CONCURRENCY).map(async ({ notification, device, message, sender }) => {
          const result = await sender.send(device.token, message).catch((error: unknown) => ({ outcome: 'retry' as const, detail: String(error) }));
          if (result.outcome === 'sent') outcome.succeeded.push(device.id);
          else if (result.outcome === 'gone') outcome.gone.push(device.id);
          else outcome.failed.push(device.id);
          if (result.outcome === 'retry') retries.push({ notificationId: notification.id, deviceId: device.id });
          if (result.outcome !== 'sent')
            log.info({ tenantId: job.tenantId, notificationId: notification.id, deviceId: device.id, outcome: result.outcome, detail: result.detail }, 'push not delivered');
        }),
      );
    }

    if (outcome.gone.length + outcome.succeeded.length + outcome.failed.length > 0) {
      await db.transaction(job.tenantId, (tx) =>
        recordDeliveries(tx, job.tenantId, { gone: [...new Set(outcome.gone)], succeeded: [...new Set(outcome.succeeded)], failed: [...new Set(outcome.failed)] }),
      );
    }
    if (retries.length === 0) return;
    // A retry job is about one device: failing it makes the queue try again with back-off.
    if (job.deviceId) throw new Error(`push to device ${job.deviceId} failed for now`);
    for (const retry of retries) {
      await this.platform.jobs.send(null, PUSH_QUEUE, { tenantId: job.tenantId, notificationIds: [retry.notificationId], deviceId: retry.deviceId } satisfies PushJob, {
        startAfter: RETRY_AFTER_SECONDS,
      });
    }
  }

  private messageOf(row: NotificationRow): PushMessage | null {
    const parsed = ZPushPayload.safeParse(pushPayloadOf(row));
    if (!parsed.success) {
      this.platform.log.warn({ notificationId: row.id, kind: row.kind, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'invalid push payload dropped');
      return null;
    }
    const payload = parsed.data;
    const display = 'type' in payload ? { title: payload.title, body: '' } : { title: payload.summary.title, body: payload.summary.body };
    return {
      payload,
      display,
      urgency: row.priority >= 4 ? 'high' : row.priority <= 2 ? 'low' : 'normal',
      // A prominent notification waits for an offline device longer.
      ttlSeconds: row.visibility > 0 ? 7 * 86_400 : 86_400,
    };
  }
}
