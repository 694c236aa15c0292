import type { FeatureFlags } from '@faena/domain';

/**
 * The formats the upload server accepts (spec forms §9: jpeg, png, gif, bmp, tiff, webp, svg,
 * heic and csv, plus the documents, spreadsheets, audio and video that forms and the document
 * manager carry). A format is recognised from the file's own bytes (sniff.ts); its extensions
 * only name it in field rules and fix up a file name whose extension lies.
 * tiff and heic exist only for tenants with the tiff_images / heic_images flags on.
 */
export interface FormatInfo {
  /** The content type recorded for the format (sniffing may refine it, e.g. audio/webm vs video/webm). */
  mime: string;
  /** Other content types sniffing may give for the same format. */
  alsoMimes?: readonly string[];
  extensions: readonly string[];
  group: 'image' | 'document' | 'spreadsheet' | 'presentation' | 'text' | 'audio' | 'video';
  flag?: 'tiff_images' | 'heic_images';
}

export const FORMATS = {
  jpeg: {
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    group: 'image',
  },
  png: { mime: 'image/png', extensions: ['png'], group: 'image' },
  gif: { mime: 'image/gif', extensions: ['gif'], group: 'image' },
  bmp: { mime: 'image/bmp', extensions: ['bmp'], group: 'image' },
  webp: { mime: 'image/webp', extensions: ['webp'], group: 'image' },
  svg: { mime: 'image/svg+xml', extensions: ['svg'], group: 'image' },
  tiff: {
    mime: 'image/tiff',
    extensions: ['tif', 'tiff'],
    group: 'image',
    flag: 'tiff_images',
  },
  heic: {
    mime: 'image/heic',
    alsoMimes: ['image/heif'],
    extensions: ['heic', 'heif'],
    group: 'image',
    flag: 'heic_images',
  },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], group: 'document' },
  csv: { mime: 'text/csv', extensions: ['csv'], group: 'text' },
  txt: {
    mime: 'text/plain',
    extensions: ['txt', 'text', 'log'],
    group: 'text',
  },
  rtf: { mime: 'application/rtf', extensions: ['rtf'], group: 'document' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    group: 'document',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    group: 'spreadsheet',
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    group: 'presentation',
  },
  doc: { mime: 'application/msword', extensions: ['doc'], group: 'document' },
  xls: {
    mime: 'application/vnd.ms-excel',
    extensions: ['xls'],
    group: 'spreadsheet',
  },
  ppt: {
    mime: 'application/vnd.ms-powerpoint',
    extensions: ['ppt'],
    group: 'presentation',
  },
  odt: {
    mime: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt'],
    group: 'document',
  },
  ods: {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods'],
    group: 'spreadsheet',
  },
  odp: {
    mime: 'application/vnd.oasis.opendocument.presentation',
    extensions: ['odp'],
    group: 'presentation',
  },
  mp3: { mime: 'audio/mpeg', extensions: ['mp3'], group: 'audio' },
  ogg: {
    mime: 'audio/ogg',
    alsoMimes: ['video/ogg'],
    extensions: ['ogg', 'oga', 'ogv', 'opus'],
    group: 'audio',
  },
  webm: {
    mime: 'audio/webm',
    alsoMimes: ['video/webm'],
    extensions: ['webm', 'weba'],
    group: 'audio',
  },
  wav: { mime: 'audio/wav', extensions: ['wav'], group: 'audio' },
  m4a: { mime: 'audio/mp4', extensions: ['m4a'], group: 'audio' },
  aac: { mime: 'audio/aac', extensions: ['aac'], group: 'audio' },
  flac: { mime: 'audio/flac', extensions: ['flac'], group: 'audio' },
  amr: { mime: 'audio/amr', extensions: ['amr'], group: 'audio' },
  mp4: { mime: 'video/mp4', extensions: ['mp4', 'm4v'], group: 'video' },
  mov: { mime: 'video/quicktime', extensions: ['mov', 'qt'], group: 'video' },
} as const satisfies Record<string, FormatInfo>;

export type FormatKey = keyof typeof FORMATS;
export const FORMAT_KEYS = Object.keys(FORMATS) as FormatKey[];

const info = (key: FormatKey): FormatInfo => FORMATS[key];

/** The formats a tenant may upload at all: every format, tiff and heic only behind their flags. */
export function platformFormats(flags: Pick<FeatureFlags, 'tiff_images' | 'heic_images'>): Set<FormatKey> {
  return new Set(
    FORMAT_KEYS.filter((key) => {
      const flag = info(key).flag;
      return !flag || flags[flag];
    }),
  );
}

/**
 * A field's allowed_formats entry → the formats it names. Accepts a format key ("jpeg"), an
 * extension with or without its dot ("jpg", ".JPG"), a content type ("image/png") or a family
 * ("image/*"). Unknown entries name nothing.
 */
export function formatsNamedBy(entry: string): FormatKey[] {
  const token = entry.trim().toLowerCase().replace(/^\./, '');
  if (!token) return [];
  if (token.endsWith('/*')) {
    const family = token.slice(0, -2);
    return FORMAT_KEYS.filter((key) => [info(key).mime, ...(info(key).alsoMimes ?? [])].some((mime) => mime.startsWith(`${family}/`)));
  }
  if (token.includes('/')) return FORMAT_KEYS.filter((key) => info(key).mime === token || (info(key).alsoMimes ?? []).includes(token));
  if (token in FORMATS) return [token as FormatKey];
  return FORMAT_KEYS.filter((key) => info(key).extensions.includes(token));
}

export function formatsNamedByAll(entries: readonly string[]): Set<FormatKey> {
  return new Set(entries.flatMap(formatsNamedBy));
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The format a name's extension claims (used only to tell csv from plain text, never to trust a type). */
export function formatOfExtension(name: string): FormatKey | null {
  const ext = extensionOf(name);
  if (!ext) return null;
  return FORMAT_KEYS.find((key) => info(key).extensions.includes(ext)) ?? null;
}

export function primaryExtension(key: FormatKey): string {
  return info(key).extensions[0]!;
}

export function hasExtensionOf(name: string, key: FormatKey): boolean {
  return info(key).extensions.includes(extensionOf(name));
}
