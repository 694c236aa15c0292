/**
 * What the shell shows of notifications (loaded lazily by src/app/shell/bell-popover.tsx): the
 * bell popup, the mobile top bar's link, the per-tab runtime, and the devtools setting.
 */
import { useNotificationsRuntime } from './components/use-notifications-runtime.ts';
import { notificationsLocales } from './locales/index.ts';

export const locales = [notificationsLocales];

export { NotificationBell } from './components/notification-bell.tsx';
export { MobileNotificationsIcon } from './components/mobile-notifications-icon.tsx';
export { SseImplementationSetting } from './components/sse-implementation-setting.tsx';

/** Mounted once by the shell; does nothing until `enabled` (the person holds VIEW_NOTIFICATIONS). */
export function NotificationsRuntime({ enabled }: { enabled: boolean }) {
  useNotificationsRuntime(enabled);
  return null;
}
