import { Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconPencil, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@faena/contracts';
import { UserAvatar } from '../../shared/ui/user-avatar.tsx';

/** Spec §2 profile popup: name, e-mail, picture, edit profile (flag) and settings (VIEW_SETTINGS + flag). */
export function ProfilePopover({ user, canEditProfile, canOpenSettings, onSignOut }: { user: TUser; canEditProfile: boolean; canOpenSettings: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={t('shell.profileOf', { name: user.name })}
          style={{ borderRadius: 999, padding: '2px 8px 2px 2px' }}
          data-testid="profile-button"
        >
          <Group gap={8} wrap="nowrap">
            <UserAvatar name={user.name} picture={user.picture} size={36} />
            <Text size="sm" fw={600} maw={140} truncate visibleFrom="xl">
              {user.name}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('shell.profile')} data-testid="profile-popup">
        <Stack gap="sm">
          <Group wrap="nowrap">
            <UserAvatar name={user.name} picture={user.picture} size={48} />
            <div style={{ minWidth: 0 }}>
              <Text fw={650} truncate>
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
          </Group>
          <Divider />
          <Stack gap={4}>
            <Button component={Link} to="/my-account" variant="subtle" color="gray" justify="flex-start" leftSection={<IconUserCircle size={18} />} onClick={close}>
              {t('shell.myAccount')}
            </Button>
            {canEditProfile && (
              <Button component={Link} to="/profile/edit" variant="subtle" color="gray" justify="flex-start" leftSection={<IconPencil size={18} />} onClick={close}>
                {t('shell.editProfile')}
              </Button>
            )}
            {canOpenSettings && (
              <Button component={Link} to="/settings" variant="subtle" color="gray" justify="flex-start" leftSection={<IconSettings size={18} />} onClick={close}>
                {t('shell.settings')}
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              justify="flex-start"
              leftSection={<IconLogout size={18} />}
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              {t('shell.signOut')}
            </Button>
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
