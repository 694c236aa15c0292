import { ActionIcon, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBellRinging, IconChecklist, IconFileImport, IconCheck, IconFileAnalytics, IconInfoCircle, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime, parseServerDate } from '../../../shared/lib/dates.ts';
import type { InboxNotification } from '../lib/inbox-model.ts';
import { relativeTime } from '../lib/relative-time.ts';
import classes from './notifications.module.css';

function KindIcon({ notification }: { notification: InboxNotification }) {
  const props = { size: 18, stroke: 1.7 } as const;
  if (notification.type === 'Activity') return <IconChecklist {...props} />;
  if (notification.type === 'Import') return <IconFileImport {...props} />;
  switch (notification.contextType) {
    case 'Incident':
      return <IconAlertTriangle {...props} />;
    case 'Post':
      return <IconSpeakerphone {...props} />;
    case 'Report':
      return <IconFileAnalytics {...props} />;
    case 'System':
      return notification.action === 'test' ? <IconBellRinging {...props} /> : <IconInfoCircle {...props} />;
    default:
      return <IconBell {...props} />;
  }
}

export interface NotificationItemProps {
  notification: InboxNotification;
  now: Date;
  onOpen(notification: InboxNotification): void;
  onMarkRead(notification: InboxNotification): void;
  onDelete(notification: InboxNotification): void;
}

/** One row: kind, title, body, when; read by opening it or with its check; delete (unavailable, spec §4). */
export function NotificationItem({ notification, now, onOpen, onMarkRead, onDelete }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const created = parseServerDate(notification.createdAt);
  const when = created ? (relativeTime(created, now, i18n.language) ?? t('notifications.justNow')) : '';
  const unread = !notification.read;
  // Touch screens turn a tap into a hover that leaves the tooltip behind: tooltips only where one can hover.
  const canHover = useMediaQuery('(hover: hover)', true, { getInitialValueInEffect: false });
  return (
    <li className={classes.item} data-unread={unread || undefined} data-testid="notification-item" data-notification-id={notification.id}>
      <ThemeIcon className={classes.icon} size={34} radius="xl" variant="light" color={notification.contextType === 'Incident' ? 'orange' : 'faena'} aria-hidden="true">
        <KindIcon notification={notification} />
      </ThemeIcon>
      <button type="button" className={classes.open} onClick={() => onOpen(notification)} data-testid="notification-open">
        <div className={classes.title}>
          {unread && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
          {notification.title}
        </div>
        {notification.body && <div className={classes.body}>{notification.body}</div>}
        {created && (
          <div className={classes.meta}>
            <time dateTime={notification.createdAt} title={formatDateTime(created)}>
              {when}
            </time>
          </div>
        )}
      </button>
      <div className={classes.actions}>
        {unread ? (
          <Tooltip label={t('notifications.markRead')} withinPortal={false} position="left" disabled={!canHover}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              radius="xl"
              aria-label={t('notifications.markReadOf', { title: notification.title })}
              onClick={() => onMarkRead(notification)}
              data-testid="notification-mark-read"
            >
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <span className={classes.spacer} aria-hidden="true" />
        )}
        <Tooltip label={t('notifications.delete')} withinPortal={false} position="left" disabled={!canHover}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            radius="xl"
            aria-label={t('notifications.deleteOf', { title: notification.title })}
            onClick={() => onDelete(notification)}
            data-testid="notification-delete"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </div>
    </li>
  );
}
