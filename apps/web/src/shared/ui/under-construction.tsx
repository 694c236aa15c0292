import { Button, Group } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from './status-screen.tsx';

/** Screens whose module is not built yet say so, naming the module — never a blank or fake page. */
export function UnderConstruction({ moduleKey, homePath = '/home' }: { moduleKey: string; homePath?: string }) {
  const { t } = useTranslation();
  const moduleName = t(`modules.${moduleKey}`);
  return (
    <StatusScreen icon={<IconBarrierBlock size={34} stroke={1.6} />} title={t('underConstruction.title')} testId="under-construction">
      <p style={{ margin: 0 }}>{t('underConstruction.body', { module: moduleName })}</p>
      <Group justify="center" mt="md">
        <Button component={Link} to={homePath} variant="light">
          {t('common.backHome')}
        </Button>
      </Group>
    </StatusScreen>
  );
}
