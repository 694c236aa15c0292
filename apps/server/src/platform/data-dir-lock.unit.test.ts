import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, lockHolder, lockPath } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'faena-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the live holder, so the CLI talks to it instead of opening the database', () => {
    expect(lockHolder(dir)).toBeNull();
    const lock = acquireLock(dir, 'server');
    expect(lockHolder(dir)).toBe(process.pid);
    expect(() => acquireLock(dir, 'cli')).toThrow(`is in use by process ${process.pid}`);
    lock.release();
    expect(lockHolder(dir)).toBeNull();
  });

  it('takes over the lock of a process that died', () => {
    // a pid far above any pid_max: no such process
    writeFileSync(lockPath(dir), '2147483646\nserver\n');
    expect(lockHolder(dir)).toBeNull();
    const lock = acquireLock(dir, 'cli');
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it('ignores a lock file it cannot read as a pid', () => {
    writeFileSync(lockPath(dir), 'garbage');
    expect(lockHolder(dir)).toBeNull();
  });
});
