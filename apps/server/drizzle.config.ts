import { readdirSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

// DRIZZLE_EXCLUDE=a,b leaves those modules' tables out of the diff: a module whose tables are still
// being designed beside another's can then generate its migration without taking the other's in.
const excluded = new Set((process.env.DRIZZLE_EXCLUDE ?? '').split(',').map((name) => name.trim()).filter(Boolean));
const modules = readdirSync('./apps/server/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !excluded.has(entry.name))
  .map((entry) => `./apps/server/src/modules/${entry.name}/*.table.ts`);

export default defineConfig({
  dialect: 'postgresql',
  schema: [...modules, './apps/server/src/platform/**/*.table.ts'],
  out: './apps/server/migrations',
});
