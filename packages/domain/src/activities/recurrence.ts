import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { RECURRENCE_MAX_TRIES, RECURRENCE_MAX_TRIES_MESSAGE } from './constants.ts';
import { formatRecurrenceId, isWallTime } from './recurrence-id.ts';

/**
 * Recurrence of an activity series: a start wall time in an IANA zone, an RRULE (without the
 * "RRULE:" prefix), extra dates (RDATE) and excluded dates (EXDATE), all as wall times
 * "YYYY-MM-DDTHH:mm" in the series' zone.
 *
 * How it expands (decision 020):
 * - The rule is expanded by rrule-temporal in WALL time (as a floating rule in UTC), then each wall
 *   time is placed in the zone with Temporal's 'compatible' disambiguation. So a 09:00 weekly
 *   activity stays at 09:00 local across every offset change, and a wall time that does not exist
 *   on a change day (00:30 the night Chile moves from 00:00 to 01:00) is read with the offset
 *   before the change (01:30, RFC 5545) instead of vanishing (the library drops it in a zone).
 * - DTSTART counts only when it matches the rule (as Google Calendar does); RDATEs add, EXDATEs remove.
 * - A listing does not walk from the first occurrence: a rule without COUNT is re-anchored by
 *   whole periods (days, weeks, months or years times INTERVAL) just before the window, with the
 *   parts DTSTART implied made explicit (BYDAY for WEEKLY, BYMONTHDAY for MONTHLY, BYMONTH and
 *   BYMONTHDAY for YEARLY), which yields the same occurrences.
 * - The first occurrence is searched with our own cap of 500 tries (spec forms §5): past it the
 *   rule is refused with "max tries have occurred, rule may be impossible to fulfill.".
 */
export interface Recurrence {
  start: string;
  timezone: string;
  rrule: string | null;
  rdates: readonly string[];
  exdates: readonly string[];
}

export type RecurrenceErrorCode = 'recurrence-impossible' | 'invalid-rrule' | 'exdate-not-in-rule' | 'invalid-timezone' | 'invalid-start';

export class RecurrenceError extends Error {
  readonly code: RecurrenceErrorCode;
  constructor(code: RecurrenceErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'RecurrenceError';
  }
}

/** One occurrence as the rule yields it (before any per-occurrence exception). */
export interface ExpandedOccurrence {
  /** Original wall time, "YYYY-MM-DDTHH:mm". */
  wall: string;
  /** Original start instant (epoch ms): the recurrence id's instant. */
  startMs: number;
  recurrenceId: string;
}

export const RRULE_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RuleFreq = (typeof RRULE_FREQS)[number];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const RULE_KEYS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'BYYEARDAY', 'BYWEEKNO', 'WKST']);
/** Longest COUNT accepted (a count beyond is a rule without end for a task calendar). */
export const RRULE_COUNT_MAX = 5000;
export const RRULE_INTERVAL_MAX = 1000;
/** Iterations the library may take while listing a window (the 500-try cap applies to finding the first). */
const LISTING_MAX_ITERATIONS = 100_000;

export type RuleParts = Map<string, string>;

function invalid(detail: string): RecurrenceError {
  return new RecurrenceError('invalid-rrule', detail);
}

function intList(value: string, key: string, min: number, max: number, allowNegative: boolean): number[] {
  const out: number[] = [];
  for (const token of value.split(',')) {
    if (!/^[+-]?\d{1,3}$/.test(token)) throw invalid(`${key}: ${token} is not a number`);
    const n = Number(token);
    const abs = Math.abs(n);
    if (abs < min || abs > max || (n < 0 && !allowNegative) || n === 0) throw invalid(`${key}: ${token} is out of range`);
    out.push(n);
  }
  return out;
}

/**
 * Parses and checks an RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2"). Accepts an optional
 * "RRULE:" prefix. Frequencies DAILY, WEEKLY, MONTHLY and YEARLY; no BYHOUR/BYMINUTE (the time is
 * the start's). Throws RecurrenceError('invalid-rrule').
 */
export function parseRule(text: string): RuleParts {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) throw invalid('empty rule');
  const parts: RuleParts = new Map();
  for (const piece of body.split(';')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) throw invalid(`${piece} is not KEY=VALUE`);
    const key = piece.slice(0, eq).toUpperCase();
    const value = piece.slice(eq + 1).toUpperCase();
    if (!RULE_KEYS.has(key)) throw invalid(`${key} is not supported`);
    if (parts.has(key)) throw invalid(`${key} appears twice`);
    if (!value) throw invalid(`${key} has no value`);
    parts.set(key, value);
  }
  const freq = parts.get('FREQ');
  if (!freq) throw invalid('FREQ is required');
  if (!(RRULE_FREQS as readonly string[]).includes(freq)) throw invalid(`FREQ=${freq} is not supported`);
  if (parts.has('COUNT') && parts.has('UNTIL')) throw invalid('COUNT and UNTIL cannot be used together');
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) intList(interval, 'INTERVAL', 1, RRULE_INTERVAL_MAX, false);
  const count = parts.get('COUNT');
  if (count !== undefined && (!/^\d{1,4}$/.test(count) || Number(count) < 1 || Number(count) > RRULE_COUNT_MAX)) throw invalid(`COUNT must be 1..${RRULE_COUNT_MAX}`);
  const until = parts.get('UNTIL');
  if (until !== undefined && !/^\d{8}(T\d{6}Z?)?$/.test(until)) throw invalid('UNTIL must be YYYYMMDD or YYYYMMDDTHHMMSSZ');
  if (until !== undefined && untilParts(until) === null) throw invalid('UNTIL is not a date');
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    for (const token of byDay.split(',')) {
      const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(token);
      if (!m) throw invalid(`BYDAY: ${token} is not a weekday`);
      if (m[1] !== undefined) {
        const ord = Number(m[1]);
        if (ord === 0 || Math.abs(ord) > 53) throw invalid(`BYDAY: ${token} is out of range`);
        if (freq !== 'MONTHLY' && freq !== 'YEARLY') throw invalid('BYDAY with a position needs FREQ=MONTHLY or YEARLY');
        if (freq === 'MONTHLY' && Math.abs(ord) > 5) throw invalid(`BYDAY: ${token} is out of range`);
      }
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) intList(byMonthDay, 'BYMONTHDAY', 1, 31, true);
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) intList(byMonth, 'BYMONTH', 1, 12, false);
  const bySetPos = parts.get('BYSETPOS');
  if (bySetPos !== undefined) intList(bySetPos, 'BYSETPOS', 1, 366, true);
  const byYearDay = parts.get('BYYEARDAY');
  if (byYearDay !== undefined) {
    if (freq !== 'YEARLY') throw invalid('BYYEARDAY needs FREQ=YEARLY');
    intList(byYearDay, 'BYYEARDAY', 1, 366, true);
  }
  const byWeekNo = parts.get('BYWEEKNO');
  if (byWeekNo !== undefined) {
    if (freq !== 'YEARLY') throw invalid('BYWEEKNO needs FREQ=YEARLY');
    intList(byWeekNo, 'BYWEEKNO', 1, 53, true);
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !(WEEKDAYS as readonly string[]).includes(wkst)) throw invalid(`WKST: ${wkst} is not a weekday`);
  return parts;
}

export function formatRule(parts: RuleParts): string {
  const order = ['FREQ', 'INTERVAL', 'BYMONTH', 'BYWEEKNO', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST', 'COUNT', 'UNTIL'];
  return order
    .filter((key) => parts.has(key))
    .map((key) => `${key}=${parts.get(key)}`)
    .join(';');
}

function untilParts(until: string): { date: Temporal.PlainDate; time: Temporal.PlainTime | null; utc: boolean } | null {
  try {
    const date = Temporal.PlainDate.from({ year: Number(until.slice(0, 4)), month: Number(until.slice(4, 6)), day: Number(until.slice(6, 8)) }, { overflow: 'reject' });
    if (until.length === 8) return { date, time: null, utc: false };
    const time = Temporal.PlainTime.from({ hour: Number(until.slice(9, 11)), minute: Number(until.slice(11, 13)), second: Number(until.slice(13, 15)) }, { overflow: 'reject' });
    return { date, time, utc: until.endsWith('Z') };
  } catch {
    return null;
  }
}

/** The last instant (epoch ms, inclusive) a rule's UNTIL allows in `timezone`, or null when it has none. */
export function untilInstant(parts: RuleParts, timezone: string): number | null {
  const until = parts.get('UNTIL');
  if (until === undefined) return null;
  const p = untilParts(until);
  if (!p) return null;
  if (p.time === null) return p.date.add({ days: 1 }).toPlainDateTime().toZonedDateTime(timezone, { disambiguation: 'compatible' }).epochMilliseconds - 1;
  if (p.utc) return Date.UTC(p.date.year, p.date.month - 1, p.date.day, p.time.hour, p.time.minute, p.time.second);
  return p.date.toPlainDateTime(p.time).toZonedDateTime(timezone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** UNTIL as an instant "YYYYMMDDTHHMMSSZ" (for a split: the second before the split occurrence). */
export function untilValue(epochMs: number): string {
  return formatRecurrenceId(Math.floor(epochMs / 1000) * 1000);
}

const zoneCache = new Map<string, boolean>();
export function isTimeZone(name: string): boolean {
  const known = zoneCache.get(name);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    ok = Temporal.ZonedDateTime.from({ year: 2000, month: 1, day: 1, timeZone: name }).timeZoneId.length > 0;
  } catch {
    ok = false;
  }
  zoneCache.set(name, ok);
  return ok;
}

function plain(wall: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(wall);
}

function wallOf(dt: Temporal.PlainDateTime): string {
  return dt.toString({ smallestUnit: 'minute' });
}

/** The instant of a wall time in a zone; a skipped wall time takes the offset before the change (RFC 5545). */
export function wallToInstant(wall: string, timezone: string): number {
  return plain(wall).toZonedDateTime(timezone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** The wall time "YYYY-MM-DDTHH:mm" of an instant in a zone. */
export function instantToWall(epochMs: number, timezone: string): string {
  return wallOf(Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone).toPlainDateTime());
}

/** The instant as ISO 8601 with the zone's offset, "2026-09-06T01:30:00-03:00". */
export function instantToIso(epochMs: number, timezone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

function asFloatingUtc(dt: Temporal.PlainDateTime): Temporal.ZonedDateTime {
  return dt.toZonedDateTime('UTC');
}

/** The library's rule text in floating wall time: UNTIL moved into wall time (UTC marker). */
function libraryRuleText(parts: RuleParts, timezone: string): string {
  const copy = new Map(parts);
  const until = copy.get('UNTIL');
  if (until !== undefined) {
    const p = untilParts(until);
    if (p && p.time !== null) {
      const wall = p.utc
        ? Temporal.Instant.fromEpochMilliseconds(untilInstant(parts, timezone) ?? 0)
            .toZonedDateTimeISO(timezone)
            .toPlainDateTime()
        : p.date.toPlainDateTime(p.time);
      copy.set('UNTIL', `${wall.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '')}Z`);
    } else if (p) {
      copy.set('UNTIL', `${p.date.toString().replace(/-/g, '')}T235959Z`);
    }
  }
  return formatRule(copy);
}

function check(recurrence: Recurrence): { start: Temporal.PlainDateTime; parts: RuleParts | null } {
  if (!isWallTime(recurrence.start)) throw new RecurrenceError('invalid-start', 'start must be a wall time YYYY-MM-DDTHH:mm');
  if (!isTimeZone(recurrence.timezone)) throw new RecurrenceError('invalid-timezone', `unknown time zone ${recurrence.timezone}`);
  for (const wall of [...recurrence.rdates, ...recurrence.exdates]) {
    if (!isWallTime(wall)) throw new RecurrenceError('invalid-rrule', `${wall} is not a wall time YYYY-MM-DDTHH:mm`);
  }
  return { start: plain(recurrence.start), parts: recurrence.rrule ? parseRule(recurrence.rrule) : null };
}

function periodsBetween(freq: RuleFreq, from: Temporal.PlainDateTime, to: Temporal.PlainDateTime): number {
  const a = from.toPlainDate();
  const b = to.toPlainDate();
  switch (freq) {
    case 'DAILY':
      return a.until(b, { largestUnit: 'days' }).days;
    case 'WEEKLY':
      return Math.floor(a.until(b, { largestUnit: 'days' }).days / 7);
    case 'MONTHLY':
      return (b.year - a.year) * 12 + (b.month - a.month);
    case 'YEARLY':
      return b.year - a.year;
  }
}

const ISO_WEEKDAY: Record<number, string> = { 1: 'MO', 2: 'TU', 3: 'WE', 4: 'TH', 5: 'FR', 6: 'SA', 7: 'SU' };

/**
 * A rule equivalent to `parts` from `start`, re-anchored by whole periods to begin at most one
 * period before `windowStart` (no COUNT: COUNT counts from the first occurrence).
 */
function anchored(parts: RuleParts, start: Temporal.PlainDateTime, windowStart: Temporal.PlainDateTime): { parts: RuleParts; dtstart: Temporal.PlainDateTime } {
  if (parts.has('COUNT') || Temporal.PlainDateTime.compare(windowStart, start) <= 0) return { parts, dtstart: start };
  const freq = parts.get('FREQ') as RuleFreq;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const periods = Math.floor(periodsBetween(freq, start, windowStart) / interval) * interval - interval;
  if (periods <= 0) return { parts, dtstart: start };
  const out = new Map(parts);
  let dtstart: Temporal.PlainDateTime;
  switch (freq) {
    case 'DAILY':
      dtstart = start.add({ days: periods });
      break;
    case 'WEEKLY':
      if (!out.has('BYDAY')) out.set('BYDAY', ISO_WEEKDAY[start.dayOfWeek] ?? 'MO');
      dtstart = start.add({ weeks: periods });
      break;
    case 'MONTHLY':
      if (!out.has('BYDAY') && !out.has('BYMONTHDAY')) out.set('BYMONTHDAY', String(start.day));
      dtstart = start.with({ day: 1 }).add({ months: periods });
      break;
    case 'YEARLY': {
      const hasDay = out.has('BYDAY') || out.has('BYMONTHDAY') || out.has('BYYEARDAY') || out.has('BYWEEKNO');
      if (!hasDay && !out.has('BYMONTH')) out.set('BYMONTH', String(start.month));
      if (!hasDay) out.set('BYMONTHDAY', String(start.day));
      dtstart = start.with({ month: 1, day: 1 }).add({ years: periods });
      break;
    }
  }
  return { parts: out, dtstart };
}

function libraryRule(parts: RuleParts, dtstart: Temporal.PlainDateTime, timezone: string, maxIterations: number): RRuleTemporal {
  try {
    return new RRuleTemporal({ rruleString: libraryRuleText(parts, timezone), dtstart: asFloatingUtc(dtstart), maxIterations, cache: false });
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : 'the rule cannot be read');
  }
}

function wallsOfRule(parts: RuleParts, start: Temporal.PlainDateTime, timezone: string, fromWall: Temporal.PlainDateTime, toWall: Temporal.PlainDateTime): string[] {
  const { parts: p, dtstart } = anchored(parts, start, fromWall);
  const rule = libraryRule(p, dtstart, timezone, LISTING_MAX_ITERATIONS);
  const hits = rule.between(asFloatingUtc(fromWall), asFloatingUtc(toWall), true);
  return hits.map((z) => wallOf(Temporal.PlainDateTime.from(z.toString().slice(0, 19))));
}

/**
 * The occurrences whose original start lies in [fromMs, toMs), in order. RDATEs are added and
 * EXDATEs removed by wall time; UNTIL is applied to the instant.
 */
export function expand(recurrence: Recurrence, fromMs: number, toMs: number): ExpandedOccurrence[] {
  if (toMs <= fromMs) return [];
  const { start, parts } = check(recurrence);
  const tz = recurrence.timezone;
  // Wall bounds with a margin of two days for the widest UTC offsets.
  const fromWall = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(tz).toPlainDateTime().subtract({ days: 2 });
  const toWall = Temporal.Instant.fromEpochMilliseconds(toMs).toZonedDateTimeISO(tz).toPlainDateTime().add({ days: 2 });
  const walls = new Set<string>();
  if (parts) {
    for (const wall of wallsOfRule(parts, start, tz, fromWall, toWall)) walls.add(wall);
  } else {
    walls.add(recurrence.start);
  }
  for (const rdate of recurrence.rdates) walls.add(rdate);
  for (const exdate of recurrence.exdates) walls.delete(exdate);
  const until = parts ? untilInstant(parts, tz) : null;
  const out: ExpandedOccurrence[] = [];
  for (const wall of walls) {
    const startMs = wallToInstant(wall, tz);
    if (startMs < fromMs || startMs >= toMs) continue;
    if (until !== null && startMs > until && !recurrence.rdates.includes(wall)) continue;
    out.push({ wall, startMs, recurrenceId: formatRecurrenceId(startMs) });
  }
  out.sort((a, b) => a.startMs - b.startMs);
  // Two walls can meet at one instant (the repeated hour of a change): keep one.
  return out.filter((o, i) => i === 0 || out[i - 1]?.startMs !== o.startMs);
}

/** True when `startMs` is the original start of an occurrence of the series. */
export function isOccurrence(recurrence: Recurrence, startMs: number): boolean {
  return expand(recurrence, startMs, startMs + 1).length === 1;
}

/**
 * The first `count` occurrences starting at or after `afterMs` (or from the start), searched
 * period by period: a year's window at a time, up to 500 windows (the cap of spec forms §5).
 */
export function nextOccurrences(recurrence: Recurrence, afterMs: number | null, count: number): ExpandedOccurrence[] {
  const { start, parts } = check(recurrence);
  const tz = recurrence.timezone;
  const first = wallToInstant(wallOf(start), tz);
  const rdates = recurrence.rdates.map((wall) => wallToInstant(wall, tz));
  let end: number;
  if (parts === null) end = first;
  else if (parts.has('COUNT')) {
    const all = libraryRule(parts, start, tz, LISTING_MAX_ITERATIONS).all();
    const last = all.at(-1);
    end = last ? wallToInstant(wallOf(Temporal.PlainDateTime.from(last.toString().slice(0, 19))), tz) : first;
  } else end = untilInstant(parts, tz) ?? Number.POSITIVE_INFINITY;
  end = Math.max(end, ...rdates);
  let from = afterMs ?? Math.min(first, ...rdates);
  const out: ExpandedOccurrence[] = [];
  const YEAR = 366 * 86_400_000;
  for (let window = 0; window < RECURRENCE_MAX_TRIES && out.length < count && from <= end; window++) {
    const to = from + YEAR;
    out.push(...expand(recurrence, from, to).slice(0, count - out.length));
    from = to;
  }
  return out;
}

/**
 * Checks a recurrence before it is stored: a start, a zone, a rule the library reads, a first
 * occurrence found within 500 tries, and every EXDATE on an occurrence of the rule or an RDATE.
 * Throws RecurrenceError.
 */
export function validateRecurrence(recurrence: Recurrence): void {
  const { start, parts } = check(recurrence);
  if (parts) {
    const rule = libraryRule(parts, start, recurrence.timezone, RECURRENCE_MAX_TRIES);
    let found: number;
    try {
      found = rule.all((_date, index) => index < 1).length;
    } catch (error) {
      if (error instanceof Error && /Maximum iterations|candidate/i.test(error.message)) throw new RecurrenceError('recurrence-impossible', RECURRENCE_MAX_TRIES_MESSAGE);
      throw invalid(error instanceof Error ? error.message : 'the rule cannot be expanded');
    }
    if (found === 0 && recurrence.rdates.length === 0) throw new RecurrenceError('recurrence-impossible', RECURRENCE_MAX_TRIES_MESSAGE);
  }
  const withoutExdates: Recurrence = { ...recurrence, exdates: [] };
  for (const exdate of recurrence.exdates) {
    if (recurrence.rdates.includes(exdate)) continue;
    const ms = wallToInstant(exdate, recurrence.timezone);
    if (!isOccurrence(withoutExdates, ms)) throw new RecurrenceError('exdate-not-in-rule', `${exdate} is not an occurrence of the rule`);
  }
  if (recurrence.exdates.length > 0 || recurrence.rdates.length > 0) {
    if (nextOccurrences(recurrence, null, 1).length === 0) throw new RecurrenceError('recurrence-impossible', RECURRENCE_MAX_TRIES_MESSAGE);
  }
}

/**
 * Bounds of a series' original starts: the first occurrence and the last (null: no end), for a
 * listing to read only the series that can have an occurrence in its window. The last is an
 * upper bound for an UNTIL rule (UNTIL itself).
 */
export function seriesBounds(recurrence: Recurrence): { first: number | null; last: number | null } {
  const { start, parts } = check(recurrence);
  const tz = recurrence.timezone;
  const first = nextOccurrences(recurrence, null, 1)[0]?.startMs ?? null;
  const rdates = recurrence.rdates.map((wall) => wallToInstant(wall, tz));
  let last: number | null;
  if (parts === null) last = wallToInstant(wallOf(start), tz);
  else if (parts.has('COUNT')) {
    const final = libraryRule(parts, start, tz, LISTING_MAX_ITERATIONS).all().at(-1);
    last = final ? wallToInstant(wallOf(Temporal.PlainDateTime.from(final.toString().slice(0, 19))), tz) : wallToInstant(wallOf(start), tz);
  } else {
    const until = untilInstant(parts, tz);
    if (until === null) return { first, last: null };
    last = until;
  }
  return { first, last: Math.max(last, ...rdates) };
}

/** The recurrence with its rule ended just before `epochMs` (a split): COUNT becomes UNTIL; later RDATEs and EXDATEs go. */
export function endBefore(recurrence: Recurrence, epochMs: number): Recurrence {
  const { parts } = check(recurrence);
  const tz = recurrence.timezone;
  const before = (wall: string) => wallToInstant(wall, tz) < epochMs;
  let rrule: string | null = null;
  if (parts) {
    const copy = new Map(parts);
    copy.delete('COUNT');
    const until = untilInstant(parts, tz);
    copy.set('UNTIL', untilValue(until === null ? epochMs - 1000 : Math.min(until, epochMs - 1000)));
    rrule = formatRule(copy);
  }
  return { ...recurrence, rrule, rdates: recurrence.rdates.filter(before), exdates: recurrence.exdates.filter(before) };
}
