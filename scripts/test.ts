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
for (const [index, suite] of suites.entries()) {
  const report = join(reports, `suite-${index}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) broken = true;
  } else {
    broken = true;
  }
  if (result.status !== 0) broken = true;
}

console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || broken ? 1 : 0);
