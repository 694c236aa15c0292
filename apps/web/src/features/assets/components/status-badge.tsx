import { Badge, Text, Tooltip } from '@mantine/core';
import type { TMaintenance, TMaintenanceStatus, TStatusReason } from '@faena/contracts/assets';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';

/** The asset's maintenance status (spec forms §4: ok or maintenance_needed), green or orange. */
export function StatusBadge({ status, size = 'md' }: { status: TMaintenanceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'ok' ? 'green' : 'orange'} variant="light" size={size} data-testid="maintenance-status" data-status={status}>
      {t(`assets.status.${status}`)}
    </Badge>
  );
}

/** Why an asset needs maintenance, in a sentence. */
export function StatusReason({ reason }: { reason: TStatusReason | null }) {
  const { t, i18n } = useTranslation();
  if (!reason) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="status-reason">
      {t(`assets.statusReason.${reason.code}`, { since: formatDateTime(reason.since, i18n.language) })}
    </Text>
  );
}

export function StatusWithReason({ status, reason }: { status: TMaintenanceStatus; reason: TStatusReason | null }) {
  const { t, i18n } = useTranslation();
  if (!reason) return <StatusBadge status={status} />;
  return (
    <Tooltip label={t(`assets.statusReason.${reason.code}`, { since: formatDateTime(reason.since, i18n.language) })} multiline maw={280}>
      <span>
        <StatusBadge status={status} />
      </span>
    </Tooltip>
  );
}

const STATE_COLORS: Record<TMaintenance['status'], string> = { InProcess: 'blue', Success: 'green', Error: 'gray' };

/** A maintenance's state (in process, done, cancelled), in the same colours on every screen. */
export function MaintenanceStateBadge({ status, size = 'md', ...rest }: { status: TMaintenance['status']; size?: 'md' | 'lg'; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" size={size} color={STATE_COLORS[status]} style={{ flexShrink: 0 }} data-testid={rest['data-testid']}>
      {t(`assets.maintenance.state.${status}`)}
    </Badge>
  );
}
