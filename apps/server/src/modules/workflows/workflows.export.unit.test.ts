import { describe, expect, it } from 'vitest';
import { execCells, exportHeader, viewText, type ExportField } from './workflows.export.ts';
import { allowedColumns, columnOf, nextSteps } from './workflows.kanban.ts';
import type { WfGraph } from '@faena/domain/workflows/index';

const field = (type: string, name: string, label: string, extra: Record<string, unknown> = {}): ExportField => ({ name, label, field: { id: 1, type, name, label, ...extra } as ExportField['field'] });

describe('executions export cells', () => {
  const fields = [field('text', 'title', 'Título'), field('date', 'due', 'Fecha', { skippable: true }), field('boolean', 'ok', 'Aprobado')];
  const row = (variables: Record<string, unknown>, status = 'InProcess') => ({
    id: 'e1',
    status,
    variables,
    started_by_person_id: null,
    created_at: '2026-12-05T10:00:00.000Z',
    updated_at: new Date('2026-12-05T11:00:00Z'),
    completed_at: null,
    steps: ['Revisión', 'Cierre'],
  });

  it('words statuses, the public starter, steps and answers like the answer display', () => {
    expect(exportHeader(fields)).toEqual(['ID', 'Estado', 'Iniciado por', 'Iniciado', 'Actualizado', 'Completado', 'Paso actual', 'Título', 'Fecha', 'Aprobado']);
    expect(execCells(row({ title: 'Fuga', due: '2026-11-05', ok: true }), fields, new Map(), new Set(['e1']))).toEqual([
      'e1',
      'En proceso',
      'Público',
      '2026-12-05T10:00:00.000Z',
      '2026-12-05T11:00:00.000Z',
      '',
      'Revisión; Cierre',
      'Fuga',
      '5 de noviembre de 2026',
      'Sí',
    ]);
    expect(execCells(row({}, 'Error'), fields, new Map(), new Set()).slice(1, 3)).toEqual(['Completado con errores', '']);
    expect(execCells(row({}), fields, new Map(), new Set()).slice(7)).toEqual(['Sin respuesta', 'Sin respuesta', 'Sin respuesta']);
  });

  it('remembers a date by value, never across a skipped answer', () => {
    const memo = new Map<string, string>();
    const first = execCells(row({ due: '2026-11-05' }), fields, new Map(), new Set(), memo);
    const skipped = execCells(row({ due: '2026-11-05', due_skipped: true }), fields, new Map(), new Set(), memo);
    expect(first[8]).toBe('5 de noviembre de 2026');
    expect(memo.size).toBe(1);
    expect(skipped[8]).toBe(viewText({ kind: 'skipped', text: 'No aplica' }));
  });
});

describe('kanban moves follow the model', () => {
  const graph = {
    nodes: [
      { id: 's', type: 'VanillaStartEvent' },
      { id: 'a', type: 'UserTask' },
      { id: 'g', type: 'ExclusiveGateway' },
      { id: 'b', type: 'UserTask' },
      { id: 'c', type: 'UserTask' },
      { id: 't', type: 'TimerIntermediateCatchEvent' },
      { id: 'e', type: 'SuccessEndEvent' },
    ],
    flows: [
      { id: 'f1', source: 's', target: 'a' },
      { id: 'f2', source: 'a', target: 'g' },
      { id: 'f3', source: 'g', target: 'b' },
      { id: 'f4', source: 'g', target: 'e' },
      { id: 'f5', source: 'b', target: 't' },
      { id: 'f6', source: 't', target: 'c' },
    ],
  } as unknown as WfGraph;
  const columns = [
    { id: 'A', title: 'A', kind: 'task' as const, value: 'a' },
    { id: 'B', title: 'B', kind: 'task' as const, value: 'b' },
    { id: 'C', title: 'C', kind: 'task' as const, value: 'c' },
    { id: 'OK', title: 'OK', kind: 'status' as const, value: 'Success' },
    { id: 'RUN', title: 'RUN', kind: 'status' as const, value: 'InProcess' },
  ];

  it('through a gateway: the next tasks and ends; a timer stops the search', () => {
    expect(allowedColumns(columns, nextSteps(graph, 'a'))).toEqual(['B', 'OK']);
    expect(allowedColumns(columns, nextSteps(graph, 'b'))).toEqual([]);
  });

  it('a card stands in the first task column of its open tasks, else its status column', () => {
    expect(columnOf(columns, { status: 'InProcess', tasks: [{ id: '1', bpmn_id: 'b', name: '', form_id: null, assignee_ids: [] }] })?.id).toBe('B');
    expect(columnOf(columns, { status: 'InProcess', tasks: [] })?.id).toBe('RUN');
    expect(columnOf(columns, { status: 'Error', tasks: null })).toBeNull();
  });
});
