import { request } from 'node:http';

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** One request on 127.0.0.1 with any Host header (fetch() may not set Host; the tenant comes from it). */
export function httpJson(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON: keep the text */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Polls until `path` answers 200 or the deadline passes; resolves with the elapsed milliseconds. */
export async function waitFor200(port: number, path: string, startedAt: number, deadlineMs: number, isAlive: () => boolean): Promise<number> {
  for (;;) {
    if (!isAlive()) throw new Error('the server exited before it answered');
    const elapsed = performance.now() - startedAt;
    if (elapsed > deadlineMs) throw new Error(`no 200 from ${path} within ${deadlineMs} ms`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.setTimeout(1_000, () => req.destroy());
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
