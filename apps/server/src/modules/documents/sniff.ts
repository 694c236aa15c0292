import { formatOfExtension, type FormatKey } from './formats.ts';

/** How much of a file's start is kept for sniffing. */
export const SNIFF_BYTES = 64 * 1024;

export interface Sniffed {
  /** The recognised format, or null when it is none the server accepts. */
  format: FormatKey | null;
  /** The content type recorded and served: from the bytes, never from the name or the client. */
  mime: string;
}

const ascii = (head: Buffer, at: number, text: string) => head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;
const bytes = (head: Buffer, at: number, values: readonly number[]) => head.length >= at + values.length && values.every((v, i) => head[at + i] === v);
const known = (format: FormatKey, mime: string): Sniffed => ({ format, mime });
const unknown = (mime = 'application/octet-stream'): Sniffed => ({
  format: null,
  mime,
});

/**
 * The content type of a file from its first bytes (magic numbers), à la WHATWG MIME sniffing
 * and libmagic, for the formats of formats.ts. `name` is consulted only to tell CSV from plain
 * text once the bytes are known to be text — it never makes binary content acceptable.
 */
export function sniff(head: Buffer, name = ''): Sniffed {
  if (head.length === 0) return textKind('', name);
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return known('jpeg', 'image/jpeg');
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return known('png', 'image/png');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return known('gif', 'image/gif');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return known('webp', 'image/webp');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return known('wav', 'audio/wav');
  if (ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*') || ascii(head, 0, 'II+\0') || ascii(head, 0, 'MM\0+')) return known('tiff', 'image/tiff');
  if (isBmp(head)) return known('bmp', 'image/bmp');
  if (ascii(head, 0, '%PDF-')) return known('pdf', 'application/pdf');
  if (ascii(head, 0, '{\\rtf')) return known('rtf', 'application/rtf');
  if (ascii(head, 0, 'PK\x03\x04')) return sniffZip(head);
  if (bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffCfb(head);
  if (ascii(head, 4, 'ftyp')) return sniffIsoBmff(head);
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return sniffMatroska(head);
  if (ascii(head, 0, 'OggS')) return head.includes('\x80theora', 0, 'latin1') ? known('ogg', 'video/ogg') : known('ogg', 'audio/ogg');
  if (ascii(head, 0, 'fLaC')) return known('flac', 'audio/flac');
  if (ascii(head, 0, '#!AMR')) return known('amr', 'audio/amr');
  if (ascii(head, 0, 'ID3')) return known('mp3', 'audio/mpeg');
  if (head[0] === 0xff && head.length >= 3) {
    const b1 = head[1]!;
    const b2 = head[2]!;
    if ((b1 & 0xf6) === 0xf0) return known('aac', 'audio/aac'); // ADTS
    if ((b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0 && b2 >> 4 !== 0x0f && ((b2 >> 2) & 0x03) !== 0x03) return known('mp3', 'audio/mpeg');
  }
  return sniffText(head, name);
}

function isBmp(head: Buffer): boolean {
  if (!ascii(head, 0, 'BM') || head.length < 18) return false;
  const dib = head.readUInt32LE(14);
  return [12, 16, 40, 52, 56, 64, 108, 124].includes(dib);
}

/** Office Open XML and OpenDocument are ZIP files told apart by the names of their entries. */
function sniffZip(head: Buffer): Sniffed {
  const names: string[] = [];
  let mimetype: string | null = null;
  for (let at = head.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0 && at + 30 <= head.length; at = head.indexOf('PK\x03\x04', at + 4, 'latin1')) {
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    const name = head.toString('utf8', at + 30, Math.min(head.length, at + 30 + nameLength));
    names.push(name);
    // OpenDocument: the first entry is "mimetype", stored uncompressed, holding the type.
    if (name === 'mimetype' && names.length === 1 && head.readUInt16LE(at + 8) === 0) {
      const size = head.readUInt32LE(at + 18);
      const start = at + 30 + nameLength + extraLength;
      mimetype = head.toString('latin1', start, Math.min(head.length, start + Math.min(size, 100)));
    }
  }
  if (mimetype === 'application/vnd.oasis.opendocument.text') return known('odt', mimetype);
  if (mimetype === 'application/vnd.oasis.opendocument.spreadsheet') return known('ods', mimetype);
  if (mimetype === 'application/vnd.oasis.opendocument.presentation') return known('odp', mimetype);
  const has = (prefix: string) => names.some((name) => name.startsWith(prefix));
  const ooxml = has('[Content_Types].xml') || has('_rels/');
  if (ooxml && has('word/')) return known('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  if (ooxml && has('xl/')) return known('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  if (ooxml && has('ppt/')) return known('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation');
  return unknown('application/zip');
}

/** Legacy Office files are OLE compound files; the directory's stream names tell which. */
function sniffCfb(head: Buffer): Sniffed {
  const names = new Set<string>();
  if (head.length >= 512) {
    const sectorSize = 1 << head.readUInt16LE(30);
    const firstDirectorySector = head.readUInt32LE(48);
    const start = (firstDirectorySector + 1) * sectorSize;
    for (let at = start; sectorSize >= 512 && at + 128 <= Math.min(head.length, start + sectorSize); at += 128) {
      const length = head.readUInt16LE(at + 64);
      if (length >= 2 && length <= 64) names.add(head.toString('utf16le', at, at + length - 2));
    }
  }
  const mentions = (name: string) => names.has(name) || head.includes(Buffer.from(name, 'utf16le'));
  if (mentions('WordDocument')) return known('doc', 'application/msword');
  if (mentions('Workbook') || mentions('Book')) return known('xls', 'application/vnd.ms-excel');
  if (mentions('PowerPoint Document')) return known('ppt', 'application/vnd.ms-powerpoint');
  return unknown('application/x-ole-storage');
}

function sniffIsoBmff(head: Buffer): Sniffed {
  const boxSize = head.readUInt32BE(0);
  const brands: string[] = [head.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= Math.min(head.length, boxSize); at += 4) brands.push(head.toString('latin1', at, at + 4));
  const major = brands[0]!;
  if (brands.includes('avif') || brands.includes('avis')) return unknown('image/avif');
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(major)) return known('heic', 'image/heic');
  if (['mif1', 'msf1'].includes(major)) return known('heic', 'image/heif');
  if (major === 'M4A ' || major === 'M4B ' || major === 'M4P ') return known('m4a', 'audio/mp4');
  if (major === 'qt  ') return known('mov', 'video/quicktime');
  if (['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'mmp4', 'MSNV', '3gp4', '3gp5', '3gp6', '3g2a'].includes(major))
    return known('mp4', 'video/mp4');
  if (brands.some((b) => ['heic', 'heix', 'mif1'].includes(b))) return known('heic', 'image/heif');
  return unknown('application/mp4');
}

function sniffMatroska(head: Buffer): Sniffed {
  const docType = head.indexOf(Buffer.from([0x42, 0x82]));
  const isWebm = docType >= 0 && docType < 64 && head.toString('latin1', docType + 3, docType + 7) === 'webm';
  if (!isWebm) return unknown('video/x-matroska');
  const video = ['V_VP8', 'V_VP9', 'V_AV1', 'V_MPEG4'].some((codec) => head.includes(codec, 0, 'latin1'));
  return video ? known('webm', 'video/webm') : known('webm', 'audio/webm');
}

/** Text: no NUL and no control characters but tab, new lines and form feed (any 8-bit charset). */
function sniffText(head: Buffer, name: string): Sniffed {
  let text: string;
  if (bytes(head, 0, [0xff, 0xfe])) text = head.toString('utf16le', 2, head.length - (head.length % 2));
  else if (bytes(head, 0, [0xfe, 0xff]))
    text = Buffer.from(head.subarray(2, head.length - (head.length % 2)))
      .swap16()
      .toString('utf16le');
  else {
    for (const byte of head) if (byte < 0x20 ? ![0x09, 0x0a, 0x0c, 0x0d].includes(byte) : byte === 0x7f) return unknown();
    text = head.toString('utf8', bytes(head, 0, [0xef, 0xbb, 0xbf]) ? 3 : 0);
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7f || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d)) return unknown();
  }
  return textKind(text, name);
}

function textKind(text: string, name: string): Sniffed {
  const markup = text.replace(/^\s+/, '');
  if (markup.startsWith('<')) {
    const body = markup
      .replace(/^<\?xml[\s\S]*?\?>/i, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, '')
      .trimStart();
    if (/^<svg[\s>]/i.test(body)) return known('svg', 'image/svg+xml');
    if (/^<(!doctype\s+html|html|head|body|script|iframe|meta|div|p|a|img|style|title)[\s>/]/i.test(body)) return unknown('text/html');
    if (/^<\?xml/i.test(markup) || /^<[a-z_][\w.-]*[\s>/]/i.test(body)) return unknown('application/xml');
  }
  const claimed = formatOfExtension(name);
  if (claimed === 'csv' || /\.tsv$/i.test(name) || looksLikeCsv(text)) return known('csv', 'text/csv');
  return known('txt', 'text/plain');
}

/** At least two lines with the same, non-zero number of one delimiter. */
function looksLikeCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .slice(0, 20)
    .filter((line) => line.length > 0);
  if (lines.length < 2) return false;
  const complete = text.length < SNIFF_BYTES ? lines : lines.slice(0, -1);
  if (complete.length < 2) return false;
  return [',', ';', '\t'].some((delimiter) => {
    const counts = complete.map((line) => line.split(delimiter).length - 1);
    return counts[0]! > 0 && counts.every((count) => count === counts[0]);
  });
}
