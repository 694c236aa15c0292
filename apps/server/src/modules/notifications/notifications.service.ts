import type { TDevice, TInboxNotification, TInboxPage, TInboxQuery, TNotificationPreferences, TRegisterDeviceRequest } from '@faena/contracts';
import { PREFERENCE_KINDS } from '@faena/contracts';
import { ZWebPushSubscription } from '@faena/contracts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { isUuid, sha256 } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { notify } from './notifications.producer.ts';
import {
  checkAllNotifications,
  checkNotification,
  countRecentOfKind,
  deleteDevice,
  findNotification,
  listDevices,
  listInbox,
  preferencesOf,
  savePreferences,
  upsertDevice,
  type DeviceRow,
  type NotificationRow,
} from './notifications.repository.ts';

export function toInboxItem(row: NotificationRow): TInboxNotification {
  return {
    notificationId: row.id,
    summary: { title: row.title, body: row.body },
    requestedAt: row.requestedAt.toISOString(),
    ...(row.checkedAt ? { checkedAt: row.checkedAt.toISOString() } : {}),
    context: { type: row.contextType, action: row.contextAction, ...(row.contextId ? { id: row.contextId } : {}), ...(row.contextPath ? { path: row.contextPath } : {}) },
  };
}

const NOT_FOUND = 'Notification not found.';

/** The caller's inbox, newest first, with the totals the bell shows (spec shell §7, §9). */
export async function getInbox(ctx: Ctx, query: TInboxQuery): Promise<TInboxPage> {
  const { caller, tenant } = signedIn(ctx);
  const { rows, total, unread } = await ctx.tx((tx) => listInbox(tx, tenant.id, caller.personId, query));
  return { data: rows.map(toInboxItem), pagination: { total, offset: query.offset, limit: query.limit, totalUnread: unread } };
}

/** Marks one of the caller's notifications read; anyone else's, unknown or malformed ids are 404. */
export async function markAsRead(ctx: Ctx, id: string): Promise<TInboxNotification> {
  const { caller, tenant } = signedIn(ctx);
  if (!isUuid(id)) throw new AppError('not-found', NOT_FOUND);
  const row = await ctx.tx(async (tx) => (await checkNotification(tx, tenant.id, caller.personId, id, new Date())) ?? (await findNotification(tx, tenant.id, caller.personId, id)), {
    audit: 'notifications.check',
    details: { notificationId: id },
  });
  if (!row) throw new AppError('not-found', NOT_FOUND);
  return toInboxItem(row);
}

export async function markAllAsRead(ctx: Ctx): Promise<{ checked: number }> {
  const { caller, tenant } = signedIn(ctx);
  const checked = await ctx.tx((tx) => checkAllNotifications(tx, tenant.id, caller.personId, new Date()), { audit: 'notifications.check-all' });
  return { checked };
}

/** Far above the "at least 60 a minute" of API.md, low enough that the button cannot flood an inbox. */
export const TEST_PER_MINUTE = 120;

/** Sends a notification of kind `test` to the caller (Settings screen), through the producer like any other. */
export async function sendTest(ctx: Ctx): Promise<TInboxNotification> {
  const { caller, tenant } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      const recent = await countRecentOfKind(tx, tenant.id, caller.personId, 'test', new Date(Date.now() - 60_000), TEST_PER_MINUTE + 1);
      if (recent >= TEST_PER_MINUTE) throw new AppError('too-many-requests', 'Too many test notifications: try again in a minute.');
      const { notifications } = await notify(ctx.platform, tx, {
        tenantId: tenant.id,
        personIds: [caller.personId],
        kind: 'test',
        title: 'Notificación de prueba',
        body: 'Si ves este mensaje, las notificaciones funcionan.',
        context: { type: 'System', action: 'test' },
      });
      const created = notifications[0];
      if (!created) throw new AppError('not-found', 'Your person record was not found.');
      return toInboxItem((await findNotification(tx, tenant.id, caller.personId, created.id))!);
    },
    { audit: 'notifications.test' },
  );
}

// Devices (push)

export type EndpointPolicy = (endpoint: string) => boolean;

interface ParsedToken {
  transport: 'web_push' | 'fcm';
  token: string;
  tokenHash: string;
  /** web_push: where pushes go; null for a bare endpoint (enough to unregister, not to register). */
  endpoint: string | null;
}

const DEVICE_INFO_MAX = 4096;

/** Stores the caller's device for push (spec shell §3: device info plus token). */
export async function registerDevice(ctx: Ctx, input: TRegisterDeviceRequest, allowEndpoint: EndpointPolicy): Promise<TDevice> {
  const { caller, tenant } = signedIn(ctx);
  const { token, platform, ...deviceInfo } = input;
  const parsed = parseToken(token);
  if (!parsed || (parsed.transport === 'web_push' && parsed.endpoint === null)) throw new FieldErrors({ token: ['Not a push token or a push subscription.'] });
  if (parsed.endpoint !== null && !allowEndpoint(parsed.endpoint)) {
    throw new FieldErrors({ token: ['This push service is not supported.'] });
  }
  if (JSON.stringify(deviceInfo).length > DEVICE_INFO_MAX) throw new FieldErrors({ non_field_errors: ['Device information is too large.'] });
  const row = await ctx.tx(
    (tx) =>
      upsertDevice(tx, tenant.id, {
        personId: caller.personId,
        tokenHash: parsed.tokenHash,
        token: parsed.token,
        transport: parsed.transport,
        platform: platform ?? (parsed.transport === 'web_push' ? 'web' : 'unknown'),
        deviceInfo,
      }),
    { audit: 'notifications.device.register', details: { transport: parsed.transport } },
  );
  return toDevice(row);
}

/** Forgets one of the caller's devices by its token (or, for a browser, its subscription or endpoint). Idempotent. */
export async function unregisterDevice(ctx: Ctx, token: string): Promise<void> {
  const { caller, tenant } = signedIn(ctx);
  const parsed = parseToken(token);
  const tokenHash = parsed?.tokenHash ?? sha256(token);
  await ctx.tx((tx) => deleteDevice(tx, tenant.id, caller.personId, tokenHash), { audit: 'notifications.device.unregister' });
}

export async function myDevices(ctx: Ctx): Promise<TDevice[]> {
  const { caller, tenant } = signedIn(ctx);
  return (await ctx.tx((tx) => listDevices(tx, tenant.id, caller.personId))).map(toDevice);
}

function toDevice(row: DeviceRow): TDevice {
  return { id: row.id, transport: row.transport as TDevice['transport'], platform: row.platform, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * A browser's subscription (object or JSON text) is keyed by its endpoint, so re-subscribing
 * with fresh keys updates the same device; a bare endpoint URL finds it too (unregistering). Any
 * other text is a native (FCM) token.
 */
export function parseToken(token: unknown): ParsedToken | null {
  let value = token;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value === 'object' && value !== null) {
    const subscription = ZWebPushSubscription.safeParse(value);
    if (!subscription.success) return null;
    const { endpoint, keys } = subscription.data;
    return { transport: 'web_push', token: JSON.stringify({ endpoint, keys }), tokenHash: sha256(endpoint), endpoint };
  }
  if (typeof value !== 'string' || !value.trim() || value.length > 4096) return null;
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return { transport: 'web_push', token: text, tokenHash: sha256(text), endpoint: null };
  if (!/^[\w:.\-/+=]+$/.test(text)) return null;
  return { transport: 'fcm', token: text, tokenHash: sha256(text), endpoint: null };
}

/** Per kind, whether the caller also gets push; every kind is listed (no choice made = on). */
export async function getPreferences(ctx: Ctx): Promise<TNotificationPreferences> {
  const { caller, tenant } = signedIn(ctx);
  const chosen = await ctx.tx((tx) => preferencesOf(tx, tenant.id, caller.personId));
  return { preferences: PREFERENCE_KINDS.map((kind) => ({ kind, push: chosen.get(kind) ?? true })) };
}

/** Saves the caller's choices; a kind named twice is a field error, nothing saved. */
export async function setPreferences(ctx: Ctx, input: TNotificationPreferences): Promise<TNotificationPreferences> {
  const { caller, tenant } = signedIn(ctx);
  const kinds = input.preferences.map((choice) => choice.kind);
  if (new Set(kinds).size !== kinds.length) throw new FieldErrors({ preferences: ['Each kind may appear once.'] });
  await ctx.tx((tx) => savePreferences(tx, tenant.id, caller.personId, input.preferences), { audit: 'notifications.preferences' });
  return getPreferences(ctx);
}
