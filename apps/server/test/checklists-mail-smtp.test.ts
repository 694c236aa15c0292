import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, makeTenant, outbox, signIn, startServer, type TestServer } from './harness.ts';

const BASE = '/api/checklists/v3';

/** A minimal SMTP server that keeps each message it is given (envelope and raw DATA). */
async function smtpSink(): Promise<{ port: number; messages: { to: string[]; data: string }[]; close: () => Promise<void> }> {
  const messages: { to: string[]; data: string }[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    let to: string[] = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push({ to, data });
          inData = false;
          data = '';
          to = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line);
        buffer = buffer.slice(line + 2);
        const verb = command.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink\r\n250 SIZE 52428800\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(command)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(engines())('checklist report e-mail through SMTP on %s', (engine) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let admin: string;

  beforeAll(async () => {
    sink = await smtpSink();
    server = await startServer(engine, { env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
    await makeTenant(server, 'acme');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('the PDF report goes out by SMTP as an attachment of the message, one message per recipient', async () => {
    const call = async <T>(path: string, json: unknown, status: number) => {
      const response = await server.api('acme', `${BASE}${path}`, { method: 'POST', token: admin, json });
      expect(response.status, await response.clone().text()).toBe(status);
      return body<T>(response);
    };
    const category = await call<{ id: string }>('/categories/', { name: 'Seguridad' }, 201);
    const checklist = await call<{ id: string }>(
      '/checklists/',
      {
        name: 'Ronda de EPP',
        category: category.id,
        sections: [{ id: 's', title: 'EPP', field_ids: [1] }],
        fields: [{ id: 1, type: 'boolean', name: 'epp', label: '¿EPP completo?', required: true }],
        items: [{ field_id: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
        pass_mark: 50,
      },
      201,
    );
    const draft = await call<{ id: string }>(`/checklists/${checklist.id}/executions/`, {}, 201);
    await call(`/executions/${draft.id}/submit/`, { answers: { epp: false } }, 200);
    const sent = await call<{ recipients: string[]; file_name: string; delivery: string }>(
      `/executions/${draft.id}/report-mail/`,
      { emails: ['jefa@example.com', 'prevencion@example.com'], message: 'Falta casco en bodega.' },
      200,
    );
    expect(sent).toMatchObject({ recipients: ['jefa@example.com', 'prevencion@example.com'], delivery: 'smtp' });
    const reports = sink.messages.filter((message) => /^Subject: Informe de checklist/m.test(message.data));
    expect(reports.map((message) => message.to)).toEqual([['jefa@example.com'], ['prevencion@example.com']]);
    for (const message of reports) {
      expect(message.data).toMatch(/^Subject: Informe de checklist: Ronda de EPP/m);
      expect(message.data).toMatch(/Content-Type: multipart\/mixed/);
      expect(message.data).toMatch(/Content-Type: application\/pdf; name=/);
      expect(message.data).toContain('Content-Disposition: attachment');
      // the attachment decodes to the PDF
      const part = message.data.split(/Content-Type: application\/pdf[^]*?\r\n\r\n/)[1]!.split('\r\n--')[0]!;
      const pdf = Buffer.from(part.replace(/\s+/g, ''), 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
    }
    // the outbox records both as sent by SMTP
    const kept = (await outbox(server, 'acme', admin)).filter((message) => message.subject.startsWith('Informe de checklist'));
    expect(kept).toHaveLength(2);
    expect(kept.every((message) => message.transport === 'smtp' && (message as { sent_at?: string | null }).sent_at)).toBe(true);
  });
});
