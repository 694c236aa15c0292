/**
 * The memory of the embedded engine by itself, for bench/imports.bench.ts: a process that opens
 * PGlite as the server does (openPglite) in a fresh directory, runs one statement and prints its
 * RSS in bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../apps/server/src/platform/db/database.ts';

const dir = mkdtempSync(join(tmpdir(), 'faena-pglite-alone-'));
try {
  const db = await openPglite(dir);
  await db.ownerExec('SELECT 1');
  console.log(process.memoryUsage().rss);
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
