import type { TKanbanColumn } from '@faena/contracts/workflows-extras';

/** Pure rules of the kanban configuration form (decision 025). */

export interface BoardProblem {
  field: 'name' | 'columns' | 'title' | 'value';
  index?: number;
  reason: 'required' | 'duplicateStep' | 'noColumns';
}

export const newColumnId = (): string => `col-${Math.random().toString(36).slice(2, 10)}`;

/** What the form refuses before asking the server: a name, at least one column, each with a title and a step, no step twice. */
export function validateBoard(input: { name: string; columns: readonly TKanbanColumn[] }): BoardProblem[] {
  const problems: BoardProblem[] = [];
  if (!input.name.trim()) problems.push({ field: 'name', reason: 'required' });
  if (input.columns.length === 0) problems.push({ field: 'columns', reason: 'noColumns' });
  const seen = new Set<string>();
  input.columns.forEach((column, index) => {
    if (!column.title.trim()) problems.push({ field: 'title', index, reason: 'required' });
    if (!column.value) problems.push({ field: 'value', index, reason: 'required' });
    const key = `${column.kind}:${column.value}`;
    if (column.value && seen.has(key)) problems.push({ field: 'value', index, reason: 'duplicateStep' });
    seen.add(key);
  });
  return problems;
}
