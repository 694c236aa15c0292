/**
 * Forms performance report (issue 5; a report, not a timed test). In Chromium, in one run:
 *   - a form of 300 text fields through the real renderer (frame, label, "No aplica", messages);
 *   - the same 300 fields as a mix of types (text, numbers, choices, ratings, scales, codes);
 *   - a baseline page of 300 plain inputs, each with its own React state (the best case);
 * and for each: first render (script start → the frame after the last field appeared), and
 * keystroke-to-paint latency (key event → the task after the next frame) over 40 keystrokes in
 * field 150, and the fields re-rendered by those keystrokes (the renderer counts its renders).
 * Target: the form within 2× the baseline (the mixed form is held to it for information).
 *
 *   node apps/web/scripts/forms-perf.ts        (RUNS=5 for more cold loads; CPU=4 to throttle)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';

const web = join(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 3);
const KEYSTROKES = 40;
const CPU = Number(process.env.CPU ?? 1);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Measure {
  firstRender: number;
  keystroke: number[];
  rendered: string[];
  renders: number;
}

/** What the measured page keeps on `(globalThis as unknown as PerfProbe).perf` (see forms-perf/main.tsx); read inside the page. */
interface PerfProbe {
  perf: { renderStart: number; painted: number; renders: Map<string, number>; latencies: number[] };
}

async function measure(page: Page, base: string, kind: string): Promise<Measure> {
  await page.goto(`${base}/?page=${kind}`, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as PerfProbe).perf.painted > 0, undefined, { timeout: 60_000 });
  const firstRender = await page.evaluate(() => (globalThis as unknown as PerfProbe).perf.painted - (globalThis as unknown as PerfProbe).perf.renderStart);
  const input = kind === 'baseline' ? page.getByTestId('plain-150') : page.getByTestId('field-f150').locator('input:not([type=checkbox])').first();
  await input.click();
  await page.evaluate(() => {
    (globalThis as unknown as PerfProbe).perf.renders.clear();
    (globalThis as unknown as PerfProbe).perf.latencies.length = 0;
  });
  for (let at = 0; at < KEYSTROKES; at += 1) {
    await page.keyboard.press(at % 2 ? 'a' : 'b');
    await page.waitForTimeout(30);
  }
  await page.waitForFunction((count) => (globalThis as unknown as PerfProbe).perf.latencies.length >= count, KEYSTROKES);
  const result = await page.evaluate(() => ({ latencies: [...(globalThis as unknown as PerfProbe).perf.latencies], renders: [...(globalThis as unknown as PerfProbe).perf.renders.entries()] }));
  return { firstRender, keystroke: result.latencies, rendered: result.renders.map(([key]) => key), renders: result.renders.reduce((sum, [, count]) => sum + count, 0) };
}

export interface PageSummary {
  firstRender: number;
  keystroke: number;
  keystrokeP95: number;
  rendered: string[];
  rendersPerKey: number;
}

export interface FormsPerf {
  runs: number;
  keystrokes: number;
  cpu: number;
  baseline: PageSummary;
  form: PageSummary;
  mixed: PageSummary;
}

/** Builds the three pages, measures them interleaved in Chromium and returns the medians. */
export async function measureFormsPerf(runs = RUNS, cpu = CPU): Promise<FormsPerf> {
  const out = mkdtempSync(join(tmpdir(), 'faena-forms-perf-'));
  try {
    await build({
      root: join(web, 'scripts/forms-perf'),
      configFile: false,
      plugins: [react()],
      logLevel: 'warn',
      define: { __BUILD_TIME__: JSON.stringify('perf'), __BUILD_COMMIT__: JSON.stringify('perf') },
      build: { outDir: out, emptyOutDir: true, target: 'es2022' },
    });
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      try {
        const body = readFileSync(join(out, path === '/' ? 'index.html' : path));
        response.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    const results: Record<string, Measure[]> = { baseline: [], form: [], mixed: [] };
    try {
      for (let run = 0; run < runs; run += 1) {
        // Interleaved, each in a fresh context: the machine's noise lands on all three alike.
        for (const kind of ['baseline', 'form', 'mixed']) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const page = await context.newPage();
          if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
          results[kind]!.push(await measure(page, base, kind));
          await context.close();
        }
      }
    } finally {
      await browser.close();
      server.close();
    }

    const summary = (kind: string): PageSummary => {
      const runs = results[kind]!;
      return {
        firstRender: median(runs.map((run) => run.firstRender)),
        keystroke: median(runs.flatMap((run) => run.keystroke)),
        keystrokeP95: p95(runs.flatMap((run) => run.keystroke)),
        rendered: [...new Set(runs.flatMap((run) => run.rendered))],
        rendersPerKey: median(runs.map((run) => run.renders / KEYSTROKES)),
      };
    };
    return { runs, keystrokes: KEYSTROKES, cpu, baseline: summary('baseline'), form: summary('form'), mixed: summary('mixed') };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The form is within 2× the baseline on first render and keystroke, and typing re-renders one
 * field; the same for the mixed form (informational: its controls are not plain inputs).
 */
export function verdicts(perf: FormsPerf): { within: boolean; oneField: boolean; mixedWithin: boolean; mixedOneField: boolean } {
  const { baseline, form, mixed } = perf;
  const within = (page: PageSummary) => page.firstRender <= 2 * baseline.firstRender && page.keystroke <= 2 * baseline.keystroke;
  const oneField = (page: PageSummary) => page.rendered.length === 1 && page.rendered[0] === 'f150';
  return { within: within(form), oneField: oneField(form), mixedWithin: within(mixed), mixedOneField: oneField(mixed) };
}

if (import.meta.main) {
  const perf = await measureFormsPerf();
  const { baseline } = perf;
  console.log(`Faena forms — performance report (Chromium, ${perf.runs} cold loads each, ${KEYSTROKES} keystrokes per load${perf.cpu > 1 ? `, CPU ${perf.cpu}× slower` : ''})\n`);
  console.log('page                                  first render   keystroke→paint (median / p95)   fields re-rendered by typing');
  for (const [kind, title] of [
    ['baseline', '300 plain inputs (baseline)'],
    ['form', '300-field form, text fields'],
    ['mixed', '300-field form, mixed types'],
  ] as const) {
    const s = perf[kind];
    const ratio = kind === 'baseline' ? '' : `  (${(s.firstRender / baseline.firstRender).toFixed(2)}× / ${(s.keystroke / baseline.keystroke).toFixed(2)}×)`;
    console.log(
      `${title.padEnd(38)}${ms(s.firstRender).padStart(12)}   ${`${ms(s.keystroke)} / ${ms(s.keystrokeP95)}`.padStart(24)}        ${s.rendered.join(', ') || '—'} (${s.rendersPerKey.toFixed(1)} render/key)${ratio}`,
    );
  }
  const { within, oneField, mixedWithin, mixedOneField } = verdicts(perf);
  console.log(`\ntarget: the form within 2× the baseline — ${within ? 'OK' : 'OVER'}; a keystroke re-renders only the field typed into — ${oneField ? 'OK' : 'NO'}`);
  console.log(`mixed types (informational): within 2× the baseline — ${mixedWithin ? 'OK' : 'OVER'}; a keystroke re-renders only the field typed into — ${mixedOneField ? 'OK' : 'NO'}`);
}
