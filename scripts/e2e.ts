/**
 * `npm run test:e2e`: the browser end-to-end suite alone — builds the web app, starts the real
 * server on a free port with a throw-away database, drives system Chromium at a desktop and a
 * mobile viewport. Screenshots land in apps/web/e2e/screenshots/. Extra arguments go to Vitest
 * (e.g. `npm run test:e2e -- shell`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const result = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'apps/web/e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
