import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isValidEmail } from '@faena/domain/email';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { signInErrorMessage } from './sign-in-error.ts';

/** Sends the e-mail with the sign-in link and the 6-digit code, then asks for the code. */
export function MagicLinkRequestForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const request = useRequestMagicLink();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setError(t('validation.invalidEmail'));
      return;
    }
    setError(undefined);
    request.mutate(trimmed, { onSuccess: () => void navigate(`/from-magic-link?email=${encodeURIComponent(trimmed)}&sent=1`) });
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
