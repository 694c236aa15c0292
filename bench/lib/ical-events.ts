/**
 * The baseline of the activities .ics benchmark: the same VEVENTs the feed writes (UID, DTSTAMP,
 * SUMMARY, DESCRIPTION, PRIORITY, DTSTART with TZID, DURATION, RRULE with UNTIL in UTC, RDATE,
 * EXDATE incl. cancelled occurrences, RELATED-TO, RECURRENCE-ID instances), built as an ical.js
 * component tree and serialised by ical.js alone. This was the product's own writer until the
 * feed started writing the text directly (activities.ics.ts); kept here, unchanged, so the
 * ratio compares against "the library alone".
 */
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { parseRecurrenceId } from '@faena/domain';
import { parseRule, untilInstant, untilValue } from '@faena/domain/activities/index';
import type { CalendarRow, CalendarSeries } from '../../apps/server/src/modules/activities/activities.ics.ts';
import { htmlToText } from '../../apps/server/src/modules/activities/activities.sanitize.ts';

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
  const time = ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate: false,
  });
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

function icsRule(row: CalendarRow): string | null {
  if (!row.rrule) return null;
  const parts = parseRule(row.rrule);
  const until = untilInstant(parts, row.timezone);
  if (until !== null) parts.set('UNTIL', untilValue(until));
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
}

function baseEvent(row: CalendarRow, location: string | null, categories: readonly string[]): ICAL.Component {
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

/** The VEVENTs of one series as ical.js components: the master with its rule, one per overridden occurrence. */
export function libraryEvents(series: CalendarSeries): ICAL.Component[] {
  const { row } = series;
  const master = baseEvent(row, series.location, series.categories);
  master.addProperty(zoned('dtstart', row.start, row.timezone));
  master.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(row.durationMinutes * 60));
  const rule = icsRule(row);
  if (rule) master.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
  if (row.rdates.length > 0) {
    const prop = zoned('rdate', row.rdates[0]!, row.timezone);
    prop.setValues(row.rdates.map(wallTime));
    master.addProperty(prop);
  }
  const cancelled = series.exceptions
    .filter((e) => e.cancelled)
    .map((e) => parseRecurrenceId(e.recurrenceId))
    .filter((ms): ms is number => ms !== null);
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
    event.addPropertyWithValue('duration', ICAL.Duration.fromSeconds((exception.durationMinutes ?? row.durationMinutes) * 60));
    events.push(event);
  }
  return events;
}
