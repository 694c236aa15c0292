import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { PositionFormRoute } from '../routes.tsx';

const POSITION_ID = '22222222-2222-4222-8222-222222222222';
/** An editor with the org chart and people, but not MANAGE_PEOPLE. */
const HELD = ['VIEW_HOME', 'VIEW_PEOPLE', 'VIEW_ORG_CHART', 'MANAGE_ORG_CHART', 'VIEW_TASKS'];

const pair = () => testTokenPair({ name: 'Jefa', email: 'jefa@faena.test' });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const position = {
  id: POSITION_ID,
  title: 'Jefa de Personas',
  department: 'Personas',
  code: 'JP',
  is_root: false,
  organization: 't1',
  tenant: 'demo',
  parents: [],
  people: [],
  people_count: 0,
  default_permission_list: ['MANAGE_PEOPLE', 'VIEW_PEOPLE'],
  default_permissions: 0,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function serve(answer: (sent: Sent) => Response | null): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null };
      if (url.includes('/my-site-config')) return json({ permissions: HELD, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON });
      if (url.includes('/org-chart/'))
        return json({
          organization_id: 't1',
          organization_name: 'Demo',
          nodes: [{ id: POSITION_ID, title: position.title, department: 'Personas', is_root: false, persons: [], additional_count: 0 }],
          edges: [],
        });
      if (url.includes('/persons/?') || url.includes('/persons/?position')) return json({ count: 0, next: null, previous: null, results: [] });
      sent.push(call);
      return answer(call) ?? json({ code: 'not-found' }, 404);
    }),
  );
  return sent;
}

describe('position form: the privilege ceiling (decision 008)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.signIn(pair()));
  afterEach(async () => {
    await sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('lets the editor remove but not add keys they lack, and leaves unchanged defaults out of the request', async () => {
    const sent = serve((call) => (call.method === 'GET' ? json(position) : call.method === 'PATCH' ? json({ ...position, title: 'Jefa de Personas y Cultura' }) : null));
    await renderRoutes(
      [
        { path: 'positions/:id', Component: PositionFormRoute },
        { path: 'positions', Component: () => <p>lista</p> },
      ],
      { path: `/positions/${POSITION_ID}` },
    );
    const manage = (await screen.findByTestId('default-MANAGE_PEOPLE')) as HTMLInputElement;
    await waitFor(() => expect((screen.getByTestId('default-VIEW_TASKS') as HTMLInputElement).disabled).toBe(false));
    // held by the position, not by the editor: can be unchecked, with the warning meanwhile
    expect(manage.checked).toBe(true);
    expect(manage.disabled).toBe(false);
    expect(screen.getByText(/Este cargo otorga permisos que tú no tienes: Administrar personas/)).toBeTruthy();
    // never held: cannot be added
    expect((screen.getByTestId('default-IMPERSONATE_USERS') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/Nombre del cargo/), { target: { value: 'Jefa de Personas y Cultura' } });
    fireEvent.click(screen.getByTestId('position-save'));
    await screen.findByText('lista');
    const patch = sent.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ title: 'Jefa de Personas y Cultura' });
  });

  it("explains the server's 403 with the keys the editor lacks", async () => {
    serve((call) => (call.method === 'POST' ? json({ code: 'permission-denied', detail: 'You can only hand out permissions you hold yourself.', required: ['VIEW_SETTINGS'] }, 403) : null));
    await renderRoutes([{ path: 'positions/new', Component: PositionFormRoute }], { path: '/positions/new' });
    fireEvent.change(await screen.findByLabelText(/Nombre del cargo/), { target: { value: 'Encargada' } });
    fireEvent.click(screen.getByTestId('position-save'));
    const alert = await screen.findByTestId('ceiling-denied');
    expect(alert.textContent).toContain('No se guardó: permisos que no tienes');
    expect(alert.textContent).toContain('Ver configuración');
  });

  it("puts the server's field errors on their fields, in Spanish", async () => {
    serve((call) => (call.method === 'POST' ? json({ code: 'validation-error', errors: { code: ['Code already in use'] }, reasons: { code: 'in-use' } }, 400) : null));
    await renderRoutes([{ path: 'positions/new', Component: PositionFormRoute }], { path: '/positions/new' });
    fireEvent.click(await screen.findByTestId('position-save'));
    expect(await screen.findByText('Escribe el nombre del cargo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Nombre del cargo/), { target: { value: 'Encargada' } });
    fireEvent.change(screen.getByLabelText(/^Código/), { target: { value: 'JP' } });
    fireEvent.click(screen.getByTestId('position-save'));
    expect(await screen.findByText('Otro cargo ya usa este código.')).toBeTruthy();
  });
});
