import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readableOnLight } from '../../../shared/imports/import-texts.tsx';

const LOOK = {
  disabled: { color: 'gray', label: 'people.status.disabled' },
  active: { color: 'green', label: 'people.status.active' },
  invited: { color: 'blue', label: 'people.status.invited' },
  noAccount: { color: 'yellow', label: 'people.status.noAccount' },
} as const;

/** Whether the person can sign in: disabled, active (has an account), invited (an open invitation to their e-mail) or without an account. */
export function PersonStatusBadge({ person, size, testId }: { person: { is_disabled: boolean; has_account: boolean; invited: boolean }; size?: MantineSize; testId?: string }) {
  const { t } = useTranslation();
  const look = LOOK[person.is_disabled ? 'disabled' : person.has_account ? 'active' : person.invited ? 'invited' : 'noAccount'];
  return (
    <Badge color={look.color} c={readableOnLight(look.color)} variant="light" size={size} data-testid={testId}>
      {t(look.label)}
    </Badge>
  );
}
