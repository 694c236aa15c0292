import { describe, expect, it } from 'vitest';
import { validateBoard } from './kanban-model.ts';

describe('validateBoard', () => {
  const column = (title: string, kind: 'task' | 'status', value: string) => ({ id: `c-${title}`, title, kind, value });

  it('accepts a named board whose columns each have a title and a step', () => {
    expect(validateBoard({ name: 'Tablero', columns: [column('Revisión', 'task', 'review'), column('Listo', 'status', 'Success')] })).toEqual([]);
  });

  it('asks for a name, at least one column, titles and steps', () => {
    expect(validateBoard({ name: ' ', columns: [] })).toEqual([
      { field: 'name', reason: 'required' },
      { field: 'columns', reason: 'noColumns' },
    ]);
    expect(validateBoard({ name: 'T', columns: [column('', 'task', '')] })).toEqual([
      { field: 'title', index: 0, reason: 'required' },
      { field: 'value', index: 0, reason: 'required' },
    ]);
  });

  it('refuses the same step in two columns', () => {
    expect(validateBoard({ name: 'T', columns: [column('A', 'task', 'review'), column('B', 'task', 'review')] })).toEqual([{ field: 'value', index: 1, reason: 'duplicateStep' }]);
  });
});
