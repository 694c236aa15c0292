import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBellCheck, IconBellOff, IconDeviceMobile, IconInfoCircle, IconLoader2 } from '@tabler/icons-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushStatus } from '../push/push-controller.ts';
import { pushController } from '../push/push-runtime.ts';
import { TestNotificationButton } from './test-notification-button.tsx';

function usePushStatus(): PushStatus {
  const controller = pushController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

function StatusLine({ icon, color, children, testId }: { icon: ReactNode; color: string; children: ReactNode; testId: string }) {
  return (
    <Alert variant="light" color={color} icon={icon} data-testid={testId} styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}>
      {children}
    </Alert>
  );
}

/** Spec §4 notification permission on this device, and the test notification. */
export function DeviceNotificationsCard() {
  const { t } = useTranslation();
  const status = usePushStatus();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      await pushController().retry();
    } finally {
      setBusy(false);
    }
  };

  let state: ReactNode;
  if (status.permission === 'unsupported') {
    state = status.native ? (
      <StatusLine icon={<IconAlertTriangle size={18} />} color="orange" testId="push-unsupported">
        {t('notifications.permission.unsupportedNative')}
      </StatusLine>
    ) : (
      <StatusLine icon={<IconDeviceMobile size={18} />} color="blue" testId="push-unsupported">
        {t('notifications.permission.unsupportedWeb')}
      </StatusLine>
    );
  } else if (status.permission === 'denied') {
    state = (
      <StatusLine icon={<IconBellOff size={18} />} color="orange" testId="push-denied">
        <Text size="sm">{t(status.stillDenied ? 'notifications.permission.stillDenied' : 'notifications.permission.denied')}</Text>
        <Button size="xs" variant="default" mt="xs" loading={busy} onClick={() => void ask()} data-testid="push-retry">
          {t('notifications.permission.retry')}
        </Button>
      </StatusLine>
    );
  } else if (status.permission === 'prompt') {
    state = (
      <StatusLine icon={<IconInfoCircle size={18} />} color="blue" testId="push-prompt">
        <Text size="sm">{t(status.requestFailed ? 'notifications.permission.requestFailed' : 'notifications.permission.prompt')}</Text>
        <Button size="xs" variant="default" mt="xs" loading={busy} onClick={() => void ask()} data-testid="push-enable">
          {t('notifications.permission.enable')}
        </Button>
      </StatusLine>
    );
  } else if (status.device === 'failed') {
    state = (
      <StatusLine icon={<IconAlertTriangle size={18} />} color="orange" testId="push-failed">
        {t('notifications.permission.registrationFailed')}
      </StatusLine>
    );
  } else if (status.device === 'skipped') {
    state = (
      <StatusLine icon={<IconInfoCircle size={18} />} color="blue" testId="push-skipped">
        {t('notifications.permission.skipped')}
      </StatusLine>
    );
  } else if (status.device === 'registered') {
    state = (
      <StatusLine icon={<IconBellCheck size={18} />} color="faena" testId="push-granted">
        {t('notifications.permission.granted')}
      </StatusLine>
    );
  } else {
    state = (
      <StatusLine icon={<IconLoader2 size={18} />} color="gray" testId="push-registering">
        {t('notifications.permission.registering')}
      </StatusLine>
    );
  }

  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby="device-notifications-title" data-testid="device-notifications">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" id="device-notifications-title">
            {t('notifications.device.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {t('notifications.device.description')}
          </Text>
        </div>
        {state}
        <div>
          <Text size="sm" c="dimmed" mb={8}>
            {t('notifications.test.description')}
          </Text>
          <TestNotificationButton />
        </div>
      </Stack>
    </Paper>
  );
}
