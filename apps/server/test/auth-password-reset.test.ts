import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DEMO_PASSWORD, engines, outbox, seededDemo, signIn, tenantOf, type TestServer } from './harness.ts';
import { PERSONS } from './directory.helpers.ts';

const AUTH = '/api/auth/v3';

/** A new password (decision 017): asked for on the sign-in screen, or sent by an administrator. */
describe.each(engines())('password reset on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => ({ server, admin } = await seededDemo(engine)));
  afterAll(() => server?.close());

  /** The newest reset mail to `email` (the demo administrator is staff: sensitive mail is readable). */
  const lastLink = async (email: string) => {
    const mail = (await outbox(server, 'demo', admin)).filter((message) => message.recipient === email && message.subject.startsWith('Crea una contraseña nueva'));
    const text = mail.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.text ?? '';
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(text);
    return { count: mail.length, token: link?.[1] ?? null };
  };
  const request = (email: string) => server.api('demo', `${AUTH}/password-reset`, { method: 'POST', json: { email } });
  const confirm = (token: string, password: string) => server.api('demo', `${AUTH}/password-reset/${token}`, { method: 'POST', json: { password } });

  it('mails a member a one-use link that sets the new password, closes their sessions and signs them in', async () => {
    const before = await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD);
    expect((await request('Operario@Faena.test ')).status).toBe(204);
    const { token } = await lastLink('operario@faena.test');
    expect(token).toMatch(/^\S{20,}$/);
    expect(await body(await server.api('demo', `${AUTH}/password-reset/${token}`))).toMatchObject({ email: 'operario@faena.test', expires_at: expect.any(String) });

    // the tenant's password policy applies (6 characters at least by default)
    const weak = await confirm(token!, '123');
    expect(weak.status).toBe(400);
    expect(Object.keys((await body<{ errors: Record<string, string[]> }>(weak)).errors)).toEqual(['password']);

    const done = await confirm(token!, 'nueva-clave-1');
    expect(done.status).toBe(200);
    const pair = await body<{ id_token: string; user: { email: string; sign_in_method: string } }>(done);
    expect(pair.user).toMatchObject({ email: 'operario@faena.test', sign_in_method: 'PASSWORD' });
    expect((await server.api('demo', `${AUTH}/me`, { token: pair.id_token })).status).toBe(200);
    // the session opened with the old password is over; the old password no longer works, the new one does
    expect((await server.api('demo', `${AUTH}/me`, { token: before.id_token })).status).toBe(401);
    expect((await server.api('demo', `${AUTH}/sign-in/password`, { method: 'POST', json: { email: 'operario@faena.test', password: DEMO_PASSWORD } })).status).toBe(401);
    await signIn(server, 'demo', 'operario@faena.test', 'nueva-clave-1');

    // one use
    const again = await confirm(token!, 'otra-clave-2');
    expect(again.status).toBe(400);
    expect(await body(again)).toMatchObject({ code: 'expired-action-code' });
    expect((await server.api('demo', `${AUTH}/password-reset/${token}`)).status).toBe(400);
    expect((await server.api('demo', `${AUTH}/password-reset/not-a-token`)).status).toBe(404);
  });

  it('answers the same for an unknown address, a non-member and a disabled person, and sends them nothing', async () => {
    const outsider = 'admin@norte.test'; // a member of demo-norte only
    await addMember(server, (await tenantOf(server, 'demo')).id, { email: 'apagada.clave@faena.test', disabled: true });
    const before = (await outbox(server, 'demo', admin)).length;
    for (const email of ['nadie@faena.test', outsider, 'apagada.clave@faena.test']) expect((await request(email)).status).toBe(204);
    expect((await outbox(server, 'demo', admin)).length).toBe(before);
    expect((await request('no-es-correo')).status).toBe(400);
  });

  it('an expired link is refused; at most three links an hour per account', async () => {
    for (let i = 0; i < 2; i++) expect((await request('supervisora@faena.test')).status).toBe(204);
    const { token, count } = await lastLink('supervisora@faena.test');
    expect(count).toBe(2);
    const demo = (await tenantOf(server, 'demo')).id;
    await server.running.platform.db.transaction(demo, (tx) => tx.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE email = 'supervisora@faena.test'`));
    const expired = await confirm(token!, 'nueva-clave-1');
    expect(await body(expired)).toMatchObject({ code: 'expired-action-code' });
    for (let i = 0; i < 3; i++) expect((await request('supervisora@faena.test')).status).toBe(204);
    // the third of the hour was the last one sent; the answer does not say so
    expect((await lastLink('supervisora@faena.test')).count).toBe(3);
  });

  it('an administrator sends the link from the person detail; the answer never holds it', async () => {
    const people = await body<{ results: { id: string; has_account: boolean }[] }>(await server.api('demo', `${PERSONS}?search=rrhh%40faena`, { token: admin }));
    const rrhh = people.results[0]!;
    const sent = await server.api('demo', `${PERSONS}${rrhh.id}/password-reset`, { method: 'POST', token: admin });
    expect(sent.status).toBe(202);
    const answer = await body(sent);
    expect(answer).toEqual({ email: 'rrhh@faena.test', expires_at: expect.any(String) });
    expect(JSON.stringify(answer)).not.toContain('token');
    expect((await lastLink('rrhh@faena.test')).token).not.toBeNull();
    const history = await body<{ results: { action: string }[] }>(await server.api('demo', `${PERSONS}${rrhh.id}/history/`, { token: admin }));
    expect(history.results.map((entry) => entry.action)).toContain('auth.password-reset.send');

    const created = await body<{ id: string }>(await server.api('demo', PERSONS, { method: 'POST', token: admin, json: { name: 'Sin Cuenta Clave', primary_email: 'sin.cuenta.clave@faena.test' } }));
    expect(await body(await server.api('demo', `${PERSONS}${created.id}/password-reset`, { method: 'POST', token: admin }))).toMatchObject({ code: 'bad-request', reason: 'no-account' });
    expect((await server.api('demo', `${PERSONS}00000000-0000-4000-8000-000000000000/password-reset`, { method: 'POST', token: admin })).status).toBe(404);
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', `${PERSONS}${rrhh.id}/password-reset`, { method: 'POST', token: supervisora })).status).toBe(403);
  });
});
