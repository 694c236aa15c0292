import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useEmailInput } from '../../../shared/ui/use-email-input.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';
import { signInErrorMessage } from './sign-in-error.ts';

/** /forgot-password — asks for a link to choose a new password (decision 017). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const { email, setEmail, error, checked } = useEmailInput(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = checked();
    if (address) request.mutate(address, { onSuccess: () => setSentTo(address) });
  };
  const failure = request.error ? signInErrorMessage(request.error, t, tenant.name) : null;

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
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.reset.forgotForm')}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('auth.reset.forgotExplain')}
            </Text>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {failure.message}
              </Alert>
            )}
            <TextInput label={t('auth.email')} type="email" autoComplete="username" inputMode="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={error} required data-testid="reset-email" />
            <Button type="submit" fullWidth size="md" loading={request.isPending} data-testid="reset-request">
              {t('auth.reset.send')}
            </Button>
            <Anchor component={Link} to="/sign-in" size="sm">
              {t('auth.reset.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
