import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../shared/session/session.ts';
import { useSessionNotice } from '../../../shared/session/use-session.ts';

/** Spec §4: the message of a system-caused sign-out (revoked or expired), until dismissed. */
export function SessionNotice() {
  const { t } = useTranslation();
  const notice = useSessionNotice();
  if (!notice) return null;
  return (
    <Alert
      color={notice.kind === 'revoked' ? 'red' : 'blue'}
      icon={<IconInfoCircle size={18} />}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => sessionStore.dismissNotice()}
      role="alert"
      data-testid="session-notice"
    >
      {notice.kind === 'revoked' ? t('session.revoked') : t('session.expired')}
    </Alert>
  );
}
