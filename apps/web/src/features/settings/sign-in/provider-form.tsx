import { ActionIcon, Alert, Button, Checkbox, Group, Paper, PasswordInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreateIdentityProviderRequest, TIdentityProvider, TProviderType, TUpdateIdentityProviderRequest } from '@faena/contracts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { RemoteMultiSelect } from '../../../shared/ui/remote-select.tsx';
import { POSITIONS_SOURCE, useCreateProvider, useUpdateProvider } from './identity-providers.ts';

interface GroupRow {
  key: number;
  group: string;
  positions: string[];
}

let rowKey = 0;
const rowsOf = (mapping: Record<string, string[]> | undefined): GroupRow[] => Object.entries(mapping ?? {}).map(([group, positions]) => ({ key: ++rowKey, group, positions }));

/**
 * A provider's form (decision 029): new (any type) or an existing one (its type stays). The client
 * secret is write-only: left blank it is kept. SAML takes the IdP's metadata by address (fetched by
 * the server through safe-fetch) or pasted; left as it was, it is kept.
 */
export function ProviderForm({ provider, hasGoogle, onDone }: { provider?: TIdentityProvider; hasGoogle: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProvider();
  const update = useUpdateProvider({ silent: true });
  const mutation = provider ? update : create;
  const [type, setType] = useState<TProviderType>(provider?.type ?? 'OIDC');
  const [name, setName] = useState(provider?.name ?? '');
  const [issuer, setIssuer] = useState(provider?.type === 'OIDC' ? provider.issuer : '');
  const [clientId, setClientId] = useState(provider?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [source, setSource] = useState<'url' | 'xml'>(provider?.saml && !provider.saml.idp_metadata_url ? 'xml' : 'url');
  const [metadataUrl, setMetadataUrl] = useState(provider?.saml?.idp_metadata_url ?? '');
  const [metadataXml, setMetadataXml] = useState('');
  const [refetch, setRefetch] = useState(false);
  // SAML switches; a new provider's signing left untouched follows the IdP's metadata (WantAuthnRequestsSigned).
  const [signRequests, setSignRequests] = useState<boolean | null>(provider?.saml ? provider.saml.sign_requests : null);
  const [allowIdpInitiated, setAllowIdpInitiated] = useState(provider?.saml?.allow_idp_initiated ?? false);
  const [domains, setDomains] = useState<string[]>(provider?.domains ?? []);
  const [provisioning, setProvisioning] = useState<'create' | 'existing'>(provider?.provisioning ?? 'existing');
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [defaults, setDefaults] = useState<string[]>(provider?.default_position_ids ?? []);
  const [claims, setClaims] = useState({ name: provider?.mapping.name ?? 'name', email: provider?.mapping.email ?? 'email', groups: provider?.mapping.groups ?? 'groups' });
  const [groups, setGroups] = useState<GroupRow[]>(() => rowsOf(provider?.mapping.group_positions));

  const errors = mutation.error ? fieldErrorsOf(mutation.error) : null;
  const fieldError = (...fields: string[]) => {
    const entry = fields.map((field) => errors?.[field]).find(Boolean);
    return entry ? (entry.texts[0] ?? t('errors.saveFailed')) : undefined;
  };
  const failure = mutation.error && !errors ? (isHttpError(mutation.error) ? (mutation.error.detail ?? t('errors.saveFailed')) : t('errors.saveFailed')) : null;
  const otherErrors = errors ? Object.entries(errors).filter(([field]) => !['name', 'issuer', 'client_id', 'domains', 'idp_metadata_xml', 'idp_metadata_url'].some((f) => field.startsWith(f))) : [];

  const mapping = {
    ...claims,
    group_positions: Object.fromEntries(groups.filter((row) => row.group.trim() && row.positions.length > 0).map((row) => [row.group.trim(), row.positions])),
  };
  const metadata = (): Pick<TCreateIdentityProviderRequest, 'idp_metadata_url' | 'idp_metadata_xml' | 'sign_requests' | 'allow_idp_initiated'> => ({
    ...metadataSource(),
    ...(signRequests !== null ? { sign_requests: signRequests } : {}),
    allow_idp_initiated: allowIdpInitiated,
  });
  const metadataSource = (): Pick<TCreateIdentityProviderRequest, 'idp_metadata_url' | 'idp_metadata_xml'> => {
    if (source === 'xml') return metadataXml.trim() ? { idp_metadata_xml: metadataXml } : {};
    const changed = metadataUrl.trim() !== (provider?.saml?.idp_metadata_url ?? '');
    return metadataUrl.trim() && (!provider || changed || refetch) ? { idp_metadata_url: metadataUrl.trim() } : {};
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const common = { domains, provisioning, enabled, default_position_ids: defaults, mapping };
    if (provider) {
      const input: TUpdateIdentityProviderRequest & { id: string } = {
        id: provider.id,
        ...common,
        name: name.trim() || provider.name,
        ...(type === 'OIDC' ? { issuer: issuer.trim() } : {}),
        ...(type !== 'SAML' ? { client_id: clientId.trim() } : {}),
        ...(type !== 'SAML' && secret ? { client_secret: secret } : {}),
        ...(type === 'SAML' ? metadata() : {}),
      };
      update.mutate(input, { onSuccess: onDone });
      return;
    }
    create.mutate(
      {
        ...common,
        type,
        name: type === 'GOOGLE' ? name.trim() || 'Google' : name.trim(),
        ...(type === 'OIDC' ? { issuer: issuer.trim() } : {}),
        ...(type !== 'SAML' ? { client_id: clientId.trim() } : {}),
        ...(type !== 'SAML' && secret ? { client_secret: secret } : {}),
        ...(type === 'SAML' ? metadata() : {}),
      },
      { onSuccess: onDone },
    );
  };
  const setRow = (key: number, change: Partial<GroupRow>) => setGroups((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={provider ? t('signInSettings.editTitle', { name: provider.name }) : t('signInSettings.add')}
      data-testid="provider-form"
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        {otherErrors.length > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {otherErrors.flatMap(([, entry]) => entry.texts).join(' ')}
          </Alert>
        )}
        {!provider && (
          <SegmentedControl
            value={type}
            onChange={(value) => setType(value as TProviderType)}
            data={[
              { value: 'OIDC', label: 'OpenID Connect' },
              { value: 'SAML', label: 'SAML 2.0' },
              { value: 'GOOGLE', label: 'Google', disabled: hasGoogle },
            ]}
            aria-label={t('signInSettings.type')}
            fullWidth
          />
        )}
        <TextInput
          label={t('signInSettings.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required={type !== 'GOOGLE'}
          error={fieldError('name', 'slug')}
          data-testid="provider-name"
        />
        {type === 'OIDC' && (
          <TextInput
            label={t('signInSettings.issuer')}
            description={t('signInSettings.issuerHint')}
            placeholder="https://login.example.com"
            value={issuer}
            onChange={(e) => setIssuer(e.currentTarget.value)}
            required
            error={fieldError('issuer')}
            data-testid="provider-issuer"
          />
        )}
        {type !== 'SAML' && (
          <>
            <TextInput
              label={t('signInSettings.clientId')}
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              required
              error={fieldError('client_id')}
              data-testid="provider-client-id"
            />
            <PasswordInput
              label={t('signInSettings.clientSecret')}
              description={provider?.has_client_secret ? t('signInSettings.clientSecretKeep') : t('signInSettings.clientSecretHint')}
              placeholder={provider?.has_client_secret ? '••••••••' : undefined}
              value={secret}
              onChange={(e) => setSecret(e.currentTarget.value)}
              autoComplete="new-password"
              data-testid="provider-secret"
            />
          </>
        )}
        {type === 'SAML' && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('signInSettings.metadata')}
            </Text>
            <SegmentedControl
              value={source}
              onChange={(value) => setSource(value === 'xml' ? 'xml' : 'url')}
              data={[
                { value: 'url', label: t('signInSettings.metadataByUrl') },
                { value: 'xml', label: t('signInSettings.metadataPasted') },
              ]}
              aria-label={t('signInSettings.metadata')}
            />
            {source === 'url' ? (
              <>
                <TextInput
                  label={t('signInSettings.metadataUrl')}
                  description={t('signInSettings.metadataUrlHint')}
                  placeholder="https://login.example.com/saml/metadata"
                  value={metadataUrl}
                  onChange={(e) => setMetadataUrl(e.currentTarget.value)}
                  error={fieldError('idp_metadata_url', 'idp_metadata_xml')}
                  data-testid="provider-metadata-url"
                />
                {provider?.saml?.idp_metadata_url && <Checkbox label={t('signInSettings.metadataRefetch')} checked={refetch} onChange={(e) => setRefetch(e.currentTarget.checked)} />}
              </>
            ) : (
              <Textarea
                label={t('signInSettings.metadataXml')}
                description={provider ? t('signInSettings.metadataXmlKeep') : undefined}
                placeholder={'<md:EntityDescriptor …>'}
                value={metadataXml}
                onChange={(e) => setMetadataXml(e.currentTarget.value)}
                autosize
                minRows={3}
                maxRows={10}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                error={fieldError('idp_metadata_xml', 'idp_metadata_url')}
                data-testid="provider-metadata-xml"
              />
            )}
            <Switch
              mt="xs"
              checked={signRequests ?? false}
              onChange={(e) => setSignRequests(e.currentTarget.checked)}
              label={t('signInSettings.signRequests')}
              description={signRequests === null ? t('signInSettings.signRequestsDefault') : t('signInSettings.signRequestsHint')}
              data-testid="provider-sign-requests"
            />
            <Switch
              checked={allowIdpInitiated}
              onChange={(e) => setAllowIdpInitiated(e.currentTarget.checked)}
              label={t('signInSettings.allowIdpInitiated')}
              description={t('signInSettings.allowIdpInitiatedHint')}
              data-testid="provider-allow-idp-initiated"
            />
          </Stack>
        )}
        <TagsInput
          label={t('signInSettings.domainsLabel')}
          description={t('signInSettings.domainsHint')}
          value={domains}
          onChange={setDomains}
          placeholder="empresa.cl"
          error={fieldError('domains')}
          data-testid="provider-domains"
        />
        <Select
          label={t('signInSettings.provisioningLabel')}
          value={provisioning}
          onChange={(value) => setProvisioning(value === 'create' ? 'create' : 'existing')}
          allowDeselect={false}
          data={[
            { value: 'existing', label: t('signInSettings.provisioning.existing') },
            { value: 'create', label: t('signInSettings.provisioning.create') },
          ]}
          data-testid="provider-provisioning"
        />
        {provisioning === 'create' && (
          <RemoteMultiSelect
            source={POSITIONS_SOURCE}
            label={t('signInSettings.defaultPositions')}
            description={t('signInSettings.defaultPositionsHint')}
            value={defaults}
            onChange={setDefaults}
            error={fieldError('default_position_ids')}
          />
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('signInSettings.mapping')}
          </Text>
          <Text size="xs" c="dimmed">
            {type === 'SAML' ? t('signInSettings.mappingHintSaml') : t('signInSettings.mappingHint')}
          </Text>
          <Group grow align="flex-start" gap="xs" wrap="wrap">
            <TextInput label={t('signInSettings.claimEmail')} value={claims.email} onChange={(e) => setClaims({ ...claims, email: e.currentTarget.value })} miw={140} />
            <TextInput label={t('signInSettings.claimName')} value={claims.name} onChange={(e) => setClaims({ ...claims, name: e.currentTarget.value })} miw={140} />
            <TextInput label={t('signInSettings.claimGroups')} value={claims.groups} onChange={(e) => setClaims({ ...claims, groups: e.currentTarget.value })} miw={140} />
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('signInSettings.groupPositions')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('signInSettings.groupPositionsHint')}
          </Text>
          {groups.map((row) => (
            // a phone puts the group above its positions; a wide screen keeps them on one line
            <Group key={row.key} align="flex-end" gap="xs" wrap="wrap">
              <TextInput label={t('signInSettings.group')} value={row.group} onChange={(e) => setRow(row.key, { group: e.currentTarget.value })} style={{ flex: '1 1 160px', minWidth: 0 }} />
              <div style={{ flex: '2 1 200px', minWidth: 0 }}>
                <RemoteMultiSelect source={POSITIONS_SOURCE} label={t('signInSettings.positions')} value={row.positions} onChange={(positions) => setRow(row.key, { positions })} />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                onClick={() => setGroups((rows) => rows.filter((r) => r.key !== row.key))}
                aria-label={t('signInSettings.removeGroup', { group: row.group })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setGroups((rows) => [...rows, { key: ++rowKey, group: '', positions: [] }])}>
              {t('signInSettings.addGroup')}
            </Button>
          </Group>
        </Stack>
        <Switch checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} label={t('signInSettings.enabled')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="save-provider">
            {t('signInSettings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
