import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@faena/domain/email';
import { findWorkspaces } from '../federated.ts';
import { FailureAlert } from './failure-alert.tsx';

type Workspace = Awaited<ReturnType<typeof findWorkspaces>>['workspaces'][number];

/** On the root domain: the workspaces an address belongs to, or that none was found (issue 42 point 3). */
export function WorkspaceFinder() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [found, setFound] = useState<{ email: string; workspaces: Workspace[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError(t('validation.invalidEmail'));
      return;
    }
    setError(undefined);
    setBusy(true);
    setFailure(false);
    findWorkspaces(address)
      .then((answer) => setFound({ email: address, workspaces: answer.workspaces }))
      .catch(() => setFailure(true))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="sm" data-testid="workspace-finder">
      <Title order={2} fz={18}>
        {t('auth.workspaces.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.workspaces.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            data-testid="workspace-email"
          />
          <Button type="submit" size="md" fullWidth loading={busy} data-testid="workspace-find">
            {t('auth.workspaces.find')}
          </Button>
        </Stack>
      </form>
      <FailureAlert failure={failure ? { message: t('auth.errors.generic') } : null} />
      {found && found.workspaces.length === 0 && (
        <Text size="sm" role="status" data-testid="workspaces-none">
          {t('auth.workspaces.none', { email: found.email })}
        </Text>
      )}
      {found?.workspaces.map((workspace) => (
        <Card key={workspace.subdomain} withBorder padding="sm" data-testid="workspace">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <IconBuilding size={20} aria-hidden="true" />
              <div>
                <Text fw={600}>{workspace.name}</Text>
                <Text size="xs" c="dimmed">
                  {new URL(workspace.url).host}
                </Text>
              </div>
            </Group>
            <Anchor href={`${workspace.url}/sign-in?email=${encodeURIComponent(found.email)}`} fw={600}>
              {t('auth.workspaces.open')}
            </Anchor>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
