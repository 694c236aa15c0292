import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite belongs to one process. The holder writes its pid into DATA_DIR/server.lock; another
 * process finding a live holder talks to it through the admin socket instead of opening the
 * database (ARCHITECTURE §1).
 */
export const lockPath = (dataDir: string) => join(dataDir, 'server.lock');
export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

export interface Lock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding the data directory, or null. */
export function lockHolder(dataDir: string): number | null {
  try {
    // the file holds `pid\nrole\n`: the pid is the first line
    const pid = Number(readFileSync(lockPath(dataDir), 'utf8').split('\n')[0]!.trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, role: string): Lock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n${role}\n`);
      closeSync(fd);
      return { release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder}. Stop it, or use the CLI, which talks to it.`, { cause: error });
      rmSync(path, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}
