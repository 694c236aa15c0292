import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout, IconPencil, IconRefresh, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseSignInMethod } from '@faena/domain/sign-in-methods';
import { signInMethodDisplayName } from '@faena/domain/sign-in-methods';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { useSignOut } from '../../../shared/session/use-sign-out.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { LanguageSelect } from '../../../shared/ui/language-select.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

function useMethodLabel(raw: string | undefined): string {
  const { t } = useTranslation();
  if (!raw) return '—';
  const method = parseSignInMethod(raw);
  if (method.type === 'UNKNOWN') return raw === 'INVITE' || raw === 'IMPERSONATION' ? t(`account.method.${raw}`) : t('auth.methods.UNKNOWN');
  if (method.type === 'SAML' || method.type === 'OIDC') return signInMethodDisplayName(method);
  return t(`auth.methods.${method.type}`);
}

/** /my-account — who is signed in, where, how; language; sign out. */
export function MyAccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const tenant = useTenant();
  const signOut = useSignOut();
  const method = useMethodLabel(session?.user.sign_in_method);
  if (!session) return null;
  const { user } = session;
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <UserAvatar name={user.name} picture={user.picture} size={64} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ flex: 1 }}>
              <Field label={t('account.name')}>{user.name}</Field>
              <Field label={t('auth.email')}>{user.email}</Field>
              <Field label={t('account.organization')}>{tenant.name}</Field>
              <Field label={t('account.signInMethod')}>{method}</Field>
              <Field label={t('account.lastSignIn')}>{formatDateTime(user.last_sign_in_time)}</Field>
              <Field label={t('account.sessionSince')}>{formatDateTime(new Date(session.signedInAt))}</Field>
            </SimpleGrid>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <LanguageSelect />
        </Paper>
        <Group gap="sm">
          <Button component={Link} to="/profile" variant="default" leftSection={<IconUser size={16} />}>
            {t('account.profile')}
          </Button>
          <Button component={Link} to="/sync" variant="default" leftSection={<IconRefresh size={16} />}>
            {t('shell.sync')}
          </Button>
          <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

/** /profile — the person's public profile, with edit when the flag allows. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const tenant = useTenant();
  const { ctx } = useAccessContext();
  if (!session) return null;
  const { user } = session;
  return (
    <>
      <PageHeader
        title={t('account.profile')}
        actions={
          canAccess(ACCESS.profileEditing, ctx) && (
            <Button component={Link} to="/profile/edit" leftSection={<IconPencil size={16} />}>
              {t('shell.editProfile')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center">
          <UserAvatar name={user.name} picture={user.picture} size={96} />
          <Title order={2} fz={22}>
            {user.name}
          </Title>
          <Text c="dimmed">{user.email}</Text>
          <Text size="sm">{tenant.name}</Text>
        </Stack>
      </Paper>
    </>
  );
}
