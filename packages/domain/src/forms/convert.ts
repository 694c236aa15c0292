import { parseDateTime, toUtcIso } from './dates.ts';
import { fieldVisibility } from './definition.ts';
import { FIELD_TYPE_INFO, isNumberType } from './field-types.ts';
import { parseNumberInput } from './numbers.ts';
import type { FormField, InputField } from './schema.ts';
import { ownValue } from './show-if.ts';
import { isEmptyAnswer, isInputField, isSkipped, safeSet, skippedKey } from './values.ts';

/**
 * Submit conversion (spec §4), pure and deterministic; applied by the web client before sending
 * and again by the server before storing (it is idempotent):
 * - fields hidden by show_if and display texts are dropped, as are keys that are not fields;
 * - skipped fields keep `{name}_skipped: true`; skipped required fields become null, skipped
 *   optional ones are omitted;
 * - empty optional fields are omitted (an empty required one, which validation refuses, is null);
 * - each value goes through its type's output conversion: numbers from typed text (integers
 *   rounded), date-times to UTC ISO with milliseconds and '+00:00', uploads to download links,
 *   temporary blob images in rich text to their uploaded links, structured values keep only
 *   their known keys, sub-forms converted field by field.
 */

export interface ConvertOptions {
  /** IANA zone of date-times typed without an offset (the user's); default UTC. */
  timeZone?: string;
  /** Stored upload → download link (after POST /filepond/{id}/store). Identity by default. */
  fileLink?: (reference: string) => string;
  /** blob: URL of a rich-text image → its uploaded link. */
  richTextImages?: Readonly<Record<string, string>> | ((blobUrl: string) => string | undefined);
}

const BLOB_IMAGE = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])(blob:[^"']*)\2/gi;

/** The blob: URLs of images in rich-text HTML, in order, without repeats. */
export function richTextBlobImages(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(BLOB_IMAGE)) found.add(match[3]!);
  return [...found];
}

/** Replaces the blob: image sources that have a link; others stay as they are. */
export function replaceRichTextImages(html: string, links: ConvertOptions['richTextImages']): string {
  if (!links) return html;
  const lookup = typeof links === 'function' ? links : (url: string) => (Object.hasOwn(links, url) ? links[url] : undefined);
  return html.replace(BLOB_IMAGE, (whole, prefix: string, quote: string, url: string) => {
    const link = lookup(url);
    return link === undefined ? whole : `${prefix}${quote}${link.replace(/["']/g, encodeURIComponent)}${quote}`;
  });
}

function numberOrRaw(value: unknown, integer: boolean): unknown {
  const parsed = parseNumberInput(value, integer ? 'integer' : 'float');
  return parsed.ok ? parsed.value : value;
}

function pick(value: unknown, keys: readonly string[], convert: (item: unknown) => unknown = (item) => item): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const item = ownValue(value, key);
    if (item !== undefined) safeSet(out, key, convert(item));
  }
  return out;
}

/** The output conversion of one field's value. */
export function convertFieldValue(field: InputField, value: unknown, options: ConvertOptions = {}): unknown {
  if (value === undefined) return null;
  if (isNumberType(field.type)) return numberOrRaw(value, field.type === 'integer');
  switch (field.type) {
    case 'value_in_num_range':
    case 'stars':
    case 'emotion':
    case 'reactions':
      return numberOrRaw(value, false);
    case 'num_range':
      return pick(value, ['start', 'end'], (item) => numberOrRaw(item, false));
    case 'date_range':
      return pick(value, ['start', 'end']);
    case 'gps':
      return pick(value, ['latitude', 'longitude', 'accuracy']);
    case 'datetime': {
      const instant = parseDateTime(value, options.timeZone ?? 'UTC');
      return instant === undefined ? value : toUtcIso(instant);
    }
    case 'rich_text':
      return typeof value === 'string' ? replaceRichTextImages(value, options.richTextImages) : value;
    case 'files':
    case 'images':
    case 'image':
    case 'voice_message': {
      const link = options.fileLink ?? ((reference: string) => reference);
      const toLink = (item: unknown) => (typeof item === 'string' && item.trim() !== '' ? link(item) : item);
      if (Array.isArray(value)) {
        // A single-file field stores one link; a list whose one item is not a text stays a list,
        // which validation refuses (unwrapping [["x"]] would turn it into a valid ["x"]).
        const single = !FIELD_TYPE_INFO[field.type].isPlural && value.length === 1 && typeof value[0] === 'string';
        return single ? toLink(value[0]) : value.map(toLink);
      }
      return toLink(value);
    }
    case 'form':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? convertForSubmit(field.fields, value, options) : value;
    default:
      return value;
  }
}

/** The response to send / store. Total: any JSON value is accepted as `response`. */
export function convertForSubmit(fields: readonly FormField[], response: unknown, options: ConvertOptions = {}): Record<string, unknown> {
  const values = typeof response === 'object' && response !== null && !Array.isArray(response) ? response : {};
  const visibility = fieldVisibility(fields, values);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!isInputField(field) || visibility.get(field) === false) continue;
    if (isSkipped(field, values)) {
      safeSet(out, skippedKey(field.name), true);
      if (field.required) safeSet(out, field.name, null);
      continue;
    }
    const value = convertFieldValue(field, ownValue(values, field.name), options);
    if (isEmptyAnswer(field, value)) {
      if (field.required) safeSet(out, field.name, null);
      continue;
    }
    safeSet(out, field.name, value);
  }
  return out;
}
