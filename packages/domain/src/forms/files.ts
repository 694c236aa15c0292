import type { FeatureFlags } from '../feature-flags.ts';
import { ALLOWED_IMAGE_FORMATS, DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES_MULTIPLE, DEFAULT_MAX_FILES_SINGLE, DEFAULT_MIN_FILE_SIZE, DEFAULT_MIN_FILES, PHOTO_FIELD_FORMATS } from './constants.ts';
import { FIELD_TYPE_INFO, isFileType } from './field-types.ts';
import { allowedFormatsMessage, fileSizeMessage, FORM_MESSAGES, invalidFileTypeMessage, limitReachedMessage, listLengthMessage, uploadHelpText, uploadSizeMessage, type NounKey } from './messages.ts';
import type { FormField } from './schema.ts';
import { isValidatorEnabled, type ValidatorFlags } from './validator-flags.ts';
import type { Validator, ValidatorOf } from './validators-schema.ts';

/** File metadata (spec §3): what POST /files/metadata/ answers per upload id. */
export interface FileMetadata {
  name: string;
  size: number;
  content_type: string;
}

/** Extensions and MIME types of the formats the product names; other formats match by extension. */
export const FORMAT_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  jpeg: ['jpeg', 'jpg', 'jpe'],
  jpg: ['jpeg', 'jpg', 'jpe'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  tiff: ['tiff', 'tif'],
  tif: ['tiff', 'tif'],
  webp: ['webp'],
  svg: ['svg'],
  heic: ['heic', 'heif'],
  csv: ['csv'],
};
export const FORMAT_MIME_TYPES: Readonly<Record<string, readonly string[]>> = {
  jpeg: ['image/jpeg', 'image/pjpeg'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  tiff: ['image/tiff'],
  tif: ['image/tiff'],
  webp: ['image/webp'],
  svg: ['image/svg+xml'],
  heic: ['image/heic', 'image/heif'],
  csv: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  pdf: ['application/pdf'],
  mp3: ['audio/mpeg'],
  mp4: ['video/mp4', 'audio/mp4'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave'],
  ogg: ['audio/ogg', 'video/ogg', 'application/ogg'],
  webm: ['audio/webm', 'video/webm'],
  zip: ['application/zip'],
};

/** Image formats offered under these flags: heic and tiff only behind their flags (spec §9). */
export function imageFormatsFor(flags: Partial<FeatureFlags> | null | undefined): string[] {
  return ALLOWED_IMAGE_FORMATS.filter((format) => (format !== 'heic' || flags?.heic_images === true) && (format !== 'tiff' || flags?.tiff_images === true));
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * Whether a file is of one of the formats. When the format has known MIME types and the file's
 * content type is known (the server sniffs it from the bytes), the content type decides, so a
 * renamed file cannot pass; otherwise the name's extension does.
 */
export function fileMatchesFormats(file: Pick<FileMetadata, 'name' | 'content_type'>, formats: readonly string[]): boolean {
  const contentType = (file.content_type ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = extensionOf(file.name ?? '');
  return formats.some((raw) => {
    const format = raw.toLowerCase().replace(/^\./, '');
    const mimes = Object.hasOwn(FORMAT_MIME_TYPES, format) ? FORMAT_MIME_TYPES[format]! : undefined;
    if (mimes && !GENERIC_TYPES.has(contentType)) return mimes.includes(contentType);
    const extensions = Object.hasOwn(FORMAT_EXTENSIONS, format) ? FORMAT_EXTENSIONS[format]! : [format];
    return extensions.includes(extension);
  });
}

export interface UploadRules {
  noun: NounKey;
  isMultiple: boolean;
  minFiles: number;
  maxFiles: number;
  minSize: number;
  maxSize: number;
  /** null = any format. */
  formats: string[] | null;
  /** Custom messages of the validators behind each rule (they override the defaults). */
  messages: { minFiles?: string; maxFiles?: string; minSize?: string; maxSize?: string; formats?: string };
}

function enabledValidator<T extends Validator['type']>(field: FormField, type: T, flags: ValidatorFlags): ValidatorOf<T> | undefined {
  if (field.type === 'display_text' || !isValidatorEnabled(field.type, type, flags)) return undefined;
  return field.validators.find((validator): validator is ValidatorOf<T> => validator.type === type);
}

function customMessage(validator: { message?: string | null } | undefined): string | undefined {
  return validator?.message ? validator.message : undefined;
}

/**
 * Everything an upload of this field must respect (spec §5, §9): count, size and format
 * limits from the field and its enabled validators, with the spec's defaults. Undefined for
 * fields that take no files.
 */
export function uploadRules(field: FormField, validatorFlags: ValidatorFlags, featureFlags?: Partial<FeatureFlags> | null): UploadRules | undefined {
  if (field.type === 'display_text' || !isFileType(field.type)) return undefined;
  const info = FIELD_TYPE_INFO[field.type];
  const isMultiple = info.isPlural;
  const minLength = enabledValidator(field, 'min_length', validatorFlags);
  const maxLength = enabledValidator(field, 'max_length', validatorFlags);
  const minSize = enabledValidator(field, 'min_file_size', validatorFlags);
  const maxSize = enabledValidator(field, 'max_file_size', validatorFlags);
  const allowed = enabledValidator(field, 'allowed_formats', validatorFlags);
  const fieldMax = field.type === 'files' ? field.max_files : undefined;
  let maxFiles = isMultiple ? (fieldMax ?? DEFAULT_MAX_FILES_MULTIPLE) : DEFAULT_MAX_FILES_SINGLE;
  if (isMultiple && maxLength) maxFiles = Math.min(maxFiles, Math.max(1, maxLength.limit_value));
  let formats: string[] | null = null;
  if (field.type === 'image' || field.type === 'images') {
    const offered = imageFormatsFor(featureFlags);
    formats = allowed ? allowed.formats.filter((format) => offered.includes(format === 'jpg' ? 'jpeg' : format)) : [...PHOTO_FIELD_FORMATS];
  } else if (allowed) {
    formats = [...allowed.formats];
  }
  const messages: UploadRules['messages'] = {};
  const set = (key: keyof UploadRules['messages'], message: string | undefined) => {
    if (message !== undefined) messages[key] = message;
  };
  set('minFiles', customMessage(minLength));
  set('maxFiles', maxLength && maxLength.limit_value <= maxFiles ? customMessage(maxLength) : undefined);
  set('minSize', customMessage(minSize));
  set('maxSize', customMessage(maxSize));
  set('formats', customMessage(allowed));
  return {
    noun: info.noun ?? 'file',
    isMultiple,
    minFiles: isMultiple ? (minLength?.limit_value ?? DEFAULT_MIN_FILES) : DEFAULT_MIN_FILES,
    maxFiles,
    minSize: minSize?.limit_value ?? DEFAULT_MIN_FILE_SIZE,
    maxSize: maxSize?.limit_value ?? DEFAULT_MAX_FILE_SIZE,
    formats,
    messages,
  };
}

/** One file against the rules (as a validation message, spec §5), or null. */
export function checkFile(file: FileMetadata, rules: UploadRules): string | null {
  if (rules.formats !== null && !fileMatchesFormats(file, rules.formats)) {
    return rules.messages.formats ?? allowedFormatsMessage(rules.formats, rules.isMultiple);
  }
  if (file.size < rules.minSize) return rules.messages.minSize ?? fileSizeMessage('min', rules.minSize, rules.isMultiple);
  if (file.size > rules.maxSize) return rules.messages.maxSize ?? fileSizeMessage('max', rules.maxSize, rules.isMultiple);
  return null;
}

/** The number of files against the rules, or null. */
export function checkFileCount(count: number, rules: UploadRules): string | null {
  if (count > rules.maxFiles) return rules.messages.maxFiles ?? listLengthMessage('max', rules.maxFiles, rules.noun);
  if (count > 0 && count < rules.minFiles) {
    return rules.messages.minFiles ?? listLengthMessage('min', rules.minFiles, rules.noun);
  }
  return null;
}

/**
 * The widget's reaction to a selection of `total` files (spec §5): with multiple off, more than
 * one file is refused; otherwise a total above the maximum is only a warning (submit refuses
 * it); at the maximum the add button is disabled with "Alcanzaste el límite de {plural}".
 */
export type SelectionOutcome = { kind: 'ok' } | { kind: 'refused' } | { kind: 'warning'; message: string } | { kind: 'limit-reached'; message: string };

export function checkSelection(total: number, rules: UploadRules): SelectionOutcome {
  if (!rules.isMultiple && total > 1) return { kind: 'refused' };
  if (total > rules.maxFiles) return { kind: 'warning', message: rules.messages.maxFiles ?? listLengthMessage('max', rules.maxFiles, rules.noun) };
  if (total === rules.maxFiles) return { kind: 'limit-reached', message: limitReachedMessage(rules.noun) };
  return { kind: 'ok' };
}

/** What the upload widget says when it refuses a file as it is chosen (spec §5 upload rules). */
export type UploadRefusal = { kind: 'size'; title: string; message: string; accept: string } | { kind: 'type'; message: string };

export function checkUpload(file: Pick<FileMetadata, 'name' | 'size' | 'content_type'>, rules: UploadRules): UploadRefusal | null {
  if (file.size < rules.minSize || file.size > rules.maxSize) {
    return {
      kind: 'size',
      title: FORM_MESSAGES.fileSizeInvalidTitle,
      message: uploadSizeMessage(rules.minSize, rules.maxSize),
      accept: FORM_MESSAGES.fileSizeInvalidAccept,
    };
  }
  if (rules.formats !== null && !fileMatchesFormats(file, rules.formats)) {
    return { kind: 'type', message: invalidFileTypeMessage(rules.formats) };
  }
  return null;
}

/** The help text shown above the upload (spec §5). */
export function uploadHelp(rules: UploadRules): string {
  return uploadHelpText({
    noun: rules.noun,
    minFiles: rules.minFiles,
    maxFiles: rules.maxFiles,
    ...(rules.formats ? { formats: rules.formats } : {}),
    minSize: rules.minSize,
    maxSize: rules.maxSize,
  });
}

/** The input's accept attribute for these rules ("" = anything). */
export function acceptAttribute(rules: UploadRules): string {
  if (rules.formats === null) return '';
  return rules.formats.flatMap((format) => (Object.hasOwn(FORMAT_MIME_TYPES, format) ? FORMAT_MIME_TYPES[format]!.filter((mime) => mime.startsWith('image/')) : []).concat(`.${format}`)).join(',');
}

/** "{upload base}/{upload_id}/download" (spec §7). */
export function fileDownloadLink(uploadBase: string, uploadId: string): string {
  return `${uploadBase.replace(/\/+$/, '')}/${encodeURIComponent(uploadId)}/download`;
}

/** The upload id inside a download link, or undefined. */
export function uploadIdFromLink(link: string): string | undefined {
  const match = /\/([^/?#]+)\/download\/?(?:[?#].*)?$/.exec(link);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}
