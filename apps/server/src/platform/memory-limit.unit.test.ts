import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ENGINE_MEMORY_BYTES, embeddedEngineMemoryWarning, memoryLimit, parseMemoryLimit } from './memory-limit.ts';

const dir = mkdtempSync(join(tmpdir(), 'faena-memory-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A fake /sys/fs/cgroup and /proc/self/cgroup under one directory. */
function machine(name: string, membership: string, files: Record<string, string>): [string, string] {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  writeFileSync(join(root, 'self-cgroup'), membership);
  return [root, join(root, 'self-cgroup')];
}

describe('memory limit', () => {
  it('reads a cgroup limit: bytes, or none for "max", an unlimited v1 value or anything else', () => {
    expect(parseMemoryLimit('536870912\n')).toBe(536870912);
    expect(parseMemoryLimit('max\n')).toBeNull();
    expect(parseMemoryLimit('9223372036854771712\n')).toBeNull();
    expect(parseMemoryLimit('')).toBeNull();
    expect(parseMemoryLimit('0')).toBeNull();
  });

  it('finds the process’s own cgroup (v2) and the smallest limit on it and above it', () => {
    const [root, membership] = machine('v2', '0::/kubepods/pod1/app\n', { 'memory.max': 'max\n', 'kubepods/pod1/memory.max': '1073741824\n', 'kubepods/pod1/app/memory.max': 'max\n' });
    expect(memoryLimit(root, membership)).toBe(1073741824);
  });

  it('reads cgroup v1 through the memory controller’s line, and has none when nothing is limited or readable', () => {
    const [root, membership] = machine('v1', '9:name=systemd:/\n4:memory:/box/a1\n3:cpuset:/\n', {
      'memory/memory.limit_in_bytes': '9223372036854771712\n',
      'memory/box/a1/memory.limit_in_bytes': '805306368\n',
    });
    expect(memoryLimit(root, membership)).toBe(805306368);
    const [free, freeMembership] = machine('free', '4:memory:/box/b2\n', { 'memory/memory.limit_in_bytes': '9223372036854771712\n' });
    expect(memoryLimit(free, freeMembership)).toBeNull();
    expect(memoryLimit(join(dir, 'nowhere'), join(dir, 'nowhere', 'self-cgroup'))).toBeNull();
  });

  it('warns an embedded-engine server whose limit is under the engine’s peak, naming both and the way out', () => {
    const warning = embeddedEngineMemoryWarning(512 * 1024 ** 2);
    expect(warning).toContain('at most 512 MB');
    expect(warning).toContain('Give it 1536 MB');
    expect(warning).toContain('DATABASE_URL');
    expect(embeddedEngineMemoryWarning(EMBEDDED_ENGINE_MEMORY_BYTES)).toBeNull();
    expect(embeddedEngineMemoryWarning(null)).toBeNull();
  });
});
