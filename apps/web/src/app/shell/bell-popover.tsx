import { ActionIcon, Button, Popover, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The bell (spec §2, needs VIEW_NOTIFICATIONS). The inbox, its live stream and the unread badge
 * arrive with the notifications module; until then the popup says so.
 */
export function BellPopover() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('shell.notifications')} disabled={opened}>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.notifications')} aria-haspopup="dialog" aria-expanded={opened} onClick={() => setOpened((o) => !o)} data-testid="bell">
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('shell.notifications')}>
        <Stack gap="sm" align="center" ta="center" py="xs">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
            <IconBellRinging size={24} />
          </ThemeIcon>
          <Title order={2} fz="md">
            {t('shell.notifications')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('shell.notificationsPlaceholder')}
          </Text>
          <Button component={Link} to="/notifications" variant="light" size="xs" onClick={() => setOpened(false)}>
            {t('shell.seeAllNotifications')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
