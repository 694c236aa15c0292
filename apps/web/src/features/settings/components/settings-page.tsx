import { Button, Group, Stack } from '@mantine/core';
import { IconBell, IconBug, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { LanguageSelect } from '../../../shared/ui/language-select.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ImpersonateForm } from './impersonate-form.tsx';
import { InviteForm } from './invite-form.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SignInSection } from '../sign-in/sign-in-section.tsx';

/** Thrown on purpose by "simulate error" so the error page can be seen and tested. */
export class SimulatedError extends Error {
  override name = 'SimulatedError';
}

function Boom(): never {
  throw new SimulatedError('Simulated error from the Settings screen');
}

/** /settings (spec §2): language, simulate onboarding, create invite, simulate error. */
export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { ctx } = useAccessContext();
  const [crash, setCrash] = useState(false);
  const impersonating = session?.user.impersonator != null;

  return (
    <>
      {crash && <Boom />}
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Stack gap="lg">
        <SettingsSection id="settings-language" title={t('settings.language')}>
          <LanguageSelect />
        </SettingsSection>
        {canAccess(ACCESS.notifications, ctx) && (
          <SettingsSection id="settings-notifications" title={t('settings.notifications.title')} description={t('settings.notifications.description')}>
            <Button
              component={Link}
              to="/notifications#preferences"
              variant="default"
              leftSection={<IconBell size={16} />}
              style={{ alignSelf: 'flex-start' }}
              data-testid="notification-preferences-link"
            >
              {t('settings.notifications.open')}
            </Button>
          </SettingsSection>
        )}
        {canAccess(ACCESS.invite, ctx) && (
          <SettingsSection id="settings-invite" title={t('settings.invite.title')} description={t('settings.invite.description')}>
            <InviteForm />
          </SettingsSection>
        )}
        {canAccess(ACCESS.invite, ctx) && (
          <SettingsSection id="settings-sign-in" title={t('signInSettings.title')} description={t('signInSettings.description')}>
            <SignInSection />
          </SettingsSection>
        )}
        {canAccess(ACCESS.impersonate, ctx) && !impersonating && session && (
          <SettingsSection id="settings-impersonate" title={t('settings.impersonate.title')} description={t('settings.impersonate.description')}>
            <ImpersonateForm ownPersonEmail={session.user.email} />
          </SettingsSection>
        )}
        <SettingsSection id="settings-tools" title={t('settings.tools.title')} description={t('settings.tools.description')}>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRocket size={16} />} onClick={() => void navigate('/onboarding')} data-testid="simulate-onboarding">
              {t('settings.tools.onboarding')}
            </Button>
            <Button variant="default" color="red" leftSection={<IconBug size={16} />} onClick={() => setCrash(true)} data-testid="simulate-error">
              {t('settings.tools.error')}
            </Button>
          </Group>
        </SettingsSection>
      </Stack>
    </>
  );
}
