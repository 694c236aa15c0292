/**
 * The app shell's second load through the service worker (decision 030), against the first load,
 * in one run: the real server (`apps/server/src/main.ts`, demo seed, PGlite) serving the current
 * web build (apps/web/dist, built first when it has no service worker), system Chromium through
 * playwright-core at the phone viewport on an emulated mobile network (150 ms round trip, 1.6 Mbps
 * down). Each round is a fresh browser context (empty HTTP cache, no worker):
 *   first load        /login until the sign-in screen shows (everything from the network);
 *   second, online    reload once the worker has precached the build (shell and chunks from the
 *                     worker's cache, index.html network-first);
 *   second, offline   reload with the context offline (all from the worker's cache).
 * Printed: median times and bytes from the network, and each second load as a ratio of the first.
 * Target: the offline second load within 0.5 × the first (a reload never costs the network's time).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { waitFor200 } from './lib/http.ts';
import { target, type Benchmark } from './lib/report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'apps/web/dist');
const ROUNDS = Number(process.env.PWA_BENCH_ROUNDS ?? 5);
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const READY = '[data-testid=demo-admin]';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Bytes the page took from the network (not from the worker), counted through the DevTools protocol. */
async function networkMeter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  let bytes = 0;
  const fromWorker = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromServiceWorker) fromWorker.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!fromWorker.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return {
    take: () => {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
    offline: (offline: boolean) => cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline }),
  };
}

async function timed(page: Page, load: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await load();
  await page.waitForSelector(READY, { timeout: 60_000 });
  return performance.now() - started;
}

const bench: Benchmark = {
  title: 'App shell: second load through the service worker (online and offline) vs the first load',
  async run(ctx) {
    if (!existsSync(join(DIST, 'sw.js'))) {
      ctx.log('building the web app (apps/web/dist has no service worker)');
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (build.status !== 0) throw new Error('web build failed');
    }
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-pwa-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: DIST };
    delete env.DATABASE_URL;
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'apps/server/src/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await waitFor200(port, '/api/health', performance.now(), 150_000, () => server.exitCode === null);
      const origin = `http://demo.app.localhost:${port}`;
      const first: number[] = [];
      const online: number[] = [];
      const offline: number[] = [];
      const bytes = { first: [] as number[], online: [] as number[], offline: [] as number[] };
      // One warm-up context: the server's first answers (the tenant cache, the demo's first sign-in page) are not the browser's cost.
      for (let round = 0; round <= ROUNDS; round++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CL' });
        const page = await context.newPage();
        const meter = await networkMeter(context, page);
        const firstMs = await timed(page, () => page.goto(`${origin}/login`, { waitUntil: 'load' }));
        const firstBytes = meter.take();
        // controlled only once the worker has installed, that is, precached the whole build
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000, polling: 250 });
        meter.take();
        const onlineMs = await timed(page, () => page.reload({ waitUntil: 'load' }));
        const onlineBytes = meter.take();
        await context.setOffline(true);
        await meter.offline(true);
        const offlineMs = await timed(page, () => page.reload({ waitUntil: 'load' }));
        const offlineBytes = meter.take();
        await context.close();
        if (round === 0) continue;
        first.push(firstMs);
        online.push(onlineMs);
        offline.push(offlineMs);
        bytes.first.push(firstBytes);
        bytes.online.push(onlineBytes);
        bytes.offline.push(offlineBytes);
        ctx.log(`round ${round}: first ${firstMs.toFixed(0)} ms, second online ${onlineMs.toFixed(0)} ms, offline ${offlineMs.toFixed(0)} ms`);
      }
      const f = median(first);
      const rows = [
        ['first load (network)', f, median(bytes.first) / 1024, 1],
        ['second load, online (worker)', median(online), median(bytes.online) / 1024, median(online) / f],
        ['second load, offline (worker)', median(offline), median(bytes.offline) / 1024, median(offline) / f],
      ];
      ctx.table({
        title: `/login at the phone viewport, ${ROUNDS} rounds (medians), emulated ${NETWORK.latency} ms / 1.6 Mbps`,
        columns: ['load', 'ms', 'KiB from network', '× first'],
        rows,
        notes: [
          'Time from navigation start to the sign-in screen showing. Bytes: encoded bytes of responses not served by the service worker.',
          'The online second load still asks the network for index.html first (navigations are network-first, 4 s), so a deploy is picked up on the next load.',
        ],
      });
      ctx.data.pwa = { first, online, offline, bytes };
      const ratio = median(offline) / f;
      ctx.target(target('offline second load ≤ 0.5 × first load', ratio, 0.5, (measured) => `${measured.toFixed(2)} × the first load (target ≤ 0.5 ×)`, false));
    } finally {
      await browser.close();
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default bench;
