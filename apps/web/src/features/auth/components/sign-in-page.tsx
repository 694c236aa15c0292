import { Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/use-session.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';
import { MagicLinkRequestForm } from './magic-link-request-form.tsx';
import { MethodButtons } from './method-buttons.tsx';
import { NoMethods } from './no-methods.tsx';
import { offeredMethods } from './offered-methods.ts';
import { PasswordSignInForm } from './password-sign-in-form.tsx';
import { SessionNotice } from './session-notice.tsx';

/** /sign-in — exactly the tenant's offered methods (spec §5). */
export function SignInPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [params, setParams] = useSearchParams();
  const methods = offeredMethods(tenant);
  // Signed in here or in another tab (the sign-in is broadcast): on to the app.
  const session = useSession();
  if (session) return <Navigate to="/" replace />;
  const hasPassword = methods.some((m) => m.type === 'PASSWORD');
  const hasMagic = methods.some((m) => m.type === 'MAGIC_LINK');
  const current = params.get('method') === 'magic-link' && hasMagic ? 'MAGIC_LINK' : hasPassword ? 'PASSWORD' : hasMagic ? 'MAGIC_LINK' : null;
  const others = methods.filter((m) => m.type !== current);
  const email = params.get('email') ?? '';

  return (
    <AuthLayout>
      <TenantBrand />
      <Title order={1} fz={26}>
        {current === 'MAGIC_LINK' ? t('auth.magic.title') : t('auth.signInTitle')}
      </Title>
      <SessionNotice />
      {methods.length === 0 && <NoMethods tenantName={tenant.name} />}
      {current === 'PASSWORD' && <PasswordSignInForm initialEmail={email} />}
      {current === 'MAGIC_LINK' && <MagicLinkRequestForm initialEmail={email} />}
      {others.length > 0 && (
        <Stack gap="sm">
          {current && <Divider label={t('auth.orContinueWith')} labelPosition="center" />}
          <MethodButtons
            methods={others}
            onChoose={(method) => {
              const next = new URLSearchParams(params);
              if (method.type === 'MAGIC_LINK') next.set('method', 'magic-link');
              else next.delete('method');
              setParams(next, { replace: true });
            }}
          />
        </Stack>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/login" inline>
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden="true" />
          {t('auth.backToStart')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
