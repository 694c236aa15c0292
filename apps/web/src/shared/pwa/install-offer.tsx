import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';
import { requestOverlays } from '../ui/overlay-gate.ts';
import { dismissInstall, promptInstall } from './install.ts';

const ID = 'faena-install';

/** "Instala Faena en este dispositivo": Instalar opens the browser's dialog; closing it means no. */
export function showInstallOffer(): void {
  void requestOverlays();
  let answered = false;
  notifications.show({
    id: ID,
    autoClose: false,
    withBorder: true,
    color: 'faena',
    className: 'faena-toast faena-install',
    title: i18n.t('pwa.installTitle'),
    closeButtonProps: { 'aria-label': i18n.t('pwa.notNow') },
    onClose: () => {
      if (!answered) dismissInstall();
    },
    message: (
      <>
        <Text size="sm">{i18n.t('pwa.installBody')}</Text>
        <Group mt="xs" gap="xs">
          <Button
            size="xs"
            onClick={() => {
              answered = true;
              notifications.hide(ID);
              void promptInstall();
            }}
          >
            {i18n.t('pwa.install')}
          </Button>
        </Group>
      </>
    ),
  });
}
