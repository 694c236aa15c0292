import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '@faena/domain/feature-flags';
import { useSiteConfig } from '../session/get-site-config.ts';
import { sessionStore } from '../session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { usePeopleOfHref, usePersonHref, usePositionHref } from './hrefs.ts';

/** The href once the person's site config (permissions, flags) has arrived. */
function Probe({ of }: { of: 'position' | 'person' | 'people-of' }) {
  const position = usePositionHref();
  const person = usePersonHref();
  const peopleOf = usePeopleOfHref();
  const href = (of === 'people-of' ? peopleOf('workspace', 'v 1', 'Casa & Matriz') : (of === 'position' ? position : person)('p 1')) ?? 'none';
  return <output data-testid="href">{useSiteConfig().isSuccess ? href : 'loading'}</output>;
}

async function hrefFor(permissions: string[], flags: Record<string, boolean>, of: 'position' | 'person' | 'people-of' = 'position'): Promise<string> {
  stubApi((url) => (url.includes('/my-site-config') ? { permissions, is_staff: false, disabled_modules: [], feature_flags: flags } : undefined));
  sessionStore.signIn(testTokenPair());
  const view = await renderWithProviders(<Probe of={of} />);
  await vi.waitFor(() => expect(screen.getByTestId('href').textContent).not.toBe('loading'));
  const text = screen.getByTestId('href').textContent ?? '';
  view.unmount();
  return text;
}

describe('usePositionHref and usePersonHref', () => {
  afterEach(async () => {
    await sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('opens a position on the chart, else in its editing (the chart is off in production), else nowhere', async () => {
    expect(await hrefFor(['VIEW_ORG_CHART'], ALL_FLAGS_ON)).toBe('/org-chart?position=p%201');
    expect(await hrefFor(['VIEW_ORG_CHART', 'MANAGE_ORG_CHART'], PRODUCTION_FLAGS)).toBe('/positions/p%201');
    expect(await hrefFor(['VIEW_ORG_CHART', 'VIEW_PEOPLE'], PRODUCTION_FLAGS)).toBe('none');
  });

  it('opens the people of a catalogue entry (all statuses, its name kept for the filter) only for whoever may see people', async () => {
    expect(await hrefFor(['VIEW_PEOPLE'], PRODUCTION_FLAGS, 'people-of')).toBe('/people?workspace=v+1&workspace_name=Casa+%26+Matriz&status=all');
    expect(await hrefFor(['MANAGE_PEOPLE'], PRODUCTION_FLAGS, 'people-of')).toBe('none');
  });

  it('opens a person in their detail only for whoever may see people', async () => {
    expect(await hrefFor(['VIEW_PEOPLE'], PRODUCTION_FLAGS, 'person')).toBe('/people/p%201');
    expect(await hrefFor(['MANAGE_PEOPLE'], PRODUCTION_FLAGS, 'person')).toBe('none');
  });
});
