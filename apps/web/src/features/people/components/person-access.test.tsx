import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPerson, TPersonCredentialStatus } from '@faena/contracts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PersonAccess } from './person-access.tsx';

const person = { id: 'p-1', name: 'Rosa Terreno' } as TPerson;
const base: TPersonCredentialStatus = { status: 'ACTIVE', has_account: true, has_password: true, last_sign_in_at: '2026-11-20T12:00:00Z', active_sessions: 2, invitation: null };
let answer: TPersonCredentialStatus = base;
let calls: string[] = [];
beforeEach(() => {
  answer = base;
  calls = stubApi((url, init) => {
    if (url.includes('/persons/p-1/credential-status/')) return answer;
    if (url.includes('/persons/p-1/sign-out-everywhere') && init?.method === 'POST') {
      answer = { ...answer, active_sessions: 0 };
      return { revoked: 2 };
    }
    if (url.includes('/persons/p-1/password-reset') && init?.method === 'POST') return { email: 'rosa@faena.test', expires_at: '2026-11-27T13:00:00Z' };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('PersonAccess', () => {
  it('says the person can sign in, how, on how many devices, and signs them out of all of them', async () => {
    await renderRoutes([{ path: '/', element: <PersonAccess person={person} canAct /> }]);
    expect((await screen.findByTestId('person-access-status')).textContent).toBe('Puede ingresar');
    expect(screen.getByText('Correo y contraseña')).toBeTruthy();
    expect(screen.getByTestId('person-access-sessions').textContent).toBe('2 dispositivos');
    fireEvent.click(screen.getByTestId('person-sign-out-everywhere'));
    expect(await screen.findByText(/Rosa Terreno deberá volver a ingresar en los 2 dispositivos/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesiones' }));
    await waitFor(() => expect(calls.some((url) => url.includes('/sign-out-everywhere'))).toBe(true));
    expect(await screen.findByText('Se cerraron 2 sesiones de Rosa Terreno')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('person-access-sessions').textContent).toBe('0 dispositivos'));
    expect(screen.queryByTestId('person-sign-out-everywhere')).toBeNull();
  });

  it('e-mails the person a link to choose a new password, after asking', async () => {
    await renderRoutes([{ path: '/', element: <PersonAccess person={person} canAct /> }]);
    fireEvent.click(await screen.findByTestId('person-password-reset'));
    expect(await screen.findByText(/Rosa Terreno recibirá en el correo de su cuenta un enlace que vence en 1 hora/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Enviamos el enlace a rosa@faena.test')).toBeTruthy();
    expect(calls.filter((url) => url.includes('/password-reset'))).toHaveLength(1);
  });

  it('shows an open invitation with its end, and offers nothing to do on oneself', async () => {
    answer = {
      ...base,
      status: 'INVITED',
      has_account: false,
      has_password: false,
      last_sign_in_at: null,
      active_sessions: 0,
      invitation: { sent_at: '2026-11-25T12:00:00Z', expires_at: '2026-12-02T12:00:00Z', accepted_at: null },
    };
    const view = await renderRoutes([{ path: '/', element: <PersonAccess person={person} canAct={false} /> }]);
    expect((await screen.findByTestId('person-access-status')).textContent).toBe('Invitación enviada');
    expect(screen.getByText(/vigente hasta el/)).toBeTruthy();
    expect(screen.queryByTestId('person-access-sessions')).toBeNull();
    expect(screen.queryByTestId('person-password-reset')).toBeNull();
    view.unmount();
    answer = { ...base, active_sessions: 3 };
    await renderRoutes([{ path: '/', element: <PersonAccess person={person} canAct={false} /> }]);
    expect((await screen.findByTestId('person-access-sessions')).textContent).toBe('3 dispositivos');
    expect(screen.queryByTestId('person-sign-out-everywhere')).toBeNull();
    expect(screen.queryByTestId('person-password-reset')).toBeNull();
  });
});
