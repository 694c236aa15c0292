import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../../shared/session/session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { NeedConfirmPanel } from './need-confirm.tsx';
import { WorkspaceFinder } from './workspace-finder.tsx';

afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', email: 'pedro@acme.test', name: 'Pedro', tenant_id: 't1', passport: 'p', picture: null, sign_in_method: 'OIDC', last_sign_in_time: null };

describe("'Need confirm' (spec §8)", () => {
  it('shows the address and its methods, refuses a wrong password, links with the right one and lands on /', async () => {
    const calls: unknown[] = [];
    const answers = [json(401, { code: 'invalid-credential' }), json(200, { status: 'signed-in', session: { id_token: 'i', refresh_token: 'r', expires_in: 3600, user }, end_session_url: null })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(JSON.parse(String(init.body)));
        return answers.shift()!;
      }),
    );
    const need = { status: 'need-confirm' as const, email: 'pedro@acme.test', method: 'oidc.okta', methods: ['PASSWORD'], link_token: 'link-token-value-0000000000' };
    const { router } = await renderRoutes(
      [
        { path: '/sign-in', Component: () => <NeedConfirmPanel need={need} onCancel={() => undefined} /> },
        { path: '/', Component: () => <p>raíz</p> },
      ],
      { path: '/sign-in' },
    );
    expect(screen.getByText(/pedro@acme\.test ya inicia sesión con correo y contraseña/)).toBeTruthy();
    expect(screen.getByText(/vincular Okta/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y vincular' }));
    expect(await screen.findByText(/No pudimos confirmarlo/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'buena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y vincular' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([
      { link_token: 'link-token-value-0000000000', password: 'mala' },
      { link_token: 'link-token-value-0000000000', password: 'buena' },
    ]);
    expect(sessionStore.getSnapshot()?.user.sign_in_method).toBe('OIDC');
  });
});

describe('finding one’s workspace on the root domain', () => {
  it("lists an address's workspaces, or says none was found", async () => {
    const answers = [json(200, { workspaces: [{ subdomain: 'acme', name: 'Acme SA', url: 'https://acme.faena.test', logo_url: null }] }), json(200, { workspaces: [] })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    await renderRoutes([{ path: '/login', Component: WorkspaceFinder }], { path: '/login' });
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'no-es-correo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'ana@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Acme SA')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('https://acme.faena.test/sign-in?email=ana%40acme.test');
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'nadie@nada.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No encontramos espacios de trabajo para nadie@nada.test.')).toBeTruthy();
  });
});
