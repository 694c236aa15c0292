/** Spec §1: dates appear in the Chilean Spanish locale; the week starts on Sunday (7) for en-US and Monday (1) for es-MX. */
export const DATE_LOCALE = 'es-CL';

export type WeekStart = 1 | 7;

export function weekStartFor(locale: string): WeekStart {
  const tag = locale.toLowerCase();
  if (tag === 'en' || tag === 'en-us') return 7;
  return 1;
}

/** Spec §5: a date must contain a time part and parse as valid; anything else is refused. */
export function parseServerDate(text: string | null | undefined): Date | null {
  if (!text || !/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Built on first use, not on import: a formatter costs tens of milliseconds on a slow phone, and
// the screens that import this module (the sign-in chunk among them) mostly show no date at first.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function formatDate(value: Date | string | null | undefined): string {
  const date = typeof value === 'string' ? parseServerDate(value) : value;
  if (!date) return '—';
  dateFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return dateFormat.format(date);
}

export function formatDateTime(value: Date | string | null | undefined): string {
  const date = typeof value === 'string' ? parseServerDate(value) : value;
  if (!date) return '—';
  dateTimeFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dateTimeFormat.format(date);
}

/** The local calendar day as YYYY-MM-DD (a file name's date: the day the person sees, not UTC's). */
export function localDateStamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
