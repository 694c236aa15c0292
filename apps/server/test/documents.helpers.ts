import { randomBytes } from 'node:crypto';
import { request as nodeRequest } from 'node:http';
import { crc32, deflateRawSync } from 'node:zlib';
import type { TestServer } from './harness.ts';

export const DM = '/api/document-manager/v3';
export const PROCESS = `${DM}/upload/process/`;
export const CHUNK = 500_000;

/**
 * A zip file of the given parts, deflated, or stored as they are where a part says so (the
 * `mimetype` of an OpenDocument file). `declaredSize` is what its headers state as a part's size
 * once inflated (the true size unless given: a zip bomb's headers may lie).
 */
export function zipOf(parts: readonly (readonly [string, Buffer, 'stored'?])[], declaredSize?: (name: string, size: number) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data, stored] of parts) {
    const path = Buffer.from(name, 'utf8');
    const method = stored ? 0 : 8;
    const packed = stored ? data : deflateRawSync(data, { level: 9 });
    const size = declaredSize?.(name, data.length) ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, path, packed);
    centrals.push(central, path);
    offset += local.length + path.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** `size` bytes that sniff as PNG (signature first, then random bytes). */
export function pngOfSize(size: number): Buffer {
  const bytes = randomBytes(size);
  PNG_1X1.copy(bytes, 0, 0, Math.min(size, 16));
  return bytes;
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const TIFF = Buffer.concat([Buffer.from('II*\0', 'latin1'), randomBytes(200)]);
export const EXE = Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), randomBytes(200)]);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const CSV = Buffer.from('name;amount\nAna;10\nLuis;20\n');

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: Part[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----faena${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** FilePond's whole-file process: the metadata part first, then the file under the same name. */
export async function uploadWhole(
  server: TestServer,
  subdomain: string,
  token: string,
  file: Buffer,
  filename: string,
  options: { metadata?: unknown; field?: string; contentType?: string } = {},
): Promise<Response> {
  const { body, contentType } = multipart([
    { name: 'filepond', value: JSON.stringify(options.metadata ?? {}) },
    {
      name: options.field ?? 'filepond',
      value: file,
      filename,
      contentType: options.contentType ?? 'application/octet-stream',
    },
  ]);
  return server.api(subdomain, PROCESS, {
    method: 'POST',
    token,
    headers: {
      'content-type': contentType,
      'content-length': String(body.length),
    },
    body,
  });
}

export async function uploadedId(response: Response): Promise<string> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${text}`);
  return text;
}

/** FilePond's chunked start: Upload-Length and a multipart body holding only the metadata. */
export async function openTransfer(server: TestServer, subdomain: string, token: string, length: number, metadata: unknown = {}): Promise<Response> {
  const { body, contentType } = multipart([{ name: 'filepond', value: JSON.stringify(metadata) }]);
  return server.api(subdomain, PROCESS, {
    method: 'POST',
    token,
    headers: {
      'content-type': contentType,
      'content-length': String(body.length),
      'upload-length': String(length),
    },
    body,
  });
}

export function patchChunk(
  server: TestServer,
  subdomain: string,
  token: string,
  id: string,
  offset: number,
  chunk: Buffer,
  total: number,
  name = 'archivo.png',
  extra: Record<string, string> = {},
): Promise<Response> {
  const nameHeader = Buffer.from(name, 'utf8').toString('latin1'); // as FilePond: unescape(encodeURIComponent(name))
  return server.api(subdomain, `${DM}/upload/patch/${id}`, {
    method: 'PATCH',
    token,
    headers: {
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
      'upload-offset': String(offset),
      'upload-length': String(total),
      'upload-name': nameHeader,
      ...extra,
    },
    body: chunk,
  });
}

/** Sends every chunk of `file` the way FilePond does (one at a time, 500,000 bytes). */
export async function uploadChunked(server: TestServer, subdomain: string, token: string, file: Buffer, name: string, metadata: unknown = {}): Promise<string> {
  const id = await uploadedId(await openTransfer(server, subdomain, token, file.length, metadata));
  for (let offset = 0; offset <= file.length; offset += CHUNK) {
    const chunk = file.subarray(offset, offset + CHUNK);
    if (chunk.length === 0 && offset > 0 && file.length % CHUNK !== 0) break;
    const response = await patchChunk(server, subdomain, token, id, offset, chunk, file.length, name);
    if (response.status !== 204) throw new Error(`chunk at ${offset}: ${response.status} ${await response.text()}`);
  }
  return id;
}

export async function store(server: TestServer, subdomain: string, token: string, temporaryUpload: string): Promise<Response> {
  return server.api(subdomain, `${DM}/filepond/${temporaryUpload}/store`, {
    method: 'POST',
    token,
    json: { temporary_upload: temporaryUpload },
  });
}

export async function storedId(response: Response): Promise<string> {
  const json = (await response.json()) as { upload_id?: string };
  if (response.status !== 200 || !json.upload_id) throw new Error(`store failed: ${response.status} ${JSON.stringify(json)}`);
  return json.upload_id;
}

export async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/**
 * A PATCH whose connection is cut after `sent` of the chunk's bytes (a dropped network): the
 * promise settles once the socket is gone.
 */
export function interruptedPatch(server: TestServer, subdomain: string, token: string, id: string, offset: number, chunk: Buffer, total: number, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = nodeRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'PATCH',
      path: `${DM}/upload/patch/${id}`,
      headers: {
        host: `${subdomain}.app.localhost:${server.port}`,
        authorization: `Bearer ${token}`,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
        'upload-offset': String(offset),
        'upload-length': String(total),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.on('response', (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.write(chunk.subarray(0, sent), () => setTimeout(() => req.destroy(), 50));
  });
}

export async function eventually<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
