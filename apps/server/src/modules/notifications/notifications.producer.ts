import { NOTIFICATION_KINDS, type TNotificationKind } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { clip } from '../../platform/text.ts';
import { anyDevice, insertNotifications, pushMuted } from './notifications.repository.ts';

/** Event (ids only) telling every process which persons have something new in their inbox. */
export const NOTIFICATIONS_CREATED = 'notifications.created';
/** The background queue that delivers push to the recipients' devices. */
export const PUSH_QUEUE = 'notifications.push';

export const TITLE_MAX = 200;
export const BODY_MAX = 2000;
const INSERT_CHUNK = 5000;
/** 36-character ids, ~40 bytes each in JSON: 180 of them keep a NOTIFY well under 8 kB. */
const PERSONS_PER_EVENT = 180;
const NOTIFICATIONS_PER_PUSH_JOB = 500;

export interface PushJob {
  tenantId: string;
  notificationIds: string[];
  /** Set on a retry: only this device. */
  deviceId?: string;
}

export interface NotifyInput {
  tenantId: string;
  /**
   * Recipients. Ids that are not persons of the tenant are skipped; duplicates count once.
   * (Audiences come with the directory: they resolve to person ids before this call.)
   */
  personIds: readonly string[];
  kind: TNotificationKind;
  title: string;
  body?: string;
  /**
   * Spec shell §3: `{type, action}`, with the activity's id when type is Activity; `path`: where
   * the notification opens in the app (app-relative, e.g. `/profile`), so the inbox needs no
   * table of every module's addresses.
   */
  context?: { type: string; action: string; id?: string | null; path?: string | null };
  /** 1 (lowest) to 5 (highest); default 3. 4 and 5 push with high urgency. */
  priority?: number;
  /** -1 inbox only (no push), 0 normal, 1 prominent (push that stays until seen); default 0. */
  visibility?: -1 | 0 | 1;
  /** false: inbox and stream only, whatever the visibility. Default true. */
  push?: boolean;
  /** true: push even to persons who muted this kind (someone entered their account). Default false. */
  mandatory?: boolean;
}

export interface NotifyResult {
  notifications: { id: string; personId: string; seq: number }[];
}

/**
 * The producer API: adds notifications for persons INSIDE the caller's transaction (a
 * transactional outbox). The rows, the stream event to every server process and the push job
 * all exist if and only if the caller's transaction commits: a crash never loses or duplicates
 * one, and a rolled-back change notifies nobody.
 *
 *   await ctx.tx(async (tx) => {
 *     const post = await insertPost(tx, ...);
 *     await notify(ctx.platform, tx, { tenantId: ctx.tenant.id, personIds, kind: 'new_post',
 *       title: post.title, context: { type: 'Post', action: 'created', id: post.id } });
 *   });
 *
 * The transaction must be one opened for `tenantId` (RLS): Database.transaction(tenantId, ...).
 */
export async function notify(platform: Pick<Platform, 'bus' | 'jobs'>, tx: Drizzle, input: NotifyInput): Promise<NotifyResult> {
  const values = validate(input);
  const personIds = [...new Set(input.personIds)];
  const bad = personIds.find((id) => !isUuid(id));
  if (bad !== undefined) throw new Error(`notify: ${JSON.stringify(bad)} is not a person id`);
  if (personIds.length === 0) return { notifications: [] };

  const created: NotifyResult['notifications'] = [];
  for (let i = 0; i < personIds.length; i += INSERT_CHUNK) {
    created.push(...(await insertNotifications(tx, input.tenantId, personIds.slice(i, i + INSERT_CHUNK), values)));
  }
  if (created.length === 0) return { notifications: [] };

  const recipients = created.map((n) => n.personId);
  for (let i = 0; i < recipients.length; i += PERSONS_PER_EVENT) {
    await platform.bus.publish(tx, { topic: NOTIFICATIONS_CREATED, tenantId: input.tenantId, persons: recipients.slice(i, i + PERSONS_PER_EVENT) });
  }

  const wantsPush = (input.push ?? true) && values.visibility > -1;
  if (wantsPush && (await anyDevice(tx, input.tenantId, recipients))) {
    // a person who turned push off for this kind still finds it in the inbox
    const muted = input.mandatory ? new Set<string>() : await pushMuted(tx, input.tenantId, recipients, input.kind);
    const pushed = muted.size === 0 ? created : created.filter((n) => !muted.has(n.personId));
    for (let i = 0; i < pushed.length; i += NOTIFICATIONS_PER_PUSH_JOB) {
      const job: PushJob = { tenantId: input.tenantId, notificationIds: pushed.slice(i, i + NOTIFICATIONS_PER_PUSH_JOB).map((n) => n.id) };
      await platform.jobs.send(tx, PUSH_QUEUE, job);
    }
  }
  return { notifications: created };
}

function validate(input: NotifyInput) {
  if (!isUuid(input.tenantId)) throw new Error('notify: tenantId must be a uuid');
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(input.kind)) throw new Error(`notify: unknown kind ${input.kind}`);
  const priority = input.priority ?? 3;
  if (!Number.isInteger(priority) || priority < 1 || priority > 5) throw new Error('notify: priority must be an integer from 1 to 5');
  const visibility = input.visibility ?? 0;
  if (![-1, 0, 1].includes(visibility)) throw new Error('notify: visibility must be -1, 0 or 1');
  const title = clip(input.title.trim(), TITLE_MAX);
  if (!title) throw new Error('notify: a notification needs a title');
  const context = input.context ?? { type: 'Unknown', action: input.kind };
  if (!context.type || !context.action) throw new Error('notify: context needs a type and an action');
  if (context.type === 'Activity' && !context.id) throw new Error('notify: an Activity context needs the activity id');
  const path = context.path ?? null;
  if (path !== null && !/^\/(?!\/)[^\s\\]{0,499}$/.test(path)) throw new Error(`notify: context path ${JSON.stringify(path)} is not an app-relative path`);
  return {
    kind: input.kind,
    title,
    body: clip((input.body ?? '').trim(), BODY_MAX),
    priority,
    visibility,
    contextType: context.type,
    contextAction: context.action,
    contextId: context.id ?? null,
    contextPath: path,
  };
}
