import { FORMS_LOCALE, LIST_DISPLAY_LIMIT } from './constants.ts';
import { parseDateTime, parseIsoDate } from './dates.ts';
import type { FieldType } from './field-types.ts';
import type { FileMetadata } from './files.ts';
import { formatMegabytes } from './format.ts';
import { DISPLAY_TEXTS } from './messages.ts';
import { interpretScaleValue } from './numbers.ts';
import type { FormField } from './schema.ts';
import { ownValue } from './show-if.ts';
import { isEmptyAnswer, isInputField, isSkipped, richTextPlainText } from './values.ts';

/**
 * Answer display (spec §3 "Answer values shown", §8, §9): pure functions turning stored
 * answers into what the display component renders. Skipped → "No aplica"; empty → "Sin
 * respuesta"; empty list → "Ninguna"; booleans "Sí" / "No"; lists cut after 3 with
 * "... y N más"; date-times with day, long month, hour and minute in the user's locale.
 */

/** The data types of spec §3 "Answer values shown". */
export const ANSWER_DATA_TYPES = [
  'image',
  'images',
  'location',
  'venues',
  'locations',
  'user',
  'users',
  'text',
  'rich_text',
  'files',
  'emotion',
  'stars',
  'venue',
  'datetime',
  'boolean',
  'option',
  'text_list',
  'key_label_list',
] as const;
export type AnswerDataType = (typeof ANSWER_DATA_TYPES)[number];

export type EntityKind = 'user' | 'venue' | 'location' | 'asset' | 'data_source';

export interface DisplayOptions {
  /** The user's locale for date-times (default es-CL, spec §1). */
  locale?: string;
  /** The user's time zone for date-times (default: the runtime's). */
  timeZone?: string;
  /** Name of a picked user, venue, location, asset or data-source row; the id shows otherwise. */
  resolveName?: (kind: EntityKind, id: string | number) => string | undefined;
  /** Name and size of an uploaded file by reference. */
  fileMetadata?: (reference: string) => FileMetadata | undefined;
  /** Items shown before "... y N más" (default 3). */
  listLimit?: number;
}

export interface FileView {
  url: string;
  name: string;
  /** "1.43 MB" when the size is known. */
  size?: string;
}

export type AnswerView =
  | { kind: 'skipped'; text: string }
  | { kind: 'empty'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'rich_text'; html: string; text: string }
  | { kind: 'list'; items: string[]; text: string }
  | { kind: 'files'; files: FileView[] }
  | { kind: 'images'; urls: string[] }
  | { kind: 'rating'; value: number; max: number; label?: string; text: string }
  | { kind: 'gps'; latitude: number; longitude: number; accuracy?: number; text: string }
  | { kind: 'form'; entries: { label: string; name: string; view: AnswerView }[] };

export const SKIPPED_VIEW: AnswerView = { kind: 'skipped', text: DISPLAY_TEXTS.skipped };
export const EMPTY_VIEW: AnswerView = { kind: 'empty', text: DISPLAY_TEXTS.empty };
export const EMPTY_LIST_VIEW: AnswerView = { kind: 'empty', text: DISPLAY_TEXTS.emptyList };

/** "a, b, c ... y 2 más" (spec §9); "Ninguna" for no items. */
export function formatList(items: readonly string[], limit = LIST_DISPLAY_LIMIT): string {
  if (items.length === 0) return DISPLAY_TEXTS.emptyList;
  const shown = items.slice(0, limit).join(', ');
  const rest = items.length - limit;
  return rest > 0 ? `${shown} ... y ${rest} más` : shown;
}

export function formatBoolean(value: boolean): string {
  return value ? DISPLAY_TEXTS.yes : DISPLAY_TEXTS.no;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = make();
    if (dateTimeFormats.size > 64) dateTimeFormats.clear();
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A date-time answer: day, long month, hour and minute in the user's locale (spec §9). */
export function formatAnswerDateTime(value: string | number | Date, locale = FORMS_LOCALE, timeZone?: string): string {
  const instant = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : parseDateTime(value);
  if (instant === undefined || Number.isNaN(instant)) return String(value);
  try {
    const format = cachedFormat(
      `dt|${locale}|${timeZone ?? ''}`,
      () =>
        new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'long',
          hour: '2-digit',
          minute: '2-digit',
          ...(timeZone ? { timeZone } : {}),
        }),
    );
    return format.format(instant);
  } catch {
    return new Date(instant).toISOString();
  }
}

/** A date answer ('YYYY-MM-DD'): day, long month and year, without any time-zone shift. */
export function formatAnswerDate(value: string, locale = FORMS_LOCALE): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  try {
    const format = cachedFormat(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
    return format.format(Date.UTC(date.year, date.month - 1, date.day));
  } catch {
    return value;
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return typeof value === 'boolean' ? formatBoolean(value) : String(value);
  if (typeof value === 'object' && value !== null) {
    const label = ownValue(value, 'label') ?? ownValue(value, 'name');
    if (typeof label === 'string') return label;
    const id = ownValue(value, 'value') ?? ownValue(value, 'id');
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return '';
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function listView(items: string[], options: DisplayOptions): AnswerView {
  if (items.length === 0) return EMPTY_LIST_VIEW;
  return { kind: 'list', items, text: formatList(items, options.listLimit) };
}

function named(kind: EntityKind, value: unknown, options: DisplayOptions): string {
  if (typeof value === 'string' || typeof value === 'number') return options.resolveName?.(kind, value) ?? String(value);
  return textOf(value);
}

function fileView(reference: unknown, options: DisplayOptions): FileView | undefined {
  if (typeof reference !== 'string' || reference === '') return undefined;
  const metadata = options.fileMetadata?.(reference);
  const last =
    reference
      .split('?')[0]!
      .replace(/\/download\/?$/, '')
      .split('/')
      .pop() || reference;
  let fallback = last;
  try {
    fallback = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return {
    url: reference,
    name: metadata?.name ?? fallback,
    ...(metadata ? { size: formatMegabytes(metadata.size) } : {}),
  };
}

function ratingView(value: unknown, max: number, labels: readonly string[] = []): AnswerView {
  if (typeof value !== 'number') return { kind: 'text', text: textOf(value) };
  const label = labels[value - 1];
  return { kind: 'rating', value, max, ...(label ? { label } : {}), text: label ? `${value}/${max} · ${label}` : `${value}/${max}` };
}

/** One answer of a §3 data type (or of a field type, mapped onto one). */
export function displayAnswer(type: AnswerDataType | FieldType, value: unknown, options: DisplayOptions = {}, extra: { skipped?: boolean; max?: number; labels?: readonly string[] } = {}): AnswerView {
  if (extra.skipped) return SKIPPED_VIEW;
  const pluralTypes = ['images', 'venues', 'locations', 'users', 'files', 'text_list', 'key_label_list', 'checkboxes', 'assets', 'data_source'];
  if (isEmptyAnswer({ type }, value)) {
    return pluralTypes.includes(type) ? EMPTY_LIST_VIEW : EMPTY_VIEW;
  }
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? { kind: 'text', text: formatBoolean(value) } : { kind: 'text', text: textOf(value) };
    case 'datetime':
      return { kind: 'text', text: typeof value === 'string' || typeof value === 'number' ? formatAnswerDateTime(value, options.locale, options.timeZone) : textOf(value) };
    case 'date':
      return { kind: 'text', text: typeof value === 'string' ? formatAnswerDate(value, options.locale) : textOf(value) };
    case 'rich_text':
      return typeof value === 'string' ? { kind: 'rich_text', html: value, text: richTextPlainText(value).trim() } : EMPTY_VIEW;
    case 'option':
    case 'multiple_choice':
      return { kind: 'text', text: textOf(value) };
    case 'text_list':
    case 'key_label_list':
    case 'checkboxes':
      return listView(
        asList(value)
          .map(textOf)
          .filter((text) => text !== ''),
        options,
      );
    case 'user':
    case 'venue':
    case 'location':
      return { kind: 'text', text: named(type, value, options) };
    case 'users':
    case 'venues':
    case 'locations':
    case 'assets':
    case 'data_source': {
      const kind: EntityKind = type === 'users' ? 'user' : type === 'venues' ? 'venue' : type === 'locations' ? 'location' : type === 'assets' ? 'asset' : 'data_source';
      return listView(
        asList(value).map((item) => named(kind, item, options)),
        options,
      );
    }
    case 'image':
    case 'images':
      return { kind: 'images', urls: asList(value).filter((item): item is string => typeof item === 'string' && item !== '') };
    case 'files':
    case 'voice_message':
      return {
        kind: 'files',
        files: asList(value)
          .map((item) => fileView(item, options))
          .filter((item) => item !== undefined),
      };
    case 'stars':
    case 'emotion':
    case 'reactions':
      return ratingView(value, extra.max ?? 5, extra.labels);
    case 'gps': {
      const latitude = ownValue(value, 'latitude');
      const longitude = ownValue(value, 'longitude');
      const accuracy = ownValue(value, 'accuracy');
      if (typeof latitude !== 'number' || typeof longitude !== 'number') return EMPTY_VIEW;
      return {
        kind: 'gps',
        latitude,
        longitude,
        ...(typeof accuracy === 'number' ? { accuracy } : {}),
        text: `${latitude}, ${longitude}${typeof accuracy === 'number' ? ` (±${Math.round(accuracy)} m)` : ''}`,
      };
    }
    case 'date_range':
    case 'num_range': {
      const start = ownValue(value, 'start');
      const end = ownValue(value, 'end');
      const show = (item: unknown) => (type === 'date_range' && typeof item === 'string' ? formatAnswerDate(item, options.locale) : textOf(item));
      return { kind: 'text', text: `${show(start)} – ${show(end)}` };
    }
    default:
      return { kind: 'text', text: textOf(value) };
  }
}

/** A field's answer within a stored response: skip companions, sub-forms, scale interpretations. */
export function displayFieldAnswer(field: FormField, response: unknown, options: DisplayOptions = {}): AnswerView | undefined {
  if (!isInputField(field)) return undefined;
  if (isSkipped(field, response)) return SKIPPED_VIEW;
  const value = ownValue(response, field.name);
  switch (field.type) {
    case 'stars':
    case 'emotion':
    case 'reactions':
      return displayAnswer(field.type, value, options, { max: field.max, labels: field.labels });
    case 'value_in_num_range': {
      if (typeof value !== 'number') return displayAnswer('text', value, options);
      const meaning = interpretScaleValue(value, field.interpretations);
      return { kind: 'text', text: meaning ? `${value} · ${meaning}` : String(value) };
    }
    case 'form': {
      if (isEmptyAnswer(field, value)) return EMPTY_VIEW;
      const entries = field.fields.flatMap((child) => {
        const view = displayFieldAnswer(child, value, options);
        return view && isInputField(child) ? [{ label: child.label || child.name, name: child.name, view }] : [];
      });
      return { kind: 'form', entries };
    }
    default:
      return displayAnswer(field.type, value, options);
  }
}
