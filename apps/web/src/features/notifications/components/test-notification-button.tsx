import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSendTestNotification } from '../api/send-test-notification.ts';

/** Sends a test notification to oneself (POST /notifications/test): it arrives like any other. */
export function TestNotificationButton() {
  const { t } = useTranslation();
  const send = useSendTestNotification();
  return (
    <Button variant="light" fullWidth leftSection={<IconSend size={16} />} loading={send.isPending} onClick={() => send.mutate()} data-testid="send-test-notification">
      {t('notifications.test.button')}
    </Button>
  );
}
