import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('server node flags', () => {
  it('npm start runs the server with them', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const start = pkg.scripts.start!.split(/\s+/);
    expect(start[0]).toBe('node');
    expect(start.slice(1, -1)).toEqual([...SERVER_NODE_FLAGS]);
    expect(start.at(-1)).toBe('scripts/start.ts');
  });
});
