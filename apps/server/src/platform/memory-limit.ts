import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The memory to give an embedded-engine server (README, "Memory to plan for"): V8 optimising
 * PGlite's SQL parser takes ~600 MB for a second, once per process, so a PGlite server peaks near
 * 800 MB, and near 1.2 GB on the start that creates its database (decision 008). In a memory
 * cgroup a first start was killed under 1 GB and ran under 1.5 GB; a later start was killed
 * under 700 MB and ran under 1 GB.
 */
export const EMBEDDED_ENGINE_MEMORY_BYTES = 1.5 * 1024 ** 3;

/** A limit this large is no limit (cgroup v1 reports "unlimited" as a huge number). */
const UNLIMITED = 2 ** 60;

/** The memory limit a cgroup file states, in bytes; null for none ("max", unlimited, unreadable). */
export function parseMemoryLimit(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const bytes = Number(value);
  return bytes > 0 && bytes < UNLIMITED ? bytes : null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** '/a/b' → ['/a/b', '/a', '/']: a limit on any cgroup above this one holds too. */
function selfAndAncestors(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return Array.from({ length: parts.length + 1 }, (_, index) => `/${parts.slice(0, parts.length - index).join('/')}`);
}

/**
 * This process's memory limit, in bytes, or null when it has none or it cannot be read: the
 * smallest limit of its memory cgroup and of the cgroups above it (cgroup v2 `memory.max`, v1
 * `memory.limit_in_bytes`), found through /proc/self/cgroup.
 */
export function memoryLimit(root = '/sys/fs/cgroup', membership = '/proc/self/cgroup'): number | null {
  const files: string[] = [];
  for (const line of (readText(membership) ?? '').split('\n')) {
    const [hierarchy, controllers, path] = line.split(':');
    if (hierarchy === undefined || controllers === undefined || !path?.startsWith('/')) continue;
    for (const dir of selfAndAncestors(path)) {
      if (hierarchy === '0' && controllers === '') files.push(join(root, dir, 'memory.max'), join(root, 'unified', dir, 'memory.max'));
      else if (controllers.split(',').includes('memory')) files.push(join(root, 'memory', dir, 'memory.limit_in_bytes'));
    }
  }
  const limits = files.map((file) => parseMemoryLimit(readText(file) ?? '')).filter((limit): limit is number => limit !== null);
  return limits.length > 0 ? Math.min(...limits) : null;
}

/** The start-up warning for an embedded-engine server whose memory limit is under what the engine needs at its peak; null when it is enough. */
export function embeddedEngineMemoryWarning(limitBytes: number | null): string | null {
  if (limitBytes === null || limitBytes >= EMBEDDED_ENGINE_MEMORY_BYTES) return null;
  const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
  return (
    `This process may use at most ${mb(limitBytes)}. The embedded database (PGlite) lives in it and peaks near 1.2 GB on the start that creates its database ` +
    `and near 800 MB on every later start (for about a second, while V8 optimises its SQL parser); a limit under that peak kills the process at that moment. ` +
    `Give it ${mb(EMBEDDED_ENGINE_MEMORY_BYTES)} or run on PostgreSQL (DATABASE_URL); see "Memory to plan for" in the README.`
  );
}
