import { Alert, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import { usePreferences, useSavePreference } from '../api/preferences.ts';

/**
 * Per kind of notification, whether it also comes as push to this person's devices. The inbox
 * keeps every notification whatever the choice, so muting loses nothing.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <Paper withBorder radius="lg" p="md" id="preferences" data-testid="notification-preferences">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('notifications.preferences.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('notifications.preferences.description')}
          </Text>
        </Stack>
        {preferences.isPending ? (
          <Loader size="sm" aria-label={t('notifications.preferences.loading')} />
        ) : preferences.isError ? (
          <Alert color="orange" variant="light">
            {t('notifications.preferences.loadFailed')}
          </Alert>
        ) : (
          preferences.data.preferences.map((choice) => (
            <Switch
              key={choice.kind}
              size="md"
              checked={choice.push}
              label={t(`notifications.preferences.kinds.${choice.kind}`)}
              description={t(`notifications.preferences.hints.${choice.kind}`)}
              onChange={(event) =>
                save.mutate(
                  { kind: choice.kind, push: event.currentTarget.checked },
                  { onError: () => toast.error(t('notifications.preferences.saveFailed'), { id: 'notification-preferences-failed' }) },
                )
              }
              data-testid={`preference-${choice.kind}`}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}
