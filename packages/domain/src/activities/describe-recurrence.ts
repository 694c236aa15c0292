/**
 * Recurrence rules in words, and the editor's model of them (spec forms §5): what the activity
 * screens say of a rule ("Cada 2 semanas, lunes y miércoles, hasta el 30 de junio") and the
 * structured choices (none / daily / weekly / monthly / custom) the editor turns into an RRULE.
 * Pure: no clock, no DOM.
 */

export type RecurrenceLanguage = 'es' | 'es-MX' | 'en';
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];
/** Which weekday of the month: 1st–4th, or -1 the last. */
export type WeekdayOrdinal = 1 | 2 | 3 | 4 | -1;

export type RecurrenceEnd = { type: 'never' } | { type: 'until'; date: string } | { type: 'count'; count: number };

/** The editor's choices; `custom` keeps a rule the editor does not model as it is. */
export type RecurrenceSpec =
  | { kind: 'none' }
  | { kind: 'daily'; interval: number; end: RecurrenceEnd }
  | { kind: 'weekly'; interval: number; weekdays: WeekdayCode[]; end: RecurrenceEnd }
  | { kind: 'monthly'; interval: number; mode: 'day'; monthDay: number; end: RecurrenceEnd }
  | { kind: 'monthly'; interval: number; mode: 'weekday'; ordinal: WeekdayOrdinal; weekday: WeekdayCode; end: RecurrenceEnd }
  | { kind: 'custom'; rrule: string };

/** The parts of an RRULE value ("FREQ=WEEKLY;BYDAY=MO"); a leading "RRULE:" is ignored; keys upper-cased. */
export function rrulePartsOf(rrule: string): Map<string, string> {
  const parts = new Map<string, string>();
  const text = rrule.trim().replace(/^RRULE:/i, '');
  for (const piece of text.split(';')) {
    const [key, ...rest] = piece.split('=');
    if (!key || rest.length === 0) continue;
    parts.set(key.trim().toUpperCase(), rest.join('=').trim().toUpperCase());
  }
  return parts;
}

const isWeekday = (value: string): value is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(value);

function endOf(parts: Map<string, string>): RecurrenceEnd | null {
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined) return /^\d+$/.test(count) && Number(count) > 0 ? { type: 'count', count: Number(count) } : null;
  if (until !== undefined) {
    const match = /^(\d{4})(\d{2})(\d{2})/.exec(until);
    return match ? { type: 'until', date: `${match[1]}-${match[2]}-${match[3]}` } : null;
  }
  return { type: 'never' };
}

/** The editor's model of a rule: a modelled shape when the rule is one, else `custom`. */
export function specOfRRule(rrule: string | null | undefined): RecurrenceSpec {
  if (!rrule || !rrule.trim()) return { kind: 'none' };
  const parts = rrulePartsOf(rrule);
  const custom: RecurrenceSpec = { kind: 'custom', rrule: rrule.trim().replace(/^RRULE:/i, '') };
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST']);
  if ([...parts.keys()].some((key) => !known.has(key))) return custom;
  const end = endOf(parts);
  const intervalText = parts.get('INTERVAL') ?? '1';
  if (!end || !/^\d+$/.test(intervalText) || Number(intervalText) < 1) return custom;
  const interval = Number(intervalText);
  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  switch (parts.get('FREQ')) {
    case 'DAILY':
      return byDay || byMonthDay ? custom : { kind: 'daily', interval, end };
    case 'WEEKLY': {
      if (byMonthDay) return custom;
      const days = (byDay ?? '').split(',').filter(Boolean);
      if (!days.every(isWeekday)) return custom;
      return { kind: 'weekly', interval, weekdays: sortWeekdays(days), end };
    }
    case 'MONTHLY': {
      if (byMonthDay && !byDay && /^\d+$/.test(byMonthDay) && Number(byMonthDay) >= 1 && Number(byMonthDay) <= 31) return { kind: 'monthly', interval, mode: 'day', monthDay: Number(byMonthDay), end };
      const match = byDay && !byMonthDay ? /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay) : null;
      if (match) return { kind: 'monthly', interval, mode: 'weekday', ordinal: Number(match[1]) as WeekdayOrdinal, weekday: match[2] as WeekdayCode, end };
      return custom;
    }
    default:
      return custom;
  }
}

export function sortWeekdays(days: readonly WeekdayCode[]): WeekdayCode[] {
  return [...new Set(days)].sort((a, b) => WEEKDAY_CODES.indexOf(a) - WEEKDAY_CODES.indexOf(b));
}

/** The RRULE value of the editor's choices (no "RRULE:" prefix), or null for none. */
export function rruleOfSpec(spec: RecurrenceSpec): string | null {
  if (spec.kind === 'none') return null;
  if (spec.kind === 'custom') return spec.rrule.trim().replace(/^RRULE:/i, '') || null;
  const parts: string[] = [`FREQ=${spec.kind.toUpperCase()}`];
  if (spec.interval > 1) parts.push(`INTERVAL=${spec.interval}`);
  if (spec.kind === 'weekly' && spec.weekdays.length > 0) parts.push(`BYDAY=${sortWeekdays(spec.weekdays).join(',')}`);
  if (spec.kind === 'monthly') parts.push(spec.mode === 'day' ? `BYMONTHDAY=${spec.monthDay}` : `BYDAY=${spec.ordinal}${spec.weekday}`);
  if (spec.end.type === 'count') parts.push(`COUNT=${spec.end.count}`);
  if (spec.end.type === 'until') parts.push(`UNTIL=${spec.end.date.replaceAll('-', '')}`);
  return parts.join(';');
}

interface Words {
  none: string;
  every: (n: number, unit: 'day' | 'week' | 'month' | 'year') => string;
  weekdays: Record<WeekdayCode, string>;
  ordinals: Record<string, string>;
  list: (items: string[]) => string;
  onMonthDay: (day: number) => string;
  onWeekdayOfMonth: (ordinal: string, weekday: string) => string;
  until: (date: string) => string;
  count: (n: number) => string;
  months: string[];
  date: (day: number, month: string, year: number, sameYear: boolean) => string;
  custom: (rule: string) => string;
  rdates: (n: number) => string;
  exdates: (n: number) => string;
}

const SPANISH: Words = {
  none: 'No se repite',
  every: (n, unit) => {
    const one = { day: 'Cada día', week: 'Cada semana', month: 'Cada mes', year: 'Cada año' }[unit];
    const many = { day: 'días', week: 'semanas', month: 'meses', year: 'años' }[unit];
    return n === 1 ? one : `Cada ${n} ${many}`;
  },
  weekdays: { MO: 'lunes', TU: 'martes', WE: 'miércoles', TH: 'jueves', FR: 'viernes', SA: 'sábado', SU: 'domingo' },
  ordinals: { '1': 'primer', '2': 'segundo', '3': 'tercer', '4': 'cuarto', '-1': 'último' },
  list: (items) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`),
  onMonthDay: (day) => `el día ${day}`,
  onWeekdayOfMonth: (ordinal, weekday) => `el ${ordinal} ${weekday}`,
  until: (date) => `hasta el ${date}`,
  count: (n) => (n === 1 ? '1 vez' : `${n} veces`),
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  date: (day, month, year, sameYear) => (sameYear ? `${day} de ${month}` : `${day} de ${month} de ${year}`),
  custom: (rule) => `Regla personalizada (${rule})`,
  rdates: (n) => (n === 1 ? 'más 1 fecha adicional' : `más ${n} fechas adicionales`),
  exdates: (n) => (n === 1 ? 'salvo 1 fecha' : `salvo ${n} fechas`),
};

const ENGLISH: Words = {
  none: 'Does not repeat',
  every: (n, unit) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`),
  weekdays: { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' },
  ordinals: { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' },
  list: (items) => (items.length <= 1 ? (items[0] ?? '') : items.length === 2 ? `${items[0]} and ${items[1]}` : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`),
  onMonthDay: (day) => `on day ${day}`,
  onWeekdayOfMonth: (ordinal, weekday) => `on the ${ordinal} ${weekday}`,
  until: (date) => `until ${date}`,
  count: (n) => (n === 1 ? 'once' : `${n} times`),
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  date: (day, month, year, sameYear) => (sameYear ? `${month} ${day}` : `${month} ${day}, ${year}`),
  custom: (rule) => `Custom rule (${rule})`,
  rdates: (n) => (n === 1 ? 'plus 1 extra date' : `plus ${n} extra dates`),
  exdates: (n) => (n === 1 ? 'except 1 date' : `except ${n} dates`),
};

export interface DescribeOptions {
  language: RecurrenceLanguage;
  /** The series' year ("YYYY"): an end date in that year is said without its year. */
  startYear?: number;
  rdates?: number;
  exdates?: number;
}

/** A rule in words: "Cada 2 semanas, lunes y miércoles, hasta el 30 de junio". */
export function describeRecurrence(rrule: string | null | undefined, options: DescribeOptions): string {
  const words = options.language === 'en' ? ENGLISH : SPANISH;
  const spec = specOfRRule(rrule);
  const pieces: string[] = [];
  if (spec.kind === 'none') pieces.push(words.none);
  else if (spec.kind === 'custom') pieces.push(words.custom(spec.rrule));
  else {
    pieces.push(words.every(spec.interval, spec.kind === 'daily' ? 'day' : spec.kind === 'weekly' ? 'week' : 'month'));
    if (spec.kind === 'weekly' && spec.weekdays.length > 0) pieces.push(words.list(spec.weekdays.map((day) => words.weekdays[day])));
    if (spec.kind === 'monthly') pieces.push(spec.mode === 'day' ? words.onMonthDay(spec.monthDay) : words.onWeekdayOfMonth(words.ordinals[String(spec.ordinal)] ?? '', words.weekdays[spec.weekday]));
    if (spec.end.type === 'count') pieces.push(words.count(spec.end.count));
    if (spec.end.type === 'until') {
      const [year, month, day] = spec.end.date.split('-').map(Number) as [number, number, number];
      pieces.push(words.until(words.date(day, words.months[month - 1] ?? '', year, options.startYear === year)));
    }
  }
  if (options.rdates) pieces.push(words.rdates(options.rdates));
  if (options.exdates) pieces.push(words.exdates(options.exdates));
  return pieces.join(', ');
}
