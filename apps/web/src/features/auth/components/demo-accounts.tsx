import { Avatar, Code, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { initials } from '../../../shared/ui/user-avatar.tsx';
import { useSignInWithPassword } from '../api/sign-in-with-password.ts';
import { FailureAlert } from './failure-alert.tsx';
import { signInErrorMessage } from './sign-in-error.ts';
import classes from './demo-accounts.module.css';

/** The demo tenant's accounts (README; password faena-demo), for one-click sign-in on /login. */
export const DEMO_PASSWORD = 'faena-demo';
export const DEMO_ACCOUNTS = [
  { email: 'admin@faena.test', name: 'Administración Faena', roleKey: 'admin' },
  { email: 'supervisora@faena.test', name: 'Camila Rojas', roleKey: 'supervisor' },
  { email: 'operario@faena.test', name: 'Matías González', roleKey: 'worker' },
  { email: 'rrhh@faena.test', name: 'Valentina Muñoz', roleKey: 'hr' },
  { email: 'inactivo@faena.test', name: 'Jorge Soto', roleKey: 'disabled' },
] as const;

export function DemoAccounts() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const signIn = useSignInWithPassword();
  const failure = signIn.error ? signInErrorMessage(signIn.error, t, tenant.name) : null;

  return (
    <Stack gap="xs" data-testid="demo-accounts">
      <div>
        <Title order={2} fz="md">
          {t('auth.demo.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('auth.demo.hint')} <Code style={{ whiteSpace: 'nowrap' }}>{DEMO_PASSWORD}</Code>
        </Text>
      </div>
      <FailureAlert failure={failure} testId="sign-in-error" />
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {DEMO_ACCOUNTS.map((account) => {
          const pending = signIn.isPending && signIn.variables?.email === account.email;
          return (
            <li key={account.email}>
              <UnstyledButton
                className={classes.account}
                disabled={signIn.isPending}
                aria-busy={pending}
                onClick={() => signIn.mutate({ email: account.email, password: DEMO_PASSWORD }, { onSuccess: () => void navigate('/', { replace: true }) })}
                data-testid={`demo-${account.email.split('@')[0]}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" color="faena" variant="light" aria-hidden="true">
                    {initials(account.name)}
                  </Avatar>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {t(`auth.demo.roles.${account.roleKey}`)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {account.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {account.email}
                    </Text>
                  </div>
                  <Text size="xs" c="faena.8" fw={600} aria-hidden="true" visibleFrom="xs">
                    {pending ? t('common.loading') : t('auth.demo.enter')}
                  </Text>
                  <IconChevronRight size={16} aria-hidden="true" />
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
