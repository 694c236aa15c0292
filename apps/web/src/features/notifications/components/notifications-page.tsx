import { Button, Grid, Paper, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useInbox } from '../api/get-inbox.ts';
import { useMarkAllAsRead } from '../api/mark-all-as-read.ts';
import { unreadCountOf } from '../lib/inbox-model.ts';
import { DeviceNotificationsCard } from './device-notifications-card.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';
import { NotificationList } from './notification-list.tsx';

/** /notifications: the whole inbox (infinite scroll), mark all read, and this device's push state. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const markAll = useMarkAllAsRead();
  const unread = unreadCountOf(inbox.data);
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={inbox.data ? (unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')) : undefined}
        actions={
          unread > 0 && (
            <Button variant="light" leftSection={<IconChecks size={16} />} onClick={() => markAll.mutate()} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </Button>
          )
        }
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7, xxl: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 4, sm: 'xs' }} data-testid="notifications-page-list">
            <NotificationList skeletons={6} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5, xxl: 4 }}>
          <Stack gap="lg">
            <DeviceNotificationsCard />
            <NotificationPreferencesCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
