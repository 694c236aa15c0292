import { Accordion, Alert, Badge, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBiConnection, TBiProvider } from '@faena/contracts';
import { BI_PROVIDERS } from '@faena/contracts/reports';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useBiConnections } from '../api/get-reports.ts';
import { useSaveConnection } from '../api/save-report.ts';

/** Which of the optional fields each tool uses (the labels say what each one is for that tool). */
const FIELDS: Record<TBiProvider, readonly ('client_id' | 'secret_id' | 'username' | 'version')[]> = {
  metabase: [],
  tableau: ['client_id', 'secret_id', 'username'],
  powerbi: ['client_id', 'secret_id', 'username'],
  superset: ['client_id', 'version'],
};

function ConnectionForm({ provider, current }: { provider: TBiProvider; current: TBiConnection | undefined }) {
  const { t } = useTranslation();
  const save = useSaveConnection();
  const [draft, setDraft] = useState({
    site_url: current?.site_url ?? '',
    allowed_hosts: current?.allowed_hosts.join(', ') ?? '',
    client_id: current?.client_id ?? '',
    secret_id: current?.secret_id ?? '',
    username: current?.username ?? '',
    tenant_param: current?.tenant_param ?? 'tenant_id',
    version: current?.version ?? '',
    secret: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const orNull = (value: string) => (value.trim() ? value.trim() : null);

  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        provider,
        input: {
          site_url: draft.site_url.trim(),
          allowed_hosts: draft.allowed_hosts.split(/[\s,]+/).filter(Boolean),
          client_id: orNull(draft.client_id),
          secret_id: orNull(draft.secret_id),
          username: orNull(draft.username),
          tenant_param: draft.tenant_param.trim() || 'tenant_id',
          version: orNull(draft.version),
          ...(draft.secret ? { secret: draft.secret } : {}),
        },
      });
      set('secret', '');
      toast.show(t('reports.bi.saved'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.texts.join(' ')])));
      else toast.error(t('reports.errors.save'));
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('reports.bi.siteUrl')}
        description={t(`reports.bi.siteHelp.${provider}`)}
        value={draft.site_url}
        onChange={(e) => set('site_url', e.currentTarget.value)}
        error={errors.site_url}
        required
      />
      <TextInput
        label={t('reports.bi.allowedHosts')}
        description={t('reports.bi.allowedHostsHelp')}
        value={draft.allowed_hosts}
        onChange={(e) => set('allowed_hosts', e.currentTarget.value)}
        error={errors.allowed_hosts}
      />
      {FIELDS[provider].map((field) => (
        <TextInput key={field} label={t(`reports.bi.fields.${provider}.${field}`)} value={draft[field]} onChange={(e) => set(field, e.currentTarget.value)} error={errors[field]} />
      ))}
      {(provider === 'metabase' || provider === 'superset') && (
        <TextInput label={t(`reports.bi.tenantParam.${provider}`)} value={draft.tenant_param} onChange={(e) => set('tenant_param', e.currentTarget.value)} error={errors.tenant_param} />
      )}
      <PasswordInput
        label={t(`reports.bi.secret.${provider}`)}
        description={current?.has_secret ? t('reports.bi.secretKept') : t('reports.bi.secretNone')}
        value={draft.secret}
        onChange={(e) => set('secret', e.currentTarget.value)}
        autoComplete="new-password"
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!draft.site_url.trim()}>
          {t('reports.admin.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The tenant's BI tools: where they live, which hosts reports may embed from, and their secrets (written, never shown). */
export function BiConnectionsPanel() {
  const { t } = useTranslation();
  const connections = useBiConnections();
  if (connections.isPending) return <Loader aria-label={t('reports.loading')} />;
  if (connections.isError) return <Alert color="red">{t('reports.errors.list')}</Alert>;
  const byProvider = new Map(connections.data.results.map((c) => [c.provider, c]));
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('reports.bi.help')}
      </Text>
      <Accordion variant="separated" radius="md">
        {BI_PROVIDERS.map((provider) => {
          const current = byProvider.get(provider);
          return (
            <Accordion.Item key={provider} value={provider}>
              <Accordion.Control>
                <Group gap="sm">
                  <Text fw={600}>{t(`reports.kind.${provider}`)}</Text>
                  <Badge variant="light" color={current?.has_secret ? 'teal' : current ? 'orange' : 'gray'}>
                    {current?.has_secret ? t('reports.bi.ready') : current ? t('reports.bi.noSecret') : t('reports.bi.notConfigured')}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ConnectionForm provider={provider} current={current} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
