/**
 * Faena's service worker: shows push notifications and opens the app when one is clicked.
 * Payloads (spec §3): `{type: 'NEW_POST', postId, title}` or an inbox notification
 * `{notificationId, summary: {title, body}, requestedAt, context: {type, action, id?}}`; anything
 * else is logged and ignored. Delivery is at least once, so a notification's tag is its id.
 */
const sw = globalThis;

const isText = (value) => typeof value === 'string';
const isFilled = (value) => isText(value) && value.length > 0;

function readPayload(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

/** Where a notification leads: an activity (the activity link shape), a post, or the inbox. */
function pathOf(context) {
  if (context.type === 'Activity' && isFilled(context.id)) {
    const [publicId, recurrence] = context.id.split(/[/:]/, 2);
    if (publicId) return `/activities/${encodeURIComponent(publicId)}/${encodeURIComponent(recurrence || 'current')}`;
  }
  return '/notifications';
}

function toNotification(payload) {
  if (!payload || typeof payload !== 'object') return null;
  if (payload.type === 'NEW_POST') {
    if (!isFilled(payload.postId) || !isFilled(payload.title)) return null;
    return { title: payload.title, tag: `post:${payload.postId}`, body: '', data: { url: `/posts/${encodeURIComponent(payload.postId)}` } };
  }
  const { notificationId, summary, requestedAt, context } = payload;
  if (!isFilled(notificationId) || !summary || !isFilled(summary.title) || !isText(summary.body)) return null;
  if (!isText(requestedAt) || !context || !isText(context.type) || !isText(context.action)) return null;
  const timestamp = Date.parse(requestedAt);
  return {
    title: summary.title,
    tag: notificationId,
    body: summary.body,
    ...(Number.isNaN(timestamp) ? {} : { timestamp }),
    data: { url: pathOf(context), notificationId },
  };
}

async function windows() {
  return sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

sw.addEventListener('install', () => sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

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
      await sw.registration.showNotification(title, { ...options, icon: '/favicon.svg', badge: '/favicon.svg', lang: 'es' });
    })(),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url = '/notifications', notificationId } = event.notification.data ?? {};
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
