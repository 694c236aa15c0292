import { Button, Group, List, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconDeviceMobile, IconLayoutDashboard, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';

const STEPS = [
  { key: 'welcome', icon: IconRocket },
  { key: 'daily', icon: IconLayoutDashboard },
  { key: 'mobile', icon: IconDeviceMobile },
  { key: 'notifications', icon: IconBell },
] as const;

/** /onboarding — a short tour of what the app does; also reachable from Settings ("simulate onboarding"). */
export function OnboardingPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const last = active === STEPS.length - 1;
  const finish = () => void navigate('/', { replace: true });
  const step = STEPS[active]!;
  const Icon = step.icon;

  return (
    <AuthLayout>
      <TenantBrand />
      <Stepper active={active} onStepClick={setActive} size="xs" allowNextStepsSelect={false} aria-label={t('onboarding.progress')}>
        {STEPS.map((s) => (
          <Stepper.Step key={s.key} aria-label={t(`onboarding.${s.key}.title`)} />
        ))}
      </Stepper>
      <Stack gap="sm" mih={220} aria-live="polite" data-testid="onboarding-step">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
          <Icon size={28} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t(`onboarding.${step.key}.title`, { tenant: tenant.name })}
        </Title>
        <Text c="dimmed">{t(`onboarding.${step.key}.body`, { tenant: tenant.name })}</Text>
        {step.key === 'daily' && (
          <List size="sm" spacing={4}>
            <List.Item>{t('onboarding.daily.menu')}</List.Item>
            <List.Item>{t('onboarding.daily.search')}</List.Item>
            <List.Item>{t('onboarding.daily.profile')}</List.Item>
          </List>
        )}
      </Stack>
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={active === 0 ? finish : () => setActive(active - 1)}>
          {active === 0 ? t('onboarding.skip') : t('common.back')}
        </Button>
        <Button onClick={last ? finish : () => setActive(active + 1)} data-testid="onboarding-next">
          {last ? t('onboarding.start') : t('common.next')}
        </Button>
      </Group>
    </AuthLayout>
  );
}
