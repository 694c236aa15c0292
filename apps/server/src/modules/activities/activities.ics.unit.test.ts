import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, foldLines, seriesEvents, vtimezone, zonesOf } from './activities.ics.ts';
import type { ActivityRow } from './activities.repository.ts';
import { sanitizeHtml } from './activities.sanitize.ts';

const row = (over: Partial<ActivityRow> = {}): ActivityRow => ({
  tenantId: 't',
  id: '5f0c7a43-1111-4a4a-8a8a-000000000001',
  title: 'Ronda',
  description: null,
  formId: null,
  checklistId: null,
  venueId: null,
  locationId: null,
  audienceId: null,
  priority: 5,
  start: '2026-05-04T09:00',
  timezone: 'America/Santiago',
  durationMinutes: 30,
  rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630',
  rdates: [],
  exdates: [],
  reminders: [],
  seriesGroup: 'g',
  relatedTo: null,
  firstStartAt: new Date(),
  lastStartAt: null,
  createdByPersonId: null,
  createdAt: new Date(),
  updatedAt: new Date('2026-05-01T00:00:00Z'),
  ...over,
});

describe('calendar text', () => {
  it('folds at 75 octets counting the continuation space, never inside a character', () => {
    const long = `SUMMARY:${'Revisión ñandú — '.repeat(12)}😀 fin`;
    const folded = foldLines(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
  });

  it('builds a VTIMEZONE from the zone’s transitions (Santiago 2026: back on 5 April, forward on 6 September)', () => {
    const text = vtimezone('America/Santiago', 2026, 2026).toString();
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20260405T000000\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0400');
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260906T000000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0300');
    // Mexico City has not changed since 2022: one block
    expect(vtimezone('America/Mexico_City', 2024, 2026).getAllSubcomponents()).toHaveLength(1);
  });

  it('writes the rule with UNTIL in UTC, EXDATEs in the zone, the moved occurrence as a RECURRENCE-ID instance and RELATED-TO', () => {
    const series = row({ exdates: ['2026-05-11T09:00'], relatedTo: '5f0c7a43-1111-4a4a-8a8a-000000000000' });
    const exception = { tenantId: 't', activityId: series.id, recurrenceId: '20260518T130000Z', start: '2026-05-18T15:00', startAt: new Date('2026-05-18T19:00:00Z'), durationMinutes: null, title: 'Movida', priority: null, responsibles: null, cancelled: false, updatedAt: new Date() };
    const text = calendarText(seriesEvents({ row: series, exceptions: [exception], categories: ['Seguridad'], location: 'Bodega' }), zonesOf([series], 2026));
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [master, moved] = calendar.getAllSubcomponents('vevent');
    expect(String(master!.getFirstPropertyValue('rrule'))).toMatch(/UNTIL=20260701T035959Z/);
    expect(master!.getFirstProperty('exdate')!.getParameter('tzid')).toBe('America/Santiago');
    expect(master!.getFirstPropertyValue('related-to')).toBe('5f0c7a43-1111-4a4a-8a8a-000000000000@faena');
    expect(moved!.getFirstPropertyValue('recurrence-id')!.toString()).toBe('2026-05-18T13:00:00Z');
    expect(moved!.getFirstPropertyValue('summary')).toBe('Movida');
    expect(text).not.toContain('RANGE=THISANDFUTURE');
  });
});

describe('description sanitising', () => {
  it('keeps the editor’s tags, drops attributes, scripts and unsafe links', () => {
    expect(sanitizeHtml('<p onclick="x()">Hola <strong>mundo</strong></p><script>alert(1)</script>')).toBe('<p>Hola <strong>mundo</strong></p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="https://faena.cl">y</a>')).toBe('<a>x</a><a href="https://faena.cl" rel="noopener noreferrer">y</a>');
    expect(sanitizeHtml('1 < 2 & <img src=x onerror=alert(1)>')).toBe('1 &lt; 2 &amp; ');
    expect(sanitizeHtml('<ul><li>uno<li>dos</ul>')).toBe('<ul><li>uno<li>dos</li></li></ul>');
  });
});
