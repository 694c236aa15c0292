import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, StorageNotFound, type ObjectStorage, type PutOptions } from './storage.ts';

/**
 * Files on local disk under `root` (DATA_DIR/files). A write goes to a temporary file beside
 * its target and is renamed into place once complete (fsync'ed first unless `durable: false`),
 * so a reader never sees half a file and a failed write leaves nothing. Directories are created
 * on first use.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string, prefix = false): string {
    assertKey(key, prefix);
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    if (body.errored) throw body.errored;
    const temporary = `${path}.partial-${randomBytes(6).toString('hex')}`;
    const out = createWriteStream(temporary, {
      flags: 'wx',
      highWaterMark: 1024 * 1024,
    });
    try {
      await pipeline(body, out);
      if (options.durable !== false) await fsync(temporary);
      await rename(temporary, path);
      return { size: out.bytesWritten };
    } catch (error) {
      body.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.path(key);
    try {
      const handle = await open(path, 'r');
      return handle.createReadStream({
        ...(range ? { start: range.start, end: range.end } : {}),
        highWaterMark: 1024 * 1024,
        autoClose: true,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.path(key));
      return { size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.path(from);
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(from);
      throw error;
    }
    // The source may have been written without fsync (a temporary piece): the result is durable.
    await fsync(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix, true), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}

async function fsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
