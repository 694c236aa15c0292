import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';

const KINDS = ['new_activity', 'new_incident', 'new_post', 'new_report', 'system_update'];
let saved: unknown[] = [];
let failSave = false;

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  saved = [];
  failSave = false;
  stubApi((url, init) => {
    if (!url.includes('/notifications/preferences')) return undefined;
    if (init?.method === 'PUT') {
      const choice = (JSON.parse(String(init.body)) as { preferences: { kind: string; push: boolean }[] }).preferences;
      saved.push(choice);
      if (failSave) return jsonResponse({ code: 'server-error' }, 500);
      return { preferences: KINDS.map((kind) => ({ kind, push: choice.find((c) => c.kind === kind)?.push ?? true })) };
    }
    return { preferences: KINDS.map((kind) => ({ kind, push: true })) };
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('NotificationPreferencesCard', () => {
  it('shows a switch per kind in words and saves one kind when it is turned off', async () => {
    await renderWithProviders(<NotificationPreferencesCard />);
    const posts = (await screen.findByTestId('preference-new_post')) as HTMLInputElement;
    expect(screen.getByText('Comunicados')).toBeTruthy();
    expect(screen.getByText('Tu cuenta y el sistema')).toBeTruthy();
    expect(posts.checked).toBe(true);
    fireEvent.click(posts);
    await vi.waitFor(() => expect(saved).toEqual([[{ kind: 'new_post', push: false }]]));
    await vi.waitFor(() => expect((screen.getByTestId('preference-new_post') as HTMLInputElement).checked).toBe(false));
  });

  it('puts the switch back and says so when the save fails', async () => {
    failSave = true;
    await renderWithProviders(<NotificationPreferencesCard />);
    fireEvent.click(await screen.findByTestId('preference-system_update'));
    await screen.findByText('No se pudo guardar tu preferencia. Inténtalo de nuevo.');
    expect((screen.getByTestId('preference-system_update') as HTMLInputElement).checked).toBe(true);
  });
});
