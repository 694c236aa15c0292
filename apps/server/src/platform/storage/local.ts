import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { finished, type Readable } from 'node:stream';
import { assertKey, counted, release, StorageExists, StorageNotFound, type ObjectStorage, type PutOptions } from './storage.ts';

/** Temporary names: this process's random prefix and a counter (unique, and no random bytes drawn per write). */
const TEMPORARY_PREFIX = `.partial-${randomBytes(6).toString('hex')}-`;
let temporaries = 0;

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
 * without it. A 500,000-byte file costs open, one write, close and rename.
 *
 * An exclusive write (an upload's piece) links the finished temporary file to its key instead of
 * renaming it: link(2) fails when the name exists, so of two writers of one key exactly one wins,
 * and the object still appears only whole. It costs open, one write, link, then close and unlink
 * side by side.
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
    const temporary = `${path}${TEMPORARY_PREFIX}${++temporaries}`;
    let handle: FileHandle | null = null;
    try {
      handle = await openNew(temporary);
      const file = handle;
      let size = 0;
      let received = 0;
      let batch: Buffer[] = [];
      let batched = 0;
      const write = async () => {
        const buffers = batch;
        const bytes = batched;
        batch = [];
        batched = 0;
        size += await writeAll(file, buffers, bytes);
      };
      await eachChunk(body, (chunk) => {
        received = counted(received, chunk, options.limit);
        batch.push(chunk);
        batched += chunk.length;
        return batched < WRITE_BATCH ? null : write();
      });
      if (batched > 0) await write();
      if (options.durable !== false) await handle.sync();
      if (options.exclusive) {
        // every byte is written: the name can be linked while the file is still open, and the
        // handle closed and the temporary name removed side by side (a round trip less)
        try {
          await link(temporary, path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageExists(key);
          throw error;
        }
        const written = handle;
        handle = null;
        // the object is in place whatever happens now; a temporary name left behind is never
        // listed and goes with its prefix
        await Promise.all([written.close(), unlink(temporary)]).catch(() => undefined);
      } else {
        await handle.close();
        handle = null;
        await rename(temporary, path);
      }
      return { size };
    } catch (error) {
      release(body, options);
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

/**
 * Hands every chunk of `body` to `take`, in order, as 'data' events deliver them; while the
 * promise `take` returns is pending the stream is paused. Resolves once the body has ended and
 * the last promise settled; rejects with the first error of either (a body cut off before its
 * end included). Unlike `for await`, which reads the stream's buffer as one concatenated copy,
 * the chunks are the buffers the socket delivered.
 */
function eachChunk(body: Readable, take: (chunk: Buffer) => Promise<void> | null): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending: Promise<void> | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.off('data', onData);
      body.pause();
      stopWatching();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onData = (chunk: Buffer) => {
      try {
        const work = take(chunk);
        if (!work) return;
        body.pause();
        pending = work.then(() => {
          pending = null;
          if (!failed) body.resume();
        });
        pending.catch(fail);
      } catch (error) {
        fail(error);
      }
    };
    // its listeners go once the body is done with (a borrowed body outlives the write)
    const stopWatching = finished(body, { writable: false }, (error) => {
      stopWatching();
      if (error) fail(error);
      else if (!failed) void (pending ?? Promise.resolve()).then(() => resolve(), fail);
    });
    body.on('data', onData);
  });
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
