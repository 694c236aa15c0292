import { Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/use-session.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { isDemoTenant } from '../../../shared/tenant/tenant.ts';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';
import { DemoAccounts } from './demo-accounts.tsx';
import { MethodButtons } from './method-buttons.tsx';
import { NoMethods } from './no-methods.tsx';
import { offeredMethods } from './offered-methods.ts';
import { SessionNotice } from './session-notice.tsx';
import { WorkspaceFinder } from './workspace-finder.tsx';
import { isRootDomainHost } from '@faena/domain/tenant-discovery';
import { PUBLIC_DOMAIN } from '../../../shared/config/build-info.ts';

/**
 * /login — where an unauthenticated user is sent: the tenant's branded start that leads to the
 * right method, and on the demo tenant one-click demo accounts.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const methods = offeredMethods(tenant);
  // Signed in here or in another tab (the sign-in is broadcast): on to the app.
  const session = useSession();
  if (session) return <Navigate to="/" replace />;

  return (
    <AuthLayout>
      <TenantBrand />
      <div>
        <Title order={1} fz={26}>
          {t('auth.login.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('auth.login.subtitle', { tenant: tenant.name })}
        </Text>
      </div>
      <SessionNotice />
      {methods.length === 0 ? (
        <NoMethods tenantName={tenant.name} />
      ) : (
        <MethodButtons methods={methods} onChoose={(method) => void navigate(method.type === 'MAGIC_LINK' ? '/sign-in?method=magic-link' : '/sign-in')} />
      )}
      {isRootDomainHost(window.location.host, PUBLIC_DOMAIN) && (
        <Stack gap="md">
          <Divider />
          <WorkspaceFinder />
        </Stack>
      )}
      {isDemoTenant(tenant) && (
        <Stack gap="md">
          <Divider label={t('auth.demo.divider')} labelPosition="center" />
          <DemoAccounts />
        </Stack>
      )}
      <Text size="sm" ta="center">
        {t('auth.login.firstTime')}{' '}
        <Anchor component={Link} to="/onboarding">
          {t('auth.login.discover')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
