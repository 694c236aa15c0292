import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES } from './sniff.ts';

/**
 * Bytes on their way to storage: counted, hashed (SHA-256, when asked) and the first SNIFF_BYTES
 * kept for sniffing. Nothing else is held: memory stays flat whatever the file's size. The most
 * bytes a write may hold is the storage's to enforce (`PutOptions.limit`).
 */
export class UploadMeter extends Transform {
  bytes = 0;
  private readonly hash: Hash | null;
  private readonly headParts: Buffer[] = [];
  private headBytes = 0;

  constructor(options: { hash?: boolean; keepHead?: boolean } = {}) {
    super();
    this.hash = options.hash ? createHash('sha256') : null;
    if (options.keepHead === false) this.headBytes = SNIFF_BYTES;
    // A body that breaks off destroys the meter with its error, possibly before the storage back
    // end attaches its own listeners (it may first create a directory): the error is kept on the
    // stream (`errored`) and surfaces there.
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
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
