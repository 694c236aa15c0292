import { z } from 'zod';
import { ZCheckAllResponse, ZDevice, ZInboxNotification, ZInboxPage, ZInboxQuery, ZNotificationPreferences, ZRegisterDeviceRequest, ZWebPushKey } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { PushDelivery } from './notifications.push.ts';
import { getInbox, getPreferences, markAllAsRead, markAsRead, myDevices, registerDevice, sendTest, setPreferences, unregisterDevice } from './notifications.service.ts';
import { NotificationStreams } from './notifications.stream.ts';
import { isAllowedWebPushEndpoint } from './push.senders.ts';

const prefix = '/api/notifications-engine/v3/notifications';
const tags = ['notifications'];
const access = requires('VIEW_NOTIFICATIONS');

/** The notifications service (spec shell §7), paths verbatim from API.md. */
export async function notificationsRoutes(app: App, platform: Platform): Promise<void> {
  const push = await PushDelivery.for(platform);
  const streams = new NotificationStreams(platform);
  // Open streams would hold the server open: end them first, clients reconnect elsewhere.
  app.addHook('preClose', async () => streams.closeAll());
  app.decorate('notificationStreams', streams);
  app.decorate('pushDelivery', push);

  app.get(`${prefix}/inbox`, { config: { access }, schema: { tags, summary: 'The caller’s notifications, newest first', querystring: ZInboxQuery, response: { 200: ZInboxPage } } }, async (request) =>
    getInbox(ctxOf(request, platform), request.query),
  );

  app.patch(
    `${prefix}/inbox/check/by_notification_id/:id`,
    { config: { access }, schema: { tags, summary: 'Mark one notification read', params: z.object({ id: z.string().max(200) }), response: { 200: ZInboxNotification } } },
    async (request) => markAsRead(ctxOf(request, platform), request.params.id),
  );

  app.patch(`${prefix}/inbox/check/all`, { config: { access }, schema: { tags, summary: 'Mark every notification read', response: { 200: ZCheckAllResponse } } }, async (request) =>
    markAllAsRead(ctxOf(request, platform)),
  );

  app.get(
    `${prefix}/preferences`,
    { config: { access }, schema: { tags, summary: 'Per kind, whether the caller also gets push (the inbox always keeps every notification)', response: { 200: ZNotificationPreferences } } },
    async (request) => getPreferences(ctxOf(request, platform)),
  );

  app.put(
    `${prefix}/preferences`,
    { config: { access }, schema: { tags, summary: 'Choose push per kind (kinds left out keep their choice)', body: ZNotificationPreferences, response: { 200: ZNotificationPreferences } } },
    async (request) => setPreferences(ctxOf(request, platform), request.body),
  );

  app.post(`${prefix}/test`, { config: { access }, schema: { tags, summary: 'Send a test notification to the caller', response: { 201: ZInboxNotification } } }, async (request, reply) =>
    reply.status(201).send(await sendTest(ctxOf(request, platform))),
  );

  app.get(
    `${prefix}/devices/sse`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Event stream: `ping` every few seconds, `notification` (id = the notification’s sequence number) as they arrive; Last-Event-ID replays what was missed',
        querystring: z.object({ lastEventId: z.string().max(20).optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => streams.open(request, reply),
  );

  app.get(
    `${prefix}/devices/web_push_key`,
    { config: { access }, schema: { tags, summary: 'The VAPID public key browsers subscribe with (applicationServerKey)', response: { 200: ZWebPushKey } } },
    async () => ({ publicKey: push.vapidPublicKey }),
  );

  app.get(`${prefix}/devices/fcm_tokens`, { config: { access }, schema: { tags, summary: 'The caller’s registered devices', response: { 200: z.array(ZDevice) } } }, async (request) =>
    myDevices(ctxOf(request, platform)),
  );

  app.post(
    `${prefix}/devices/fcm_tokens`,
    {
      config: { access },
      schema: { tags, summary: 'Register a device for push: device info plus token (a native token or a browser PushSubscription)', body: ZRegisterDeviceRequest, response: { 201: ZDevice } },
    },
    async (request, reply) => {
      const allow = (endpoint: string) => isAllowedWebPushEndpoint(endpoint, platform.config.WEB_PUSH_ALLOW_LOCAL_ENDPOINTS);
      return reply.status(201).send(await registerDevice(ctxOf(request, platform), request.body, allow));
    },
  );

  // `{token}` as a wildcard: FCM tokens and browser subscriptions are longer than the router's
  // 100-character limit on path parameters.
  app.delete(
    `${prefix}/devices/fcm_tokens/*`,
    { config: { access }, schema: { tags, summary: 'Unregister a device by its token (for a browser: its subscription JSON or endpoint)', params: z.object({ '*': z.string().min(1).max(8192) }) } },
    async (request, reply) => {
      await unregisterDevice(ctxOf(request, platform), request.params['*']);
      return reply.status(204).send();
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Held for tests and benchmarks (stream counts, push senders). */
    notificationStreams?: NotificationStreams;
    pushDelivery?: PushDelivery;
  }
}
