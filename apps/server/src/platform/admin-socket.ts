import { createConnection, createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';

export type AdminHandler = (command: string, args: Record<string, unknown>) => Promise<unknown>;

/** One JSON request per line in, one JSON answer per line out. Local to the machine (a unix socket). */
export function serveAdminSocket(path: string, handle: AdminHandler): Promise<Server> {
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        void (async () => {
          try {
            const { command, args } = JSON.parse(line) as { command: string; args: Record<string, unknown> };
            socket.write(`${JSON.stringify({ ok: true, result: await handle(command, args ?? {}) })}\n`);
          } catch (error) {
            socket.write(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`);
          }
        })();
      }
    });
    socket.on('error', () => socket.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}

export function callAdminSocket(path: string, command: string, args: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      socket.end();
      const answer = JSON.parse(buffer.slice(0, newline)) as { ok: boolean; result?: unknown; error?: string };
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.error));
    });
    socket.on('error', reject);
  });
}
