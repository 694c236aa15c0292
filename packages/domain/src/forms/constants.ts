/** Business constants of spec forms §9 (and the upload rules of §5) — used by engine and widgets. */

/** Allowed image formats (spec §9); heic and tiff only behind their feature flags. */
export const ALLOWED_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'bmp', 'tiff', 'webp', 'svg', 'heic'] as const;
/** Data files (imports). */
export const DATA_FILE_FORMATS = ['csv'] as const;
/** The photo field accepts only these (spec §5). */
export const PHOTO_FIELD_FORMATS = ['png', 'gif', 'jpeg'] as const;
/** Rich-text image uploads (spec §5). */
export const RICH_TEXT_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'bmp', 'svg'] as const;
export const RICH_TEXT_IMAGE_MAX_SIZE = 20 * 1024 * 1024;

export const DEFAULT_MAX_FILE_SIZE = 20 * 1024 * 1024;
export const DEFAULT_MIN_FILE_SIZE = 0;
export const DEFAULT_MAX_FILES_MULTIPLE = 10;
export const DEFAULT_MAX_FILES_SINGLE = 1;
export const DEFAULT_MIN_FILES = 0;
/** The upload widget's effective maximum with multiple on. */
export const UPLOAD_WIDGET_MAX_FILES = 1_000_000;
/** The upload widget's own size base (our texts use 1024×1024, see format.ts). */
export const UPLOAD_WIDGET_SIZE_BASE = 1000;
/** Chunk size of the form upload. */
export const UPLOAD_CHUNK_SIZE = 500_000;
/** The widget library's defaults. */
export const UPLOAD_WIDGET_DEFAULT_CHUNK_SIZE = 5_000_000;
export const UPLOAD_PARALLEL_DEFAULT = 2;
export const UPLOAD_RETRY_DELAYS_MS = [500, 1000, 3000] as const;
export const UPLOAD_IGNORED_FILES = ['.ds_store', 'thumbs.db', 'desktop.ini'] as const;
export const UPLOAD_WIDGET_TIMINGS = {
  resizeDebounceMs: 250,
  dragThresholdPx: 4,
  announcementDelaysMs: [750, 1500],
} as const;

/** Photo capture (spec §9). */
export const PHOTO_CAPTURE = {
  jpegQualityWeb: 0.85,
  jpegQualityNative: 85,
  nativeWidth: 1280,
  nativeHeight: 960,
  previewMaxHeightPx: 200,
  liveVideoMaxHeightPx: 300,
  videoReadyTries: 30,
  videoReadyIntervalMs: 100,
} as const;
export function photoFileName(timestamp: number): string {
  return `foto_${timestamp}.jpeg`;
}

/** Lists shown as comma-separated text are cut after this many items (spec §9). */
export const LIST_DISPLAY_LIMIT = 3;

/** Default date format: year-month-day, the only one the renderer supports (spec §3). */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';
/** Spellings of the default format found in existing definitions. */
export const DEFAULT_DATE_FORMAT_ALIASES = ['YYYY-MM-DD', 'yyyy-MM-dd', 'yyyy-mm-dd', '%Y-%m-%d', 'Y-m-d'] as const;

/** Locale of dates in forms (spec §1: Chilean Spanish). */
export const FORMS_LOCALE = 'es-CL';
