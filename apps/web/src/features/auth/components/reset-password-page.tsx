import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { usePasswordReset, useResetPassword } from '../api/password-reset.ts';
import { FailureAlert } from './failure-alert.tsx';
import { NewPasswordInput, newPasswordProblem } from './new-password-input.tsx';
import { LinkLanding } from './link-landing.tsx';
import { signInErrorMessage } from './sign-in-error.ts';

/** /reset-password?token=… — the link of the e-mail: a new password, then in (decision 017). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = usePasswordReset(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    next.password = newPasswordProblem(password, tenant.passwordPolicy, t);
    if (!next.password && repeat !== password) next.repeat = t('auth.reset.mismatch');
    setErrors(next);
    if (next.password || next.repeat) return;
    reset.mutate({ token, password }, { onSuccess: () => void navigate('/', { replace: true }) });
  };

  const spent = isHttpError(reset.error) && reset.error.code === 'expired-action-code';
  const failure = spent ? { message: t('auth.reset.invalid') } : reset.error ? signInErrorMessage(reset.error, t, tenant.name) : null;
  return (
    <LinkLanding
      icon={IconKey}
      title={t('auth.reset.title')}
      token={token}
      query={preview}
      missing={t('auth.reset.missing')}
      invalid={t('auth.reset.invalid')}
      way={{ to: '/forgot-password', label: t('auth.reset.askAgain') }}
      testId="reset-problem"
    >
      {(data) => (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.reset.form')}>
          <Stack gap="md">
            <Text size="sm">{t('auth.reset.intro', { tenant: tenant.name, date: formatDateTime(data.expires_at) })}</Text>
            <FailureAlert failure={failure} />
            <TextInput label={t('auth.email')} value={data.email} readOnly variant="filled" data-testid="reset-account" />
            <NewPasswordInput label={t('auth.reset.password')} value={password} onChange={setPassword} error={errors.password} testId="reset-password" />
            <NewPasswordInput label={t('auth.reset.repeat')} value={repeat} onChange={setRepeat} error={errors.repeat} testId="reset-repeat" describe={false} />
            <Button type="submit" size="md" fullWidth loading={reset.isPending} data-testid="reset-submit">
              {t('auth.reset.save')}
            </Button>
          </Stack>
        </form>
      )}
    </LinkLanding>
  );
}
