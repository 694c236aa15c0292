import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';
import { requestOverlays } from '../ui/overlay-gate.ts';
import type { UpdatePromptView } from './service-worker.ts';

const ID = 'faena-app-update';

/**
 * "Hay una nueva versión de Faena": stays until answered. Actualizar reloads onto the new build;
 * closing it (Más tarde) brings it back later (service-worker.ts).
 */
export const updatePrompt: UpdatePromptView = {
  show(onUpdate, onLater) {
    void requestOverlays();
    notifications.hide(ID);
    notifications.show({
      id: ID,
      autoClose: false,
      withBorder: true,
      color: 'faena',
      className: 'faena-toast faena-app-update',
      title: i18n.t('pwa.updateTitle'),
      closeButtonProps: { 'aria-label': i18n.t('pwa.later') },
      onClose: onLater,
      message: (
        <>
          <Text size="sm">{i18n.t('pwa.updateBody')}</Text>
          <Group mt="xs" gap="xs">
            <Button
              size="xs"
              onClick={() => {
                notifications.hide(ID);
                onUpdate();
              }}
            >
              {i18n.t('pwa.update')}
            </Button>
          </Group>
        </>
      ),
    });
  },
  hide() {
    notifications.hide(ID);
  },
};
