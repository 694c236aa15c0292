import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILD_INFO } from '../../../shared/config/build-info.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { FaenaMark, Logo } from '../../../shared/ui/logo.tsx';
import classes from './auth.module.css';

/** The tenant's brand: its logo when it has one, else the Faena mark, with its name. */
export function TenantBrand() {
  const tenant = useTenant();
  return (
    <Group gap="sm" wrap="nowrap" data-testid="tenant-brand">
      {tenant.logoUrl ? <Image src={tenant.logoUrl} alt="" h={40} w="auto" fit="contain" /> : <FaenaMark size={40} />}
      <div style={{ minWidth: 0 }}>
        <Text fw={700} fz="lg" lh={1.2} truncate>
          {tenant.name}
        </Text>
        <Text size="xs" c="dimmed">
          {tenant.subdomain}
        </Text>
      </div>
    </Group>
  );
}

/** Frame of the public sign-in screens: a brand panel on large screens, the card in front. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <aside className={classes.aside} aria-hidden="true">
        <Logo size={36} />
        <div>
          <p className={classes.asideTitle}>{t('auth.aside.title')}</p>
          <ul className={classes.asideList}>
            {(['one', 'two', 'three'] as const).map((key) => (
              <li key={key}>
                <IconCircleCheckFilled size={22} />
                {t(`auth.aside.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <Text size="sm" c="#0b211c">
          Faena {t('shell.version', { version: BUILD_INFO.version })}
        </Text>
      </aside>
      <main className={classes.main}>
        <Paper className={classes.card} maw={wide ? 34 * 16 : undefined} withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">{children}</Stack>
        </Paper>
        <div className={classes.footer}>Faena {t('shell.version', { version: BUILD_INFO.version })}</div>
      </main>
    </div>
  );
}
