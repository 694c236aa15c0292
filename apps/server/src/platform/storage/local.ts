import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, StorageExists, StorageNotFound, type ObjectStorage, type PutOptions } from './storage.ts';

/** What a write gathers before it hands it to the disk in one call: the memory a write holds. */
const WRITE_BATCH = 1024 * 1024;

/**
 * Files on local disk under `root` (DATA_DIR/files). A write goes to a temporary file beside
 * its target and is renamed into place once complete (fsync'ed first unless `durable: false`),
 * so a reader never sees half a file and a failed write leaves nothing. Directories are created
 * on first use.
 *
 * Every file-system call is a round trip to libuv's thread pool, and a busy machine makes each
 * one wait for a thread to run: a write gathers what arrives into batches of up to 1 MiB, each
 * written with one `writev`, and the directory is created only when the file cannot be opened
 * without it. A 500,000-byte chunk costs open, one write, close and rename.
 *
 * An exclusive write links the finished temporary file to its key instead of renaming it:
 * link(2) fails when the name exists, so of two writers of one key exactly one wins, and the
 * object still appears only whole.
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
    if (body.errored) throw body.errored;
    const temporary = `${path}.partial-${randomBytes(6).toString('hex')}`;
    let handle: FileHandle | null = null;
    try {
      handle = await openNew(temporary);
      let size = 0;
      let batch: Buffer[] = [];
      let batched = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        batch.push(chunk);
        batched += chunk.length;
        if (batched < WRITE_BATCH) continue;
        size += await writeAll(handle, batch, batched);
        batch = [];
        batched = 0;
      }
      if (batched > 0) size += await writeAll(handle, batch, batched);
      if (options.durable !== false) await handle.sync();
      await handle.close();
      handle = null;
      if (options.exclusive) {
        try {
          await link(temporary, path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageExists(key);
          throw error;
        }
        await unlink(temporary);
      } else {
        await rename(temporary, path);
      }
      return { size };
    } catch (error) {
      body.destroy();
      await handle?.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const dir = this.path(prefix, true);
    let names: string[];
    try {
      names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile() && !entry.name.includes('.partial-')).map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found = await Promise.all(
      names.sort().map(async (name) => {
        const info = await stat(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        });
        return info ? { key: `${prefix}${name}`, size: info.size } : null;
      }),
    );
    return found.filter((item) => item !== null);
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

/** Creates `path` (never an existing file), and its directory when that is missing. */
async function openNew(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    return open(path, 'wx');
  }
}

/** Writes every byte of `buffers` (a short write is continued, as a regular file may give one on a full disk). */
async function writeAll(handle: FileHandle, buffers: Buffer[], total: number): Promise<number> {
  let written = (await handle.writev(buffers)).bytesWritten;
  if (written === total) return total;
  const rest = Buffer.concat(buffers, total);
  while (written < total) {
    const { bytesWritten } = await handle.write(rest, written, total - written);
    if (bytesWritten === 0) throw new Error('the disk accepted no more bytes');
    written += bytesWritten;
  }
  return total;
}

async function fsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
