import { z } from 'zod';

/** Notification kinds (spec shell §3). Stored and produced under these names. */
export const NOTIFICATION_KINDS = ['new_activity', 'new_incident', 'new_post', 'new_report', 'system_update', 'test'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Spec shell §3: `{type, action}`, and `id` when the type is Activity. Faena adds `path`: where
 * the notification opens in the app (an app-relative address), when its module gives one.
 */
export const ZNotificationContext = z.object({ type: z.string(), action: z.string(), id: z.string().optional(), path: z.string().optional() }).meta({ id: 'NotificationContext' });
export type TNotificationContext = z.infer<typeof ZNotificationContext>;

/** Inbox notification, server shape (spec shell §3); `checkedAt` is absent while unread. */
export const ZInboxNotification = z
  .object({
    notificationId: z.string(),
    summary: z.object({ title: z.string(), body: z.string() }),
    requestedAt: z.string(),
    checkedAt: z.string().optional(),
    context: ZNotificationContext,
  })
  .meta({ id: 'InboxNotification' });
export type TInboxNotification = z.infer<typeof ZInboxNotification>;

export const ZInboxQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TInboxQuery = z.infer<typeof ZInboxQuery>;

export const ZInboxPage = z
  .object({
    data: z.array(ZInboxNotification),
    pagination: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int(), totalUnread: z.number().int() }),
  })
  .meta({ id: 'InboxPage' });
export type TInboxPage = z.infer<typeof ZInboxPage>;

export const ZCheckAllResponse = z.object({ checked: z.number().int() });

/** A browser's PushSubscription as `toJSON()` gives it. */
export const ZWebPushSubscription = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type TWebPushSubscription = z.infer<typeof ZWebPushSubscription>;

/**
 * Device registration (spec shell §3: device info plus token). The token is a native push token
 * (FCM) or, for a browser, its PushSubscription — as the JSON text or the object. Every other key
 * is device information and is kept as it comes (bounded in size).
 */
export const ZRegisterDeviceRequest = z.looseObject({
  token: z.union([z.string().trim().min(1).max(4096), ZWebPushSubscription]),
  platform: z.string().max(40).optional(),
});
export type TRegisterDeviceRequest = z.infer<typeof ZRegisterDeviceRequest>;

export const ZDevice = z
  .object({
    id: z.string(),
    transport: z.enum(['web_push', 'fcm']),
    platform: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PushDevice' });
export type TDevice = z.infer<typeof ZDevice>;

export const ZWebPushKey = z.object({ publicKey: z.string() }).meta({ id: 'WebPushKey' });

/** Push payload (spec shell §3): a new post, or an inbox notification. */
export const ZNewPostPush = z.object({ type: z.literal('NEW_POST'), postId: z.string().min(1), title: z.string().min(1) });
export const ZPushPayload = z.union([ZNewPostPush, ZInboxNotification.extend({ summary: z.object({ title: z.string().min(1), body: z.string() }) })]);
export type TPushPayload = z.infer<typeof ZPushPayload>;

/** The kinds a person chooses push for (every kind but the settings screen's test). */
export const PREFERENCE_KINDS = ['new_activity', 'new_incident', 'new_post', 'new_report', 'system_update'] as const satisfies readonly TNotificationKind[];
export const ZNotificationPreference = z.object({ kind: z.enum(PREFERENCE_KINDS), push: z.boolean() }).meta({ id: 'NotificationPreference' });
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;
export const ZNotificationPreferences = z.object({ preferences: z.array(ZNotificationPreference).max(PREFERENCE_KINDS.length) }).meta({ id: 'NotificationPreferences' });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
