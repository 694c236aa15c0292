/**
 * Push notifications in the service worker (moved here from public/sw.js when the worker became
 * the PWA's, decision 030). Payloads (spec §3): `{type: 'NEW_POST', postId, title}` or an inbox
 * notification `{notificationId, summary: {title, body}, requestedAt, context: {type, action, id?}}`;
 * anything else is logged and ignored. Delivery is at least once, so a notification's tag is its id.
 */
import type { SwClient, SwScope } from './sw-types.ts';

const isText = (value: unknown): value is string => typeof value === 'string';
const isFilled = (value: unknown): value is string => isText(value) && value.length > 0;

interface Shown {
  title: string;
  tag: string;
  body: string;
  timestamp?: number;
  data: { url: string; notificationId?: string };
}

function readPayload(event: { data: { json(): unknown } | null }): unknown {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

/** Where a notification leads: an activity (the activity link shape), a post, or the inbox. */
export function pathOf(context: { type: string; id?: unknown }): string {
  if (context.type === 'Activity' && isFilled(context.id)) {
    const [publicId, recurrence] = context.id.split(/[/:]/, 2);
    if (publicId) return `/activities/${encodeURIComponent(publicId)}/${encodeURIComponent(recurrence || 'current')}`;
  }
  return '/notifications';
}

export function toNotification(payload: unknown): Shown | null {
  if (!payload || typeof payload !== 'object') return null;
  const value = payload as Record<string, unknown>;
  if (value.type === 'NEW_POST') {
    if (!isFilled(value.postId) || !isFilled(value.title)) return null;
    return { title: value.title, tag: `post:${value.postId}`, body: '', data: { url: `/posts/${encodeURIComponent(value.postId)}` } };
  }
  const { notificationId, summary, requestedAt, context } = value as {
    notificationId?: unknown;
    summary?: { title?: unknown; body?: unknown };
    requestedAt?: unknown;
    context?: { type?: unknown; action?: unknown; id?: unknown };
  };
  if (!isFilled(notificationId) || !summary || !isFilled(summary.title) || !isText(summary.body)) return null;
  if (!isText(requestedAt) || !context || !isText(context.type) || !isText(context.action)) return null;
  const timestamp = Date.parse(requestedAt);
  return {
    title: summary.title,
    tag: notificationId,
    body: summary.body,
    ...(Number.isNaN(timestamp) ? {} : { timestamp }),
    data: { url: pathOf({ type: context.type, id: context.id }), notificationId },
  };
}

export function installPush(sw: SwScope): void {
  const windows = (): Promise<readonly SwClient[]> => sw.clients.matchAll({ type: 'window', includeUncontrolled: true });

  sw.addEventListener('push', (event) => {
    const shown = toNotification(readPayload(event));
    if (!shown) {
      console.warn('Faena: ignored a push whose payload has not the expected shape');
      return;
    }
    event.waitUntil(
      (async () => {
        const open = await windows();
        // Open tabs read their inbox again: their stream may be down.
        for (const client of open) client.postMessage({ type: 'faena:push' });
        // Someone looking at the app already sees it there (the "new notifications" toast).
        if (open.some((client) => client.focused && client.visibilityState === 'visible')) return;
        const { title, ...options } = shown;
        await sw.registration.showNotification(title, { ...options, icon: '/api/pwa/icons/192.png', badge: '/favicon.svg', lang: 'es' });
      })(),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const { url = '/notifications', notificationId } = (event.notification.data ?? {}) as { url?: string; notificationId?: string };
    event.waitUntil(
      (async () => {
        const open = await windows();
        const client = open.find((candidate) => candidate.focused) ?? open[0];
        if (client) {
          await client.focus();
          client.postMessage({ type: 'faena:open', url, notificationId });
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
