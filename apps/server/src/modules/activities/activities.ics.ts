import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { ICAL_FOLD_OCTETS, parseRecurrenceId } from '@faena/domain';
import { parseRule, untilInstant, untilValue } from '@faena/domain/activities/index';
import type { ActivityRow, ExceptionRow } from './activities.repository.ts';
import { htmlToText } from './activities.sanitize.ts';

/**
 * iCalendar text of activities (RFC 5545), written with ical.js: VEVENTs with RRULE, RDATE,
 * EXDATE (cancelled occurrences included), overridden occurrences as RECURRENCE-ID instances,
 * RELATED-TO for the parts of a split series (never RANGE=THISANDFUTURE), one VTIMEZONE per zone
 * built from the zone's transitions, and lines folded at 75 octets (ical.js counts a continuation
 * line's leading space outside its 75, so the text is folded again here).
 */

export interface CalendarSeries {
  row: ActivityRow;
  exceptions: readonly ExceptionRow[];
  categories: readonly string[];
  location: string | null;
}

const PRODID = '-//Faena//Activities//ES';
const uidOf = (publicId: string) => `${publicId}@faena`;

function wallTime(wall: string): ICAL.Time {
  return ICAL.Time.fromData({
    year: Number(wall.slice(0, 4)),
    month: Number(wall.slice(5, 7)),
    day: Number(wall.slice(8, 10)),
    hour: Number(wall.slice(11, 13)),
    minute: Number(wall.slice(14, 16)),
    second: 0,
    isDate: false,
  });
}

function utcTime(epochMs: number): ICAL.Time {
  const d = new Date(epochMs);
  const time = ICAL.Time.fromData({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), isDate: false });
  time.zone = ICAL.Timezone.utcTimezone;
  return time;
}

function zoned(name: string, wall: string, timezone: string): ICAL.Property {
  const prop = new ICAL.Property(name);
  if (timezone !== 'UTC') prop.setParameter('tzid', timezone);
  prop.setValue(wallTime(wall));
  return prop;
}

const wallOfInstant = (epochMs: number, timezone: string) => Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone).toPlainDateTime().toString({ smallestUnit: 'minute' });

function offsetText(ns: number): string {
  const minutes = Math.round(ns / 60e9);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A VTIMEZONE for `timezone` covering [fromYear, toYear]: one STANDARD or DAYLIGHT block per
 * transition (DTSTART in the local time before it), and one for the offset at the start.
 */
export function vtimezone(timezone: string, fromYear: number, toYear: number): ICAL.Component {
  const tz = new ICAL.Component('vtimezone');
  tz.addPropertyWithValue('tzid', timezone);
  let at = Temporal.ZonedDateTime.from({ year: fromYear, month: 1, day: 1, timeZone: timezone });
  const end = Temporal.ZonedDateTime.from({ year: toYear + 1, month: 1, day: 1, timeZone: timezone });
  const block = (kind: 'standard' | 'daylight', startWall: string, from: number, to: number) => {
    const c = new ICAL.Component(kind);
    c.addPropertyWithValue('dtstart', wallTime(startWall));
    c.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromString(offsetText(from)));
    c.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromString(offsetText(to)));
    tz.addSubcomponent(c);
  };
  block('standard', at.toPlainDateTime().toString({ smallestUnit: 'minute' }), at.offsetNanoseconds, at.offsetNanoseconds);
  for (let guard = 0; guard < 400; guard++) {
    const next = at.getTimeZoneTransition('next');
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) break;
    const before = next.subtract({ nanoseconds: 1 });
    const fromOffset = before.offsetNanoseconds;
    const toOffset = next.offsetNanoseconds;
    const localStart = Temporal.Instant.fromEpochMilliseconds(next.epochMilliseconds).toZonedDateTimeISO(offsetIso(fromOffset)).toPlainDateTime();
    block(toOffset > fromOffset ? 'daylight' : 'standard', localStart.toString({ smallestUnit: 'minute' }), fromOffset, toOffset);
    at = next;
  }
  return tz;
}

function offsetIso(ns: number): string {
  const text = offsetText(ns);
  return `${text.slice(0, 3)}:${text.slice(3)}`;
}

/** RRULE value for the .ics: UNTIL always as UTC (RFC 5545 with a TZID start). */
function icsRule(row: ActivityRow): string | null {
  if (!row.rrule) return null;
  const parts = parseRule(row.rrule);
  const until = untilInstant(parts, row.timezone);
  if (until !== null) parts.set('UNTIL', untilValue(until));
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
}

function durationOf(minutes: number): ICAL.Duration {
  return ICAL.Duration.fromSeconds(minutes * 60);
}

function baseEvent(row: ActivityRow, location: string | null, categories: readonly string[]): ICAL.Component {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', uidOf(row.id));
  event.addPropertyWithValue('dtstamp', utcTime(row.updatedAt.getTime()));
  event.addPropertyWithValue('summary', row.title);
  if (row.description) event.addPropertyWithValue('description', htmlToText(row.description));
  if (location) event.addPropertyWithValue('location', location);
  if (categories.length > 0) {
    const prop = new ICAL.Property('categories');
    prop.setValues([...categories]);
    event.addProperty(prop);
  }
  if (row.priority >= 1 && row.priority <= 9) event.addPropertyWithValue('priority', row.priority);
  return event;
}

/** The VEVENTs of one series: the master with its rule, and one per overridden occurrence. */
export function seriesEvents(series: CalendarSeries): ICAL.Component[] {
  const { row } = series;
  const master = baseEvent(row, series.location, series.categories);
  master.addProperty(zoned('dtstart', row.start, row.timezone));
  master.addPropertyWithValue('duration', durationOf(row.durationMinutes));
  const rule = icsRule(row);
  if (rule) master.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
  if (row.rdates.length > 0) {
    const prop = zoned('rdate', row.rdates[0]!, row.timezone);
    prop.setValues(row.rdates.map(wallTime));
    master.addProperty(prop);
  }
  const cancelled = series.exceptions.filter((e) => e.cancelled).map((e) => parseRecurrenceId(e.recurrenceId)).filter((ms): ms is number => ms !== null);
  const exdates = [...row.exdates, ...cancelled.map((ms) => wallOfInstant(ms, row.timezone))];
  if (exdates.length > 0) {
    const prop = zoned('exdate', exdates[0]!, row.timezone);
    prop.setValues([...new Set(exdates)].sort().map(wallTime));
    master.addProperty(prop);
  }
  if (row.relatedTo) master.addPropertyWithValue('related-to', uidOf(row.relatedTo));
  const events = [master];
  for (const exception of series.exceptions) {
    if (exception.cancelled) continue;
    const originalMs = parseRecurrenceId(exception.recurrenceId);
    if (originalMs === null) continue;
    const event = baseEvent({ ...row, title: exception.title ?? row.title, priority: exception.priority ?? row.priority, updatedAt: exception.updatedAt }, series.location, series.categories);
    const rid = new ICAL.Property('recurrence-id');
    rid.setValue(utcTime(originalMs));
    event.addProperty(rid);
    event.addProperty(zoned('dtstart', exception.start ?? wallOfInstant(originalMs, row.timezone), row.timezone));
    event.addPropertyWithValue('duration', durationOf(exception.durationMinutes ?? row.durationMinutes));
    events.push(event);
  }
  return events;
}

/** One occurrence as a standalone event (the download of an occurrence). */
export function occurrenceEvent(row: ActivityRow, recurrenceId: string, startMs: number, durationMinutes: number, title: string, location: string | null, categories: readonly string[]): ICAL.Component {
  const event = baseEvent({ ...row, title }, location, categories);
  event.updatePropertyWithValue('uid', `${row.id}-${recurrenceId}@faena`);
  event.addProperty(zoned('dtstart', wallOfInstant(startMs, row.timezone), row.timezone));
  event.addPropertyWithValue('duration', durationOf(durationMinutes));
  if (row.relatedTo) event.addPropertyWithValue('related-to', uidOf(row.id));
  return event;
}

/** The VCALENDAR text around some events, with the VTIMEZONEs their zones need. */
export function calendarText(events: readonly ICAL.Component[], zones: ReadonlyMap<string, { fromYear: number; toYear: number }>, name?: string): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (name) calendar.addPropertyWithValue('x-wr-calname', name);
  for (const [zone, years] of zones) if (zone !== 'UTC') calendar.addSubcomponent(vtimezone(zone, years.fromYear, years.toYear));
  for (const event of events) calendar.addSubcomponent(event);
  // ical.js folds without counting the continuation's space (76 octets): unfolded and folded again here
  return foldLines(calendar.toString());
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

const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Unfolds and folds every content line at 75 octets (RFC 5545 §3.1), the leading space of a
 * continuation line included, never inside a UTF-8 character.
 */
export function foldLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const out: string[] = [];
  for (const line of lines) {
    if (line.length <= ICAL_FOLD_OCTETS / 4 || Buffer.byteLength(line, 'utf8') <= ICAL_FOLD_OCTETS) {
      out.push(line);
      continue;
    }
    let begin = 0;
    let octets = 0;
    let first = true;
    for (let i = 0; i < line.length; ) {
      const codePoint = line.codePointAt(i)!;
      const units = codePoint > 0xffff ? 2 : 1;
      const size = octetsOf(codePoint);
      if (octets + size > ICAL_FOLD_OCTETS) {
        out.push(first ? line.slice(begin, i) : ` ${line.slice(begin, i)}`);
        first = false;
        begin = i;
        octets = 1; // the continuation's leading space
      }
      octets += size;
      i += units;
    }
    out.push(first ? line.slice(begin) : ` ${line.slice(begin)}`);
  }
  return out.join('\r\n');
}
