import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { useLocalisedTheme } from '../app/theme.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import type { Tenant } from '../shared/tenant/tenant.ts';
import { TenantProvider } from '../shared/tenant/tenant-context.tsx';
import { markOverlaysReady } from '../shared/ui/overlay-gate.ts';

// The test providers mount the modal and toast containers directly.
markOverlaysReady();

export function testTenant(over: Partial<Tenant> = {}): Tenant {
  return {
    id: 't1',
    name: 'Faena Demo',
    subdomain: 'demo',
    logoUrl: '',
    firebaseTenantId: null,
    signInMethods: [{ type: 'PASSWORD' }, { type: 'GOOGLE' }],
    disabledModules: [],
    whiteLabel: {},
    featureFlags: { ...ALL_FLAGS_ON, magic_link: false },
    passwordPolicy: { minLength: 6 },
    supportEmail: null,
    brandColor: null,
    ...over,
  };
}

export function Providers({ children, tenant = testTenant(), client }: { children: ReactElement; tenant?: Tenant; client?: QueryClient }) {
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <MantineProvider theme={useLocalisedTheme()} env="test">
      <ModalsProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <TenantProvider tenant={tenant}>{children}</TenantProvider>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  );
}

/** Renders routes in a memory router (with the given router options, e.g. the app's), inside every provider the app has. */
export async function renderRoutes(
  routes: RouteObject[],
  { path = '/', tenant, options, client }: { path?: string; tenant?: Tenant; options?: Omit<NonNullable<Parameters<typeof createMemoryRouter>[1]>, 'initialEntries'>; client?: QueryClient } = {},
) {
  await initI18n('es');
  const router = createMemoryRouter(routes, { ...options, initialEntries: [path] });
  const view = render(
    <Providers tenant={tenant} client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

export async function renderWithProviders(ui: ReactElement, { tenant }: { tenant?: Tenant } = {}) {
  await initI18n('es');
  return render(<Providers tenant={tenant}>{ui}</Providers>);
}
