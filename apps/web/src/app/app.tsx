import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { overlaysRequested, requestOverlays, subscribeOverlayRequests } from '../shared/ui/overlay-gate.ts';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Tenant } from '../shared/tenant/tenant.ts';
import { TenantProvider } from '../shared/tenant/tenant-context.tsx';
import { afterFirstScreen } from './first-screen.ts';
import { routerOptions, routes } from './routes.tsx';
import { cssVariablesResolver, useLocalisedTheme } from './theme.ts';

/** Providers every screen needs, also the boot-time screens (config error, tenant not found). */
const Overlays = lazy(() => import('./overlays.tsx').then((m) => ({ default: m.Overlays })));

export function BaseProviders({ children }: { children: ReactNode }) {
  // The modal and toast containers load once the first screen is there; whatever was opened
  // before shows as soon as they mount.
  const overlays = useSyncExternalStore(subscribeOverlayRequests, overlaysRequested, overlaysRequested);
  useEffect(() => afterFirstScreen(() => void requestOverlays()), []);
  const named = useLocalisedTheme();
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
      {overlays && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
    </MantineProvider>
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes, routerOptions());
}

export function App({ tenant, queryClient, router }: { tenant: Tenant; queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <BaseProviders>
      <QueryClientProvider client={queryClient}>
        <TenantProvider tenant={tenant}>
          <RouterProvider router={router} />
        </TenantProvider>
      </QueryClientProvider>
    </BaseProviders>
  );
}
