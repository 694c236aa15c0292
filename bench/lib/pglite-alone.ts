/**
 * The memory of the embedded engine by itself, for bench/imports.bench.ts: a process that opens
 * PGlite as the server does (openPglite), runs one statement and prints its RSS in bytes. In the
 * DATA_DIR given as its argument (creating the cluster when there is none: a first start), else
 * in a fresh temporary one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../apps/server/src/platform/db/database.ts';

const given = process.argv[2];
const dir = given ?? mkdtempSync(join(tmpdir(), 'faena-pglite-alone-'));
try {
  const db = await openPglite(dir);
  await db.ownerExec('SELECT 1');
  console.log(process.memoryUsage().rss);
  await db.close();
} finally {
  if (!given) rmSync(dir, { recursive: true, force: true });
}
