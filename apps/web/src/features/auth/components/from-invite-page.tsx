import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useInvite } from '../api/get-invite.ts';
import { FailureAlert } from './failure-alert.tsx';
import { NewPasswordInput, newPasswordProblem } from './new-password-input.tsx';
import { LinkLanding } from './link-landing.tsx';
import { signInErrorMessage } from './sign-in-error.ts';

/** /from-invite?token=… — the invitation landing: choose a name and a password, then in. */
export function FromInvitePage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  // null until the person types: the invite's name is the starting value.
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? invite.data?.name ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (name.trim() === '') next.name = t('validation.required');
    next.password = newPasswordProblem(password, tenant.passwordPolicy, t);
    setErrors(next);
    if (next.name || next.password) return;
    // Spec §2: after sign-in from /from-invite the user is sent to /.
    accept.mutate({ token, name: name.trim(), password }, { onSuccess: () => void navigate('/', { replace: true }) });
  };

  const existingAccount = isHttpError(accept.error) && accept.error.code === 'invalid-credential';
  const failure = existingAccount ? { message: t('auth.invite.existingAccount', { email: invite.data?.email ?? '' }) } : accept.error ? signInErrorMessage(accept.error, t, tenant.name) : null;
  return (
    <LinkLanding
      icon={IconMailOpened}
      title={t('auth.invite.title')}
      token={token}
      query={invite}
      missing={t('auth.invite.missing')}
      invalid={t('auth.invite.invalid')}
      way={{ to: '/login', label: t('auth.backToStart') }}
      testId="invite-problem"
    >
      {(data) => (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.invite.form')}>
          <Stack gap="md">
            <Text size="sm">{t('auth.invite.intro', { tenant: data.tenant_name, date: formatDate(data.expires_at) })}</Text>
            <FailureAlert failure={failure} />
            <TextInput label={t('auth.email')} value={data.email} readOnly variant="filled" />
            <TextInput label={t('auth.invite.name')} autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required data-testid="invite-name" />
            <NewPasswordInput label={t('auth.invite.password')} value={password} onChange={setPassword} error={errors.password} testId="invite-password" />
            <Button type="submit" size="md" fullWidth loading={accept.isPending} data-testid="invite-submit">
              {t('auth.invite.accept')}
            </Button>
          </Stack>
        </form>
      )}
    </LinkLanding>
  );
}
