import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/platform/storage/local.ts';
import { S3Storage } from '../src/platform/storage/s3.ts';
import { StorageExists, StorageNotFound, type ObjectStorage } from '../src/platform/storage/storage.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openStorage } from '../src/platform/storage/open.ts';
import { sniff } from '../src/modules/documents/sniff.ts';
import { contentDisposition, decodeHeaderName, nameForFormat, sanitizeFileName } from '../src/modules/documents/names.ts';
import { formatsNamedBy, platformFormats } from '../src/modules/documents/formats.ts';
import { CSV, EXE, HTML, PDF, PNG_1X1, TIFF, zipOf } from './documents.helpers.ts';

/**
 * A minimal S3-compatible server (path-style) holding objects in memory: enough of the API for
 * the S3 back end's calls (Put, Get with Range, Head, Delete, Copy, ListObjectsV2,
 * DeleteObjects and the multipart upload calls). It records the largest request body it saw.
 */
class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  readonly uploads = new Map<string, Map<number, Buffer>>();
  readonly requests: string[] = [];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.writeHead(500).end()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const url = new URL(req.url!, 'http://s3');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    this.requests.push(`${req.method} ${key ? 'object' : 'bucket'}${url.search ? ` ${[...url.searchParams.keys()].join(',')}` : ''}`);
    const xml = (status: number, text: string) => res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
    const notFound = () => xml(404, '<Error><Code>NoSuchKey</Code><Message>not found</Message></Error>');
    if (bucket !== 'faena-test') return xml(404, '<Error><Code>NoSuchBucket</Code></Error>');

    if (!key) {
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        return xml(
          200,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>${this.objects.get(k)!.length}</Size></Contents>`).join('')}</ListBucketResult>`,
        );
      }
      if (req.method === 'POST' && url.searchParams.has('delete')) {
        for (const match of data.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)) this.objects.delete(match[1]!);
        return xml(200, '<DeleteResult></DeleteResult>');
      }
      return xml(400, '<Error><Code>NotImplemented</Code></Error>');
    }

    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomBytes(8).toString('hex');
      this.uploads.set(id, new Map());
      return xml(200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (req.method === 'PUT' && uploadId) {
      this.uploads.get(uploadId)!.set(Number(url.searchParams.get('partNumber')), data);
      return void res.writeHead(200, { etag: `"p${url.searchParams.get('partNumber')}"` }).end();
    }
    const taken = req.method !== 'DELETE' && req.headers['if-none-match'] === '*' && this.objects.has(key);
    if (taken) return xml(412, '<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>');
    if (req.method === 'POST' && uploadId) {
      const parts = this.uploads.get(uploadId)!;
      this.objects.set(key, Buffer.concat([...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, part]) => part)));
      this.uploads.delete(uploadId);
      return xml(200, `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
    }
    if (req.method === 'DELETE' && uploadId) {
      this.uploads.delete(uploadId);
      return void res.writeHead(204).end();
    }
    if (req.method === 'PUT' && req.headers['x-amz-copy-source']) {
      const source = decodeURIComponent(String(req.headers['x-amz-copy-source'])).replace(/^\/?faena-test\//, '');
      const found = this.objects.get(source);
      if (!found) return notFound();
      this.objects.set(key, found);
      return xml(200, '<CopyObjectResult><ETag>"copy"</ETag></CopyObjectResult>');
    }
    if (req.method === 'PUT') {
      this.objects.set(key, data);
      return void res.writeHead(200, { etag: '"put"' }).end();
    }
    const object = this.objects.get(key);
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return void res.writeHead(204).end();
    }
    if (!object) return req.method === 'HEAD' ? void res.writeHead(404).end() : notFound();
    if (req.method === 'HEAD') return void res.writeHead(200, { 'content-length': String(object.length) }).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const slice = object.subarray(Number(range[1]), Number(range[2]) + 1);
      return void res.writeHead(206, { 'content-length': String(slice.length), 'content-range': `bytes ${range[1]}-${range[2]}/${object.length}` }).end(slice);
    }
    res.writeHead(200, { 'content-length': String(object.length) }).end(object);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that breaks off after `bytes`. */
function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('client went away'));
        return;
      }
      const chunk = randomBytes(Math.min(64 * 1024, bytes - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const s3 = new FakeS3();
const dir = mkdtempSync(join(tmpdir(), 'faena-storage-'));
const backends: [string, () => ObjectStorage][] = [
  ['local disk', () => new LocalDiskStorage(join(dir, 'files'))],
  [
    'S3-compatible',
    () => new S3Storage({ bucket: 'faena-test', region: 'us-east-1', endpoint: `http://127.0.0.1:${s3.port}`, forcePathStyle: true, accessKeyId: 'test', secretAccessKey: 'test', prefix: 'faena/' }),
  ],
];

beforeAll(() => s3.start());
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(backends)('object storage: %s', (_name, make) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage.close());

  it('writes a stream, reads it back whole and by range, stats, moves and deletes it', async () => {
    const bytes = randomBytes(300_000);
    expect(await storage.put('tenants/t1/files/a', Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), { length: bytes.length })).toEqual({ size: bytes.length });
    expect(await readAll(await storage.get('tenants/t1/files/a'))).toEqual(bytes);
    expect(await readAll(await storage.get('tenants/t1/files/a', { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await storage.stat('tenants/t1/files/a')).toEqual({ size: bytes.length });
    await storage.move('tenants/t1/files/a', 'tenants/t1/files/b');
    expect(await storage.stat('tenants/t1/files/a')).toBeNull();
    expect(await readAll(await storage.get('tenants/t1/files/b'))).toEqual(bytes);
    await storage.delete('tenants/t1/files/b');
    await storage.delete('tenants/t1/files/b'); // idempotent
    await expect(storage.get('tenants/t1/files/b')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.move('tenants/t1/files/b', 'tenants/t1/files/c')).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('writes a stream of unknown length larger than one S3 part (multipart upload)', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    expect(await storage.put('tenants/t1/files/big', Readable.from(pieces))).toEqual({ size: bytes.length });
    expect(await readAll(await storage.get('tenants/t1/files/big'))).toEqual(bytes);
    await storage.delete('tenants/t1/files/big');
  });

  it('leaves nothing under the key when the body breaks off (known or unknown length)', async () => {
    await expect(storage.put('tenants/t1/tmp/u1/part', failingAfter(100_000), { length: 200_000 })).rejects.toThrow();
    await expect(storage.put('tenants/t1/tmp/u1/part2', failingAfter(9 * 1024 * 1024))).rejects.toThrow();
    expect(await storage.stat('tenants/t1/tmp/u1/part')).toBeNull();
    expect(await storage.stat('tenants/t1/tmp/u1/part2')).toBeNull();
    if (storage.kind === 'local') expect(readdirSync(join(dir, 'files', 'tenants', 't1', 'tmp', 'u1'))).toEqual([]);
    else expect(s3.uploads.size).toBe(0); // the multipart upload was aborted
  });

  it("refuses a body past its limit with the limit's error, leaves nothing, and leaves a borrowed body open", async () => {
    const tooMuch = () => new Error('over the limit');
    const pieces = (n: number) => Array.from({ length: n }, () => randomBytes(65536));
    // known length (one PUT on S3) and unknown length (multipart on S3), each destroyed or borrowed
    for (const [name, length] of [
      ['one', 4 * 65536],
      ['two', undefined],
    ] as const) {
      const owned = Readable.from(pieces(4));
      await expect(storage.put(`tenants/t1/tmp/l/${name}`, owned, { ...(length ? { length } : {}), limit: { bytes: 3 * 65536, error: tooMuch } })).rejects.toThrow('over the limit');
      expect(owned.destroyed).toBe(true);
      const borrowed = new PassThrough();
      for (const piece of pieces(4)) borrowed.write(piece);
      await expect(storage.put(`tenants/t1/tmp/l/${name}-borrowed`, borrowed, { ...(length ? { length } : {}), limit: { bytes: 2 * 65536, error: tooMuch }, borrowed: true })).rejects.toThrow(
        'over the limit',
      );
      expect(borrowed.destroyed).toBe(false);
      borrowed.destroy();
      expect(await storage.stat(`tenants/t1/tmp/l/${name}`)).toBeNull();
      expect(await storage.stat(`tenants/t1/tmp/l/${name}-borrowed`)).toBeNull();
    }
    // at the limit exactly, the write goes through
    expect(await storage.put('tenants/t1/tmp/l/exact', Readable.from(pieces(2)), { limit: { bytes: 2 * 65536, error: tooMuch } })).toEqual({ size: 2 * 65536 });
    await storage.deletePrefix('tenants/t1/tmp/l/');
    if (storage.kind === 'local') expect(existsSync(join(dir, 'files', 'tenants', 't1', 'tmp', 'l'))).toBe(false);
  });

  it('creates exclusively when asked: of two writers of one key exactly one wins, the other gets StorageExists and leaves nothing', async () => {
    const a = randomBytes(300_000);
    const b = randomBytes(200_000);
    const results = await Promise.allSettled([
      storage.put('tenants/t/tmp/x/000000000000000', Readable.from([a]), { length: a.length, durable: false, exclusive: true }),
      storage.put('tenants/t/tmp/x/000000000000000', Readable.from([b]), { durable: false, exclusive: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(StorageExists);
    const kept = await readAll(await storage.get('tenants/t/tmp/x/000000000000000'));
    expect(kept.equals(results[0]!.status === 'fulfilled' ? a : b)).toBe(true);
    // A later exclusive write of the key loses too; a plain one replaces it.
    await expect(storage.put('tenants/t/tmp/x/000000000000000', Readable.from([b]), { length: b.length, exclusive: true })).rejects.toBeInstanceOf(StorageExists);
    await storage.put('tenants/t/tmp/x/000000000300000', Readable.from([b]), { length: b.length, exclusive: true });
    expect(await storage.list('tenants/t/tmp/x/')).toEqual([
      { key: 'tenants/t/tmp/x/000000000000000', size: kept.length },
      { key: 'tenants/t/tmp/x/000000000300000', size: b.length },
    ]);
    expect(await storage.list('tenants/t/tmp/none/')).toEqual([]);
    await storage.deletePrefix('tenants/t/tmp/x/');
  });

  it('deletes by prefix, and only under it', async () => {
    for (const key of ['tenants/t2/tmp/x/0', 'tenants/t2/tmp/x/1', 'tenants/t2/tmp/xy/0', 'tenants/t2/files/x']) await storage.put(key, Readable.from([Buffer.from(key)]), { length: key.length });
    await storage.deletePrefix('tenants/t2/tmp/x/');
    expect(await storage.stat('tenants/t2/tmp/x/0')).toBeNull();
    expect(await storage.stat('tenants/t2/tmp/x/1')).toBeNull();
    expect(await storage.stat('tenants/t2/tmp/xy/0')).toEqual({ size: 'tenants/t2/tmp/xy/0'.length });
    expect(await storage.stat('tenants/t2/files/x')).not.toBeNull();
    await storage.deletePrefix('tenants/t2/tmp/nothing/');
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../etc/passwd', 'tenants/../../x', '/abs', 'tenants/t1/.hidden', 'a//b', 'tenants\\x', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.deletePrefix('tenants/t1')).rejects.toThrow(/must end with/);
  });
});

describe('storage configuration', () => {
  it('uses local disk under DATA_DIR/files by default, S3 when S3_BUCKET or STORAGE_DRIVER=s3 says so', async () => {
    expect((await openStorage(loadConfig({ DATA_DIR: dir }))).kind).toBe('local');
    const s3Storage = await openStorage(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'faena-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }));
    expect(s3Storage.kind).toBe('s3');
    void s3Storage.close();
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('loads the AWS SDK only when S3 is configured (it costs start-up time)', () => {
    // A fresh process: this one has loaded the SDK already for the S3 tests above.
    const script = `
      import { createRequire } from 'node:module';
      const { openStorage } = await import(${JSON.stringify(new URL('../src/platform/storage/open.ts', import.meta.url).href)});
      const { loadConfig } = await import(${JSON.stringify(new URL('../src/platform/config.ts', import.meta.url).href)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('@aws-sdk/client-s3'));
      const local = await openStorage(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }));
      const before = loaded();
      const s3 = await openStorage(loadConfig({ DATA_DIR: ${JSON.stringify(dir)}, S3_BUCKET: 'faena-files' }));
      console.log(JSON.stringify({ local: local.kind, before, s3: s3.kind, after: loaded() }));
      await s3.close();`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ local: 'local', before: false, s3: 's3', after: true });
  });

  it('creates nothing on disk until a file is written', async () => {
    const fresh = join(dir, 'untouched');
    await openStorage(loadConfig({ DATA_DIR: fresh }));
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('sniffing (unit)', () => {
  const zipWith = (...names: string[]) =>
    zipOf(names.map((name, i) => (name === 'mimetype' ? [name, Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), 'stored'] : [name, Buffer.from(`data${i}`)])));
  const cfb = (stream: string) => {
    const head = Buffer.alloc(512 * 3);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(head);
    head.writeUInt16LE(9, 30); // 512-byte sectors
    head.writeUInt32LE(0, 48); // directory in sector 0 (offset 512)
    const entry = 512 + 128;
    head.write(stream, entry, 'utf16le');
    head.writeUInt16LE((stream.length + 1) * 2, entry + 64);
    return head;
  };
  const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}\0\0\0\0${brand}mif1`, 'latin1')]);
  const cases: [string, Buffer, string, string | null][] = [
    ['png', PNG_1X1, 'image/png', 'png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'image/jpeg', 'jpeg'],
    ['gif', Buffer.from('GIF89a\x01\0\x01\0', 'latin1'), 'image/gif', 'gif'],
    ['bmp', Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(12), Buffer.from([40, 0, 0, 0]), Buffer.alloc(20)]), 'image/bmp', 'bmp'],
    ['tiff', TIFF, 'image/tiff', 'tiff'],
    ['webp', Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), 'image/webp', 'webp'],
    ['svg', Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml', 'svg'],
    ['heic', ftyp('heic'), 'image/heic', 'heic'],
    ['heif', ftyp('mif1'), 'image/heif', 'heic'],
    ['avif (not accepted)', ftyp('avif'), 'image/avif', null],
    ['pdf', PDF, 'application/pdf', 'pdf'],
    ['csv', CSV, 'text/csv', 'csv'],
    ['text', Buffer.from('Hola, mundo.\nSegunda línea sin delimitadores parejos; punto.\n'), 'text/plain', 'txt'],
    ['latin-1 csv', Buffer.from('nombre,año\nPeña,2024\nMuñoz,2023\n', 'latin1'), 'text/csv', 'csv'],
    ['docx', zipWith('[Content_Types].xml', '_rels/.rels', 'word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['xlsx', zipWith('[Content_Types].xml', 'xl/workbook.xml'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['pptx', zipWith('[Content_Types].xml', 'ppt/presentation.xml'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
    ['ods', zipWith('mimetype', 'content.xml'), 'application/vnd.oasis.opendocument.spreadsheet', 'ods'],
    ['plain zip (not accepted)', zipWith('a.txt', 'b.exe'), 'application/zip', null],
    ['doc', cfb('WordDocument'), 'application/msword', 'doc'],
    ['xls', cfb('Workbook'), 'application/vnd.ms-excel', 'xls'],
    ['ppt', cfb('PowerPoint Document'), 'application/vnd.ms-powerpoint', 'ppt'],
    ['rtf', Buffer.from('{\\rtf1\\ansi hola}'), 'application/rtf', 'rtf'],
    ['mp3 (ID3)', Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), 'audio/mpeg', 'mp3'],
    ['mp3 (frame)', Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]), 'audio/mpeg', 'mp3'],
    ['aac', Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0]), 'audio/aac', 'aac'],
    ['ogg', Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0OpusHead', 'latin1'), 'audio/ogg', 'ogg'],
    ['webm audio', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x41, 0x5f, 0x4f, 0x50, 0x55, 0x53]), 'audio/webm', 'webm'],
    ['webm video', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]), Buffer.from('V_VP9')]), 'video/webm', 'webm'],
    ['wav', Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), 'audio/wav', 'wav'],
    ['m4a', ftyp('M4A '), 'audio/mp4', 'm4a'],
    ['mp4', ftyp('isom'), 'video/mp4', 'mp4'],
    ['mov', ftyp('qt  '), 'video/quicktime', 'mov'],
    ['flac', Buffer.from('fLaC\0\0\0\x22', 'latin1'), 'audio/flac', 'flac'],
    ['html (not accepted)', HTML, 'text/html', null],
    ['xml (not accepted)', Buffer.from('<?xml version="1.0"?><note><to>x</to></note>'), 'application/xml', null],
    ['exe (not accepted)', EXE, 'application/octet-stream', null],
    ['binary with NUL (not accepted)', Buffer.from([0x41, 0x00, 0x42, 0x43]), 'application/octet-stream', null],
  ];
  it.each(cases)('%s', (_name, head, mime, format) => {
    expect(sniff(head, 'whatever.bin')).toEqual({ mime, format });
  });

  it('tells csv from plain text by the name only once the bytes are text', () => {
    expect(sniff(Buffer.from('una sola columna\nsin separadores\n'), 'lista.csv')).toEqual({ mime: 'text/csv', format: 'csv' });
    expect(sniff(Buffer.from('una sola columna\nsin separadores\n'), 'lista.txt')).toEqual({ mime: 'text/plain', format: 'txt' });
    expect(sniff(EXE, 'lista.csv')).toEqual({ mime: 'application/octet-stream', format: null });
  });
});

describe('names and formats (unit)', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ana\\foto.jpg', 'foto.jpg'],
    ['a/b/c/informe.pdf', 'informe.pdf'],
    ['..', 'archivo'],
    ['', 'archivo'],
    ['  .bashrc  ', 'bashrc'],
    ['file\u0000name\r\n.txt', 'filename.txt'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['a<b>c:d"e|f?g*h.txt', 'a_b_c_d_e_f_g_h.txt'],
    ['CON.txt', '_CON.txt'],
    ['nul', '_nul'],
    ['trailing dots...', 'trailing dots'],
    ['Cafe\u0301.png', 'Café.png'],
  ])('sanitizes %j to %j', (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
    // idempotent: a chunk whose Upload-Name is the stored name skips it (receiveChunk)
    expect(sanitizeFileName(clean)).toBe(clean);
  });

  it('caps long names in bytes, keeping the extension and whole characters', () => {
    const name = sanitizeFileName(`${'ñ'.repeat(500)}.xlsx`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(sanitizeFileName(name)).toBe(name);
    expect(name.endsWith('.xlsx')).toBe(true);
    expect(name).not.toContain('\uFFFD');
  });

  it('appends the real extension when the name lies about the format', () => {
    expect(nameForFormat('foto.jpg', 'png')).toBe('foto.jpg.png');
    expect(nameForFormat('foto.JPEG', 'jpeg')).toBe('foto.JPEG');
    expect(nameForFormat('informe', 'pdf')).toBe('informe.pdf');
    expect(nameForFormat('datos.txt', 'csv')).toBe('datos.txt');
  });

  it('decodes Upload-Name as browsers send it, and writes Content-Disposition for any name', () => {
    expect(decodeHeaderName(Buffer.from('año 2024.png', 'utf8').toString('latin1'))).toBe('año 2024.png');
    expect(decodeHeaderName('plain.png')).toBe('plain.png');
    expect(decodeHeaderName('a%20b.png')).toBe('a b.png');
    expect(decodeHeaderName(undefined)).toBeNull();
    expect(contentDisposition('attachment', 'informe "final" año.pdf')).toBe(`attachment; filename="informe _final_ a_o.pdf"; filename*=UTF-8''informe%20%22final%22%20a%C3%B1o.pdf`);
  });

  it("reads a field's allowed_formats as keys, extensions, types or families", () => {
    expect(formatsNamedBy('jpg')).toEqual(['jpeg']);
    expect(formatsNamedBy('.JPEG')).toEqual(['jpeg']);
    expect(formatsNamedBy('image/png')).toEqual(['png']);
    expect(formatsNamedBy('video/webm')).toEqual(['webm']);
    expect(formatsNamedBy('audio/*')).toEqual(expect.arrayContaining(['mp3', 'ogg', 'webm', 'wav', 'm4a']));
    expect(formatsNamedBy('exe')).toEqual([]);
    expect(platformFormats({ tiff_images: false, heic_images: false }).has('tiff')).toBe(false);
    expect(platformFormats({ tiff_images: true, heic_images: false }).has('tiff')).toBe(true);
    expect(platformFormats({ tiff_images: false, heic_images: true }).has('heic')).toBe(true);
  });
});
