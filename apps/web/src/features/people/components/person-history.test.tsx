import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPersonHistoryEntry } from '@faena/contracts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PersonHistory } from './person-history.tsx';

const ADA = { id: 'p-ada', name: 'Ada Admin' };

function entry(n: number, action: string, over: Partial<TPersonHistoryEntry> = {}): TPersonHistoryEntry {
  return {
    id: `e${n}`,
    action,
    details: null,
    actor: ADA,
    impersonator: null,
    created_at: `2026-11-${String(26 - n).padStart(2, '0')}T15:00:00Z`,
    ...over,
  };
}

const ENTRIES: TPersonHistoryEntry[] = [
  entry(1, 'auth.impersonation.stop', {
    actor: { id: 'p-x', name: 'Matías González' },
    impersonator: ADA,
  }),
  entry(2, 'auth.impersonation.start'),
  entry(3, 'permissions.replace', {
    details: { passport: 'x', permissions: ['VIEW_HOME', 'VIEW_PEOPLE'] },
  }),
  entry(4, 'auth.invite.create', { details: { email: 'matias@faena.test' } }),
  entry(5, 'people.update', {
    details: { fields: ['name', 'phones', 'identity_documents', 'shoe_size'] },
  }),
  entry(6, 'people.update', { details: { fields: [] } }),
  entry(7, 'people.disable'),
  entry(8, 'people.enable', { actor: null }),
  entry(9, 'POST /api/something/:id/'),
  entry(10, 'people.sign-out-everywhere', { details: { sessions: 2 } }),
  entry(11, 'people.create'),
];

const ACCOUNT_AND_POSITIONS: TPersonHistoryEntry[] = [
  entry(21, 'auth.password-reset.send', { details: { email: 'matias@faena.test' } }),
  entry(22, 'auth.password-reset'),
  entry(23, 'people.position.add', { details: { position_id: 'x', position: 'Brigadista' } }),
  entry(24, 'people.position.remove', { details: { position_id: 'x' } }),
  entry(25, 'permissions.change', { details: { passport: 'x', added: ['VIEW_TASKS', 'VIEW_WF'], removed: ['VIEW_HOME'] } }),
];

let calls: string[] = [];
beforeEach(() => {
  calls = stubApi((url) => {
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('page_size') ?? 10);
    if (url.includes('/persons/p-1/history/')) return { count: ENTRIES.length, next: null, previous: null, results: ENTRIES.slice((page - 1) * size, page * size) };
    if (url.includes('/persons/p-3/history/')) return { count: ACCOUNT_AND_POSITIONS.length, next: null, previous: null, results: ACCOUNT_AND_POSITIONS };
    if (url.includes('/persons/p-2/history/')) return { count: 0, next: null, previous: null, results: [] };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('PersonHistory', () => {
  it('words the password links and the positions given or taken in bulk', async () => {
    await renderWithProviders(<PersonHistory personId="p-3" />);
    const texts = (await screen.findAllByTestId('person-history-entry')).map((item) => item.textContent ?? '');
    expect(texts[0]).toMatch(/^Envió un enlace para cambiar la contraseña a matias@faena\.test/);
    expect(texts[1]).toMatch(/^Cambió su contraseña con un enlace/);
    expect(texts[2]).toMatch(/^Le asignó un cargo: Brigadista/);
    expect(texts[3]).toMatch(/^Le quitó un cargo: un cargo eliminado/);
    expect(texts[4]).toMatch(/^Cambió los permisos: agregó Ver actividades, Ver workflows; quitó Ver inicio/);
  });

  it('says what each change did, who did it (and who was really at the keyboard) and when, ten at a time', async () => {
    await renderWithProviders(<PersonHistory personId="p-1" />);
    const items = await screen.findAllByTestId('person-history-entry');
    expect(items).toHaveLength(10);
    const texts = items.map((item) => item.textContent ?? '');
    expect(texts[0]).toMatch(/^Terminó la suplantaciónAda Admin, suplantando a Matías González · \d/);
    expect(texts[1]).toMatch(/^Comenzó a suplantar a la personaAda Admin · /);
    expect(texts[2]).toMatch(/^Cambió los permisos \(2 permisos\)/);
    expect(texts[3]).toMatch(/^Envió una invitación a matias@faena\.test/);
    // the form's labels; a field it does not know by its name
    expect(texts[4]).toMatch(/^Editó: Nombre completo, Teléfonos, Documentos de identidad, shoe_size/);
    expect(texts[5]).toMatch(/^Guardó la ficha sin cambios/);
    expect(texts[6]).toMatch(/^Deshabilitó a la persona/);
    expect(texts[7]).toMatch(/^Habilitó a la personaSistema · /);
    expect(texts[8]).toMatch(/^Otro cambio \(POST \/api\/something\/:id\/\)/);
    expect(texts[9]).toMatch(/^Cerró todas sus sesiones/);

    expect(screen.getByTestId('person-history-more').textContent).toBe('Ver 1 cambio más');
    fireEvent.click(screen.getByTestId('person-history-more'));
    await vi.waitFor(() => expect(screen.getAllByTestId('person-history-entry')).toHaveLength(11));
    expect(screen.queryByTestId('person-history-more')).toBeNull();
    expect(calls.some((url) => url.includes('page=2'))).toBe(true);
  });

  it('says when nothing was recorded yet', async () => {
    await renderWithProviders(<PersonHistory personId="p-2" />);
    const card = screen.getByTestId('person-history');
    expect(await within(card).findByText('Aún no hay cambios registrados.')).toBeTruthy();
  });
});
