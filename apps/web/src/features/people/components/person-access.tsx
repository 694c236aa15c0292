import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPerson, TPersonCredentialStatus } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCredentialStatus, useSendPasswordReset, useSignOutEverywhere } from '../api/person-credentials.ts';
import { Field, Plain } from './detail-fields.tsx';
import { refusalText } from './person-messages.ts';

const STATUS_COLOR: Record<TPersonCredentialStatus['status'], string> = {
  ACTIVE: 'teal',
  INVITED: 'blue',
  INVITATION_EXPIRED: 'orange',
  NO_ACCOUNT: 'gray',
  DISABLED: 'red',
};

/**
 * The account card's content for people administrators (getCredentialStatus): whether the person
 * can sign in and why not, how, when they last did, the devices they are signed in on, and a way
 * to sign them out of all of them (a lost phone). `canAct`: not on oneself, nor while impersonating.
 */
export function PersonAccess({ person, canAct }: { person: TPerson; canAct: boolean }) {
  const { t } = useTranslation();
  const credentials = useCredentialStatus(person.id);
  const signOut = useSignOutEverywhere(person.id);
  const sendReset = useSendPasswordReset(person.id);

  if (credentials.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (credentials.isError) return <Alert color="red">{t('people.access.loadFailed')}</Alert>;
  const status = credentials.data;

  const onSignOut = async () => {
    const ok = await confirm({
      id: 'person-sign-out-everywhere',
      title: t('people.access.signOut.title'),
      message: t('people.access.signOut.message', { name: person.name, count: status.active_sessions }),
      confirmLabel: t('people.access.signOut.confirm'),
      cancelLabel: t('common.cancel'),
      danger: true,
    }).catch(() => false);
    if (!ok) return;
    signOut.mutate(undefined, {
      onSuccess: (answer) => toast.show(t('people.access.signOut.done', { name: person.name, count: answer.revoked })),
      onError: (error) => toast.error(refusalText(t, error, person.name, t('errors.saveFailed'))),
    });
  };

  const onSendReset = async () => {
    const ok = await confirm({
      id: 'person-password-reset',
      title: t('people.access.reset.title'),
      message: t('people.access.reset.message', { name: person.name }),
      confirmLabel: t('people.access.reset.confirm'),
      cancelLabel: t('common.cancel'),
    }).catch(() => false);
    if (!ok) return;
    sendReset.mutate(undefined, {
      onSuccess: (answer) => toast.show(t('people.access.reset.done', { email: answer.email })),
      onError: (error) => toast.error(isHttpError(error) && error.code === 'too-many-requests' ? t('people.access.reset.tooMany') : refusalText(t, error, person.name, t('errors.saveFailed'))),
    });
  };

  return (
    <>
      <Field label={t('people.access.status')}>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLOR[status.status]} variant="light" tt="none" data-testid="person-access-status" data-status={status.status}>
            {t(`people.access.statuses.${status.status}`)}
          </Badge>
          {status.status === 'INVITED' && status.invitation && (
            <Text size="xs" c="dimmed">
              {t('people.access.invitedUntil', { date: formatDateTime(status.invitation.expires_at) })}
            </Text>
          )}
          {status.status === 'INVITATION_EXPIRED' && status.invitation && (
            <Text size="xs" c="dimmed">
              {t('people.access.expiredOn', { date: formatDateTime(status.invitation.expires_at) })}
            </Text>
          )}
        </Group>
      </Field>
      {status.has_account && (
        <Field label={t('people.access.signInWith')}>
          <Group gap="sm" wrap="wrap">
            <Plain value={status.has_password ? t('people.access.password') : t('people.access.linkOnly')} />
            {canAct && status.status === 'ACTIVE' && (
              <Button size="compact-sm" variant="light" leftSection={<IconKey size={14} />} loading={sendReset.isPending} onClick={() => void onSendReset()} data-testid="person-password-reset">
                {t('people.access.reset.button')}
              </Button>
            )}
          </Group>
        </Field>
      )}
      <Field label={t('people.detail.lastSignIn')}>
        <Plain value={status.last_sign_in_at ? formatDateTime(status.last_sign_in_at) : null} />
      </Field>
      {status.has_account && (
        <Field label={t('people.access.sessions')}>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" data-testid="person-access-sessions">
              {t('people.access.sessionCount', { count: status.active_sessions })}
            </Text>
            {canAct && status.active_sessions > 0 && (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconLogout size={14} />}
                loading={signOut.isPending}
                onClick={() => void onSignOut()}
                data-testid="person-sign-out-everywhere"
              >
                {t('people.access.signOut.button')}
              </Button>
            )}
          </Group>
        </Field>
      )}
    </>
  );
}
