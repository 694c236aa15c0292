import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NoMethods({ tenantName }: { tenantName: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="no-methods">
      {t('auth.noMethods', { x: tenantName })}
      <br />
      {t('tenant.persists')}
    </Alert>
  );
}
