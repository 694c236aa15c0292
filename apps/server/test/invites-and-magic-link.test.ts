import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DEMO_ADMIN, DEMO_PASSWORD, engines, outbox, signIn, startServer, tenantOf, type TestServer } from './harness.ts';

const A = '/api/auth/v3';

interface Pair {
  id_token: string;
  refresh_token: string;
  user: Record<string, unknown>;
}

const codeIn = (text: string) => /Tu código es (\d{6})\b/.exec(text)?.[1];
const tokenIn = (text: string, param = 'token') => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get(param);
/** Quoted-printable (body) and RFC 2047 Q-encoding (headers) back to text. */
const unQuote = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const header = (data: string, name: string) => {
  // unfold continuation lines; whitespace between two encoded words is not part of the text
  const raw = (new RegExp(`^${name}: (.*)$`, 'm').exec(data.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?');
  return raw.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => unQuote(q.replace(/_/g, ' ')));
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(engines())('invites and magic link on %s', (engine) => {
  let server: TestServer;
  let demoId: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    demoId = (await tenantOf(server, 'demo')).id;
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  const invite = (json: unknown, token = admin, subdomain = 'demo') => server.api(subdomain, `${A}/invites`, { method: 'POST', json, token });
  const preview = (token: string, subdomain = 'demo') => server.api(subdomain, `${A}/invites/${encodeURIComponent(token)}`);
  const accept = (token: string, json: unknown, subdomain = 'demo') => server.api(subdomain, `${A}/invites/${encodeURIComponent(token)}/accept`, { method: 'POST', json });
  const requestLink = (email: string, subdomain = 'demo', host?: string) => server.api(subdomain, `${A}/magic-link`, { method: 'POST', json: { email }, ...(host ? { host } : {}) });
  const signInWithLink = (json: unknown, subdomain = 'demo') => server.api(subdomain, `${A}/sign-in/magic-link`, { method: 'POST', json });
  const latestTo = async (email: string) => (await outbox(server, 'demo', admin)).find((m) => m.recipient === email);

  describe('invites', () => {
    it('POST /invites answers 201 with a link on the tenant host, and the e-mail lands in the outbox', async () => {
      const response = await invite({ email: ' Nueva.Persona@Faena.test ', name: 'Nueva Persona' });
      expect(response.status).toBe(201);
      const created = await body<{ id: string; email: string; name: string; link: string; expires_at: string }>(response);
      expect(created).toMatchObject({ email: 'nueva.persona@faena.test', name: 'Nueva Persona' });
      const link = new URL(created.link);
      expect(link.origin).toBe(`http://demo.app.localhost:${server.port}`);
      expect(link.pathname).toBe('/from-invite');
      expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(40);
      // seven days
      const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      const mail = await latestTo('nueva.persona@faena.test');
      expect(mail).toMatchObject({ subject: 'Invitación a Faena Demo en Faena', transport: 'outbox', sent_at: null, error: null });
      expect(mail!.text).toContain(created.link);
      expect(mail!.text).toContain('Nueva Persona');
    });

    it('GET /invites/{token} previews it without sign-in; an unknown token is 404', async () => {
      const created = await body<{ link: string; expires_at: string }>(await invite({ email: 'preview@faena.test' }));
      const token = new URL(created.link).searchParams.get('token')!;
      const response = await preview(token);
      expect(response.status).toBe(200);
      expect(await body(response)).toEqual({ email: 'preview@faena.test', name: null, tenant_name: 'Faena Demo', expires_at: created.expires_at });
      const unknown = await preview('no-such-invite');
      expect(unknown.status).toBe(404);
      expect(await body(unknown)).toMatchObject({ code: 'not-found' });
    });

    it('accepting with a name and password signs the invitee in, once', async () => {
      const created = await body<{ link: string }>(await invite({ email: 'invitada@faena.test' }));
      const token = new URL(created.link).searchParams.get('token')!;

      const response = await accept(token, { name: 'Ana Invitada', password: 'ana-secreta' });
      expect(response.status).toBe(200);
      const pair = await body<Pair>(response);
      expect(pair.user).toMatchObject({ email: 'invitada@faena.test', name: 'Ana Invitada', tenant_id: demoId, sign_in_method: 'PASSWORD' });
      expect((await server.api('demo', `${A}/me`, { token: pair.id_token })).status).toBe(200);
      // the account works with its password from now on
      expect((await signIn(server, 'demo', 'invitada@faena.test', 'ana-secreta')).user).toMatchObject({ name: 'Ana Invitada' });
      const people = await body<{ results: { name: string; has_account: boolean }[] }>(await server.api('demo', '/api/audiences/v3/persons/?search=invitada', { token: admin }));
      expect(people.results).toEqual([expect.objectContaining({ name: 'Ana Invitada', has_account: true })]);

      // the invitation cannot be used again
      const again = await accept(token, { name: 'Otra Vez', password: 'otra-secreta' });
      expect(again.status).toBe(400);
      expect(await body(again)).toMatchObject({ code: 'expired-action-code' });
      expect((await preview(token)).status).toBe(400);
      // and the first password still holds
      expect((await server.api('demo', `${A}/sign-in/password`, { method: 'POST', json: { email: 'invitada@faena.test', password: 'otra-secreta' } })).status).toBe(401);
    });

    it('enforces the password policy and the name, consuming nothing', async () => {
      const created = await body<{ link: string }>(await invite({ email: 'politica@faena.test' }));
      const token = new URL(created.link).searchParams.get('token')!;
      const empty = await accept(token, { name: 'Pol Ítica', password: '' });
      expect(empty.status).toBe(400);
      expect(await body(empty)).toMatchObject({ code: 'validation-error', errors: { password: ['You must enter a password'] } });
      // At least 8 characters (decision 024), whatever a tenant's policy asks below that.
      const short = await accept(token, { name: 'Pol Ítica', password: 'corta-7' });
      expect(short.status).toBe(400);
      expect(await body(short)).toMatchObject({ errors: { password: [expect.any(String)] } });
      // Common and breached passwords are refused with a reason the client words itself, accents and case aside.
      for (const password of ['password123', 'Contraseña123', 'QWERTY123', 'politica@faena.test', 'politica']) {
        const common = await accept(token, { name: 'Pol Ítica', password });
        expect(common.status, password).toBe(400);
        expect(await body(common), password).toMatchObject({ code: 'validation-error', errors: { password: [expect.stringContaining('too common')] }, reasons: { password: 'common-password' } });
      }
      for (const json of [{ password: 'long-enough' }, { name: '   ', password: 'long-enough' }, {}]) {
        const response = await accept(token, json);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error' });
      }
      // still usable
      expect((await preview(token)).status).toBe(200);
      expect((await accept(token, { name: 'Pol Ítica', password: 'faro-del-sur-9' })).status).toBe(200);
    });

    it('lets an existing identity of another tenant join with its own password only', async () => {
      const created = await body<{ link: string }>(await invite({ email: 'admin@norte.test' }));
      const token = new URL(created.link).searchParams.get('token')!;
      const wrong = await accept(token, { name: 'Norte', password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(await body(wrong)).toMatchObject({ code: 'invalid-credential' });
      expect((await accept(token, { name: 'Norte', password: DEMO_PASSWORD })).status).toBe(200);
      // now a member of both, with one password
      expect((await signIn(server, 'demo', 'admin@norte.test', DEMO_PASSWORD)).user).toMatchObject({ tenant_id: demoId });
      expect((await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).user.tenant_id).not.toBe(demoId);
    });

    it('refuses an invitation past its seven days', async () => {
      const created = await body<{ id: string; link: string }>(await invite({ email: 'tarde@faena.test' }));
      const token = new URL(created.link).searchParams.get('token')!;
      await server.running.platform.db.transaction(demoId, (tx) => tx.execute(sql`UPDATE invites SET expires_at = now() - interval '1 second' WHERE tenant_id = ${demoId} AND id = ${created.id}`));
      expect((await preview(token)).status).toBe(400);
      const late = await accept(token, { name: 'Tarde', password: 'tarde-pass' });
      expect(late.status).toBe(400);
      expect(await body(late)).toMatchObject({ code: 'expired-action-code' });
      expect((await server.api('demo', `${A}/sign-in/password`, { method: 'POST', json: { email: 'tarde@faena.test', password: 'tarde-pass' } })).status).toBe(401);
    });

    it('refuses to invite a member, a bad e-mail, or without MANAGE_PEOPLE', async () => {
      const member = await invite({ email: 'supervisora@faena.test' });
      expect(member.status).toBe(409);
      expect(await body(member)).toMatchObject({ code: 'conflict' });
      const bad = await invite({ email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect(await body(bad)).toMatchObject({ errors: { email: ['Invalid email'] } });
      expect((await invite({})).status).toBe(400);
      const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
      const denied = await invite({ email: 'someone@faena.test' }, supervisora);
      expect(denied.status).toBe(403);
      expect(await body(denied)).toMatchObject({ code: 'permission-denied' });
      expect(await latestTo('someone@faena.test')).toBeUndefined();
      expect((await invite({ email: 'someone@faena.test' }, '')).status).toBe(401);
    });

    it('lets only MANAGE_PEOPLE read the outbox', async () => {
      const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
      expect((await server.api('demo', `${A}/outbox`, { token: supervisora })).status).toBe(403);
      expect((await server.api('demo', `${A}/outbox`)).status).toBe(401);
    });
  });

  describe('magic link', () => {
    it('is refused with 403 operation-not-allowed while the tenant flag magic_link is off', async () => {
      // demo-norte has the production flags: magic_link off
      const request = await requestLink('admin@norte.test', 'demo-norte');
      expect(request.status).toBe(403);
      expect(await body(request)).toMatchObject({ code: 'operation-not-allowed' });
      const signInAttempt = await signInWithLink({ email: 'admin@norte.test', code: '123456' }, 'demo-norte');
      expect(signInAttempt.status).toBe(403);
      expect(await body(signInAttempt)).toMatchObject({ code: 'operation-not-allowed' });
    });

    it('sends a 6-digit code and a link; the code signs in once', async () => {
      const response = await requestLink('Supervisora@Faena.test');
      expect(response.status).toBe(204);
      const mail = await latestTo('supervisora@faena.test');
      expect(mail).toBeDefined();
      const code = codeIn(mail!.text)!;
      expect(code).toMatch(/^\d{6}$/);
      expect(mail!.subject).toContain(code);
      const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
      expect(link.origin).toBe(`http://demo.app.localhost:${server.port}`);
      expect(link.pathname).toBe('/from-magic-link');
      expect(link.searchParams.get('email')).toBe('supervisora@faena.test');

      const signedIn = await signInWithLink({ email: 'supervisora@faena.test', code });
      expect(signedIn.status).toBe(200);
      const pair = await body<Pair>(signedIn);
      expect(pair.user).toMatchObject({ email: 'supervisora@faena.test', sign_in_method: 'MAGIC_LINK', tenant_id: demoId });
      expect((await server.api('demo', `${A}/me`, { token: pair.id_token })).status).toBe(200);

      const reused = await signInWithLink({ email: 'supervisora@faena.test', code });
      expect(reused.status).toBe(401);
      expect(await body(reused)).toEqual({ code: 'invalid-credential', detail: 'Sign in with email link failed' });
    });

    it('signs in with the link token too', async () => {
      expect((await requestLink('operario@faena.test')).status).toBe(204);
      const token = tokenIn((await latestTo('operario@faena.test'))!.text)!;
      const response = await signInWithLink({ email: 'operario@faena.test', token });
      expect(response.status).toBe(200);
      expect((await body<Pair>(response)).user).toMatchObject({ email: 'operario@faena.test', sign_in_method: 'MAGIC_LINK' });
      expect((await signInWithLink({ email: 'operario@faena.test', token })).status).toBe(401);
    });

    it('answers 401 "Sign in with email link failed" to a wrong code, a code of another address, or nothing', async () => {
      const member = await addMember(server, demoId, { email: 'wrong-code@faena.test' });
      expect((await requestLink(member.email)).status).toBe(204);
      const code = codeIn((await latestTo(member.email))!.text)!;
      for (const json of [{ email: member.email, code: otherCode(code) }, { email: 'rrhh@faena.test', code }, { email: member.email }, { email: member.email, token: 'not-the-token' }]) {
        const response = await signInWithLink(json);
        expect(response.status, JSON.stringify(json)).toBe(401);
        expect(await body(response)).toEqual({ code: 'invalid-credential', detail: 'Sign in with email link failed' });
      }
      // the right code still works after one wrong attempt
      expect((await signInWithLink({ email: member.email, code })).status).toBe(200);
    });

    it('refuses a code past its 15 minutes', async () => {
      const member = await addMember(server, demoId, { email: 'expired-code@faena.test' });
      expect((await requestLink(member.email)).status).toBe(204);
      const code = codeIn((await latestTo(member.email))!.text)!;
      await server.running.platform.db.transaction(demoId, (tx) =>
        tx.execute(sql`UPDATE magic_links SET expires_at = now() - interval '1 second' WHERE tenant_id = ${demoId} AND email = ${member.email}`),
      );
      const response = await signInWithLink({ email: member.email, code });
      expect(response.status).toBe(401);
      expect(await body(response)).toMatchObject({ detail: 'Sign in with email link failed' });
    });

    it('burns the link after 5 wrong attempts', async () => {
      const member = await addMember(server, demoId, { email: 'burned@faena.test' });
      expect((await requestLink(member.email)).status).toBe(204);
      const code = codeIn((await latestTo(member.email))!.text)!;
      for (let i = 0; i < 5; i++) expect((await signInWithLink({ email: member.email, code: otherCode(code) })).status).toBe(401);
      const late = await signInWithLink({ email: member.email, code });
      expect(late.status).toBe(401);
      expect(await body(late)).toMatchObject({ detail: 'Sign in with email link failed' });
      // a new link works
      expect((await requestLink(member.email)).status).toBe(204);
      const fresh = codeIn((await latestTo(member.email))!.text)!;
      expect((await signInWithLink({ email: member.email, code: fresh })).status).toBe(200);
    });

    it('answers the same 204 for unknown, disabled and non-member addresses, sending nothing', async () => {
      const norteOnly = await addMember(server, (await tenantOf(server, 'demo-norte')).id, { email: 'solo-norte@norte.test' });
      const before = (await outbox(server, 'demo', admin)).length;
      for (const email of ['nobody@faena.test', 'inactivo@faena.test', norteOnly.email]) {
        const response = await requestLink(email);
        expect(response.status, email).toBe(204);
      }
      expect((await outbox(server, 'demo', admin)).length).toBe(before);
    });

    it('refuses a malformed e-mail or code with 400', async () => {
      const bad = await requestLink('not-an-email');
      expect(bad.status).toBe(400);
      expect(await body(bad)).toMatchObject({ errors: { email: ['Invalid email'] } });
      for (const code of ['12345', '1234567', 'abcdef', 123456]) {
        const response = await signInWithLink({ email: 'supervisora@faena.test', code });
        expect(response.status, String(code)).toBe(400);
        expect(await body(response)).toMatchObject({ code: 'validation-error' });
      }
    });

    it('never puts a forged Host header into the e-mailed link', async () => {
      const member = await addMember(server, demoId, { email: 'victim@faena.test' });
      expect((await requestLink(member.email, 'demo', 'demo.attacker.example')).status).toBe(204);
      const mail = (await latestTo(member.email))!;
      expect(mail.text).not.toContain('attacker');
      expect(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).hostname).toBe('demo.app.localhost');
    });
  });
});

describe.each(engines())('mail through SMTP on %s', (engine) => {
  let server: TestServer;
  let smtp: SMTPServer;
  let admin: string;
  const received: { from: string; to: string[]; data: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) {
          callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await startServer(engine, { seed: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Faena <no-reply@faena.test>' } });
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('sends the e-mail through SMTP and marks the outbox row sent', async () => {
    const response = await server.api('demo', `${A}/invites`, { method: 'POST', json: { email: 'smtp-invitee@faena.test', name: 'Por SMTP' }, token: admin });
    expect(response.status).toBe(201);
    const { link } = await body<{ link: string }>(response);

    const message = received.find((m) => m.to.includes('smtp-invitee@faena.test'));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@faena.test');
    expect(header(message!.data, 'Subject')).toBe('Invitación a Faena Demo en Faena');
    expect(unQuote(message!.data)).toContain(link);

    const row = (await outbox(server, 'demo', admin)).find((m) => m.recipient === 'smtp-invitee@faena.test');
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sent_at).not.toBeNull();
  });

  it('delivers the magic-link code by SMTP', async () => {
    expect((await server.api('demo', `${A}/magic-link`, { method: 'POST', json: { email: 'operario@faena.test' } })).status).toBe(204);
    const message = received.find((m) => m.to.includes('operario@faena.test'));
    expect(message).toBeDefined();
    const code = codeIn(unQuote(message!.data));
    expect(code).toMatch(/^\d{6}$/);
    expect(header(message!.data, 'Subject')).toBe(`Tu código para entrar a Faena Demo: ${code}`);
    const signedIn = await server.api('demo', `${A}/sign-in/magic-link`, { method: 'POST', json: { email: 'operario@faena.test', code } });
    expect(signedIn.status).toBe(200);
  });

  it('keeps the error on the outbox row when the SMTP server refuses, without failing the request', async () => {
    const response = await server.api('demo', `${A}/invites`, { method: 'POST', json: { email: 'bounce@faena.test' }, token: admin });
    expect(response.status).toBe(201);
    const row = (await outbox(server, 'demo', admin)).find((m) => m.recipient === 'bounce@faena.test');
    expect(row).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(row!.error).toMatch(/550|No such mailbox/);
  });
});
