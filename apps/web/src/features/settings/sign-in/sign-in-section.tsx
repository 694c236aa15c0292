import { ActionIcon, Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Paper, PasswordInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TIdentityProvider, TSignInSettings } from '@faena/contracts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { useCreateProvider, useDeleteProvider, useProviders, useSaveSignInSettings, useSignInSettings, useUpdateProvider } from './identity-providers.ts';

const SWITCHABLE = ['PASSWORD', 'MAGIC_LINK', 'GOOGLE'] as const;

/**
 * Settings → sign-in (MANAGE_PEOPLE, decision 029): which of password, magic link and Google the
 * organisation offers, and its identity providers (OIDC or Google) with the redirect URI to
 * register at each, the domains it serves and whether it creates members.
 */
export function SignInSection() {
  const { t } = useTranslation();
  const settings = useSignInSettings();
  const providers = useProviders();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg" data-testid="sign-in-settings">
      {settings.data && <MethodSwitches current={settings.data} />}
      <Stack gap="sm">
        <Text fw={600}>{t('signInSettings.providers')}</Text>
        {providers.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('signInSettings.noProviders')}
          </Text>
        )}
        {providers.data?.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} />
        ))}
        {adding ? (
          <ProviderForm onDone={() => setAdding(false)} hasGoogle={providers.data?.some((p) => p.type === 'GOOGLE') ?? false} />
        ) : (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="add-provider">
              {t('signInSettings.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

function MethodSwitches({ current }: { current: TSignInSettings }) {
  const { t } = useTranslation();
  const save = useSaveSignInSettings();
  const [methods, setMethods] = useState<TSignInSettings['methods']>(current.methods);
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('signInSettings.methods')}</Text>
      <Checkbox.Group value={methods} onChange={(value) => setMethods(value as TSignInSettings['methods'])}>
        <Stack gap={8}>
          {SWITCHABLE.map((method) => (
            <Checkbox key={method} value={method} label={t(`signInSettings.method.${method}`)} data-testid={`switch-${method}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {methods.length === 0 && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />}>
          {t('signInSettings.noneWarning')}
        </Alert>
      )}
      <Group>
        <Button size="sm" onClick={() => save.mutate(methods)} loading={save.isPending} disabled={[...methods].sort().join() === [...current.methods].sort().join()} data-testid="save-methods">
          {t('signInSettings.saveMethods')}
        </Button>
      </Group>
    </Stack>
  );
}

function RedirectUri({ uri }: { uri: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {t('signInSettings.redirectUri')}
      </Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{uri}</Code>
      <CopyButton value={uri}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('signInSettings.copied') : t('signInSettings.copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={t('signInSettings.copy')} size="lg">
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function ProviderCard({ provider }: { provider: TIdentityProvider }) {
  const { t } = useTranslation();
  const update = useUpdateProvider();
  const remove = useDeleteProvider();
  return (
    <Paper withBorder radius="md" p="md" data-testid="provider">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{provider.name}</Text>
              <Badge variant="light">{provider.type === 'GOOGLE' ? 'Google' : 'OIDC'}</Badge>
              {!provider.has_client_secret && (
                <Badge color="orange" variant="light">
                  {t('signInSettings.noSecret')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {provider.issuer} · {provider.client_id}
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
        <RedirectUri uri={provider.redirect_uri} />
        <Group justify="flex-end">
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

function ProviderForm({ onDone, hasGoogle }: { onDone: () => void; hasGoogle: boolean }) {
  const { t } = useTranslation();
  const create = useCreateProvider();
  const [type, setType] = useState<'OIDC' | 'GOOGLE'>('OIDC');
  const [name, setName] = useState('');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState<string[]>([]);
  const [provisioning, setProvisioning] = useState<'create' | 'existing'>('existing');
  const errors = create.error ? fieldErrorsOf(create.error) : null;
  const fieldError = (field: string) => {
    const entry = errors?.[field];
    return entry ? (entry.texts[0] ?? t('errors.saveFailed')) : undefined;
  };
  const failure = create.error && !errors ? (isHttpError(create.error) ? (create.error.detail ?? t('errors.saveFailed')) : t('errors.saveFailed')) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        type,
        name: type === 'GOOGLE' ? name.trim() || 'Google' : name.trim(),
        ...(type === 'OIDC' ? { issuer: issuer.trim() } : {}),
        client_id: clientId.trim(),
        ...(secret ? { client_secret: secret } : {}),
        domains,
        provisioning,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-label={t('signInSettings.add')}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <SegmentedControl
          value={type}
          onChange={(value) => setType(value as 'OIDC' | 'GOOGLE')}
          data={[
            { value: 'OIDC', label: 'OpenID Connect' },
            { value: 'GOOGLE', label: 'Google', disabled: hasGoogle },
          ]}
          aria-label={t('signInSettings.type')}
        />
        <TextInput label={t('signInSettings.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required={type === 'OIDC'} error={fieldError('name')} data-testid="provider-name" />
        {type === 'OIDC' && <TextInput label={t('signInSettings.issuer')} description={t('signInSettings.issuerHint')} placeholder="https://login.example.com" value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} required error={fieldError('issuer')} data-testid="provider-issuer" />}
        <TextInput label={t('signInSettings.clientId')} value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} required error={fieldError('client_id')} data-testid="provider-client-id" />
        <PasswordInput label={t('signInSettings.clientSecret')} description={t('signInSettings.clientSecretHint')} value={secret} onChange={(e) => setSecret(e.currentTarget.value)} autoComplete="off" data-testid="provider-secret" />
        <TagsInput label={t('signInSettings.domainsLabel')} description={t('signInSettings.domainsHint')} value={domains} onChange={setDomains} placeholder="empresa.cl" error={fieldError('domains')} data-testid="provider-domains" />
        <Select
          label={t('signInSettings.provisioningLabel')}
          value={provisioning}
          onChange={(value) => setProvisioning(value === 'create' ? 'create' : 'existing')}
          allowDeselect={false}
          data={[
            { value: 'existing', label: t('signInSettings.provisioning.existing') },
            { value: 'create', label: t('signInSettings.provisioning.create') },
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="save-provider">
            {t('signInSettings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
