import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInbox } from '../api/get-inbox.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useMarkAsRead } from '../api/mark-as-read.ts';
import { importJobPathOf } from '../api/resolve-import-job.ts';
import { flattenInbox, notificationPath, type InboxNotification } from '../lib/inbox-model.ts';
import { NotificationItem } from './notification-item.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import classes from './notifications.module.css';

/** "Now" for relative times, ticking once a minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The inbox, newest first, 20 at a time: the next page loads when the end of the list comes into
 * view (inside `scrollRoot` when it scrolls on its own), or with the "load more" button.
 */
export function NotificationList({ scrollRoot, onNavigate, skeletons = 4 }: { scrollRoot?: HTMLElement | null; onNavigate?: () => void; skeletons?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inbox = useInbox();
  const markAsRead = useMarkAsRead();
  const remove = useDeleteNotification();
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  const items = flattenInbox(inbox.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scrollRoot ?? null, rootMargin: '120px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrollRoot, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const go = (path: string | null) => {
    if (!path) return;
    onNavigate?.();
    void navigate(path);
  };
  const open = (notification: InboxNotification) => {
    if (!notification.read) markAsRead.mutate(notification.id);
    if (notification.type === 'Import' && notification.contextId) {
      // The job's page depends on its family, which the server tells its creator.
      importJobPathOf(notification.contextId).then(go, () => toast.error(t('notifications.importNotFound')));
      return;
    }
    go(notificationPath(notification));
  };

  if (inbox.isPending) {
    return (
      <Stack gap="sm" p="xs" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: skeletons }, (_, index) => (
          <Group key={index} gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton circle height={34} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="70%" />
              <Skeleton height={10} />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  if (inbox.isError && items.length === 0) {
    return (
      <Alert color="orange" variant="light" title={t('notifications.loadFailed')} data-testid="notifications-load-failed" m="xs">
        <Button size="xs" variant="default" mt={4} onClick={() => void inbox.refetch()} loading={inbox.isFetching}>
          {t('notifications.retry')}
        </Button>
      </Alert>
    );
  }

  if (items.length === 0) {
    return (
      <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="notifications-empty">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconBellOff size={22} />
        </ThemeIcon>
        <Text fw={600}>{t('notifications.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('notifications.emptyHint')}
        </Text>
      </Stack>
    );
  }

  return (
    <>
      {inbox.isError && !inbox.isFetchNextPageError && (
        <Group justify="space-between" gap="xs" px="sm" py={6} wrap="nowrap" data-testid="notifications-refresh-failed">
          <Text size="xs" c="orange.9">
            {t('notifications.loadFailed')}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={() => void inbox.refetch()} loading={inbox.isFetching}>
            {t('notifications.retry')}
          </Button>
        </Group>
      )}
      <ul className={classes.list} data-testid="notification-list">
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} onMarkRead={(n) => markAsRead.mutate(n.id)} onDelete={(n) => remove.mutate(n.id)} />
        ))}
      </ul>
      <div ref={sentinel} className={classes.sentinel} aria-hidden="true" />
      {hasNextPage ? (
        <Center py="xs">
          {isFetchingNextPage ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : (
            <Button variant="subtle" size="xs" onClick={() => void fetchNextPage()} data-testid="notifications-load-more">
              {t('notifications.loadMore')}
            </Button>
          )}
        </Center>
      ) : (
        items.length > 5 && (
          <Text size="xs" c="dimmed" ta="center" py="xs">
            {t('notifications.allLoaded')}
          </Text>
        )
      )}
      {inbox.isFetchNextPageError && (
        <Text size="xs" c="red" ta="center" pb="xs" role="alert">
          {t('notifications.loadMoreFailed')}
        </Text>
      )}
    </>
  );
}
