import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../../shared/session/session.ts';
import { renderRoutes, testTenant } from '../../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { LoginPage } from './login-page.tsx';

const routes = [
  { path: '/sign-in', Component: SignInPage },
  { path: '/login', Component: LoginPage },
  { path: '/', Component: () => <p>raíz</p> },
];

afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('/sign-in (spec §5, §8)', () => {
  it("says 'Invalid email' and 'You must enter a password'", async () => {
    await renderRoutes(routes, { path: '/sign-in' });
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'no-es-correo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('You must enter a password')).toBeTruthy();
  });

  it('offers exactly the offered methods; Google opens its provider in a 500×600 popup, and a blocked popup says so', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    await renderRoutes(routes, { path: '/sign-in' });
    expect(screen.queryByRole('button', { name: /vínculo mágico/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByText(/El navegador bloqueó la ventana de inicio de sesión/)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/auth/v3/sso/start?method=GOOGLE&mode=popup&return_to=%2Fsign-in', 'faena-sso', expect.stringContaining('width=500,height=600'));
  });

  it('SAML signs in through its provider like OIDC (popup), and is offered only under its flag', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    const methods = [{ type: 'PASSWORD' as const }, { type: 'SAML' as const, providerId: 'saml.acme' }];
    const { unmount } = await renderRoutes(routes, { path: '/sign-in', tenant: testTenant({ signInMethods: methods, featureFlags: { ...testTenant().featureFlags, saml: true } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con Acme' }));
    expect(await screen.findByText(/El navegador bloqueó la ventana de inicio de sesión/)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/auth/v3/sso/start?method=saml.acme&mode=popup&return_to=%2Fsign-in', 'faena-sso', expect.stringContaining('width=500,height=600'));
    unmount();
    await renderRoutes(routes, { path: '/sign-in', tenant: testTenant({ signInMethods: methods, featureFlags: { ...testTenant().featureFlags, saml: false } }) });
    expect(screen.queryByRole('button', { name: 'Continuar con Acme' })).toBeNull();
  });

  it('offers magic link only when its flag is on', async () => {
    const tenant = testTenant({ signInMethods: [{ type: 'PASSWORD' }, { type: 'MAGIC_LINK' }] });
    await renderRoutes(routes, { path: '/sign-in', tenant: { ...tenant, featureFlags: { ...tenant.featureFlags, magic_link: true } } });
    expect(screen.getByRole('button', { name: 'Continuar con vínculo mágico' })).toBeTruthy();
  });

  it("says 'Oops, there are no sign-in methods available for {x}'", async () => {
    await renderRoutes(routes, { path: '/sign-in', tenant: testTenant({ name: 'Acme', signInMethods: [{ type: 'MAGIC_LINK' }] }) });
    expect(await screen.findByText(/Oops, there are no sign-in methods available for Acme/)).toBeTruthy();
  });

  it('signs in and lands on /', async () => {
    const user = { id: 'u1', email: 'admin@faena.test', name: 'Admin', tenant_id: 't1', passport: 'p', picture: null, sign_in_method: 'PASSWORD', last_sign_in_time: null };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id_token: 'i', refresh_token: 'r', expires_in: 3600, user }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderRoutes(routes, { path: '/sign-in' });
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'admin@faena.test' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'faena-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.getSnapshot()?.user.email).toBe('admin@faena.test');
  });

  it('maps a wrong password and a non-member answer to their messages', async () => {
    const answers = [
      { status: 401, body: { code: 'invalid-credential' } },
      { status: 403, body: { code: 'not-member', detail: 'You are not registered in Faena Demo' } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const next = answers.shift()!;
        return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
      }),
    );
    await renderRoutes(routes, { path: '/sign-in' });
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'a@faena.test' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El correo o la contraseña no son correctos.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('You are not registered in Faena Demo')).toBeTruthy();
    expect(screen.getByText('No perteneces a la organización')).toBeTruthy();
  });
});

describe('/login', () => {
  it('shows demo accounts on the demo tenant only, and the session notice', async () => {
    sessionStore.signIn({
      id_token: 'i',
      refresh_token: 'r',
      expires_in: 3600,
      user: { id: 'u', email: 'x@y.cl', name: 'X', tenant_id: 't', passport: 'p', picture: null, sign_in_method: 'PASSWORD', last_sign_in_time: null },
    });
    sessionStore.endSession();
    const first = await renderRoutes(routes, { path: '/login' });
    expect(screen.getByText('Cuentas de demostración')).toBeTruthy();
    expect(screen.getByText('Tu sesión ha sido revocada por el sistema, probablemente no perteneces a la organización.')).toBeTruthy();
    first.unmount();
    await renderRoutes(routes, { path: '/login', tenant: testTenant({ subdomain: 'acme' }) });
    expect(screen.queryByText('Cuentas de demostración')).toBeNull();
  });
});
