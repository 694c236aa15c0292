import { Badge, Code, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUILD_INFO } from '../../shared/config/build-info.ts';
import { weekStartFor } from '../../shared/lib/dates.ts';
import { useSiteConfig } from '../../shared/session/get-site-config.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { useTenant } from '../../shared/tenant/tenant-context.tsx';
import { signInMethodDisplayName } from '@faena/domain/sign-in-methods';
import { lazy, Suspense } from 'react';
import { debugLocales } from './locales/index.ts';

export const locales = [debugLocales];

const SseImplementationSetting = lazy(() => import('../../features/notifications/shell.tsx').then((m) => ({ default: m.SseImplementationSetting })));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Spec §2: Shift twice within 500 ms toggles this view — tenant, user, permissions, flags, build. */
export function DebugPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const session = useSession();
  const siteConfig = useSiteConfig();
  const flags = siteConfig.data?.feature_flags ?? tenant.featureFlags;

  return (
    <Modal opened onClose={onClose} title={t('debug.title')} size="lg">
      <Stack gap="lg" data-testid="debug-view">
        <Section title={t('debug.tenant')}>
          <Text size="sm">
            {tenant.name} · <Code>{tenant.subdomain}</Code> · <Code>{tenant.id}</Code>
          </Text>
          <Text size="sm">
            {t('debug.signInMethods')}: {tenant.signInMethods.map(signInMethodDisplayName).join(', ') || '—'}
          </Text>
          <Text size="sm">
            {t('debug.disabledModules')}: {(siteConfig.data?.disabled_modules ?? tenant.disabledModules).join(', ') || '—'}
          </Text>
        </Section>
        <Section title={t('debug.user')}>
          {session ? (
            <Text size="sm">
              {session.user.name} · {session.user.email} · <Code>{session.user.id}</Code> · {session.user.sign_in_method}
              {session.user.impersonator ? ` · ${t('debug.impersonatedBy', { name: session.user.impersonator.name })}` : ''}
            </Text>
          ) : (
            <Text size="sm">{t('debug.noSession')}</Text>
          )}
        </Section>
        <Section title={t('debug.permissions')}>
          <Group gap={6}>
            {siteConfig.data?.is_staff && <Badge color="grape">{t('debug.staff')}</Badge>}
            {(siteConfig.data?.permissions ?? []).map((key) => (
              <Badge key={key} variant="light" tt="none">
                {key}
              </Badge>
            ))}
            {!siteConfig.data && <Text size="sm">—</Text>}
          </Group>
        </Section>
        <Section title={t('debug.flags')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={2}>
            {Object.entries(flags).map(([name, on]) => (
              <Text key={name} size="xs" ff="monospace">
                {on ? '✔' : '✘'} {name}
              </Text>
            ))}
          </SimpleGrid>
        </Section>
        <Section title={t('notifications.devtools.title')}>
          <Suspense fallback={null}>
            <SseImplementationSetting />
          </Suspense>
        </Section>
        <Section title={t('debug.build')}>
          <Table withRowBorders={false} fz="sm" verticalSpacing={2}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('debug.version')}</Table.Th>
                <Table.Td>{BUILD_INFO.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('debug.environment')}</Table.Th>
                <Table.Td>
                  {BUILD_INFO.environment} ({BUILD_INFO.mode})
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('debug.commit')}</Table.Th>
                <Table.Td>
                  {BUILD_INFO.commit} · {BUILD_INFO.builtAt}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('debug.language')}</Table.Th>
                <Table.Td>
                  {i18n.language} · {t('debug.weekStart')} {weekStartFor(i18n.language === 'en' ? 'en-US' : i18n.language)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Section>
      </Stack>
    </Modal>
  );
}
