import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

const MODULES = './apps/server/src/modules';
const MIGRATIONS = './apps/server/migrations';

/** The tables the latest migration's snapshot holds: what the database already has. */
function migratedTables(): Set<string> {
  const snapshots = readdirSync(`${MIGRATIONS}/meta`).filter((name) => name.endsWith('_snapshot.json')).sort();
  const latest = snapshots.at(-1);
  if (!latest) return new Set();
  const snapshot = JSON.parse(readFileSync(`${MIGRATIONS}/meta/${latest}`, 'utf8')) as { tables: Record<string, { name: string }> };
  return new Set(Object.values(snapshot.tables).map((table) => table.name));
}

/** The SQL names of the tables a module's *.table.ts files declare. */
function tablesOf(module: string): string[] {
  if (!existsSync(`${MODULES}/${module}`)) return [];
  return readdirSync(`${MODULES}/${module}`)
    .filter((name) => name.endsWith('.table.ts'))
    .flatMap((name) => [...readFileSync(`${MODULES}/${module}/${name}`, 'utf8').matchAll(/pgTable\(\s*'([^']+)'/g)].map((match) => match[1]!));
}

// DRIZZLE_EXCLUDE=a,b leaves those modules' tables out of a diff, so a module whose tables are still
// being designed beside another's can generate its migration without taking the other's in. A module
// whose tables a migration already created is never left out: the diff would drop them.
const migrated = migratedTables();
const excluded = new Set(
  (process.env.DRIZZLE_EXCLUDE ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !tablesOf(name).some((table) => migrated.has(table))),
);
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !excluded.has(entry.name))
  .map((entry) => `${MODULES}/${entry.name}/*.table.ts`);

export default defineConfig({
  dialect: 'postgresql',
  schema: [...modules, './apps/server/src/platform/**/*.table.ts'],
  out: MIGRATIONS,
});
