import { DEFAULT_DATE_FORMAT_ALIASES } from './constants.ts';
import { FORM_MESSAGES } from './messages.ts';

/**
 * Dates, times and date-times as the engine stores them: dates 'YYYY-MM-DD', times 'HH:mm' or
 * 'HH:mm:ss', date-times ISO 8601 (submitted as UTC with milliseconds and '+00:00', spec §4).
 * Pure: the time zone of naive date-times is a parameter, resolved with Intl (browser and Node).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function parseIsoDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is string {
  return parseIsoDate(value) !== undefined;
}

/** Seconds since midnight, or undefined. */
export function parseTimeOfDay(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Only the default year-month-day format is supported by the renderer (spec §3). */
export function isSupportedDateFormat(format: string | null | undefined): boolean {
  return format === null || format === undefined || format.trim() === '' || (DEFAULT_DATE_FORMAT_ALIASES as readonly string[]).includes(format.trim());
}

/**
 * What a date field shows instead of an input when its format is not the default one:
 * "Format different from default not supported by frontend." (spec §3), else null.
 */
export function dateFormatProblem(field: { type: string; format?: string | null }): string | null {
  return field.type === 'date' && !isSupportedDateFormat(field.format) ? FORM_MESSAGES.dateFormatUnsupported : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_ZONES = 64;

function zoneFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    if (formatters.size >= MAX_CACHED_ZONES) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  return zoneFormatter(timeZone) !== undefined;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in ms (Santiago in winter: -4 h). */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const formatter = zoneFormatter(timeZone);
  if (!formatter) return 0;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** A wall-clock time in `timeZone` → the UTC instant (the later reading in a DST gap/overlap). */
export function wallTimeToUtc(wallAsUtcMs: number, timeZone: string): number {
  const first = zoneOffsetMs(wallAsUtcMs, timeZone);
  const guess = wallAsUtcMs - first;
  const second = zoneOffsetMs(guess, timeZone);
  return second === first ? guess : wallAsUtcMs - second;
}

/**
 * An ISO date-time → epoch ms. Text without an offset is a wall-clock time in `timeZone`
 * (an unknown zone counts as UTC). Undefined when it is not a valid date-time.
 */
export function parseDateTime(value: unknown, timeZone = 'UTC'): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
  if (offset === undefined) return wallTimeToUtc(wall, timeZone);
  if (offset.toUpperCase() === 'Z') return wall;
  const digits = offset.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  const offsetHours = Number(digits.slice(1, 3));
  const offsetMinutes = Number(digits.slice(3, 5));
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  return wall - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** UTC ISO text with milliseconds and '+00:00' (spec §4): 2024-05-01T13:05:00.000+00:00. */
export function toUtcIso(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/Z$/, '+00:00');
}
