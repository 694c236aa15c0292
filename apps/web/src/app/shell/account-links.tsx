import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout, IconPencil, IconRefresh, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@faena/contracts';
import { UserAvatar } from '../../shared/ui/user-avatar.tsx';
import { PendingCountBadge } from '../../shared/offline/sync-indicator.tsx';

/** The signed-in person's picture, name and e-mail, as the profile popup and the mobile drawer show them. */
export function AccountSummary({ user, avatarSize, emailSize }: { user: TUser; avatarSize: number; emailSize: 'xs' | 'sm' }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={user.name} picture={user.picture} size={avatarSize} />
      <div style={{ minWidth: 0 }}>
        <Text fw={650} truncate>
          {user.name}
        </Text>
        <Text size={emailSize} c="dimmed" truncate>
          {user.email}
        </Text>
      </div>
    </Group>
  );
}

export interface AccountLinksProps {
  /** Spec §2: edit profile sits behind a feature flag. */
  canEditProfile: boolean;
  /** VIEW_SETTINGS and its feature flag. */
  canOpenSettings: boolean;
  /** The Sync screen's link (the mobile drawer: on desktop it is reached from settings). */
  withSync?: boolean;
  /** Called after any link is followed (closes the popup or drawer that holds them). */
  onDone: () => void;
  onSignOut: () => void;
}

/** The account's links, one list for the profile popup and the mobile drawer. */
export function AccountLinks({ canEditProfile, canOpenSettings, withSync = false, onDone, onSignOut }: AccountLinksProps) {
  const { t } = useTranslation();
  const link = (to: string, icon: ReactNode, label: string, right?: ReactNode) => (
    <Button component={Link} to={to} variant="subtle" color="gray" justify="flex-start" leftSection={icon} rightSection={right} onClick={onDone}>
      {label}
    </Button>
  );
  return (
    <Stack gap={4}>
      {link('/my-account', <IconUserCircle size={18} />, t('shell.myAccount'))}
      {canEditProfile && link('/profile/edit', <IconPencil size={18} />, t('shell.editProfile'))}
      {canOpenSettings && link('/settings', <IconSettings size={18} />, t('shell.settings'))}
      {withSync && link('/sync', <IconRefresh size={18} />, t('shell.sync'), <PendingCountBadge />)}
      <Button
        variant="subtle"
        color="red"
        justify="flex-start"
        leftSection={<IconLogout size={18} />}
        onClick={() => {
          onDone();
          onSignOut();
        }}
      >
        {t('shell.signOut')}
      </Button>
    </Stack>
  );
}
