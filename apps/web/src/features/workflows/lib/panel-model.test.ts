import { describe, expect, it } from 'vitest';
import { fromIsoCycle, fromIsoDuration, toIsoCycle, toIsoDuration } from './duration.ts';
import { formFieldTypesOf, readTimer, readUserTask, userTaskAttributes, variableChoices, type BusinessObjectLike } from './panel-model.ts';
import { findPlainTasks } from './plain-task.ts';

const bo = (values: Record<string, unknown>): BusinessObjectLike => ({ get: (name) => values[name] });

describe('side panel ↔ faena: attributes', () => {
  it('reads a user task with no faena attributes as assigned to the starter, no form, no notifications', () => {
    expect(readUserTask(bo({ name: 'Revisar' }))).toEqual({ name: 'Revisar', formId: '', assigneeType: 'starter', assignees: [], dueIn: '', notify: [] });
  });

  it('reads the attributes written by the panel back unchanged', () => {
    const panel = { name: 'Aprobar', formId: 'f1', assigneeType: 'positions' as const, assignees: ['p1', 'p2'], dueIn: 'PT24H', notify: ['assigned', 'completed'] };
    const attrs = userTaskAttributes(panel);
    expect(attrs).toEqual({ 'faena:formId': 'f1', 'faena:assigneeType': 'positions', 'faena:assignees': 'p1,p2', 'faena:dueIn': 'PT24H', 'faena:notify': 'assigned,completed' });
    expect(readUserTask(bo({ ...attrs, name: 'Aprobar' }))).toEqual(panel);
  });

  it('drops empty values and the default starter so the XML carries no empty attributes', () => {
    const attrs = userTaskAttributes({ name: '', formId: '', assigneeType: 'starter', assignees: ['ignored'], dueIn: '', notify: [] });
    expect(Object.values(attrs).every((value) => value === undefined)).toBe(true);
  });

  it('ignores unknown assignee types and notification events', () => {
    const panel = readUserTask(bo({ 'faena:assigneeType': 'robots', 'faena:notify': 'assigned, nope ,due_soon' }));
    expect(panel.assigneeType).toBe('starter');
    expect(panel.notify).toEqual(['assigned', 'due_soon']);
  });

  it('writes notifications in the fixed order whatever the order they were ticked', () => {
    expect(userTaskAttributes({ name: 'x', formId: '', assigneeType: 'starter', assignees: [], dueIn: '', notify: ['completed', 'assigned'] })['faena:notify']).toBe('assigned,completed');
  });

  it('reads the one timer expression a timer definition holds', () => {
    expect(readTimer(bo({ timeCycle: bo({ body: 'R3/PT1H' }) }))).toEqual({ kind: 'timeCycle', value: 'R3/PT1H' });
    expect(readTimer(bo({}))).toEqual({ kind: 'timeDuration', value: '' });
  });
});

describe('due times as ISO 8601 durations', () => {
  it('builds and parses number + unit', () => {
    for (const [amount, unit, iso] of [
      [24, 'hours', 'PT24H'],
      [30, 'minutes', 'PT30M'],
      [2, 'days', 'P2D'],
      [1, 'weeks', 'P1W'],
    ] as const) {
      expect(toIsoDuration(amount, unit)).toBe(iso);
      expect(fromIsoDuration(iso)).toEqual({ amount, unit });
    }
  });

  it('does not pretend to understand other durations', () => {
    expect(fromIsoDuration('P1DT2H')).toBeNull();
    expect(fromIsoDuration('')).toBeNull();
  });
});

describe('plain tasks', () => {
  it('are found by their bpmn:Task type only', () => {
    expect(
      findPlainTasks([
        { id: 'a', type: 'bpmn:UserTask' },
        { id: 'b', type: 'bpmn:Task' },
        { id: 'c', type: 'bpmn:StartEvent' },
      ]),
    ).toEqual(['b']);
  });
});

describe('timer cycles in the panel', () => {
  it('builds and reads back R3/PT1H and R/P1D; other shapes stay text', () => {
    expect(toIsoCycle(3, 1, 'hours')).toBe('R3/PT1H');
    expect(toIsoCycle(null, 1, 'days')).toBe('R/P1D');
    expect(fromIsoCycle('R3/PT1H')).toEqual({ repetitions: 3, amount: 1, unit: 'hours' });
    expect(fromIsoCycle('R/P1D')).toEqual({ repetitions: null, amount: 1, unit: 'days' });
    expect(fromIsoCycle('R3/2030-01-01T08:00:00Z/PT1H')).toBeNull();
    expect(fromIsoCycle('R0/PT1H')).toBeNull();
    expect(fromIsoCycle('R2/PT0M')).toBeNull();
    expect(fromIsoCycle('PT1H')).toBeNull();
  });
});

describe('process variable assignee choices', () => {
  it('reads field name → type from form definitions, skipping what is not a named field', () => {
    const forms = [
      { id: 'f1', description: [{ name: 'jefe', type: 'user' }, { name: 'monto', type: 'integer' }, { type: 'display_text' }, null] },
      { id: 'f2', description: [] },
    ];
    expect(formFieldTypesOf(forms)).toEqual({ f1: { jefe: 'user', monto: 'integer' }, f2: {} });
  });

  it('offers the variables filled before the task, and keeps a saved name no earlier form fills as invalid', () => {
    const available = [
      { name: 'equipo', type: 'users' as const },
      { name: 'jefe', type: 'user' as const },
    ];
    expect(variableChoices(available, 'jefe')).toEqual({
      choices: [
        { value: 'equipo', type: 'users' },
        { value: 'jefe', type: 'user' },
      ],
      savedMissing: false,
    });
    expect(variableChoices(available, 'supervisor')).toEqual({
      choices: [
        { value: 'supervisor', type: null },
        { value: 'equipo', type: 'users' },
        { value: 'jefe', type: 'user' },
      ],
      savedMissing: true,
    });
    expect(variableChoices(available, '').savedMissing).toBe(false);
    // forms still loading: the saved name shows, not yet called invalid
    expect(variableChoices(null, 'supervisor')).toEqual({ choices: [{ value: 'supervisor', type: null }], savedMissing: false });
  });
});
