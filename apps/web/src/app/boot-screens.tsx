import { Alert, Button, Center, Code, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../shared/ui/status-screen.tsx';

/** Spec §5: on a configuration parsing failure an alert is shown and the app stops. */
export function ConfigErrorScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Alert role="alert" color="red" title={t('boot.configErrorTitle')} maw={640} data-testid="config-error">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {message}
        </Text>
      </Alert>
    </Center>
  );
}

/** The host names an organisation the server does not know (spec §8 texts). */
export function TenantNotFoundScreen({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  return (
    <main>
      <StatusScreen icon={<IconBuildingCommunity size={34} stroke={1.6} />} title={t('tenant.notFound', { x: subdomain })} color="gray" testId="tenant-not-found">
        <Stack gap="sm" align="center">
          <span>{t('tenant.persists')}</span>
          <Code>{window.location.host}</Code>
          <Button variant="light" onClick={() => window.location.reload()}>
            {t('errorPage.reload')}
          </Button>
        </Stack>
      </StatusScreen>
    </main>
  );
}
