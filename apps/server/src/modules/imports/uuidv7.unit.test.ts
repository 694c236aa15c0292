import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuidv7.ts';

describe('uuidv7', () => {
  it('makes RFC 9562 version-7 ids that sort in the order they were made, without repeats', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('starts with the time it was made', () => {
    const before = Date.now();
    const id = uuidv7();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    // (a millisecond of more than 4,096 ids borrows the next ones: a little ahead at most)
    expect(ms).toBeLessThanOrEqual(Date.now() + 100);
  });
});
