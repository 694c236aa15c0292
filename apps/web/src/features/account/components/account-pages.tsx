import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconLogout, IconPencil, IconRefresh, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone } from '@faena/domain/phones';
import { parseSignInMethod } from '@faena/domain/sign-in-methods';
import { signInMethodDisplayName } from '@faena/domain/sign-in-methods';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { isNotFound } from '../../../shared/api/http-error.ts';
import { ME, PersonTeam } from '../../../shared/directory/person-team.tsx';
import { usePersonTeam } from '../../../shared/directory/directory-api.ts';
import { Section } from '../../../shared/directory/section.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { useSignOut } from '../../../shared/session/use-sign-out.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { LanguageSelect } from '../../../shared/ui/language-select.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { useMyRecord } from '../api/my-record.ts';

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

/** The caller's own place in the organisation, from their record in the directory: what they hold, where, and who is above and below them. */
function MyPlace() {
  const { t } = useTranslation();
  const { ctx } = useAccessContext();
  const record = useMyRecord();
  // asked beside the record, not after it: the same request the team card below makes (an
  // answer about a caller without a position is empty, and the card does not show it)
  usePersonTeam(ME);
  if (record.isPending) return <Loader size="sm" aria-label={t('account.place.loading')} />;
  // an account outside the directory (none in a tenant's own data) has no place to show
  if (record.isError) return isNotFound(record.error) ? null : <Alert color="red">{t('account.place.loadFailed')}</Alert>;
  const me = record.data;
  const listed = (names: string[]) =>
    names.length > 0 ? (
      names.join(', ')
    ) : (
      <Text span c="dimmed">
        {t('account.place.none')}
      </Text>
    );
  return (
    <>
      <Section
        title={t('account.place.title')}
        icon={<IconBuildingCommunity size={18} aria-hidden />}
        testId="profile-place"
        action={
          canAccess(ACCESS.people, ctx) && (
            <Button component={Link} to={`/people/${me.id}`} variant="subtle" size="compact-sm" data-testid="profile-record">
              {t('account.place.record')}
            </Button>
          )
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={t('account.place.positions')}>{listed(me.positions.map((position) => position.title))}</Field>
          <Field label={t('account.place.workspaces')}>{listed(me.workspaces.map((place) => place.name))}</Field>
          {!ctx.disabledModules.includes('business_line') && <Field label={t('account.place.businessLines')}>{listed(me.business_lines.map((line) => line.name))}</Field>}
          {!ctx.disabledModules.includes('company') && me.company && <Field label={t('account.place.company')}>{me.company.name}</Field>}
          <Field label={t('account.place.phones')}>{listed(me.phones.map((phone) => formatPhone(phone.number)))}</Field>
        </SimpleGrid>
      </Section>
      <PersonTeam personId={ME} positionId={me.positions[0]?.id ?? null} />
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
      <Stack gap="md" mt="md">
        <MyPlace />
      </Stack>
    </>
  );
}
