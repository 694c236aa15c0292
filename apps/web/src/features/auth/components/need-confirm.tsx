import { Alert, Anchor, Button, PasswordInput, PinInput, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseSignInMethod } from '@faena/domain/sign-in-methods';
import { HttpError } from '../../../shared/api/http-error.ts';
import { confirmLink } from '../federated.ts';
import { requestMagicLink } from '../api/request-magic-link.ts';
import { FailureAlert } from './failure-alert.tsx';
import { methodLabel } from './method-buttons.tsx';
import type { NeedConfirm } from './use-federated-sign-in.ts';

/**
 * Spec §8 'Need confirm': the provider vouched for an address that already signs in another way.
 * Shows the address and its methods; proving one of them (the password, or a code sent to the
 * address) links the new method and signs in.
 */
export function NeedConfirmPanel({ need, onCancel }: { need: NeedConfirm; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasPassword = need.methods.includes('PASSWORD');
  const hasMagic = need.methods.includes('MAGIC_LINK');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (id: string) => methodLabel(parseSignInMethod(id), t);

  const prove = (input: { password?: string; code?: string }) => {
    setBusy(true);
    setFailure(null);
    confirmLink({ link_token: need.link_token, ...input })
      .then((outcome) => {
        if (outcome.status === 'signed-in') void navigate('/', { replace: true });
      })
      .catch((error: unknown) => setFailure(error instanceof HttpError && error.status === 401 ? t('auth.federated.confirmFailed') : t('auth.errors.generic')))
      .finally(() => setBusy(false));
  };
  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setFailure(t('validation.passwordRequired'));
      return;
    }
    prove({ password });
  };

  return (
    <Stack gap="md" data-testid="need-confirm">
      <Title order={2} fz={20}>
        <IconLink size={20} style={{ verticalAlign: '-3px', marginRight: 6 }} aria-hidden="true" />
        {t('auth.federated.needConfirmTitle')}
      </Title>
      <Alert color="blue" role="status">
        {t('auth.federated.needConfirm', { email: need.email, methods: need.methods.map(label).join(', '), method: label(need.method) })}
      </Alert>
      <FailureAlert failure={failure ? { message: failure } : null} testId="need-confirm-error" />
      {hasPassword && (
        <form onSubmit={onPassword} noValidate aria-label={t('auth.federated.confirmWithPassword')}>
          <Stack gap="sm">
            <Text size="sm">{t('auth.federated.confirmWithPassword')}</Text>
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
              data-testid="confirm-password"
            />
            <Button type="submit" size="md" fullWidth loading={busy} data-testid="confirm-submit">
              {t('auth.federated.confirmAndLink')}
            </Button>
          </Stack>
        </form>
      )}
      {hasMagic && (
        <Stack gap="sm">
          <Text size="sm">{t('auth.federated.confirmWithCode')}</Text>
          {!codeSent ? (
            <Button
              variant="default"
              size="md"
              fullWidth
              loading={busy}
              onClick={() => {
                setBusy(true);
                requestMagicLink(need.email)
                  .then(() => setCodeSent(true))
                  .catch(() => setFailure(t('auth.errors.generic')))
                  .finally(() => setBusy(false));
              }}
            >
              {t('auth.federated.sendCode', { email: need.email })}
            </Button>
          ) : (
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              onComplete={(value) => prove({ code: value })}
              size="md"
              getInputProps={(index) => ({ 'aria-label': t('auth.magic.digit', { index: index + 1, count: 6 }) })}
            />
          )}
        </Stack>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onCancel}>
        {t('common.cancel')}
      </Anchor>
    </Stack>
  );
}
