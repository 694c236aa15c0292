import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrganization } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes, testTenant } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { OrganizationPage } from './organization-page.tsx';

const ORGANIZATION: TOrganization = {
  id: 't1',
  subdomain: 'demo',
  name: 'Faena Demo',
  logo_url: null,
  logo_upload_id: null,
  disabled_modules: [],
  timezone: 'America/Santiago',
  brand_color: null,
};

let organization: TOrganization = ORGANIZATION;
let patches: Record<string, unknown>[] = [];
let refuseColour = false;
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  organization = ORGANIZATION;
  patches = [];
  refuseColour = false;
  document.head.querySelector('meta[name="theme-color"]')?.remove();
  stubApi((url, init) => {
    if (url.includes('/my-site-config')) return { permissions: ['MANAGE_PEOPLE'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.endsWith('/api/organization/v3/current')) {
      if (init?.method === 'PATCH') {
        const change = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(change);
        if (refuseColour)
          return jsonResponse({ code: 'validation-error', errors: { brand_color: ['The brand colour must be a hex colour like #44a690.'] }, reasons: { brand_color: 'invalid-color' } }, 400);
        organization = { ...organization, brand_color: (change.brand_color as string | null) ?? null };
      }
      return organization;
    }
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const themeColor = () => document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;
const colourInput = () => screen.findByTestId<HTMLInputElement>('organization-brand-color');

describe('OrganizationPage: the brand colour (decision 030)', () => {
  it('offers Faena’s teal as the placeholder, saves the colour in lower case and the browser’s bar takes it at once', async () => {
    await renderRoutes([{ path: '/organization', element: <OrganizationPage /> }], { path: '/organization' });
    const input = await colourInput();
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('#44a690');
    expect(screen.getByText('Color de la marca')).toBeTruthy();
    expect(themeColor()).toBe('#44a690');

    fireEvent.change(input, { target: { value: '#1A2B3C' } });
    fireEvent.click(screen.getByTestId('organization-save'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ brand_color: '#1a2b3c', name: 'Faena Demo', timezone: 'America/Santiago' });
    await waitFor(() => expect(themeColor()).toBe('#1a2b3c'));
    expect((await colourInput()).value).toBe('#1a2b3c');

    // emptied, it goes back to Faena's colour
    fireEvent.change(await colourInput(), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('organization-save'));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toMatchObject({ brand_color: null });
    await waitFor(() => expect(themeColor()).toBe('#44a690'));
  });

  it('shows the organisation’s colour, tells a colour that is not #rrggbb before asking, and words the server’s refusal', async () => {
    organization = { ...ORGANIZATION, brand_color: '#0b3d91' };
    await renderRoutes([{ path: '/organization', element: <OrganizationPage /> }], { path: '/organization', tenant: testTenant({ brandColor: '#0b3d91' }) });
    expect((await colourInput()).value).toBe('#0b3d91');
    expect(themeColor()).toBe('#0b3d91');

    fireEvent.change(await colourInput(), { target: { value: 'rgb(1, 2, 3)' } });
    fireEvent.click(screen.getByTestId('organization-save'));
    expect(await screen.findByText('Escribe un color como #44a690.')).toBeTruthy();
    expect(patches).toEqual([]);

    refuseColour = true;
    fireEvent.change(await colourInput(), { target: { value: '#123456' } });
    fireEvent.click(screen.getByTestId('organization-save'));
    expect(screen.queryByText('Escribe un color como #44a690.')).toBeNull();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(await screen.findByText('Escribe un color como #44a690.')).toBeTruthy();
    expect(themeColor()).toBe('#0b3d91');
  });
});
