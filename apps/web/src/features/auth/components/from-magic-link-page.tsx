import { Alert, Anchor, Button, Center, Group, Loader, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isValidEmail } from '@faena/domain/email';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { useSignInWithMagicLink } from '../api/sign-in-with-magic-link.ts';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';
import { FailureAlert } from './failure-alert.tsx';

/** Spec §9: the magic-link code has 6 digits. */
export const MAGIC_CODE_LENGTH = 6;

/**
 * /from-magic-link?email=…&token=… — the landing of the e-mail sign-in link; without a token it
 * asks for the 6-digit code from the same e-mail. Failure: 'Sign in with email link failed'.
 */
export function FromMagicLinkPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const signIn = useSignInWithMagicLink();
  const resend = useRequestMagicLink();
  const triedToken = useRef(false);
  // Spec §2: after sign-in from /from-magic-link the user is sent to /.
  const done = () => void navigate('/', { replace: true });

  useEffect(() => {
    if (!tenant.featureFlags.magic_link || !token || triedToken.current) return;
    triedToken.current = true;
    const address = params.get('email') ?? '';
    signIn.mutate({ email: address, token }, { onSuccess: done });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is used once, on arrival
  }, []);

  if (!tenant.featureFlags.magic_link) {
    return (
      <AuthLayout>
        <TenantBrand />
        <Alert color="orange" role="alert" icon={<IconAlertCircle size={18} />}>
          {t('auth.methodUnavailable')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('auth.backToStart')}
        </Anchor>
      </AuthLayout>
    );
  }

  const submit = (value: string) => {
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setEmailError(t('validation.invalidEmail'));
      return;
    }
    setEmailError(undefined);
    if (!/^\d{6}$/.test(value)) return;
    signIn.mutate({ email: trimmed, code: value }, { onSuccess: done });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const linkInFlight = token !== null && signIn.isPending && !code;

  return (
    <AuthLayout>
      <TenantBrand />
      <Title order={1} fz={26}>
        <IconMailCheck size={26} style={{ verticalAlign: '-4px', marginRight: 8 }} aria-hidden="true" />
        {t('auth.magic.codeTitle')}
      </Title>
      {linkInFlight ? (
        <Center py="lg">
          <Stack align="center" gap="sm">
            <Loader aria-label={t('common.loading')} />
            <Text size="sm">{t('auth.magic.checkingLink')}</Text>
          </Stack>
        </Center>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.magic.codeForm')}>
          <Stack gap="md">
            {params.get('sent') && !signIn.error && (
              <Alert color="blue" role="status">
                {t('auth.magic.sent', { email })}
              </Alert>
            )}
            <FailureAlert failure={signIn.error ? { message: t('auth.magic.failed') } : null} testId="magic-error" />
            <TextInput label={t('auth.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} required />
            <Stack gap={6} role="group" aria-labelledby="magic-code-label">
              <Text id="magic-code-label" size="sm" fw={500}>
                {t('auth.magic.code', { count: MAGIC_CODE_LENGTH })}
              </Text>
              <PinInput
                id="magic-code"
                length={MAGIC_CODE_LENGTH}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                onComplete={submit}
                size="md"
                getInputProps={(index) => ({ 'aria-label': t('auth.magic.digit', { index: index + 1, count: MAGIC_CODE_LENGTH }) })}
              />
            </Stack>
            <Button type="submit" size="md" fullWidth loading={signIn.isPending} disabled={code.length !== MAGIC_CODE_LENGTH}>
              {t('auth.signIn')}
            </Button>
            <Group justify="space-between">
              <Anchor component={Link} to="/login" size="sm">
                {t('auth.backToStart')}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  if (isValidEmail(email.trim())) resend.mutate(email.trim());
                  else setEmailError(t('validation.invalidEmail'));
                }}
              >
                {resend.isSuccess ? t('auth.magic.resent') : t('auth.magic.resend')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
