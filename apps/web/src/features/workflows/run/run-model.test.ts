import { describe, expect, it } from 'vitest';
import type { TWorkflowType } from '@faena/contracts';
import { dayBound, dueState, groupByCategory, relativeTo, sortTasks, variablesFromQuery } from './run-model.ts';

const task = (id: string, due_at: string | null, created_at = '2026-12-01T10:00:00.000Z') => ({ id, due_at, created_at });

describe('inbox order', () => {
  it('overdue first (most overdue on top), then by due time, then the ones without a due time; ties oldest first', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    const tasks = [
      task('no-due', null),
      task('next-week', '2026-12-12T12:00:00Z'),
      task('late-1h', '2026-12-05T11:00:00Z'),
      task('late-2d', '2026-12-03T12:00:00Z'),
      task('in-2h', '2026-12-05T14:00:00Z'),
      task('no-due-older', null, '2026-11-30T10:00:00.000Z'),
    ];
    const sorted = sortTasks(tasks);
    expect(sorted.map((t) => t.id)).toEqual(['late-2d', 'late-1h', 'in-2h', 'next-week', 'no-due-older', 'no-due']);
    expect(sorted.map((t) => dueState(t.due_at, now))).toEqual(['overdue', 'overdue', 'soon', 'later', 'none', 'none']);
  });

  it('says the due time relative to now', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(relativeTo(new Date('2026-12-05T15:00:00Z'), now, 'es')).toBe('dentro de 3 horas');
    expect(relativeTo(new Date('2026-12-03T12:00:00Z'), now, 'en')).toBe('2 days ago');
    expect(relativeTo(new Date('2026-12-05T12:00:20Z'), now, 'es')).toBeNull();
  });
});

describe('types by category', () => {
  const type = (name: string, category: string | null, over: Partial<TWorkflowType> = {}): TWorkflowType => ({
    id: name,
    name,
    description: '',
    icon: null,
    category: category ? { id: category, name: category } : null,
    is_archived: false,
    active_version: { id: `${name}-v`, number: 1 },
    latest_version: null,
    is_dispatchable: true,
    created_at: '',
    updated_at: '',
    ...over,
  });
  it('groups startable types by category name, the uncategorised last; archived and unpublished left out', () => {
    const groups = groupByCategory([
      type('Vacaciones', 'Personas'),
      type('Compra', 'Compras'),
      type('Suelto', null),
      type('Archivado', 'Compras', { is_archived: true }),
      type('Borrador', 'Compras', { active_version: null }),
      type('Anticipo', 'Compras'),
    ]);
    expect(groups.map((g) => [g.category?.name ?? null, g.types.map((t) => t.name)])).toEqual([
      ['Compras', ['Anticipo', 'Compra']],
      ['Personas', ['Vacaciones']],
      [null, ['Suelto']],
    ]);
  });
});

describe('start links', () => {
  it('turns the query into prefilled variables', () => {
    expect(variablesFromQuery(new URLSearchParams('producto=Silla&amount=120000&urgente=true&codigo=00123456789012345678'))).toEqual({
      producto: 'Silla',
      amount: 120000,
      urgente: true,
      codigo: '00123456789012345678',
    });
  });
  it('bounds a local day', () => {
    expect(new Date(dayBound('2026-12-05', false)).getDate()).toBe(5);
    expect(new Date(dayBound('2026-12-05', true)).getHours()).toBe(23);
  });
});
