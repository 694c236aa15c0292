import { Divider, Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@faena/contracts';
import type { NavItem } from '../../shared/navigation/nav-items.ts';
import { BUILD_INFO } from '../../shared/config/build-info.ts';
import { AccountLinks, AccountSummary } from './account-links.tsx';
import { NavMenu } from './nav-menu.tsx';

/** Spec §2: the slide-in drawer is the viewport minus 4.25rem wide and has a close button. */
export const DRAWER_WIDTH = 'calc(100vw - 4.25rem)';

export function MobileDrawer({
  opened,
  onClose,
  user,
  items,
  canEditProfile,
  canOpenSettings,
  onSignOut,
}: {
  opened: boolean;
  onClose: () => void;
  user: TUser;
  items: readonly NavItem[];
  canEditProfile: boolean;
  canOpenSettings: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={DRAWER_WIDTH}
      padding="md"
      title={<AccountSummary user={user} avatarSize={40} emailSize="xs" />}
      closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}
      styles={{ content: { width: DRAWER_WIDTH, maxWidth: DRAWER_WIDTH, flex: `0 0 ${DRAWER_WIDTH}` }, title: { minWidth: 0, flex: 1 } }}
      data-testid="mobile-drawer"
    >
      <nav aria-label={t('shell.mainNavigation')}>
        <NavMenu items={items} onNavigate={onClose} />
      </nav>
      <Divider my="sm" />
      <AccountLinks canEditProfile={canEditProfile} canOpenSettings={canOpenSettings} withSync onDone={onClose} onSignOut={onSignOut} />
      <Text size="xs" c="dimmed" ta="center" mt="lg">
        Faena {t('shell.version', { version: BUILD_INFO.version })}
      </Text>
    </Drawer>
  );
}
