/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs the
 * server (which applies migrations and seeds an empty database). Node's module compile cache is
 * on from the first line (the server's entry turns it on too when run by itself), so a second
 * start reuses the compiled code of every module instead of compiling it again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';

enableCompileCache();

const root = join(import.meta.dirname, '..');
const webIndex = join(root, 'apps/web/dist/index.html');
const sources = [join(root, 'apps/web/src'), join(root, 'apps/web/index.html'), join(root, 'apps/web/vite.config.ts'), join(root, 'packages/domain/src'), join(root, 'packages/contracts/src')];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const hasWebSources = existsSync(join(root, 'apps/web/index.html'));
if (hasWebSources && (!existsSync(webIndex) || statSync(webIndex).mtimeMs < Math.max(...sources.map(newest)))) {
  console.log('Building the web app…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../apps/server/src/main.ts');
