import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useEmailInput } from '../../../shared/ui/use-email-input.ts';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { signInErrorMessage } from './sign-in-error.ts';

/** Sends the e-mail with the sign-in link and the 6-digit code, then asks for the code. */
export function MagicLinkRequestForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const request = useRequestMagicLink();
  const { email, setEmail, error, checked } = useEmailInput(initialEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = checked();
    if (address) request.mutate(address, { onSuccess: () => void navigate(`/from-magic-link?email=${encodeURIComponent(address)}&sent=1`) });
  };
  const failure = request.error ? signInErrorMessage(request.error, t, tenant.name) : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.magic.form')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth.magic.explain')}
        </Text>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure.message}
          </Alert>
        )}
        <TextInput label={t('auth.email')} type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={error} required />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          {t('auth.magic.send')}
        </Button>
      </Stack>
    </form>
  );
}
