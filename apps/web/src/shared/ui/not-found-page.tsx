import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPlatform } from '../platform/platform.ts';
import { StatusScreen } from './status-screen.tsx';

/** Spec §2: 'Page Not Found' on the web (the native app says 'Screen Not Found'), with a way home. */
export function NotFoundPage({ native = getPlatform().isNative }: { native?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<IconMapSearch size={34} stroke={1.6} />}
      title={native ? t('notFound.titleNative') : t('notFound.title')}
      testId="not-found"
      actions={
        <Button component={Link} to="/" mt="sm">
          {t('common.backHome')}
        </Button>
      }
    >
      {t('notFound.body')}
    </StatusScreen>
  );
}
