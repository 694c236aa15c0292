import { ActionIcon, Badge, Button, Code, CopyButton, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TIdentityProvider } from '@faena/contracts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { useDeleteProvider, useUpdateProvider } from './identity-providers.ts';

const TYPE_LABEL = { OIDC: 'OIDC', GOOGLE: 'Google', SAML: 'SAML 2.0' } as const;

/** A value to register at the provider, with a copy button. */
function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('signInSettings.copied') : t('signInSettings.copy')}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('signInSettings.copy')}: ${label}`} size="lg">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** One identity provider: what it is, what to register at it, its switch, edit and delete. */
export function ProviderCard({ provider, onEdit }: { provider: TIdentityProvider; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProvider();
  const remove = useDeleteProvider();
  const saml = provider.saml;
  const expiry = saml?.idp_certificates
    .map((c) => c.not_after)
    .filter((d): d is string => d !== null)
    .sort()[0];
  return (
    <Paper withBorder radius="md" p="md" data-testid="provider">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{provider.name}</Text>
              <Badge variant="light">{TYPE_LABEL[provider.type]}</Badge>
              {provider.type !== 'SAML' && !provider.has_client_secret && (
                <Badge color="orange" variant="light">
                  {t('signInSettings.noSecret')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {provider.type === 'SAML' ? provider.issuer : `${provider.issuer} · ${provider.client_id}`}
            </Text>
          </div>
          <Switch
            checked={provider.enabled}
            onChange={(event) => update.mutate({ id: provider.id, enabled: event.currentTarget.checked })}
            label={t('signInSettings.enabled')}
            aria-label={t('signInSettings.enabledFor', { name: provider.name })}
          />
        </Group>
        <Text size="sm">{provider.domains.length > 0 ? t('signInSettings.domains', { domains: provider.domains.join(', ') }) : t('signInSettings.anyDomain')}</Text>
        <Text size="sm">{provider.provisioning === 'create' ? t('signInSettings.provisioning.create') : t('signInSettings.provisioning.existing')}</Text>
        {saml ? (
          <>
            <CopyValue label={t('signInSettings.acsUrl')} value={saml.acs_url} testId="provider-acs" />
            <CopyValue label={t('signInSettings.spEntityId')} value={saml.sp_entity_id} />
            {expiry && (
              <Text size="xs" c="dimmed">
                {t('signInSettings.certificateUntil', { date: new Date(expiry).toLocaleDateString(i18n.language) })}
              </Text>
            )}
          </>
        ) : (
          <CopyValue label={t('signInSettings.redirectUri')} value={provider.redirect_uri} />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" size="sm" leftSection={<IconPencil size={16} />} onClick={onEdit} aria-label={t('signInSettings.editTitle', { name: provider.name })} data-testid="edit-provider">
            {t('signInSettings.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() =>
              void confirm({
                id: 'delete-provider',
                title: t('signInSettings.deleteTitle'),
                message: t('signInSettings.deleteMessage', { name: provider.name }),
                confirmLabel: t('signInSettings.delete'),
                cancelLabel: t('common.cancel'),
              })
                .catch(() => false)
                .then((ok) => ok && remove.mutate(provider.id))
            }
          >
            {t('signInSettings.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
