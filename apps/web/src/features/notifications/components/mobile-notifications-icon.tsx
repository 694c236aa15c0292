import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBellLabel, useUnreadState } from './notification-bell.tsx';
import { NotificationIndicator } from './notification-indicator.tsx';

/** Spec §2 mobile top bar: the notifications link, with the same badge as the desktop bell. */
export function MobileNotificationsIcon() {
  const { unread, failed } = useUnreadState();
  const label = useBellLabel(unread, failed);
  return (
    <ActionIcon component={Link} to="/notifications" variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} data-testid="notifications-link" style={{ overflow: 'visible' }}>
      <NotificationIndicator unread={unread} failed={failed}>
        <IconBell size={22} stroke={1.7} style={{ display: 'block' }} />
      </NotificationIndicator>
    </ActionIcon>
  );
}
