import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SettingsSection } from './components/settings-section.tsx';
import { InviteForm } from './components/invite-form.tsx';
import { settingsLocales } from './locales/index.ts';
import { signInSettingsLocales } from './sign-in/locales/index.ts';

export const locales = [settingsLocales, signInSettingsLocales];

export { SettingsPage as SettingsRoute } from './components/settings-page.tsx';

/** /invite — the invitation form on its own page. */
export function InviteRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.invite.title')} description={t('settings.invite.description')} />
      <SettingsSection id="invite-form" title={t('settings.invite.newInvite')}>
        <InviteForm />
      </SettingsSection>
    </>
  );
}
