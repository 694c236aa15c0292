import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../platform/errors.ts';
import { SNIFF_BYTES } from './sniff.ts';

/**
 * Bytes on their way to storage: counted (failing past `limit` with the error `onLimit`
 * builds), hashed (SHA-256, when asked) and the first SNIFF_BYTES kept for sniffing. Nothing
 * else is held: memory stays flat whatever the file's size.
 */
export class UploadMeter extends Transform {
  bytes = 0;
  private readonly limit: number;
  private readonly onLimit: () => Error;
  private readonly hash: Hash | null;
  private readonly headParts: Buffer[] = [];
  private headBytes = 0;

  constructor(options: { limit: number; hash?: boolean; keepHead?: boolean; onLimit?: () => Error }) {
    super();
    this.limit = options.limit;
    this.onLimit = options.onLimit ?? (() => new AppError('file-too-large', `The file is larger than ${options.limit} bytes.`));
    this.hash = options.hash ? createHash('sha256') : null;
    if (options.keepHead === false) this.headBytes = SNIFF_BYTES;
    // The limit may trip before the storage back end attaches its own listeners (it may first
    // create a directory): the error is kept on the stream (`errored`) and surfaces there.
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(this.onLimit());
      return;
    }
    this.hash?.update(chunk);
    if (this.headBytes < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headBytes);
      this.headParts.push(Buffer.from(part));
      this.headBytes += part.length;
    }
    callback(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headParts, this.headBytes);
  }

  sha256(): string | null {
    return this.hash ? this.hash.digest('hex') : null;
  }
}
