/**
 * First paint of /sign-in on a cold load, throttled like Lighthouse's mobile preset (150 ms RTT,
 * 1.6 Mbps down, 750 kbps up, 4× CPU slowdown — applied through DevTools, which is harsher than
 * Lighthouse's simulation). Reports FCP and LCP (median of 3 cold loads). Report only, not a test.
 *
 *   node apps/web/scripts/lcp-report.ts                       # builds if needed, starts its own server
 *   node apps/web/scripts/lcp-report.ts http://demo.app.localhost:3000   # against a running one
 *
 * Each run is measured twice: as the app server sends the files today, and through a small front
 * that serves the build's precompressed .br/.gz files (what a CDN, nginx `gzip_static` or
 * @fastify/static `preCompressed` would do) and passes /api to the server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '../../..');
const RUNS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) spawnSync('npm', ['run', 'build', '-w', '@faena/web'], { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'faena-lcp-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: 'inherit' });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base: `http://demo.app.localhost:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
    },
  };
}

const dist = join(root, 'apps/web/dist');

/** A front that serves precompressed assets and proxies the rest to the app server. */
async function startCompressingFront(upstream: string): Promise<{ base: string; server: Server }> {
  const target = new URL(upstream);
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!path.startsWith('/api')) {
      const file = path.startsWith('/assets/') || path === '/favicon.svg' ? join(dist, path) : join(dist, 'index.html');
      const accept = String(req.headers['accept-encoding'] ?? '');
      const encoding = accept.includes('br') && existsSync(`${file}.br`) ? 'br' : accept.includes('gzip') && existsSync(`${file}.gz`) ? 'gzip' : null;
      if (!existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.js') ? 'application/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'text/html; charset=utf-8';
      res.writeHead(200, { 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}), 'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache' });
      res.end(readFileSync(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file));
      return;
    }
    const proxied = httpRequest({ host: '127.0.0.1', port: target.port || 80, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return { base: `http://${target.hostname}:${port}`, server };
}

const given = process.argv[2];
const server = given ? { base: given, stop: () => undefined } : await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const front = await startCompressingFront(server.base);

async function measure(base: string): Promise<{ fcp: number; lcp: number; js: number }[]> {
  const results: { fcp: number; lcp: number; js: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'es-CL' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (process.env.LCP_NET !== '0') await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.LCP_CPU ?? 4) });
    let js = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) void response.body().then((b) => (js += b.length)).catch(() => undefined);
    });
    await page.goto(`${base}/sign-in`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForSelector('input[type=password]', { timeout: 120_000 });
    await page.waitForTimeout(500);
    const metrics = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          setTimeout(() => resolve({ fcp, lcp }), 300);
        }),
    );
    results.push({ ...metrics, js });
    await context.close();
  }
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
function report(label: string, results: { fcp: number; lcp: number }[]): void {
  const fcp = median(results.map((r) => r.fcp));
  const lcp = median(results.map((r) => r.lcp));
  console.log(`${label.padEnd(44)} FCP ${(fcp / 1000).toFixed(2)} s · LCP ${(lcp / 1000).toFixed(2)} s ${lcp <= 2500 ? 'OK' : 'OVER'}   (${results.map((r) => Math.round(r.lcp)).join(' / ')} ms)`);
}

try {
  const plain = await measure(server.base);
  const compressed = await measure(front.base);
  console.log(`Faena web — cold load of /sign-in, mobile throttling (150 ms RTT, 1.6 Mbps, ${process.env.LCP_CPU ?? 4}× CPU), median of ${RUNS}; Lighthouse "good": LCP ≤ 2.5 s`);
  report('as the app server sends it (no compression)', plain);
  report('with precompressed assets (br/gzip)', compressed);
} finally {
  await browser.close();
  front.server.close();
  server.stop();
}
