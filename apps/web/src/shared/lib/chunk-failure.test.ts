import { describe, expect, it, vi } from 'vitest';
import { apologyAfterReload, decideOnChunkFailure, isChunkLoadError, withChunkReload, type ChunkFailureRecord } from './chunk-failure.ts';

const MIN = 60_000;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');

describe('chunk-load failure (spec §4)', () => {
  it('reloads on a first failure, shows the error on a second within 5 minutes', () => {
    expect(decideOnChunkFailure(null, 0)).toBe('reload');
    const record: ChunkFailureRecord = { timestamp: 10 * MIN, appVersion: '1', apologized: false };
    expect(decideOnChunkFailure(record, 10 * MIN + 4 * MIN)).toBe('show-error');
    expect(decideOnChunkFailure(record, 10 * MIN + 5 * MIN)).toBe('reload');
  });

  it('apologises once after such a reload: about the update, or about a technical problem', () => {
    const record: ChunkFailureRecord = { timestamp: 0, appVersion: '1.2.256', apologized: false };
    expect(apologyAfterReload(record, MIN, '1.2.257')).toBe('updated');
    expect(apologyAfterReload({ ...record, appVersion: '1.2.257' }, MIN, '1.2.257')).toBe('technical');
    expect(apologyAfterReload({ ...record, apologized: true }, MIN, '1.2.257')).toBeNull();
    expect(apologyAfterReload(record, 6 * MIN, '1.2.257')).toBeNull();
    expect(apologyAfterReload(null, MIN, '1.2.257')).toBeNull();
  });

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError("'text/html' is not a valid JavaScript MIME type."))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('wraps lazy imports: the first failure records and reloads, the next one within the window throws', async () => {
    let stored: ChunkFailureRecord | null = null;
    const env = { read: () => stored, write: (r: ChunkFailureRecord) => void (stored = r), reload: vi.fn(), now: () => 1000, appVersion: '1.2.257+abc' };
    const load = withChunkReload(() => Promise.reject(chunkError()), env);

    const first = load();
    await Promise.resolve();
    await Promise.resolve();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(stored).toEqual({ timestamp: 1000, appVersion: '1.2.257+abc', apologized: false });
    void first;

    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('lets other errors through untouched', async () => {
    const env = { read: () => null, write: vi.fn(), reload: vi.fn(), now: () => 0, appVersion: 'x' };
    await expect(withChunkReload(() => Promise.reject(new Error('boom')), env)()).rejects.toThrow('boom');
    expect(env.reload).not.toHaveBeenCalled();
  });
});
