import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PersonPermissions } from './person-permissions.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PersonPermissions', () => {
  it('saves the keys turned on and off since editing began, not the whole set', async () => {
    let held = ['VIEW_HOME', 'VIEW_TASKS'];
    const patches: unknown[] = [];
    stubApi((url, init) => {
      if (url.endsWith('/api/permissions/v3/permissions')) return ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_PEOPLE', 'VIEW_WF'].map((key) => ({ key, meaning: key }));
      if (url.includes('/by-passport/p-1')) {
        if (init?.method === 'PATCH') {
          const change = JSON.parse(String(init.body)) as { added: string[]; removed: string[] };
          patches.push(change);
          // the server applies it to the set as it is now (VIEW_WF was granted meanwhile)
          held = [...new Set([...held, 'VIEW_WF', ...change.added])].filter((key) => !change.removed.includes(key)).sort();
        }
        return { passport: 'p-1', permissions: held, is_staff: false };
      }
      return undefined;
    });
    await renderWithProviders(<PersonPermissions passport="p-1" />);
    fireEvent.click(await screen.findByTestId('permission-VIEW_PEOPLE'));
    fireEvent.click(screen.getByTestId('permission-VIEW_TASKS'));
    fireEvent.click(screen.getByTestId('permissions-save'));
    await waitFor(() => expect(patches).toEqual([{ added: ['VIEW_PEOPLE'], removed: ['VIEW_TASKS'] }]));
    // the answer is what is shown once saved: what was granted meanwhile included
    await waitFor(() => expect((screen.getByTestId('permission-VIEW_WF') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByTestId('permission-VIEW_TASKS') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('permissions-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
