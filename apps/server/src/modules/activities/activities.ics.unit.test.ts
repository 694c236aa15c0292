import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine, foldLines, occurrenceEvent, seriesEvents, vtimezone, zonesOf } from './activities.ics.ts';
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
    const text = vtimezone('America/Santiago', 2026, 2026);
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20260405T000000\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0400');
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260906T000000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0300');
    // Mexico City has not changed since 2022: one block
    expect(new ICAL.Component(ICAL.parse(vtimezone('America/Mexico_City', 2024, 2026))).getAllSubcomponents()).toHaveLength(1);
  });

  it('writes the rule with UNTIL in UTC, EXDATEs in the zone, the moved occurrence as a RECURRENCE-ID instance and RELATED-TO', () => {
    const series = row({ exdates: ['2026-05-11T09:00'], relatedTo: '5f0c7a43-1111-4a4a-8a8a-000000000000' });
    const exception = {
      tenantId: 't',
      activityId: series.id,
      recurrenceId: '20260518T130000Z',
      start: '2026-05-18T15:00',
      startAt: new Date('2026-05-18T19:00:00Z'),
      durationMinutes: null,
      title: 'Movida',
      priority: null,
      responsibles: null,
      cancelled: false,
      updatedAt: new Date(),
    };
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

describe('calendar text: escaping and folding', () => {
  const lines = (text: string) => text.split('\r\n');
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  it('escapes TEXT values: backslash, semicolon, comma and every kind of line break; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tstays, bell\u0007 and nul\u0000 go')).toBe('tab\tstays\\, bell and nul go');
    expect(escapeText('Ñuñoa: 08:00 "sala"')).toBe('Ñuñoa: 08:00 "sala"');
    expect(escapeText('\\n is not a newline')).toBe('\\\\n is not a newline');
  });

  it('every value comes back from ical.js and node-ical exactly as written', () => {
    const title = 'Ronda; bodega, pasillo \\ 3\nsegunda línea — “ñandú” 😀';
    const description = '<p>Revisar: extintores; mangueras, y la c:\\ruta</p><p>Segundo párrafo</p>';
    const series = row({ title, description });
    const exception = {
      tenantId: 't',
      activityId: series.id,
      recurrenceId: '20260518T130000Z',
      start: '2026-05-18T15:00',
      startAt: new Date('2026-05-18T19:00:00Z'),
      durationMinutes: 90,
      title: 'Movida; otra, vez',
      priority: 2,
      responsibles: null,
      cancelled: false,
      updatedAt: new Date('2026-05-02T10:11:12Z'),
    };
    const text = calendarText(
      seriesEvents({ row: series, exceptions: [exception], categories: ['Seguridad, higiene', 'Piso;1'], location: 'Bodega, Ñuñoa' }),
      zonesOf([series], 2026),
      'Faena — Acme, S.A.',
    );
    for (const line of lines(text)) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // X-WR-CALNAME is TEXT for the calendars that read it (ical.js leaves an X- value raw)
    expect(text).toContain('\r\nX-WR-CALNAME:Faena — Acme\\, S.A.\r\n');
    const [master, moved] = calendar.getAllSubcomponents('vevent');
    expect(master!.getFirstPropertyValue('summary')).toBe(title);
    expect(master!.getFirstPropertyValue('description')).toBe('Revisar: extintores; mangueras, y la c:\\ruta\nSegundo párrafo');
    expect(master!.getFirstPropertyValue('location')).toBe('Bodega, Ñuñoa');
    expect(master!.getFirstProperty('categories')!.getValues()).toEqual(['Seguridad, higiene', 'Piso;1']);
    expect(master!.getFirstPropertyValue('priority')).toBe(5);
    expect(String(master!.getFirstPropertyValue('duration'))).toBe('PT30M');
    expect(moved!.getFirstPropertyValue('summary')).toBe('Movida; otra, vez');
    expect(String(moved!.getFirstPropertyValue('duration'))).toBe('PT1H30M');
    expect(moved!.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-05-02T10:11:12Z');
    const parsed = Object.values(nodeIcal.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as unknown as { summary: string; location: string; start: Date; recurrenceid?: Date }[];
    const independent = parsed.find((e) => !e.recurrenceid)!;
    expect(independent.summary).toBe(title);
    expect(independent.location).toBe('Bodega, Ñuñoa');
    expect(independent.start.toISOString()).toBe('2026-05-04T13:00:00.000Z');
  });

  it('folds multi-byte text at 75 octets without splitting a UTF-8 sequence, wherever the boundary falls', () => {
    for (const unit of ['ñ', '—', '😀', '👩‍🔧', 'a']) {
      for (let shift = 0; shift < 4; shift++) {
        const value = `${'x'.repeat(shift)}${unit.repeat(60)} fin`;
        const line = `SUMMARY:${value}`;
        const folded = foldLine(line);
        expect(folded.endsWith('\r\n')).toBe(true);
        const parts = lines(folded.slice(0, -2));
        for (const part of parts) {
          expect(octets(part)).toBeLessThanOrEqual(75);
          // each physical line is whole UTF-8 on its own: no lone surrogate, no replacement character
          expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
          expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        }
        for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
        // a line is filled: only a character that would not fit starts the next one
        for (const part of parts.slice(0, -1)) expect(octets(part)).toBeGreaterThan(75 - 4);
        expect(parts.join('\r\n').replace(/\r\n /g, '')).toBe(line);
        expect(new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n${folded}END:VEVENT\r\nEND:VCALENDAR\r\n`)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toBe(
          value,
        );
      }
    }
    expect(foldLine('SUMMARY:corto')).toBe('SUMMARY:corto\r\n');
    const exactly75 = `SUMMARY:${'ñ'.repeat(33)}a`;
    expect(octets(exactly75)).toBe(75);
    expect(foldLine(exactly75)).toBe(`${exactly75}\r\n`);
  });

  it('writes RDATE, EXDATE (cancelled occurrences too) in the zone, UTC series with Z, and the occurrence download', () => {
    const series = row({ rdates: ['2026-05-06T10:00', '2026-05-07T10:00'], exdates: ['2026-05-11T09:00'], rrule: 'BYDAY=MO;FREQ=WEEKLY;COUNT=5' });
    const cancelled = {
      tenantId: 't',
      activityId: series.id,
      recurrenceId: '20260525T130000Z',
      start: null,
      startAt: null,
      durationMinutes: null,
      title: null,
      priority: null,
      responsibles: null,
      cancelled: true,
      updatedAt: new Date(),
    };
    const text = calendarText(seriesEvents({ row: series, exceptions: [cancelled], categories: [], location: null }), zonesOf([series], 2026));
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5\r\n');
    expect(text).toContain('RDATE;TZID=America/Santiago:20260506T100000,20260507T100000\r\n');
    expect(text).toContain('EXDATE;TZID=America/Santiago:20260511T090000,20260525T090000\r\n');
    const master = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(master.getFirstProperty('exdate')!.getValues().map(String)).toEqual(['2026-05-11T09:00:00', '2026-05-25T09:00:00']);
    const utc = calendarText(seriesEvents({ row: row({ timezone: 'UTC', exdates: ['2026-05-11T09:00'] }), exceptions: [], categories: [], location: null }), zonesOf([row({ timezone: 'UTC' })], 2026));
    expect(utc).toContain('DTSTART:20260504T090000Z\r\n');
    expect(utc).toContain('EXDATE:20260511T090000Z\r\n');
    expect(utc).not.toContain('BEGIN:VTIMEZONE');
    const one = calendarText([occurrenceEvent(row({ relatedTo: 'x' }), '20260518T130000Z', Date.parse('2026-05-18T13:00:00Z'), 1500, 'Una, sola', null, ['A'])], zonesOf([row()], 2026));
    const event = new ICAL.Component(ICAL.parse(one)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe('5f0c7a43-1111-4a4a-8a8a-000000000001-20260518T130000Z@faena');
    expect(event.getFirstPropertyValue('summary')).toBe('Una, sola');
    expect(event.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-05-18T09:00:00');
    expect(String(event.getFirstPropertyValue('duration'))).toBe('P1DT1H');
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
