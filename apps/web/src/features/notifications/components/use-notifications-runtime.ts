import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../shared/api/api-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { onBeforeSignOut } from '../../../shared/session/sign-out-hooks.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { inboxQueryKey, NOTIFICATIONS_API, useInbox } from '../api/get-inbox.ts';
import { markAsRead } from '../api/mark-as-read.ts';
import { watchUnreadRises } from '../api/watch-unread.ts';
import { pushController } from '../push/push-runtime.ts';
import { eventSourcePlusConnect } from '../stream/event-source-plus-connection.ts';
import { nativeEventSourceConnect } from '../stream/native-event-source-connection.ts';
import { NotificationStream } from '../stream/notification-stream.ts';
import { effectiveSseImplementation, getDevtoolsSetting, subscribeDevtoolsSetting } from '../stream/stream-settings.ts';

export const STREAM_URL = `${NOTIFICATIONS_API}/devices/sse`;
const ASKED_KEY = 'faena.push.asked';

function syncSessionCookie(token: string): Promise<unknown> {
  return apiClient.post('/api/auth/v3/session-cookie', { auth: false, headers: { authorization: `Bearer ${token}` }, responseType: 'none' });
}

/** Spec §4: prompt → asked automatically, once per sign-in (asking at every load would get the site blocked). */
function shouldAskAutomatically(sessionKey: string): boolean {
  try {
    if (window.localStorage.getItem(ASKED_KEY) === sessionKey) return false;
    window.localStorage.setItem(ASKED_KEY, sessionKey);
  } catch {
    // No storage: ask; the browser remembers the answer anyway.
  }
  return true;
}

/**
 * Everything notifications do while a person with VIEW_NOTIFICATIONS is signed in, once per tab
 * (the shell calls it): the inbox kept loaded for the badge, the live stream, the "new
 * notifications" toast, push permission and device registration, and the service worker's
 * messages (a push arrived, a notification was clicked).
 */
export function useNotificationsRuntime(enabled: boolean): void {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const implementation = useSyncExternalStore(subscribeDevtoolsSetting, () => effectiveSseImplementation(getDevtoolsSetting()));
  const userKey = session ? `${session.user.id}:${session.user.impersonator?.id ?? ''}` : null;
  const sessionKey = session ? `${userKey}:${session.signedInAt}` : null;
  const impersonating = Boolean(session?.user.impersonator);
  const active = enabled && userKey !== null;

  useInbox(active);

  // Spec §4: 'Tienes nuevas notificaciones' when the unread count rises.
  useEffect(() => {
    if (!active) return;
    return watchUnreadRises(queryClient, () => toast.info(i18n.t('notifications.newNotifications'), { id: 'notifications-new' }));
  }, [active, userKey, queryClient]);

  // The stream: a notification refetches the inbox; five failures in a row end it with the spec's toast.
  useEffect(() => {
    if (!active) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    const stream = new NotificationStream({
      url: STREAM_URL,
      connect: implementation === 'native' ? nativeEventSourceConnect(syncSessionCookie) : eventSourcePlusConnect(),
      getToken: () => sessionStore.getIdToken(),
      onNotification: refetch,
      onReconnected: (replayed) => {
        if (!replayed) refetch();
      },
      onGiveUp: () => toast.error(i18n.t('notifications.inboxNotificationsSseError'), { id: 'notifications-sse-error' }),
      onUnauthorized: () => sessionStore.recoverFromUnauthorized(),
    });
    stream.start();
    const offSession = sessionStore.onEvent((event) => {
      if (event.type === 'refreshed') stream.reconnectNow();
    });
    const onOnline = () => stream.resume();
    window.addEventListener('online', onOnline);
    return () => {
      offSession();
      window.removeEventListener('online', onOnline);
      stream.stop();
    };
  }, [active, userKey, implementation, queryClient]);

  // Push: permission (spec §4), this device registered, unregistered on sign-out.
  useEffect(() => {
    if (!active || !sessionKey) return;
    const controller = pushController();
    void controller.start({ canRegister: !impersonating, askAutomatically: shouldAskAutomatically(sessionKey) });
    const offBefore = onBeforeSignOut((idToken) => controller.signOut(idToken));
    const offSession = sessionStore.onEvent((event) => {
      if (event.type === 'signed-out') void controller.signedOut();
    });
    let permissionStatus: PermissionStatus | null = null;
    let disposed = false;
    const onPermissionChange = () => void controller.refresh();
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((status) => {
        if (disposed) return;
        permissionStatus = status;
        status.addEventListener('change', onPermissionChange);
      })
      .catch(() => undefined);
    return () => {
      disposed = true;
      offBefore();
      offSession();
      permissionStatus?.removeEventListener('change', onPermissionChange);
    };
  }, [active, sessionKey, impersonating]);

  // The service worker: a push arrived (read the inbox), a notification was clicked (open it here).
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown; notificationId?: unknown } | null;
      if (data?.type === 'faena:push') void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
      if (data?.type === 'faena:open') {
        if (typeof data.notificationId === 'string')
          void markAsRead(data.notificationId).then(
            () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
            () => undefined,
          );
        if (typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) void navigateRef.current(data.url);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [active, queryClient]);
}
