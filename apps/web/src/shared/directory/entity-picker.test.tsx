import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { EntityPicker } from './entity-picker.tsx';

const ANA = {
  id: 'p-1',
  name: 'Ana Rojas',
  primary_email: 'ana@faena.test',
  picture: null,
  is_disabled: false,
  positions: [
    { id: 'pos-1', title: 'Cajera' },
    { id: 'pos-2', title: 'Jefa de Bodega (Noche)' },
  ],
};
const SITE = { id: 'v-1', name: 'Bodega Central', code: 'BC', address: null };

let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => {
    const query = new URL(url, 'http://x').searchParams;
    if (url.includes('/persons/?')) {
      if (query.get('search') === 'ana bod') return { count: 1, next: null, previous: null, results: [ANA] };
      // found by what the option does not show: a phone
      if (query.get('search') === '4455') return { count: 1, next: null, previous: null, results: [{ ...ANA, search_matches: [{ field: 'phone', value: '+56944556677' }] }] };
      return { count: 0, next: null, previous: null, results: [] };
    }
    if (url.includes('/venues/?')) return { count: 1, next: null, previous: null, results: [SITE] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

function Picker({ kind }: { kind: 'persons' | 'venues' }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <EntityPicker kind={kind} label="Quién" value={value} onChange={setValue} data-testid="picker" />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

/** Types `text` into the focused box and waits for the server to be asked for it. */
async function search(text: string) {
  const input = within(screen.getByTestId('picker')).getByRole('combobox');
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(calls.some((url) => new URL(url, 'http://x').searchParams.get('search') === text)).toBe(true));
}

describe('EntityPicker', () => {
  it('marks in a person what the search matched (name, e-mail, position; matched positions first) and picks her', async () => {
    await renderWithProviders(<Picker kind="persons" />);
    await search('ana bod');
    const option = await screen.findByRole('option', { name: /Ana Rojas/ });
    // a combobox whose open list is named after the field (screen readers, axe)
    const box = within(screen.getByTestId('picker')).getByRole('combobox', { name: 'Quién' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Quién' }).id).toBe(box.getAttribute('aria-controls'));
    expect(
      within(option)
        .getAllByTestId('search-mark')
        .map((mark) => mark.textContent),
    ).toEqual(['Ana', 'ana', 'Bod']);
    expect(option.textContent).toContain('ana@faena.test · Jefa de Bodega (Noche) · Cajera');
    expect(within(option).queryByTestId('person-search-match')).toBeNull();
    fireEvent.click(option);
    expect(screen.getByTestId('value').textContent).toBe('p-1');
  });

  it('says which phone found a person whose option does not show it', async () => {
    await renderWithProviders(<Picker kind="persons" />);
    await search('4455');
    const option = await screen.findByRole('option', { name: /Ana Rojas/ });
    expect(within(option).getByTestId('person-search-match').textContent).toBe('Coincide con el teléfono +56 9 4455 6677');
    expect(
      within(option)
        .getAllByTestId('search-mark')
        .map((mark) => mark.textContent),
    ).toEqual(['4455']);
  });

  it('marks nothing in other lists, whose searches the server reads otherwise', async () => {
    await renderWithProviders(<Picker kind="venues" />);
    await search('bod');
    const option = await screen.findByRole('option', { name: /Bodega Central/ });
    expect(within(option).queryByTestId('search-mark')).toBeNull();
    expect(option.textContent).toContain('BC');
  });
});
