import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withLocales } from '../shared/i18n/bundles.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { createDoubleShiftDetector } from '../shared/lib/double-shift.ts';
import { useRememberAddress } from '../shared/navigation/last-address.ts';
import { backButtonAction, getPlatform } from '../shared/platform/platform.ts';
import { markFirstScreenShown } from './first-screen.ts';

const DebugPanel = lazy(() => withLocales(() => import('./debug/debug-panel.tsx'))().then((m) => ({ default: m.DebugPanel })));

/** Spec §2 Android back button (a no-op on the web: the platform never calls the handler). */
function useBackButton(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    const platform = getPlatform();
    return platform.onBackButton(() => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      const action = backButtonAction(location.pathname, index > 0);
      if (action === 'back') void navigate(-1);
      else if (action === 'home') void navigate('/');
      else
        void import('../shared/ui/modal.tsx')
          .then(({ confirm }) => confirm({ id: 'exit-app', title: t('exitApp.title'), message: t('exitApp.message'), confirmLabel: t('exitApp.confirm'), cancelLabel: t('common.cancel') }))
          .then((exit) => {
            if (exit) platform.exitApp();
          })
          .catch(() => undefined);
    });
  }, [location.pathname, navigate, t]);
}

/** Thin progress bar while a route's chunk or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return <div className="faena-nav-progress" role="progressbar" aria-label={t('common.loading')} />;
}

/** Wraps every screen: scroll restoration, the back button, the Shift-Shift debug view. */
export function RootLayout() {
  const [debugOpen, setDebugOpen] = useState(false);
  useBackButton();
  useRememberAddress();
  // The router renders this layout once the first route's chunk and texts are in: the first screen.
  useEffect(markFirstScreenShown, []);

  useEffect(() => {
    const onKeyDown = createDoubleShiftDetector(() => setDebugOpen((open) => !open));
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      {debugOpen && (
        <Suspense fallback={null}>
          <DebugPanel onClose={() => setDebugOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Shown while the first route's loader and chunk resolve. */
export function RouteFallback() {
  return <div className="faena-nav-progress" role="progressbar" aria-label={i18n.t('common.loading')} />;
}
