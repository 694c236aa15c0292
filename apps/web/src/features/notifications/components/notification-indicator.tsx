import { Indicator } from '@mantine/core';
import { IconExclamationMark } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatUnreadBadge } from '../lib/inbox-model.ts';
import classes from './notifications.module.css';

/**
 * The unread badge over the bell (desktop) and the notifications link (mobile): the count up to
 * 99, then 99+ (spec §9); an alert mark instead when the inbox failed to load (spec §2).
 */
export function NotificationIndicator({ unread, failed, children }: { unread: number; failed: boolean; children: ReactNode }) {
  const label = formatUnreadBadge(unread);
  if (failed) {
    return (
      <Indicator
        inline
        color="orange.8"
        size={16}
        offset={4}
        label={<IconExclamationMark size={12} stroke={3} aria-hidden="true" />}
        classNames={{ indicator: classes.indicator }}
        data-testid="notifications-alert"
      >
        {children}
      </Indicator>
    );
  }
  return (
    <Indicator inline color="red" size={18} offset={3} label={label} disabled={label === null} classNames={{ indicator: classes.indicator }} data-testid="notifications-badge" data-count={label ?? ''}>
      {children}
    </Indicator>
  );
}
