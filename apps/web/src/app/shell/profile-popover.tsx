import { Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@faena/contracts';
import { UserAvatar } from '../../shared/ui/user-avatar.tsx';
import { AccountLinks, AccountSummary } from './account-links.tsx';

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
          <AccountSummary user={user} avatarSize={48} emailSize="sm" />
          <Divider />
          <AccountLinks canEditProfile={canEditProfile} canOpenSettings={canOpenSettings} onDone={close} onSignOut={onSignOut} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
