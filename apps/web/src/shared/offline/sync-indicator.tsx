import { ActionIcon, Badge, Indicator, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePendingCount } from './use-offline-sync.ts';

/** The shell's pending-work badge: a link to /sync, shown only while this device holds unsent work. */
export function SyncIndicator() {
  const { t } = useTranslation();
  const count = usePendingCount();
  if (count === 0) return null;
  const label = t('offline.badge', { count });
  return (
    <Tooltip label={label}>
      <Indicator label={count} size={16} color="orange" offset={4}>
        <ActionIcon component={Link} to="/sync" variant="subtle" color="orange" size="lg" radius="xl" aria-label={label} data-testid="sync-badge">
          <IconCloudUpload size={22} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** The count beside the Sync link of the account menus. */
export function PendingCountBadge() {
  const count = usePendingCount();
  return count > 0 ? (
    <Badge size="sm" color="orange" variant="filled" circle data-testid="sync-link-count">
      {count}
    </Badge>
  ) : null;
}
