import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore } from './session.ts';
import { confirm } from '../ui/modal.tsx';
import { runBeforeSignOut } from './sign-out-hooks.ts';
import { takeEndSession } from './end-session.ts';
import { confirmSignOutWithPendingWork } from '../offline/pending-work.ts';

/**
 * Signs out (every tab follows). With unsent work on the device the person is asked first
 * (decision 031). Spec §8: before signing out of an OIDC or SAML session the user is warned that
 * the identity provider's session stays open.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    // unsent work stays on the device for this person only: said first (decision 031)
    if (!(await confirmSignOutWithPendingWork(t))) return;
    const method = sessionStore.getSnapshot()?.user.sign_in_method.toUpperCase() ?? '';
    if (method.startsWith('OIDC') || method.startsWith('SAML')) {
      const ok = await confirm({
        id: 'federated-sign-out',
        title: t('shell.signOut'),
        message: t('shell.federatedSignOut'),
        confirmLabel: t('shell.signOut'),
        cancelLabel: t('common.cancel'),
      }).catch(() => false);
      if (!ok) return;
    }
    const endSession = takeEndSession();
    await runBeforeSignOut();
    await sessionStore.signOut();
    // The provider's own sign-out, where it has one (decision 029): offered, never forced.
    if (endSession) {
      const alsoProvider = await confirm({
        id: 'provider-sign-out',
        title: t('shell.providerSignOutTitle'),
        message: t('shell.providerSignOut'),
        confirmLabel: t('shell.providerSignOutConfirm'),
        cancelLabel: t('shell.providerSignOutKeep'),
      }).catch(() => false);
      if (alsoProvider) {
        window.location.assign(endSession);
        return;
      }
    }
    await navigate('/login', { replace: true });
  }, [navigate, t]);
}
