import { replace, type LoaderFunction, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { sessionStore } from '../shared/session/session.ts';
import { rememberReturn, takeReturn } from '../shared/navigation/return-after-sign-in.ts';
import { withChunkReload } from '../shared/lib/chunk-failure.ts';
import { chunkEnv, lazyComponent, page } from './lazy-route.ts';
import { RootLayout, RouteFallback } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// One lazily loaded module per business area: each is its own chunk. The signed-in screens are in
// protected-routes.tsx, a chunk patched in on the first navigation into the app.
const auth = () => import('../features/auth/routes.tsx');
const authLinks = () => import('../features/auth/link-routes.tsx');
const reports = () => import('../features/reports/routes.tsx');
const workflows = () => import('../features/workflows/routes.tsx');
const assets = () => import('../features/assets/routes.tsx');
const shell = () => import('./shell/app-layout.tsx');

/**
 * Spec §2: an unauthenticated user is sent to /login, replacing the history entry. The address is
 * kept, so that signing in brings the person back to it (a deep link survives /login).
 */
export const requireSession: LoaderFunction = ({ request }) => {
  if (!sessionStore.getSnapshot()) {
    rememberReturn(new URL(request.url));
    throw replace('/login');
  }
  return null;
};

/** '/' is home when signed in (or the address a sign-in interrupted), the sign-in entry otherwise. */
export const indexLoader: LoaderFunction = () => {
  throw replace(sessionStore.getSnapshot() ? (takeReturn() ?? '/home') : '/login');
};

/** The sign-in screens make no sense with a session: go home. */
const signedOutOnly: LoaderFunction = () => {
  if (sessionStore.getSnapshot()) throw replace('/');
  return null;
};

/** Where the signed-in screens go: patched in by the router (routerOptions) when first needed. */
const SCREENS_ROUTE_ID = 'protected-screens';

/**
 * Every route of spec §2: the public ones here, the signed-in screens (protected-routes.tsx) under
 * the shell once the first navigation into the app has loaded them.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: indexLoader, Component: RouteFallback },

      // Public
      { path: 'login', loader: signedOutOnly, ...page(auth, 'LoginRoute') },
      { path: 'sign-in', loader: signedOutOnly, ...page(auth, 'SignInRoute') },
      { path: 'from-magic-link', ...page(authLinks, 'FromMagicLinkRoute') },
      { path: 'from-invite', ...page(authLinks, 'FromInviteRoute') },
      { path: 'forgot-password', loader: signedOutOnly, ...page(authLinks, 'ForgotPasswordRoute') },
      { path: 'reset-password', ...page(authLinks, 'ResetPasswordRoute') },
      { path: 'onboarding', ...page(authLinks, 'OnboardingRoute') },
      { path: 'reports/:public_id', ...page(reports, 'PublicReportRoute') },
      { path: 'public/workflows/:workflowType/:workflowId/start-execution/:bpmnId', ...page(workflows, 'PublicWorkflowStartRoute') },
      { path: 'public/workflows/:workflowType/by-group/:wfGroupId/start-execution/:bpmnId', ...page(workflows, 'PublicWorkflowStartRoute') },
      { path: 'public/workflows/track/:code', ...page(workflows, 'PublicWorkflowTrackRoute') },
      { path: 'public/assets/:labelToken', ...page(assets, 'PublicAssetRoute') },

      // Protected: the shell, then the screens (errors inside a screen keep the shell around them)
      {
        id: 'protected',
        loader: requireSession,
        lazy: lazyComponent(shell, 'AppLayout'),
        children: [{ id: SCREENS_ROUTE_ID, ErrorBoundary: RouteError, children: [] }],
      },

      { path: '*', lazy: lazyComponent(() => import('./not-found-route.tsx'), 'NotFoundRoute') },
    ],
  },
];

const loadProtectedRoutes = withChunkReload(() => import('./protected-routes.tsx'), chunkEnv);

/**
 * The router asks when an address matches no route yet, or only a route with parameters (here the
 * not-found splat): the signed-in screens are loaded and patched in once per router, then every
 * address resolves as if the table had been whole from the start. A chunk that fails to load
 * follows the reload-once rule, then shows the error page.
 */
export function routerOptions(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let patched = false;
  return {
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const { protectedRoutes } = await loadProtectedRoutes();
      // An interrupted navigation's patch is ignored by the router: the next one patches.
      if (patched || signal.aborted) return;
      patch(SCREENS_ROUTE_ID, protectedRoutes);
      patched = true;
    },
  };
}
