/**
 * `npm test`: every suite — unit, API integration (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), web components, then browser end-to-end — and one closing line
 * `tests: N passed, N failed` that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'node_modules', '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Suite {
  name: string;
  args: string[];
}

const suites: Suite[] = [{ name: 'unit, api and web', args: ['run'] }];
if (existsSync(join(root, 'apps/web/e2e/vitest.config.ts')) && !process.argv.includes('--no-e2e')) {
  suites.push({ name: 'browser end-to-end', args: ['run', '--config', 'apps/web/e2e/vitest.config.ts'] });
}

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const failures: string[] = [];
for (const [index, suite] of suites.entries()) {
  const report = join(reports, `suite-${index}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as Report;
    failures.push(...failuresOf(json, root));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) broken = true;
  } else {
    broken = true;
  }
  if (result.status !== 0) broken = true;
}

// The names of what failed, last, where a reader of a long log's tail finds them.
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || broken ? 1 : 0);

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** One line per failed test (its file, its full name and the first line of why), and per file that failed outside its tests. */
function failuresOf(report: Report, base: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const name = file.name.startsWith(base) ? file.name.slice(base.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`  ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`  ${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]?.slice(0, 300) ?? '';
}
