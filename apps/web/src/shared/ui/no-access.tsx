import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccessProblem } from '../access/access.ts';
import { StatusScreen } from './status-screen.tsx';

/** A protected screen the signed-in person may not use: why, and the way home. */
export function NoAccess({ problem }: { problem: AccessProblem }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<IconLock size={34} stroke={1.6} />}
      title={t(`noAccess.${problem}.title`)}
      testId="no-access"
      color="gray"
      actions={
        <Button component={Link} to="/home" variant="light" mt="sm">
          {t('common.backHome')}
        </Button>
      }
    >
      {t(`noAccess.${problem}.body`)}
    </StatusScreen>
  );
}
