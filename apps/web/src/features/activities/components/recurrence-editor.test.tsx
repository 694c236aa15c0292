import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { defaultSpec, RecurrenceEditor, weekdayOfWall, type RecurrenceValue } from './recurrence-editor.tsx';

function Harness({ initial, start = '2027-01-04T09:00' }: { initial: RecurrenceValue; start?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RecurrenceEditor value={value} onChange={setValue} start={start} timezone="America/Santiago" preview={false} />
      <output data-testid="rule">{JSON.stringify(value)}</output>
    </>
  );
}

const words = () => screen.getByTestId('recurrence-words').textContent;

describe('RecurrenceEditor', () => {
  it('says a weekly rule in words as its days, interval and end change', async () => {
    await renderWithProviders(<Harness initial={{ spec: { kind: 'weekly', interval: 1, weekdays: ['MO'], end: { type: 'never' } }, rdates: [], exdates: [] }} />);
    expect(words()).toBe('Cada semana, lunes');
    fireEvent.click(screen.getByRole('button', { name: 'Miércoles' }));
    expect(words()).toBe('Cada semana, lunes y miércoles');
    fireEvent.change(screen.getByTestId('recurrence-interval'), { target: { value: '2' } });
    expect(words()).toBe('Cada 2 semanas, lunes y miércoles');
    fireEvent.click(screen.getByLabelText('El día'));
    fireEvent.change(screen.getByTestId('until-date'), { target: { value: '2027-06-30' } });
    expect(words()).toBe('Cada 2 semanas, lunes y miércoles, hasta el 30 de junio');
    fireEvent.click(screen.getByLabelText('Después de'));
    expect(words()).toBe('Cada 2 semanas, lunes y miércoles, 10 veces');
    fireEvent.click(screen.getByLabelText('Nunca'));
    expect(words()).toBe('Cada 2 semanas, lunes y miércoles');
  });

  it('takes a weekday off and keeps the days in week order', async () => {
    await renderWithProviders(<Harness initial={{ spec: { kind: 'weekly', interval: 1, weekdays: ['FR', 'MO'], end: { type: 'count', count: 4 } }, rdates: [], exdates: [] }} />);
    expect(words()).toBe('Cada semana, lunes y viernes, 4 veces');
    fireEvent.click(screen.getByRole('button', { name: 'Domingo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lunes' }));
    expect(words()).toBe('Cada semana, viernes y domingo, 4 veces');
  });

  it('says the last Friday of the month, and counts extra and excluded dates', async () => {
    await renderWithProviders(
      <Harness initial={{ spec: { kind: 'monthly', interval: 1, mode: 'weekday', ordinal: -1, weekday: 'FR', end: { type: 'never' } }, rdates: ['2027-02-01T09:00'], exdates: [] }} />,
    );
    expect(words()).toBe('Cada mes, el último viernes, más 1 fecha adicional');
    fireEvent.click(screen.getByLabelText('El mismo día del mes'));
    expect(words()).toBe('Cada mes, el día 4, más 1 fecha adicional');
  });

  it('defaults a new kind from the start', () => {
    expect(weekdayOfWall('2027-01-04T09:00')).toBe('MO');
    expect(weekdayOfWall('2026-12-06T09:00')).toBe('SU');
    expect(defaultSpec('weekly', '2027-01-08T09:00', { kind: 'none' })).toEqual({ kind: 'weekly', interval: 1, weekdays: ['FR'], end: { type: 'never' } });
    expect(defaultSpec('monthly', '2027-01-31T09:00', { kind: 'daily', interval: 3, end: { type: 'count', count: 2 } })).toEqual({
      kind: 'monthly',
      interval: 3,
      mode: 'day',
      monthDay: 31,
      end: { type: 'count', count: 2 },
    });
    expect(defaultSpec('custom', '2027-01-31T09:00', { kind: 'daily', interval: 1, end: { type: 'never' } })).toEqual({ kind: 'custom', rrule: 'FREQ=DAILY' });
  });
});
