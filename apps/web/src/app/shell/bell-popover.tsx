import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withLocales } from '../../shared/i18n/bundles.ts';
import { withChunkReload } from '../../shared/lib/chunk-failure.ts';
import { chunkEnv } from '../lazy-route.ts';

/**
 * The notifications module in the shell (spec §2, VIEW_NOTIFICATIONS): the bell popup, the mobile
 * link with its badge, and the per-tab runtime (stream, push). Loaded lazily like every area.
 */
const load = withLocales(withChunkReload(() => import('../../features/notifications/shell.tsx'), chunkEnv));
// Fetched as soon as the shell is, not when React first asks for it.
void load().catch(() => undefined);
const Bell = lazy(() => load().then((m) => ({ default: m.NotificationBell })));
const MobileIcon = lazy(() => load().then((m) => ({ default: m.MobileNotificationsIcon })));
const Runtime = lazy(() => load().then((m) => ({ default: m.NotificationsRuntime })));

/** Until the module is there (a moment): a plain link to /notifications, focusable and named. */
function PlainBell({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <ActionIcon component={Link} to="/notifications" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.notifications')} data-testid={testId}>
      <IconBell size={22} stroke={1.7} />
    </ActionIcon>
  );
}

export function BellPopover() {
  return (
    <Suspense fallback={<PlainBell testId="bell" />}>
      <Bell />
    </Suspense>
  );
}

/** Spec §2 mobile top bar: the notifications link, with the unread badge. */
export function MobileNotificationsLink() {
  return (
    <Suspense fallback={<PlainBell testId="notifications-link" />}>
      <MobileIcon />
    </Suspense>
  );
}

/** Rendered once per tab by the shell; starts the stream and push when `enabled`. */
export function NotificationsRuntime({ enabled }: { enabled: boolean }) {
  return (
    <Suspense fallback={null}>
      <Runtime enabled={enabled} />
    </Suspense>
  );
}
