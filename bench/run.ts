/**
 * `npm run bench [-- name ...]`: runs every bench/*.bench.ts (or those whose names start with the
 * given words), prints a table per benchmark and PASS/MISS/SKIP lines for the targets, and
 * writes JSON results to bench/results/ (git-ignored). Targets are reported, not asserted: the
 * exit code is non-zero only when a benchmark crashes.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderTable, renderTarget, type BenchReport, type Benchmark, type Target } from './lib/report.ts';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const RESULTS_DIR = join(BENCH_DIR, 'results');

function selected(names: string[]): string[] {
  const all = readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort();
  if (names.length === 0) return all;
  const chosen = all.filter((file) => names.some((name) => file === name || file.startsWith(name.replace(/\.bench\.ts$/, ''))));
  const unknown = names.filter((name) => !all.some((file) => file === name || file.startsWith(name.replace(/\.bench\.ts$/, ''))));
  if (unknown.length > 0) throw new Error(`no benchmark named ${unknown.join(', ')}; there are: ${all.join(', ')}`);
  return chosen;
}

async function main(): Promise<number> {
  const files = selected(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
  const machine = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30) };
  console.log(`Faena benchmarks — Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const allTargets: { bench: string; target: Target }[] = [];
  const crashed: string[] = [];

  for (const file of files) {
    const name = basename(file, '.bench.ts');
    const report: BenchReport = { tables: [], targets: [], data: {} };
    const startedAt = performance.now();
    let error: string | null = null;
    try {
      const module = (await import(pathToFileURL(join(BENCH_DIR, file)).href)) as { default?: Benchmark };
      const bench = module.default;
      if (!bench || typeof bench.run !== 'function') throw new Error(`${file} has no default export { title, run }`);
      console.log(`\n# ${name}: ${bench.title}\n`);
      await bench.run({
        log: (message) => console.error(`  … ${message}`),
        table: (table) => {
          report.tables.push(table);
          console.log(`${renderTable(table)}\n`);
        },
        target: (target) => {
          report.targets.push(target);
          allTargets.push({ bench: name, target });
        },
        data: report.data,
      });
    } catch (caught) {
      error = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
      crashed.push(name);
      console.error(`\nCRASH ${name}: ${error}\n`);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    for (const target of report.targets) console.log(renderTarget(target));
    console.log(`(${name}: ${seconds.toFixed(1)} s)`);
    const path = join(RESULTS_DIR, `${name}-${stamp}.json`);
    writeFileSync(path, `${JSON.stringify({ bench: name, at: new Date().toISOString(), machine, seconds, error, ...report }, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, `${name}-latest.json`), `${JSON.stringify({ bench: name, at: new Date().toISOString(), machine, seconds, error, ...report }, null, 2)}\n`);
  }

  if (allTargets.length > 0) {
    console.log('\n# Targets');
    for (const { bench, target } of allTargets) console.log(`${renderTarget(target)}  [${bench}]`);
  }
  if (crashed.length > 0) console.log(`\nCrashed: ${crashed.join(', ')}`);
  console.log(`Results: ${RESULTS_DIR}`);
  return crashed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
