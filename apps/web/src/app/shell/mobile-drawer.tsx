import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconLogout, IconRefresh, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@faena/contracts';
import type { NavItem } from '../../shared/navigation/nav-items.ts';
import { BUILD_INFO } from '../../shared/config/build-info.ts';
import { UserAvatar } from '../../shared/ui/user-avatar.tsx';
import { NavMenu } from './nav-menu.tsx';

/** Spec §2: the slide-in drawer is the viewport minus 4.25rem wide and has a close button. */
export const DRAWER_WIDTH = 'calc(100vw - 4.25rem)';

export function MobileDrawer({ opened, onClose, user, items, canOpenSettings, onSignOut }: { opened: boolean; onClose: () => void; user: TUser; items: readonly NavItem[]; canOpenSettings: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={DRAWER_WIDTH}
      padding="md"
      title={
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={user.name} picture={user.picture} size={40} />
          <div style={{ minWidth: 0 }}>
            <Text fw={650} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}
      styles={{ content: { width: DRAWER_WIDTH, maxWidth: DRAWER_WIDTH, flex: `0 0 ${DRAWER_WIDTH}` }, title: { minWidth: 0, flex: 1 } }}
      data-testid="mobile-drawer"
    >
      <nav aria-label={t('shell.mainNavigation')}>
        <NavMenu items={items} onNavigate={onClose} />
      </nav>
      <Divider my="sm" />
      <Stack gap={4}>
        <Button component={Link} to="/my-account" variant="subtle" color="gray" justify="flex-start" leftSection={<IconUserCircle size={18} />} onClick={onClose}>
          {t('shell.myAccount')}
        </Button>
        {canOpenSettings && (
          <Button component={Link} to="/settings" variant="subtle" color="gray" justify="flex-start" leftSection={<IconSettings size={18} />} onClick={onClose}>
            {t('shell.settings')}
          </Button>
        )}
        <Button component={Link} to="/sync" variant="subtle" color="gray" justify="flex-start" leftSection={<IconRefresh size={18} />} onClick={onClose}>
          {t('shell.sync')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          justify="flex-start"
          leftSection={<IconLogout size={18} />}
          onClick={() => {
            onClose();
            onSignOut();
          }}
        >
          {t('shell.signOut')}
        </Button>
      </Stack>
      <Text size="xs" c="dimmed" ta="center" mt="lg">
        Faena {t('shell.version', { version: BUILD_INFO.version })}
      </Text>
    </Drawer>
  );
}
