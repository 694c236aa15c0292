/**
 * Bundle report (not a timed test): gzip size of the web app's entry JavaScript against a
 * framework floor (React + data router + query cache + Mantine, nothing else) built in the same
 * run with the same toolchain. Target: entry ≤ 1.25 × floor. Also lists the business-area chunks
 * and what the first paint of /sign-in loads.
 *
 *   node apps/web/scripts/bundle-report.ts            (SHOW_SIGNIN=1 lists the files /sign-in loads)
 *
 * "Entry" is the entry chunk with everything it imports statically: what the browser must load
 * before the app runs (index.html preloads exactly these).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest } from 'vite';

const web = join(import.meta.dirname, '..');
const TARGET_RATIO = 1.25;

interface Built {
  dir: string;
  manifest: Manifest;
}

async function buildApp(outDir: string): Promise<Built> {
  await build({ root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  return { dir: outDir, manifest: JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest };
}

async function buildFloor(outDir: string): Promise<Built> {
  await build({
    root: join(web, 'scripts/floor'),
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  return { dir: outDir, manifest: JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest };
}

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunk of a manifest key plus everything it imports statically (what the browser must load). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return files;
}

const sizeOf = (built: Built, files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(built.dir, f), 0);
const entryKey = (manifest: Manifest) => Object.entries(manifest).find(([, chunk]) => chunk.isEntry)![0];

const tmp = mkdtempSync(join(tmpdir(), 'faena-bundle-'));
try {
  const app = await buildApp(join(tmp, 'app'));
  const floor = await buildFloor(join(tmp, 'floor'));

  const appEntry = entryKey(app.manifest);
  const floorEntry = entryKey(floor.manifest);
  const appInitial = sizeOf(app, closure(app.manifest, [appEntry]));
  const floorInitial = sizeOf(floor, closure(floor.manifest, [floorEntry]));
  const ratio = appInitial / floorInitial;

  // First paint of /sign-in: the entry, the auth area and its Spanish texts (the configuration check
  // and the modal and toast containers load after the first screen). /home: the entry, the
  // signed-in route table, the shell, the home area and its texts.
  const signInKeys = [appEntry, 'src/features/auth/routes.tsx', 'src/features/auth/locales/es.json'];
  const signInFiles = [...closure(app.manifest, signInKeys)].filter((f) => f.endsWith('.js'));
  const signIn = sizeOf(app, signInFiles);
  const homeKeys = [appEntry, 'src/app/protected-routes.tsx', 'src/app/shell/app-layout.tsx', 'src/features/home/routes.tsx', 'src/features/home/locales/es.json'];
  const home = sizeOf(app, closure(app.manifest, homeKeys));
  const unknown = [...signInKeys, ...homeKeys].filter((key) => !app.manifest[key]);
  if (unknown.length > 0) throw new Error(`not in the build's manifest: ${unknown.join(', ')}`);

  const css = Object.values(app.manifest)
    .flatMap((chunk) => chunk.css ?? [])
    .filter((file, index, all) => all.indexOf(file) === index)
    .reduce((sum, file) => sum + gz(app.dir, file), 0);

  console.log('Faena web — bundle report (gzip -9)\n');
  console.log(`framework floor (React + router + query + Mantine), initial JS  ${kb(floorInitial)}`);
  console.log(`app entry with its static imports (initial JS)                  ${kb(appInitial)}`);
  console.log(`ratio app / floor                                               ${ratio.toFixed(2)}×  (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}`);
  console.log(`app code above the floor on the entry                           ${kb(Math.max(0, appInitial - floorInitial))}`);
  console.log(`first paint of /sign-in (entry + auth area + its texts)         ${kb(signIn)} in ${signInFiles.length} files`);
  console.log(`first paint of /home (entry + signed-in routes + shell + home)  ${kb(home)}`);
  console.log(`CSS (all)                                                       ${kb(css)}`);

  console.log('\ninitial JS of the app, by chunk:');
  for (const file of [...closure(app.manifest, [appEntry])].filter((f) => f.endsWith('.js')).sort((a, b) => gz(app.dir, b) - gz(app.dir, a))) {
    console.log(`  ${file.replace(/^assets\//, '').padEnd(40)} ${kb(gz(app.dir, file)).padStart(9)}`);
  }

  if (process.env.SHOW_SIGNIN) for (const f of signInFiles) console.log(`  sign-in: ${f} ${kb(gz(app.dir, f))}`);
  console.log('\nbusiness areas (each its own lazily loaded chunk):');
  const areas = Object.entries(app.manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && /src\/features\/[^/]+\/routes\.tsx$/.test(key))
    .map(([key, chunk]) => ({ area: key.split('/')[2]!, own: gz(app.dir, chunk.file) }))
    .sort((a, b) => b.own - a.own);
  for (const { area, own } of areas) console.log(`  ${area.padEnd(24)} ${kb(own).padStart(9)}`);
  const dynamic = Object.entries(app.manifest)
    .filter(([, c]) => c.isDynamicEntry && !/features\//.test(c.src ?? ''))
    .map(([k]) => relative('src', k));
  console.log(`\nother lazy modules: ${dynamic.join(', ')}`);
  process.exitCode = 0;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
