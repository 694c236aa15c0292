import { ActionIcon, Anchor, Box, Button, Divider, Group, Popover, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInbox } from '../api/get-inbox.ts';
import { useMarkAllAsRead } from '../api/mark-all-as-read.ts';
import { unreadCountOf } from '../lib/inbox-model.ts';
import { NotificationIndicator } from './notification-indicator.tsx';
import { NotificationList } from './notification-list.tsx';

/** The unread count and the load state every bell-like entry shows. */
export function useUnreadState(): { unread: number; failed: boolean } {
  const inbox = useInbox();
  return { unread: unreadCountOf(inbox.data), failed: inbox.isError };
}

export function useBellLabel(unread: number, failed: boolean): string {
  const { t } = useTranslation();
  if (failed) return `${t('notifications.title')} · ${t('notifications.loadFailed')}`;
  return unread > 0 ? t('notifications.titleWithUnread', { count: unread }) : t('notifications.title');
}

/** Spec §2: the bell popup (VIEW_NOTIFICATIONS): the list, the unread badge, an alert when the inbox failed. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const { unread, failed } = useUnreadState();
  const markAll = useMarkAllAsRead();
  const label = useBellLabel(unread, failed);
  const close = () => setOpened(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={420} shadow="md" withArrow trapFocus returnFocus offset={6}>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
            data-testid="bell"
            style={{ overflow: 'visible' }}
          >
            <NotificationIndicator unread={unread} failed={failed}>
              <IconBell size={22} stroke={1.7} style={{ display: 'block' }} />
            </NotificationIndicator>
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby="bell-title" p={0} data-testid="bell-popup">
        <Group justify="space-between" wrap="nowrap" px="md" pt="sm" pb={8} gap="xs">
          <div>
            <Title order={2} fz="md" id="bell-title">
              {t('notifications.title')}
            </Title>
            <Text size="xs" c="dimmed" data-testid="bell-unread-count">
              {unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')}
            </Text>
          </div>
          {unread > 0 && (
            <Button variant="subtle" size="compact-sm" leftSection={<IconChecks size={16} />} onClick={() => markAll.mutate()} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah="min(460px, calc(100vh - 180px))" type="auto" viewportRef={setViewport} offsetScrollbars="y">
          <Box p={6}>{opened && <NotificationList scrollRoot={viewport} onNavigate={close} />}</Box>
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="center" py={8}>
          <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={close} data-testid="see-all-notifications" underline="hover">
            {t('notifications.seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
