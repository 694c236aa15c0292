import { Temporal } from 'temporal-polyfill';
import { ICAL_FOLD_OCTETS, parseRecurrenceId } from '@faena/domain';
import { parseRule, untilInstant, untilValue } from '@faena/domain/activities/index';
import type { ActivityRow, ExceptionRow } from './activities.repository.ts';
import { htmlToText } from './activities.sanitize.ts';

/**
 * iCalendar text of activities (RFC 5545), written directly as text (ical.js's component tree
 * and its folding cost the feed most of its time; ical.js and node-ical read it back in the
 * tests): VEVENTs with RRULE, RDATE, EXDATE (cancelled occurrences included), overridden
 * occurrences as RECURRENCE-ID instances, RELATED-TO for the parts of a split series (never
 * RANGE=THISANDFUTURE), one VTIMEZONE per zone built from the zone's transitions, TEXT values
 * escaped (§3.3.11: backslash, semicolon, comma, line breaks as \n; other control characters
 * dropped) and every content line folded at 75 octets, the continuation's leading space
 * included, never inside a UTF-8 character.
 *
 * An event is the text of its content lines, each ending in CRLF ("BEGIN:VEVENT\r\n…END:VEVENT\r\n").
 */

/** What the feed writes of a series and of its exceptions. */
export type CalendarRow = Pick<ActivityRow, 'id' | 'title' | 'description' | 'priority' | 'start' | 'timezone' | 'durationMinutes' | 'rrule' | 'rdates' | 'exdates' | 'relatedTo' | 'updatedAt'>;
export type CalendarException = Pick<ExceptionRow, 'recurrenceId' | 'start' | 'durationMinutes' | 'title' | 'priority' | 'cancelled' | 'updatedAt'>;

export interface CalendarSeries {
  row: CalendarRow;
  exceptions: readonly CalendarException[];
  categories: readonly string[];
  location: string | null;
}

const PRODID = '-//Faena//Activities//ES';
const CRLF = '\r\n';
const uidOf = (publicId: string) => `${publicId}@faena`;

// eslint-disable-next-line no-control-regex -- control characters are what TEXT values must not carry (RFC 5545 §3.3.11)
const NEEDS_ESCAPE = /[\\;,\r\n\x00-\x08\x0b-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /\r\n|[\\;,\r\n\x00-\x08\x0b-\x1f\x7f]/g;
const escapeOne = (c: string) => (c === '\\' ? '\\\\' : c === ';' ? '\\;' : c === ',' ? '\\,' : c === '\r\n' || c === '\n' || c === '\r' ? '\\n' : '');

/** A TEXT value (RFC 5545 §3.3.11): \ ; , escaped, CRLF / LF / CR as \n, other control characters (HTAB aside) dropped. */
export function escapeText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, escapeOne) : value;
}

/** A parameter value (§3.2): quoted when it holds ':', ';' or ','; quotes and control characters cannot appear and are dropped. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex -- a parameter value holds no control character nor DQUOTE (§3.1)
  const clean = value.replace(/["\x00-\x08\x0a-\x1f\x7f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** One content line, folded at 75 octets (continuations start with a space, counted), ending in CRLF. */
export function foldLine(line: string): string {
  // a line of 18 characters or fewer holds at most 72 octets
  if (line.length <= ICAL_FOLD_OCTETS / 4 || (line.length <= ICAL_FOLD_OCTETS && Buffer.byteLength(line, 'utf8') <= ICAL_FOLD_OCTETS)) return line + CRLF;
  let out = '';
  let begin = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const codePoint = line.codePointAt(i)!;
    const size = octetsOf(codePoint);
    if (octets + size > ICAL_FOLD_OCTETS) {
      out += (begin === 0 ? '' : ' ') + line.slice(begin, i) + CRLF;
      begin = i;
      octets = 1; // the continuation's leading space
    }
    octets += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  return out + (begin === 0 ? '' : ' ') + line.slice(begin) + CRLF;
}

/**
 * Unfolds and folds every content line of a text at 75 octets (RFC 5545 §3.1), the leading space
 * of a continuation line included, never inside a UTF-8 character.
 */
export function foldLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split(CRLF);
  return lines.map((line) => foldLine(line).slice(0, -2)).join(CRLF);
}

/** "2026-05-04T09:00" → "20260504T090000". */
const wallValue = (wall: string) => `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}T${wall.slice(11, 13)}${wall.slice(14, 16)}00`;

const utcValue = (epochMs: number) => untilValue(epochMs);

/** NAME;TZID=zone:values (UTC wall times carry their Z instead of a TZID). */
function zonedLine(name: string, walls: readonly string[], timezone: string): string {
  if (timezone === 'UTC') return foldLine(`${name}:${walls.map((w) => `${wallValue(w)}Z`).join(',')}`);
  return foldLine(`${name};TZID=${paramValue(timezone)}:${walls.map(wallValue).join(',')}`);
}

const wallOfInstant = (epochMs: number, timezone: string) => Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone).toPlainDateTime().toString({ smallestUnit: 'minute' });

/** DURATION of whole minutes (§3.3.6): PT30M, PT1H30M, P1D, P1DT2H. */
function durationValue(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total === 0) return 'PT0S';
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const time = `${hours > 0 ? `${hours}H` : ''}${mins > 0 ? `${mins}M` : ''}`;
  return `P${days > 0 ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

function offsetText(ns: number): string {
  const minutes = Math.round(ns / 60e9);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function offsetIso(ns: number): string {
  const text = offsetText(ns);
  return `${text.slice(0, 3)}:${text.slice(3)}`;
}

const zoneTexts = new Map<string, string>();

/**
 * A VTIMEZONE for `timezone` covering [fromYear, toYear]: one STANDARD or DAYLIGHT block per
 * transition (DTSTART in the local time before it), and one for the offset at the start.
 * Kept once computed (the zone data does not change while the process runs).
 */
export function vtimezone(timezone: string, fromYear: number, toYear: number): string {
  const key = `${timezone}|${fromYear}|${toYear}`;
  const known = zoneTexts.get(key);
  if (known !== undefined) return known;
  let text = `BEGIN:VTIMEZONE${CRLF}${foldLine(`TZID:${escapeText(timezone)}`)}`;
  let at = Temporal.ZonedDateTime.from({ year: fromYear, month: 1, day: 1, timeZone: timezone });
  const end = Temporal.ZonedDateTime.from({ year: toYear + 1, month: 1, day: 1, timeZone: timezone });
  const block = (kind: 'STANDARD' | 'DAYLIGHT', startWall: string, from: number, to: number) => {
    text += `BEGIN:${kind}${CRLF}DTSTART:${wallValue(startWall)}${CRLF}TZOFFSETFROM:${offsetText(from)}${CRLF}TZOFFSETTO:${offsetText(to)}${CRLF}END:${kind}${CRLF}`;
  };
  block('STANDARD', at.toPlainDateTime().toString({ smallestUnit: 'minute' }), at.offsetNanoseconds, at.offsetNanoseconds);
  for (let guard = 0; guard < 400; guard++) {
    const next = at.getTimeZoneTransition('next');
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) break;
    const before = next.subtract({ nanoseconds: 1 });
    const fromOffset = before.offsetNanoseconds;
    const toOffset = next.offsetNanoseconds;
    const localStart = Temporal.Instant.fromEpochMilliseconds(next.epochMilliseconds).toZonedDateTimeISO(offsetIso(fromOffset)).toPlainDateTime();
    block(toOffset > fromOffset ? 'DAYLIGHT' : 'STANDARD', localStart.toString({ smallestUnit: 'minute' }), fromOffset, toOffset);
    at = next;
  }
  text += `END:VTIMEZONE${CRLF}`;
  if (zoneTexts.size > 500) zoneTexts.clear();
  zoneTexts.set(key, text);
  return text;
}

/** RRULE value for the .ics: FREQ first, UNTIL always as UTC (RFC 5545 with a TZID start). */
function icsRule(row: CalendarRow): string | null {
  if (!row.rrule) return null;
  const parts = parseRule(row.rrule);
  const until = untilInstant(parts, row.timezone);
  if (until !== null) parts.set('UNTIL', untilValue(until));
  let text = `FREQ=${parts.get('FREQ')}`;
  for (const [k, v] of parts) if (k !== 'FREQ') text += `;${k}=${v}`;
  return text;
}

interface EventHead {
  uid: string;
  stamp: Date;
  title: string;
  description: string | null;
  location: string | null;
  categories: readonly string[];
  priority: number;
}

function headLines(head: EventHead): string {
  let text = `BEGIN:VEVENT${CRLF}${foldLine(`UID:${escapeText(head.uid)}`)}DTSTAMP:${utcValue(head.stamp.getTime())}${CRLF}${foldLine(`SUMMARY:${escapeText(head.title)}`)}`;
  if (head.description) text += foldLine(`DESCRIPTION:${escapeText(head.description)}`);
  if (head.location) text += foldLine(`LOCATION:${escapeText(head.location)}`);
  if (head.categories.length > 0) text += foldLine(`CATEGORIES:${head.categories.map(escapeText).join(',')}`);
  if (head.priority >= 1 && head.priority <= 9) text += `PRIORITY:${head.priority}${CRLF}`;
  return text;
}

const END_EVENT = `END:VEVENT${CRLF}`;

/** The VEVENTs of one series: the master with its rule, and one per overridden occurrence. */
export function seriesEvents(series: CalendarSeries): string[] {
  const { row } = series;
  const description = row.description ? htmlToText(row.description) : null;
  const head = { uid: uidOf(row.id), stamp: row.updatedAt, title: row.title, description, location: series.location, categories: series.categories, priority: row.priority };
  let master = headLines(head) + zonedLine('DTSTART', [row.start], row.timezone) + `DURATION:${durationValue(row.durationMinutes)}${CRLF}`;
  const rule = icsRule(row);
  if (rule) master += foldLine(`RRULE:${rule}`);
  if (row.rdates.length > 0) master += zonedLine('RDATE', row.rdates, row.timezone);
  let exdates: string[] = row.exdates;
  for (const e of series.exceptions) {
    if (!e.cancelled) continue;
    const ms = parseRecurrenceId(e.recurrenceId);
    if (ms !== null) exdates = [...exdates, wallOfInstant(ms, row.timezone)];
  }
  if (exdates.length > 0) master += zonedLine('EXDATE', [...new Set(exdates)].sort(), row.timezone);
  if (row.relatedTo) master += foldLine(`RELATED-TO:${escapeText(uidOf(row.relatedTo))}`);
  const events = [master + END_EVENT];
  for (const exception of series.exceptions) {
    if (exception.cancelled) continue;
    const originalMs = parseRecurrenceId(exception.recurrenceId);
    if (originalMs === null) continue;
    events.push(
      headLines({ ...head, title: exception.title ?? row.title, priority: exception.priority ?? row.priority, stamp: exception.updatedAt }) +
        `RECURRENCE-ID:${utcValue(originalMs)}${CRLF}` +
        zonedLine('DTSTART', [exception.start ?? wallOfInstant(originalMs, row.timezone)], row.timezone) +
        `DURATION:${durationValue(exception.durationMinutes ?? row.durationMinutes)}${CRLF}` +
        END_EVENT,
    );
  }
  return events;
}

/** One occurrence as a standalone event (the download of an occurrence). */
export function occurrenceEvent(row: ActivityRow, recurrenceId: string, startMs: number, durationMinutes: number, title: string, location: string | null, categories: readonly string[]): string {
  const description = row.description ? htmlToText(row.description) : null;
  let text = headLines({ uid: `${row.id}-${recurrenceId}@faena`, stamp: row.updatedAt, title, description, location, categories, priority: row.priority });
  text += zonedLine('DTSTART', [wallOfInstant(startMs, row.timezone)], row.timezone) + `DURATION:${durationValue(durationMinutes)}${CRLF}`;
  if (row.relatedTo) text += foldLine(`RELATED-TO:${escapeText(uidOf(row.id))}`);
  return text + END_EVENT;
}

/** The VCALENDAR text around some events, with the VTIMEZONEs their zones need. */
export function calendarText(events: readonly string[], zones: ReadonlyMap<string, { fromYear: number; toYear: number }>, name?: string): string {
  const parts = [`BEGIN:VCALENDAR${CRLF}PRODID:${PRODID}${CRLF}VERSION:2.0${CRLF}CALSCALE:GREGORIAN${CRLF}`];
  if (name) parts.push(foldLine(`X-WR-CALNAME:${escapeText(name)}`));
  for (const [zone, years] of zones) if (zone !== 'UTC') parts.push(vtimezone(zone, years.fromYear, years.toYear));
  for (const event of events) parts.push(event);
  parts.push(`END:VCALENDAR${CRLF}`);
  return parts.join('');
}

/** The zones of some series and the years their VTIMEZONEs cover (the first start to five years ahead). */
export function zonesOf(rows: readonly Pick<ActivityRow, 'timezone' | 'start'>[], nowYear = new Date().getUTCFullYear()): Map<string, { fromYear: number; toYear: number }> {
  const zones = new Map<string, { fromYear: number; toYear: number }>();
  for (const row of rows) {
    const year = Number(row.start.slice(0, 4));
    const known = zones.get(row.timezone);
    zones.set(row.timezone, { fromYear: Math.min(known?.fromYear ?? year, year), toYear: Math.max(known?.toYear ?? nowYear + 5, nowYear + 5, year + 1) });
  }
  return zones;
}
