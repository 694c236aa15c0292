import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSignInSettings } from '@faena/contracts';
import { useProviders, useSaveSignInSettings, useSignInSettings } from './identity-providers.ts';
import { ProviderCard } from './provider-card.tsx';
import { ProviderForm } from './provider-form.tsx';

const SWITCHABLE = ['PASSWORD', 'MAGIC_LINK', 'GOOGLE'] as const;

/**
 * Settings → sign-in (MANAGE_PEOPLE, decision 029): which of password, magic link and Google the
 * organisation offers, and its identity providers (OIDC, Google or SAML) with what to register at
 * each (redirect URI, or ACS and entity id), the domains it serves, whether it creates members and
 * with which positions; each can be edited in place.
 */
export function SignInSection() {
  const { t } = useTranslation();
  const settings = useSignInSettings();
  const providers = useProviders();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const hasGoogle = providers.data?.some((p) => p.type === 'GOOGLE') ?? false;
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
        {providers.data?.map((provider) =>
          editing === provider.id ? (
            <ProviderForm key={provider.id} provider={provider} hasGoogle={hasGoogle} onDone={() => setEditing(null)} />
          ) : (
            <ProviderCard key={provider.id} provider={provider} onEdit={() => setEditing(provider.id)} />
          ),
        )}
        {adding ? (
          <ProviderForm onDone={() => setAdding(false)} hasGoogle={hasGoogle} />
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
