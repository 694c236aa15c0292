import { hasExtensionOf, primaryExtension, type FormatKey } from './formats.ts';

/** Longest stored name, in UTF-8 bytes (most file systems allow 255). */
export const MAX_NAME_BYTES = 200;
const FALLBACK = 'archivo';
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A client-supplied file name made safe to store, show and send back in Content-Disposition:
 * only its last path segment (either slash), NFC, no control, format or bidi-override
 * characters, none of <>:"|?* (reserved on Windows), no leading or trailing dots and spaces,
 * not a Windows device name, at most MAX_NAME_BYTES bytes with its extension kept.
 * An empty result becomes "archivo".
 */
export function sanitizeFileName(raw: string | null | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '') // controls, bidi overrides, zero-width and line separators
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (WINDOWS_DEVICES.test(name)) name = `_${name}`;
  if (!name) name = FALLBACK;
  return capBytes(name, MAX_NAME_BYTES);
}

/** Caps a name's UTF-8 length, keeping its extension (when short) and whole code points. */
function capBytes(name: string, max: number): string {
  if (Buffer.byteLength(name) <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const stem = ext ? name.slice(0, dot) : name;
  let out = '';
  for (const char of stem) {
    if (Buffer.byteLength(out + char + ext) > max) break;
    out += char;
  }
  return `${out.replace(/[\s.]+$/, '') || FALLBACK}${ext}`;
}

/**
 * The stored name for a file whose format is known from its bytes: when the name's extension
 * claims another format (photo.jpg that is a PDF, invoice.html that is a PNG), the real
 * extension is appended, so the file opens with the right program once downloaded.
 * Text formats keep the name as given (csv/txt are told apart by the name).
 */
export function nameForFormat(name: string, format: FormatKey): string {
  if (format === 'csv' || format === 'txt' || hasExtensionOf(name, format)) return name;
  return sanitizeFileName(`${name}.${primaryExtension(format)}`);
}

/**
 * Upload-Name arrives the way browsers send non-ASCII header values (FilePond sends
 * `unescape(encodeURIComponent(name))`): UTF-8 bytes read as Latin-1 by Node. Percent-encoded
 * names are decoded too.
 */
export function decodeHeaderName(value: string | string[] | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === '') return null;
  let name = raw;
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  if (/%[0-9a-f]{2}/i.test(name)) {
    try {
      name = decodeURIComponent(name);
    } catch {
      /* not percent-encoded after all */
    }
  }
  return name;
}

/**
 * Content-Disposition with the stored name: an ASCII fallback in `filename` and the exact name
 * in `filename*` (RFC 6266 / RFC 8187).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  let encoded = '';
  for (const byte of Buffer.from(name, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
