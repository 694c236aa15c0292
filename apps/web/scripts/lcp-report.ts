/**
 * First paint of /sign-in on a cold load, throttled like Lighthouse's mobile preset (150 ms RTT,
 * 1.6 Mbps down, 750 kbps up, 4× CPU slowdown — applied through DevTools, which is harsher than
 * Lighthouse's simulation). Reports FCP and LCP (median of 3 cold loads). Report only, not a test.
 *
 *   node apps/web/scripts/lcp-report.ts                       # builds the current sources privately, starts its own server
 *   node apps/web/scripts/lcp-report.ts http://demo.app.localhost:3000   # against a running one
 *
 * Measured as the app server sends the files: it serves the build's precompressed .br/.gz beside
 * each asset (@fastify/static `preCompressed`), and the report says which encodings the scripts and
 * stylesheets actually came with, and warns when one came uncompressed although the build wrote a
 * compressed copy.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '../../..');
const RUNS = 3;
const given = process.argv[2];
/** The build measured: a private one when the report starts its own server, else (best guess) apps/web/dist. */
const webDist = given ? join(root, 'apps/web/dist') : mkdtempSync(join(tmpdir(), 'faena-lcp-web-'));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A private build of the current sources, served by a server of its own: apps/web/dist may be
 * stale, and rebuilding it would pull the files from under a server (or a test run) that serves it.
 */
async function startServer(): Promise<{ base: string; stop: () => void }> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@faena/web', '--', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    rmSync(webDist, { recursive: true, force: true });
    throw new Error('web build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'faena-lcp-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: webDist };
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
      child.once('exit', () => {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(webDist, { recursive: true, force: true });
      });
      child.kill('SIGTERM');
    },
  };
}

const server = given ? { base: given, stop: () => undefined } : await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Run {
  fcp: number;
  lcp: number;
  /** Content-Encoding of each script and stylesheet, by path. */
  encodings: Map<string, string>;
}

async function measure(base: string): Promise<Run[]> {
  const results: Run[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'es-CL' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (process.env.LCP_NET !== '0')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.LCP_CPU ?? 4) });
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.(js|css)$/.test(path)) encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
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
    results.push({ ...metrics, encodings });
    await context.close();
  }
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
function report(label: string, results: Run[]): void {
  const fcp = median(results.map((r) => r.fcp));
  const lcp = median(results.map((r) => r.lcp));
  console.log(`${label.padEnd(44)} FCP ${(fcp / 1000).toFixed(2)} s · LCP ${(lcp / 1000).toFixed(2)} s ${lcp <= 2500 ? 'OK' : 'OVER'}   (${results.map((r) => Math.round(r.lcp)).join(' / ')} ms)`);
}

/** "br ×9, identity ×1" for the scripts and stylesheets of the runs, and those sent uncompressed although compressible. */
function describeEncodings(results: Run[]): { summary: string; uncompressed: string[] } {
  const all = new Map<string, string>();
  for (const run of results) for (const [path, encoding] of run.encodings) all.set(path, encoding);
  const counts = new Map<string, number>();
  for (const encoding of all.values()) counts.set(encoding, (counts.get(encoding) ?? 0) + 1);
  const summary = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([encoding, count]) => `${encoding} ×${count}`)
    .join(', ');
  // Judged against the build measured (for a given server: apps/web/dist, if it is that server's build).
  const uncompressed = [...all].filter(([path, encoding]) => encoding === 'identity' && (existsSync(join(webDist, `${path}.br`)) || existsSync(join(webDist, `${path}.gz`)))).map(([path]) => path);
  return { summary, uncompressed };
}

try {
  const results = await measure(server.base);
  const { summary, uncompressed } = describeEncodings(results);
  console.log(`Faena web — cold load of /sign-in, mobile throttling (150 ms RTT, 1.6 Mbps, ${process.env.LCP_CPU ?? 4}× CPU), median of ${RUNS}; Lighthouse "good": LCP ≤ 2.5 s`);
  report(`as the app server sends it (scripts and styles: ${summary})`, results);
  if (uncompressed.length > 0) console.log(`  sent uncompressed although the build wrote .br/.gz beside them: ${uncompressed.join(', ')}`);
} finally {
  await browser.close();
  server.stop();
}
