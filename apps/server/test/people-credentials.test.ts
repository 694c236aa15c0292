import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { PERSONS } from './directory.helpers.ts';

interface Status {
  status: string;
  has_account: boolean;
  has_password: boolean;
  last_sign_in_at: string | null;
  active_sessions: number;
  invitation: { sent_at: string; expires_at: string; accepted_at: string | null } | null;
}

describe.each(engines())('a person’s credentials on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let tenantId: string;
  beforeAll(async () => {
    server = await startServer(engine, { seed: false });
    const { tenant, adminEmail, adminPassword } = await makeTenant(server, 'credenciales');
    tenantId = tenant.id;
    admin = (await signIn(server, 'credenciales', adminEmail, adminPassword)).id_token;
  });
  afterAll(() => server?.close());

  const status = async (id: string, token = admin) => {
    const response = await server.api('credenciales', `${PERSONS}${id}/credential-status/`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return body<Status>(response);
  };
  const create = async (json: unknown) => (await body<{ id: string }>(await server.api('credenciales', PERSONS, { method: 'POST', token: admin, json }))).id;

  it('tells whether a person can sign in: no account, invited, invitation lapsed, active, disabled', async () => {
    const nobody = await create({ name: 'Sin Cuenta' });
    expect(await status(nobody)).toEqual({ status: 'NO_ACCOUNT', has_account: false, has_password: false, last_sign_in_at: null, active_sessions: 0, invitation: null });

    const invited = await create({ name: 'Invitada', primary_email: 'invitada@credenciales.test' });
    const invite = await body<{ expires_at: string }>(await server.api('credenciales', `${PERSONS}${invited}/invite`, { method: 'POST', token: admin }));
    expect(await status(invited)).toMatchObject({ status: 'INVITED', has_account: false, invitation: { expires_at: invite.expires_at, accepted_at: null } });
    await server.running.platform.db.ownerExec(`UPDATE invites SET expires_at = now() - interval '1 day' WHERE email = 'invitada@credenciales.test'`);
    expect((await status(invited)).status).toBe('INVITATION_EXPIRED');

    const member = await addMember(server, tenantId, { email: 'miembro@credenciales.test', permissions: ['VIEW_HOME'] });
    expect(await status(member.personId)).toMatchObject({ status: 'ACTIVE', has_account: true, has_password: true, active_sessions: 0 });
    await signIn(server, 'credenciales', member.email, member.password);
    const signedIn = await status(member.personId);
    expect(signedIn).toMatchObject({ status: 'ACTIVE', active_sessions: 1 });
    expect(signedIn.last_sign_in_at).not.toBeNull();

    await server.api('credenciales', `${PERSONS}${member.personId}/disable`, { method: 'POST', token: admin });
    expect((await status(member.personId)).status).toBe('DISABLED');
  });

  it('signs a person out of every device at once, and says so in their history', async () => {
    const member = await addMember(server, tenantId, { email: 'telefono@credenciales.test', permissions: ['VIEW_HOME'] });
    const phone = await signIn(server, 'credenciales', member.email, member.password);
    const laptop = await signIn(server, 'credenciales', member.email, member.password);
    expect((await status(member.personId)).active_sessions).toBe(2);
    const response = await server.api('credenciales', `${PERSONS}${member.personId}/sign-out-everywhere`, { method: 'POST', token: admin });
    expect(await body(response)).toEqual({ revoked: 2 });
    for (const session of [phone, laptop]) {
      expect((await server.api('credenciales', '/api/auth/v3/me', { token: session.id_token })).status).toBe(401);
      expect((await server.api('credenciales', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: session.refresh_token } })).status).toBe(401);
    }
    expect(await status(member.personId)).toMatchObject({ status: 'ACTIVE', active_sessions: 0 });
    // the account stays: the person signs in again
    expect((await server.api('credenciales', '/api/auth/v3/me', { token: (await signIn(server, 'credenciales', member.email, member.password)).id_token })).status).toBe(200);
    const history = await body<{ results: { action: string; details: unknown }[] }>(await server.api('credenciales', `${PERSONS}${member.personId}/history/`, { token: admin }));
    expect(history.results[0]).toMatchObject({ action: 'people.sign-out-everywhere', details: { sessions: 2 } });
    // nobody signed in: nothing to close
    expect(await body(await server.api('credenciales', `${PERSONS}${await create({ name: 'Nadie' })}/sign-out-everywhere`, { method: 'POST', token: admin }))).toEqual({ revoked: 0 });
  });

  it('is for MANAGE_PEOPLE; an unknown or malformed id is 404', async () => {
    const reader = await addMember(server, tenantId, { email: 'lector@credenciales.test', permissions: ['VIEW_PEOPLE'] });
    const token = (await signIn(server, 'credenciales', reader.email, reader.password)).id_token;
    expect((await server.api('credenciales', `${PERSONS}${reader.personId}/credential-status/`, { token })).status).toBe(403);
    expect((await server.api('credenciales', `${PERSONS}${reader.personId}/sign-out-everywhere`, { method: 'POST', token })).status).toBe(403);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await server.api('credenciales', `${PERSONS}${id}/credential-status/`, { token: admin })).status).toBe(404);
      expect((await server.api('credenciales', `${PERSONS}${id}/sign-out-everywhere`, { method: 'POST', token: admin })).status).toBe(404);
    }
  });
});
