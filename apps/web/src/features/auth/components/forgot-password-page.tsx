import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';
import { EmailRequestForm } from './email-request-form.tsx';

/** /forgot-password — asks for a link to choose a new password (decision 017). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthLayout>
      <TenantBrand />
      <Title order={1} fz={26}>
        {t('auth.reset.forgotTitle')}
      </Title>
      {sentTo ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconMailForward size={18} />} role="status" data-testid="reset-sent">
            {t('auth.reset.sent', { email: sentTo, tenant: tenant.name })}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            {t('auth.reset.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <EmailRequestForm
          initialEmail={params.get('email') ?? ''}
          name={t('auth.reset.forgotForm')}
          explain={t('auth.reset.forgotExplain')}
          submit={t('auth.reset.send')}
          request={request}
          onEmail={(address) => request.mutate(address, { onSuccess: () => setSentTo(address) })}
          testIds={{ email: 'reset-email', submit: 'reset-request' }}
        >
          <Anchor component={Link} to="/sign-in" size="sm">
            {t('auth.reset.backToSignIn')}
          </Anchor>
        </EmailRequestForm>
      )}
    </AuthLayout>
  );
}
