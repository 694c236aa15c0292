import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isValidEmail } from '@faena/domain/email';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useSignInWithPassword } from '../api/sign-in-with-password.ts';
import { discover } from '../federated.ts';
import { FailureAlert } from './failure-alert.tsx';
import { signInErrorMessage } from './sign-in-error.ts';

/** E-mail and password (spec §5 messages: 'Invalid email', 'You must enter a password'). */
export function PasswordSignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const signIn = useSignInWithPassword();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const [discovering, setDiscovering] = useState(false);
  // Issue 42 point 3: an address of a domain an identity provider serves goes straight to it.
  const federated = tenant.signInMethods.some((m) => m.type === 'OIDC' || m.type === 'SAML');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (federated && isValidEmail(trimmed) && !discovering) {
      setDiscovering(true);
      const found = await discover(trimmed).catch(() => null);
      if (found?.start_url) {
        window.location.assign(`${found.start_url}&return_to=${encodeURIComponent('/sign-in')}`);
        return;
      }
      setDiscovering(false);
    }
    const next: typeof errors = {};
    if (!isValidEmail(trimmed)) next.email = t('validation.invalidEmail');
    if (password === '') next.password = t('validation.passwordRequired');
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate(
      { email: trimmed, password },
      {
        // Spec §2: after sign-in from /sign-in the user is sent to /.
        onSuccess: () => void navigate('/', { replace: true }),
      },
    );
  };

  const failure = signIn.error ? signInErrorMessage(signIn.error, t, tenant.name) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('auth.passwordForm')}>
      <Stack gap="md">
        <FailureAlert failure={failure} testId="sign-in-error" />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          required
          data-testid="email"
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          data-testid="password"
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : '/forgot-password'} size="sm" data-testid="forgot-password">
            {t('auth.reset.forgotLink')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={signIn.isPending || discovering} data-testid="sign-in-submit">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
