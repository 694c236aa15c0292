import type { Readable } from 'node:stream';

/**
 * Where file bytes live: one interface, two back ends (local disk under DATA_DIR/files by
 * default, S3-compatible object storage when configured). Everything streams — no method takes
 * or returns a whole file in memory. Keys are opaque paths built by the server
 * (`tenants/{tenant}/files/{id}`), never from user input; `assertKey` refuses anything else.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Writes `body` under `key`. The object appears only once every byte is written (temporary
   * file + rename on disk, a single PUT or a completed multipart upload on S3); when the body
   * errors or the write fails, nothing is left under `key`. `length`, when known, lets S3 take
   * one streamed PUT. `durable: false` lets a back end acknowledge before the bytes reach stable
   * storage (local disk skips fsync; S3 is always durable): for temporary pieces whose loss a
   * later size check detects.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<{ size: number }>;
  /**
   * The objects whose keys start with `prefix` (which must end with '/'), with their sizes, in
   * key order. Only whole objects: a write still in progress is not listed.
   */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** The object's bytes, or one inclusive byte range of them. Throws StorageNotFound. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Moves an object inside the store without passing its bytes through the server when possible; the result is durable. */
  move(from: string, to: string): Promise<void>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with '/'); idempotent. */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export interface PutOptions {
  length?: number;
  contentType?: string;
  /** Default true. */
  durable?: boolean;
  /**
   * Create only: when an object already exists under the key (or another exclusive write of the
   * same key finishes first) the write fails with StorageExists and the existing object stays.
   * Of two writers of one key, exactly one wins (local disk: link(2); S3: If-None-Match: *).
   */
  exclusive?: boolean;
  /**
   * The most bytes the body may hold: one more fails the write with `error()` (nothing is left
   * under the key). Counted as the bytes pass, without a stream of its own in between.
   */
  limit?: { bytes: number; error: () => Error };
  /**
   * The body is the caller's (an HTTP request): a failed write stops reading it but does not
   * destroy it, so that the caller can still answer on its connection. Default: destroyed.
   */
  borrowed?: boolean;
}

/** What a failed write does to its body (see PutOptions.borrowed). */
export function release(body: Readable, options: PutOptions): void {
  if (options.borrowed) {
    body.unpipe();
    body.pause();
  } else {
    body.destroy();
  }
}

/** Adds `chunk`'s bytes to `size` and throws the limit's error when they pass it. */
export function counted(size: number, chunk: Buffer, limit: PutOptions['limit']): number {
  const total = size + chunk.length;
  if (limit && total > limit.bytes) throw limit.error();
  return total;
}

export class StorageExists extends Error {
  override name = 'StorageExists';
  constructor(key: string) {
    super(`an object exists at ${key}`);
  }
}

export class StorageNotFound extends Error {
  override name = 'StorageNotFound';
  constructor(key: string) {
    super(`no object at ${key}`);
  }
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Keys are built by the server; this refuses anything that could escape the store's root. */
export function assertKey(key: string, prefix = false): void {
  const body = prefix ? key.replace(/\/$/, '') : key;
  if (prefix && !key.endsWith('/')) throw new Error(`storage prefix must end with '/': ${key}`);
  if (!KEY.test(body) || body.split('/').some((part) => part === '.' || part === '..' || part.startsWith('.')) || body.length > 512) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
