import { describe, expect, it } from 'vitest';
import { describeRecurrence, rruleOfSpec, specOfRRule, type RecurrenceSpec } from '../../src/activities/describe-recurrence.ts';

describe('describeRecurrence', () => {
  it('says the brief example in Spanish and English', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630';
    expect(describeRecurrence(rule, { language: 'es', startYear: 2027 })).toBe('Cada 2 semanas, lunes y miércoles, hasta el 30 de junio');
    expect(describeRecurrence(rule, { language: 'es-MX', startYear: 2027 })).toBe('Cada 2 semanas, lunes y miércoles, hasta el 30 de junio');
    expect(describeRecurrence(rule, { language: 'en', startYear: 2027 })).toBe('Every 2 weeks, Monday and Wednesday, until June 30');
  });

  it('names the year of an end in another year, and counts', () => {
    expect(describeRecurrence('FREQ=DAILY;UNTIL=20280105', { language: 'es', startYear: 2027 })).toBe('Cada día, hasta el 5 de enero de 2028');
    expect(describeRecurrence('FREQ=DAILY;COUNT=10', { language: 'es' })).toBe('Cada día, 10 veces');
    expect(describeRecurrence('FREQ=DAILY;INTERVAL=3;COUNT=1', { language: 'en' })).toBe('Every 3 days, once');
  });

  it('says monthly rules by day and by weekday, including the last Friday', () => {
    expect(describeRecurrence('FREQ=MONTHLY;BYDAY=-1FR', { language: 'es' })).toBe('Cada mes, el último viernes');
    expect(describeRecurrence('FREQ=MONTHLY;BYDAY=2TU', { language: 'en' })).toBe('Every month, on the second Tuesday');
    expect(describeRecurrence('FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15', { language: 'es' })).toBe('Cada 2 meses, el día 15');
  });

  it('lists three weekdays in order, whatever order the rule gives', () => {
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=FR,MO,WE', { language: 'es' })).toBe('Cada semana, lunes, miércoles y viernes');
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=FR,MO,WE', { language: 'en' })).toBe('Every week, Monday, Wednesday and Friday');
  });

  it('says no rule, custom rules, and extra or excluded dates', () => {
    expect(describeRecurrence(null, { language: 'es' })).toBe('No se repite');
    expect(describeRecurrence('', { language: 'en' })).toBe('Does not repeat');
    expect(describeRecurrence('FREQ=YEARLY;BYMONTH=3', { language: 'es' })).toBe('Regla personalizada (FREQ=YEARLY;BYMONTH=3)');
    expect(describeRecurrence('FREQ=DAILY', { language: 'es', rdates: 2, exdates: 1 })).toBe('Cada día, más 2 fechas adicionales, salvo 1 fecha');
  });
});

describe('the editor model', () => {
  const cases: [RecurrenceSpec, string | null][] = [
    [{ kind: 'none' }, null],
    [{ kind: 'daily', interval: 1, end: { type: 'never' } }, 'FREQ=DAILY'],
    [{ kind: 'weekly', interval: 2, weekdays: ['WE', 'MO'], end: { type: 'until', date: '2027-06-30' } }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630'],
    [{ kind: 'monthly', interval: 1, mode: 'weekday', ordinal: -1, weekday: 'FR', end: { type: 'count', count: 6 } }, 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6'],
    [{ kind: 'monthly', interval: 1, mode: 'day', monthDay: 31, end: { type: 'never' } }, 'FREQ=MONTHLY;BYMONTHDAY=31'],
  ];
  it.each(cases)('writes %j as %s and reads it back', (spec, rule) => {
    expect(rruleOfSpec(spec)).toBe(rule);
    const back = specOfRRule(rule);
    expect(rruleOfSpec(back)).toBe(rule);
  });

  it('keeps rules it does not model as custom, without the RRULE: prefix', () => {
    expect(specOfRRule('RRULE:FREQ=WEEKLY;BYSETPOS=1;BYDAY=MO')).toEqual({ kind: 'custom', rrule: 'FREQ=WEEKLY;BYSETPOS=1;BYDAY=MO' });
    expect(specOfRRule('FREQ=MONTHLY;BYDAY=MO,TU').kind).toBe('custom');
  });

  it('reads an UNTIL with a time (a split series) as its date', () => {
    expect(specOfRRule('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270104T115959Z')).toEqual({ kind: 'weekly', interval: 1, weekdays: ['MO'], end: { type: 'until', date: '2027-01-04' } });
  });
});
