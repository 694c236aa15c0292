import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

const MODULES = './apps/server/src/modules';
const MIGRATIONS = './apps/server/migrations';

/** The tables the latest migration's snapshot holds: what the database already has. */
function migratedTables(): Set<string> {
  const snapshots = readdirSync(`${MIGRATIONS}/meta`)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort();
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

// DRIZZLE_ONLY=path,path names the new table files this diff is for: any other table file none of
// whose tables a migration created yet (someone else's work in progress) is left out. Files that
// hold migrated tables always stay in. Paths are relative to the repository root.
function schemaFiles(): string[] {
  const only = (process.env.DRIZZLE_ONLY ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^\.\//, ''))
    .filter(Boolean);
  if (only.length === 0) return [...modules, './apps/server/src/platform/**/*.table.ts'];
  const files = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(`${MODULES}/${entry.name}`)
        .filter((name) => name.endsWith('.table.ts'))
        .map((name) => `apps/server/src/modules/${entry.name}/${name}`),
    );
  const kept = files.filter((file) => {
    const tables = [...readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([^']+)'/g)].map((match) => match[1]!);
    return only.includes(file) || tables.some((table) => migrated.has(table));
  });
  return [...kept.map((file) => `./${file}`), './apps/server/src/platform/**/*.table.ts'];
}

export default defineConfig({
  dialect: 'postgresql',
  schema: schemaFiles(),
  out: MIGRATIONS,
});
