import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertKey, counted, release, StorageExists, StorageNotFound, type ObjectStorage, type PutOptions } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Prepended to every key ("faena/" → faena/tenants/...). */
  prefix?: string;
}

/** Parts of a multipart upload: S3's minimum is 5 MiB; one part at a time is held in memory. */
const PART_SIZE = 8 * 1024 * 1024;
/** A single PUT takes up to 5 GiB. */
const SINGLE_PUT_MAX = 5 * 1024 * 1024 * 1024;

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...). Writes stream: a body of known
 * length goes up as one streamed PUT; an unknown length goes up as a multipart upload in 8 MiB
 * parts (aborted on failure, so nothing is left behind). Reads stream the response body.
 *
 * An exclusive write sends `If-None-Match: *` with its PUT (or its CompleteMultipartUpload):
 * S3 (since August 2024), MinIO and R2 then refuse it with 412 when the key exists, and of two
 * concurrent writers one gets 409 or 412. A store that ignores the header (an old MinIO, some
 * Ceph versions) silently lets the last writer win: see decision 009.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? '';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle ?? false,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores refuse the
      // aws-chunked trailer encoding the SDK uses otherwise for streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string, prefix = false): string {
    assertKey(key, prefix);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    const Key = this.key(key);
    const ContentType = options.contentType ?? 'application/octet-stream';
    const ifNew = options.exclusive ? { IfNoneMatch: '*' } : {};
    if (body.errored) throw body.errored;
    if (options.length !== undefined && options.length <= SINGLE_PUT_MAX) {
      let size = 0;
      const counter = new PassThrough({
        transform(chunk: Buffer, _encoding, callback) {
          try {
            size = counted(size, chunk, options.limit);
          } catch (error) {
            callback(error as Error);
            return;
          }
          callback(null, chunk);
        },
      });
      // A body that breaks off aborts the PUT (S3 then stores nothing); the SDK alone would
      // wait for the missing bytes.
      const abort = new AbortController();
      const broken = new Promise<never>((_resolve, reject) => {
        counter.once('error', reject);
        body.once('error', reject);
      });
      broken.catch(() => abort.abort());
      body.pipe(counter);
      try {
        await Promise.race([
          this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: counter, ContentLength: options.length, ContentType, ...ifNew }), { abortSignal: abort.signal }),
          broken,
        ]);
      } catch (error) {
        abort.abort();
        release(body, options);
        counter.destroy();
        throw exists(error) ? new StorageExists(key) : error;
      }
      if (size !== options.length) throw new Error(`storage put ${key}: ${size} bytes sent, ${options.length} declared`);
      return { size };
    }
    try {
      return await this.putMultipart(Key, body, ContentType, ifNew, options);
    } catch (error) {
      throw exists(error) ? new StorageExists(key) : error;
    }
  }

  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const Prefix = this.key(prefix, true);
    const found: { key: string; size: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ...(ContinuationToken ? { ContinuationToken } : {}) }));
      for (const item of page.Contents ?? []) if (item.Key) found.push({ key: item.Key.slice(this.prefix.length), size: item.Size ?? 0 });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async putMultipart(Key: string, body: Readable, ContentType: string, ifNew: { IfNoneMatch?: string }, options: PutOptions): Promise<{ size: number }> {
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const flush = async () => {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({
            Bucket: this.bucket,
            Key,
            ContentType,
          }),
        );
        uploadId = created.UploadId!;
      }
      const PartNumber = parts.length + 1;
      const part = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: data,
          ContentLength: data.length,
        }),
      );
      parts.push({ ETag: part.ETag!, PartNumber });
    };
    try {
      // a borrowed body is left open when the loop stops early (see PutOptions.borrowed)
      for await (const chunk of body.iterator({ destroyOnReturn: !options.borrowed }) as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size = counted(size, chunk, options.limit);
        if (pendingBytes >= PART_SIZE) await flush();
      }
      if (!uploadId) {
        const data = Buffer.concat(pending, pendingBytes);
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key,
            Body: data,
            ContentLength: data.length,
            ContentType,
            ...ifNew,
          }),
        );
        return { size };
      }
      if (pendingBytes > 0) await flush();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
          ...ifNew,
        }),
      );
      return { size };
    } catch (error) {
      release(body, options);
      if (uploadId)
        await this.client
          .send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key,
              UploadId: uploadId,
            }),
          )
          .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFound(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.key(from);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(to),
          CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFound(from);
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const Prefix = this.key(prefix, true);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
      if (keys.length > 0)
        await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys, Quiet: true },
          }),
        );
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** An exclusive write that lost: 412 (the key exists) or 409 (another conditional write of it is under way). */
function exists(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412 || e.name === 'ConditionalRequestConflict' || e.$metadata?.httpStatusCode === 409;
}
