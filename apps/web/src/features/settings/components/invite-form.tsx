import { ActionIcon, Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { useEmailInput } from '../../../shared/ui/use-email-input.ts';
import { useCreateInvite } from '../api/create-invite.ts';

/** Invites someone by e-mail and shows the link (also sent by e-mail) to share it another way. */
export function InviteForm() {
  const { t } = useTranslation();
  const create = useCreateInvite();
  const { email, setEmail, error, checked } = useEmailInput();
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = checked();
    if (!address) return;
    create.mutate(
      { email: address, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          setEmail('');
          setName('');
        },
      },
    );
  };

  const failure = create.error
    ? isHttpError(create.error) && create.error.code === 'permission-denied'
      ? t('errors.forbidden')
      : isHttpError(create.error) && create.error.status === 400
        ? (create.error.detail ?? t('errors.saveFailed'))
        : t('errors.saveFailed')
    : null;

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('settings.invite.title')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('auth.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} required data-testid="invite-email" />
            <TextInput label={t('settings.invite.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </SimpleGrid>
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending} data-testid="invite-create">
              {t('settings.invite.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      {create.data && (
        <Alert color="faena" title={t('settings.invite.created', { email: create.data.email })} role="status" data-testid="invite-result">
          <Stack gap={6}>
            <Text size="sm">{t('settings.invite.share', { date: formatDate(create.data.expires_at) })}</Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput value={create.data.link} readOnly aria-label={t('settings.invite.link')} style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
              <CopyButton value={create.data.link}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                    <ActionIcon variant="light" size="lg" onClick={copy} aria-label={copied ? t('common.copied') : t('common.copy')}>
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
