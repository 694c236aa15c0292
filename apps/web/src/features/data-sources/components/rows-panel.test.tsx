import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TDataSourceRow } from '@faena/contracts';
import { sessionStore } from '../../../shared/session/session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { DataSourcesRoute } from '../routes.tsx';

const pair = testTokenPair();
const json = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SOURCE = '/api/resources/v3/data-sources/s1';

/** One data source in memory, with its rows; every write is recorded. */
function serve(rows: TDataSourceRow[], order: 'label' | 'manual' = 'label') {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://demo.app.localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/permissions/v3/my-site-config') return json({ permissions: ['MANAGE_DATA_SOURCES'], is_staff: false, disabled_modules: [], feature_flags: {} });
      if (url.pathname === `${SOURCE}/` && method === 'PATCH') {
        writes.push(`PATCH source ${String(init?.body)}`);
        order = (JSON.parse(String(init?.body)) as { row_order: 'label' | 'manual' }).row_order;
      }
      if (url.pathname === `${SOURCE}/`)
        return json({
          id: 's1',
          name: 'Turnos',
          description: null,
          is_active: true,
          row_order: order,
          rows_count: rows.filter((r) => r.is_active).length,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        });
      if (url.pathname === `${SOURCE}/usage/`)
        return json({
          forms: [
            { id: 'f1', name: 'Despacho' },
            { id: 'f2', name: 'Bodega' },
          ],
        });
      if (url.pathname === `${SOURCE}/rows/` && method === 'GET') {
        const active = rows.filter((row) => row.is_active);
        return json({ count: active.length, next: null, previous: null, results: active });
      }
      const moved = new RegExp(`^${SOURCE}/rows/([^/]+)/move$`).exec(url.pathname);
      if (moved && method === 'POST') {
        const { to } = JSON.parse(String(init?.body)) as { to: 'up' | 'down' | 'first' | 'last' };
        writes.push(`MOVE ${moved[1]} ${to}`);
        const from = rows.findIndex((row) => row.id === moved[1]);
        const [row] = rows.splice(from, 1);
        rows.splice({ up: from - 1, down: from + 1, first: 0, last: rows.length }[to], 0, row!);
        return json(row);
      }
      const one = new RegExp(`^${SOURCE}/rows/([^/]+)$`).exec(url.pathname);
      if (one && method === 'PATCH') {
        const body = JSON.parse(String(init?.body)) as Partial<TDataSourceRow>;
        writes.push(`PATCH ${one[1]} ${JSON.stringify(body)}`);
        if (body.key && rows.some((row) => row.key === body.key && row.id !== one[1]))
          return json({ code: 'validation-error', errors: { key: ['Key already in use'] }, reasons: { key: 'in-use' } }, 400);
        rows = rows.map((row) => (row.id === one[1] ? { ...row, ...body } : row));
        return json(rows.find((row) => row.id === one[1]));
      }
      return json({ code: 'not-found' }, 404);
    }),
  );
  return writes;
}

describe('data-source rows edited in place', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(pair));
  afterEach(async () => {
    await sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('Enter saves only what changed, Escape leaves it as it was, a key in use stays on its box', async () => {
    const writes = serve([
      { id: 'r1', key: 'M', label: 'Mañana', is_active: true },
      { id: 'r2', key: 'T', label: 'Tarde', is_active: true },
    ]);
    await renderRoutes([{ path: '/fuentes-de-datos/:id', Component: DataSourcesRoute }], { path: '/fuentes-de-datos/s1' });
    const row = async (key: string) => (await screen.findAllByTestId('source-data-row', {}, { timeout: 15_000 })).find((element) => element.getAttribute('data-key') === key)!;

    // Escape: nothing sent, the text is back.
    fireEvent.click(within(await row('T')).getByTestId('row-edit'));
    fireEvent.change(within(await row('T')).getByTestId('edit-row-label'), { target: { value: 'Otra cosa' } });
    fireEvent.keyDown(within(await row('T')).getByTestId('edit-row-label'), { key: 'Escape' });
    expect(within(await row('T')).getByText('Tarde')).toBeTruthy();
    expect(writes).toEqual([]);

    // Enter: only the label travels.
    fireEvent.click(within(await row('T')).getByTestId('row-edit'));
    fireEvent.change(within(await row('T')).getByTestId('edit-row-label'), { target: { value: 'Tarde (14 a 22 h)' } });
    fireEvent.keyDown(within(await row('T')).getByTestId('edit-row-label'), { key: 'Enter' });
    await within(await row('T')).findByText('Tarde (14 a 22 h)');
    expect(writes).toEqual(['PATCH r2 {"label":"Tarde (14 a 22 h)"}']);

    // A key another row holds: the server's 400 on the key box, still editing.
    fireEvent.click(within(await row('M')).getByTestId('row-edit'));
    fireEvent.change(within(await row('M')).getByTestId('edit-row-key'), { target: { value: 'T' } });
    fireEvent.keyDown(within(await row('M')).getByTestId('edit-row-key'), { key: 'Enter' });
    await screen.findByText('Esa clave ya existe en esta fuente de datos (también entre las filas eliminadas).');
    expect(within(await row('M')).getByTestId('edit-row-key')).toBeTruthy();
    expect(writes[1]).toBe('PATCH r1 {"key":"T"}');
  });

  it('moves the rows of a manually ordered source with the arrows and to either end, and offers none in alphabetical order', async () => {
    const writes = serve(
      [
        { id: 'r1', key: 'S', label: 'Pequeña', is_active: true },
        { id: 'r2', key: 'M', label: 'Mediana', is_active: true },
        { id: 'r3', key: 'L', label: 'Grande', is_active: true },
      ],
      'manual',
    );
    await renderRoutes([{ path: '/fuentes-de-datos/:id', Component: DataSourcesRoute }], { path: '/fuentes-de-datos/s1' });
    const keys = async () => (await screen.findAllByTestId('source-data-row', {}, { timeout: 15_000 })).map((element) => element.getAttribute('data-key')).join('');
    expect(await keys()).toBe('SML');
    expect(screen.getByTestId('rows-order-hint').textContent).toBe(
      'Ordena las filas con las flechas, o sube un archivo que reemplace todo en el orden que quieras: los formularios las ofrecen en este orden. Las filas nuevas quedan al final.',
    );
    // the first row cannot go up, the last cannot go down
    expect(screen.getByRole('button', { name: 'Subir la fila S' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Bajar la fila L' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la fila S' }));
    await vi.waitFor(async () => expect(await keys()).toBe('MSL'));
    expect(writes).toEqual(['MOVE r1 down']);
    // far moves from the row's menu: the last one to the top, then the top one to the bottom
    fireEvent.click(screen.getByRole('button', { name: 'Más movimientos de la fila L' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Al principio' }));
    await vi.waitFor(async () => expect(await keys()).toBe('LMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Más movimientos de la fila L' }));
    expect((await screen.findByRole('menuitem', { name: 'Al principio' })).hasAttribute('disabled')).toBe(true); // it is already first
    fireEvent.click(screen.getByRole('menuitem', { name: 'Al final' }));
    await vi.waitFor(async () => expect(await keys()).toBe('MSL'));
    expect(writes).toEqual(['MOVE r1 down', 'MOVE r3 first', 'MOVE r3 last']);
    // back to alphabetical: the source says so and the arrows are gone
    fireEvent.click(screen.getByText('Alfabético'));
    await vi.waitFor(() => expect(screen.queryByTestId('row-up')).toBeNull());
    expect(writes[3]).toBe('PATCH source {"row_order":"label"}');
    expect(screen.queryByTestId('rows-order-hint')).toBeNull();
  });

  it('says which forms read the source', async () => {
    serve([{ id: 'r1', key: 'M', label: 'Mañana', is_active: true }]);
    await renderRoutes([{ path: '/fuentes-de-datos/:id', Component: DataSourcesRoute }], { path: '/fuentes-de-datos/s1' });
    expect((await screen.findByTestId('data-source-usage', {}, { timeout: 15_000 })).textContent).toBe('La usan 2 formularios: «Despacho», «Bodega».');
  });
});
