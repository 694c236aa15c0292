import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import {
  FAENA_BPMN_DESCRIPTOR,
  assignableVariablesBefore,
  buildBpmnXml,
  formsBefore,
  cycleFiring,
  graphFromDefinitions,
  nextCycleFiring,
  parseIsoDuration,
  parseTimerCycle,
  timerDueAt,
  validateModel,
  type XmlFlow,
  type XmlNode,
} from '../../src/workflows/index.ts';

const moddle = new BpmnModdle({ faena: FAENA_BPMN_DESCRIPTOR });
async function graphOf(nodes: XmlNode[], flows: XmlFlow[]) {
  const { rootElement } = await moddle.fromXML(buildBpmnXml({ nodes, flows }));
  return graphFromDefinitions(rootElement);
}
const codes = (problems: { code: string; element_id: string | null }[]) => problems.map((p) => `${p.code}@${p.element_id}`).sort();

const FORMS = { f1: ['amount', 'reason'], f2: ['approved'] };

describe('graphFromDefinitions', () => {
  it('maps every supported element to its Faena type and reads the faena attributes', async () => {
    const g = await graphOf(
      [
        { id: 's', kind: 'start', formId: 'f1' },
        { id: 'ms', kind: 'messageStart', message: 'order', correlationKey: 'order_id' },
        { id: 't', kind: 'userTask', name: 'Revisar', formId: 'f2', assigneeType: 'people', assignees: 'p1,p2', dueIn: 'PT24H' },
        { id: 'b', kind: 'timerBoundary', attachedTo: 't', timer: { kind: 'duration', value: 'PT1H' } },
        { id: 'nb', kind: 'timerBoundary', attachedTo: 't', nonInterrupting: true, timer: { kind: 'cycle', value: 'R3/PT10M' } },
        { id: 'tc', kind: 'timerCatch', timer: { kind: 'date', value: '2030-01-01T00:00:00Z' } },
        { id: 'mc', kind: 'messageCatch', message: 'paid' },
        { id: 'mt', kind: 'messageThrow', message: 'order' },
        { id: 'pg', kind: 'parallel' },
        { id: 'xg', kind: 'exclusive', defaultFlow: 'f9' },
        { id: 'e', kind: 'end' },
        { id: 'ee', kind: 'errorEnd' },
      ],
      [{ id: 'f9', from: 'xg', to: 'e', condition: 'amount > 5' }],
    );
    const byId = Object.fromEntries(g.nodes.map((n) => [n.id, n]));
    expect(Object.fromEntries(g.nodes.map((n) => [n.id, n.type]))).toEqual({
      s: 'VanillaStartEvent',
      ms: 'MessageStartEvent',
      t: 'UserTask',
      b: 'TimerBoundaryEvent',
      nb: 'TimerBoundaryEvent',
      tc: 'TimerIntermediateCatchEvent',
      mc: 'MessageIntermediateCatchEvent',
      mt: 'MessageIntermediateThrowEvent',
      pg: 'ParallelGateway',
      xg: 'ExclusiveGateway',
      e: 'SuccessEndEvent',
      ee: 'ErrorEndEvent',
    });
    expect(byId.t).toMatchObject({ formId: 'f2', assigneeType: 'people', assignees: 'p1,p2', dueIn: 'PT24H' });
    expect(byId.ms).toMatchObject({ messageName: 'order', correlationKey: 'order_id' });
    expect(byId.b).toMatchObject({ attachedTo: 't', cancelActivity: true, timer: { kind: 'duration', value: 'PT1H' } });
    expect(byId.nb).toMatchObject({ attachedTo: 't', cancelActivity: false, timer: { kind: 'cycle', value: 'R3/PT10M' } });
    expect(byId.xg!.defaultFlow).toBe('f9');
    expect(g.flows[0]).toMatchObject({ source: 'xg', target: 'e', condition: 'amount > 5' });
  });
});

describe('validateModel', () => {
  it('accepts a sound model with an exclusive gateway over earlier form fields', async () => {
    const g = await graphOf(
      [
        { id: 's', kind: 'start', formId: 'f1' },
        { id: 'x', kind: 'exclusive', defaultFlow: 'fd' },
        { id: 't', kind: 'userTask', formId: 'f2' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f0', from: 's', to: 'x' },
        { id: 'fc', from: 'x', to: 't', condition: 'amount > 100000' },
        { id: 'fd', from: 'x', to: 'e' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    expect(validateModel(g, { formFields: FORMS })).toEqual([]);
  });

  it('reports each problem on its element', async () => {
    const g = await graphOf(
      [
        { id: 's', kind: 'start', formId: 'f1' },
        { id: 'plain', kind: 'task' },
        { id: 'x', kind: 'exclusive' },
        { id: 't', kind: 'userTask', assigneeType: 'people' },
        { id: 'loop', kind: 'userTask', formId: 'f2' },
        { id: 'lonely', kind: 'userTask', formId: 'f2' },
        { id: 'tc', kind: 'timerCatch', timer: { kind: 'duration', value: 'soon' } },
        { id: 'mt', kind: 'messageThrow', message: 'nobody' },
        { id: 'mc', kind: 'messageCatch' },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f0', from: 's', to: 'x' },
        { id: 'fa', from: 'x', to: 't', condition: 'amount >' },
        { id: 'fb', from: 'x', to: 'loop', condition: 'ghost == 1' },
        { id: 'fl', from: 'loop', to: 'loop' },
        { id: 'f1', from: 't', to: 'tc' },
        { id: 'f2', from: 'tc', to: 'mt' },
        { id: 'f3', from: 'mt', to: 'mc' },
        { id: 'f4', from: 'mc', to: 'e' },
        { id: 'f5', from: 'plain', to: 'e' },
      ],
    );
    expect(codes(validateModel(g, { formFields: FORMS }))).toEqual(
      [
        'plain-task@plain',
        'gateway-no-default@x',
        'bad-condition@fa',
        'unknown-variable@fb',
        'dead-end@loop',
        'unreachable@lonely',
        'user-task-no-form@t',
        'user-task-no-assignee@t',
        'invalid-timer@tc',
        'message-not-awaited@mt',
        'message-no-name@mc',
      ].sort(),
    );
  });

  it('a user task assigned through a process variable needs a venue, venues, user or users field of a form before it', async () => {
    const TYPES = {
      f1: { amount: 'integer', jefe: 'user', tienda: 'venue' },
      f2: { approved: 'boolean', equipo: 'users', sedes: 'venues', nota: 'text' },
      f3: { tarde: 'user' },
    };
    const model = (assignee: string, task = 'b') =>
      graphOf(
        [
          { id: 's', kind: 'start', formId: 'f1' },
          { id: 'a', kind: 'userTask', formId: 'f2' },
          { id: 'b', kind: 'userTask', formId: 'f2', assigneeType: 'variable', assignees: task === 'b' ? assignee : 'jefe' },
          { id: 'c', kind: 'userTask', formId: 'f3', assigneeType: 'variable', assignees: task === 'c' ? assignee : 'jefe' },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f0', from: 's', to: 'a' },
          { id: 'f1', from: 'a', to: 'b' },
          { id: 'f2', from: 'b', to: 'c' },
          { id: 'f3', from: 'c', to: 'e' },
        ],
      );
    const g = await model('jefe');
    // the start form and the tasks before: never the task's own form, never a form after it
    expect(formsBefore(g, 'b')).toEqual(['f2', 'f1']);
    expect(assignableVariablesBefore(g, 'b', TYPES)).toEqual([
      { name: 'equipo', type: 'users' },
      { name: 'jefe', type: 'user' },
      { name: 'sedes', type: 'venues' },
      { name: 'tienda', type: 'venue' },
    ]);
    expect(assignableVariablesBefore(g, 'b', { f1: TYPES.f1 })).toBeNull();
    for (const ok of ['jefe', 'tienda', 'equipo', 'sedes']) expect(validateModel(await model(ok), { formFields: FORMS, formFieldTypes: TYPES })).toEqual([]);
    // a text field, a field of a later form, a name nobody fills
    for (const bad of ['nota', 'tarde', 'fantasma']) {
      const problems = validateModel(await model(bad), { formFields: FORMS, formFieldTypes: TYPES });
      expect(codes(problems)).toEqual(['unknown-assignee-variable@b']);
      expect(problems[0]).toMatchObject({ params: { variable: bad } });
    }
    // its own form fills it only after it (a loop back to it is still the first time round)
    expect(codes(validateModel(await model('tarde', 'c'), { formFields: FORMS, formFieldTypes: TYPES }))).toEqual(['unknown-assignee-variable@c']);
    // with the forms' types unknown nothing is said
    expect(validateModel(await model('fantasma'), { formFields: FORMS })).toEqual([]);
  });

  it('reports a missing start and end, and counts messages awaited elsewhere', async () => {
    const g = await graphOf([{ id: 'mt', kind: 'messageThrow', message: 'order' }], []);
    expect(codes(validateModel(g, { awaitedElsewhere: ['order'] }))).toEqual(['no-end@null', 'no-start@null']);
  });
});

describe('timers', () => {
  it('reads ISO 8601 durations, dates and cycles', () => {
    expect(parseIsoDuration('PT1H30M')).toBe(5_400_000);
    expect(parseIsoDuration('P1DT1S')).toBe(86_401_000);
    expect(parseIsoDuration('P')).toBeNull();
    expect(parseIsoDuration('PT')).toBeNull();
    expect(timerDueAt({ kind: 'duration', value: 'PT1S' }, 1000)).toBe(2000);
    expect(timerDueAt({ kind: 'date', value: '2030-01-01T00:00:00Z' }, 0)).toBe(Date.UTC(2030, 0, 1));
    expect(timerDueAt({ kind: 'date', value: '2030-01-01' }, 0)).toBeNull();
    expect(timerDueAt({ kind: 'cycle', value: 'R3/PT10M' }, 0)).toBe(600_000);
    expect(timerDueAt({ kind: 'cycle', value: 'PT10M' }, 0)).toBeNull();
    expect(timerDueAt({ kind: 'cycle', value: 'R0/PT10M' }, 0)).toBeNull();
  });

  it('repeats a cycle: R3 three firings one period apart, R unbounded, a start on its grid, missed periods collapsed', () => {
    const h = 3_600_000;
    expect(parseTimerCycle('R3/PT1H')).toEqual({ repetitions: 3, start: null, periodMs: h });
    expect(parseTimerCycle('R/PT10M')).toEqual({ repetitions: null, start: null, periodMs: 600_000 });
    expect(parseTimerCycle('R-1/PT10M')?.repetitions).toBeNull();
    expect(parseTimerCycle('R3/PT0S')).toBeNull();
    expect(parseTimerCycle('R3/2030-01-01/PT1H')).toBeNull();
    const r3 = parseTimerCycle('R3/PT1H')!;
    expect([1, 2, 3, 4].map((k) => cycleFiring(r3, 0, k))).toEqual([h, 2 * h, 3 * h, null]);
    expect(cycleFiring(parseTimerCycle('R/PT1H')!, 0, 1000)).toBe(1000 * h);
    // a start: the first firing at it, then every period
    const from = parseTimerCycle('R3/2030-01-01T08:00:00Z/PT1H')!;
    const eight = Date.UTC(2030, 0, 1, 8);
    expect([1, 2, 3].map((k) => cycleFiring(from, 0, k))).toEqual([eight, eight + h, eight + 2 * h]);
    expect(timerDueAt({ kind: 'cycle', value: 'R3/2030-01-01T08:00:00Z/PT1H' }, 0)).toBe(eight);
    // armed after its start: the next point of its grid; all past: the last one, at once
    expect(nextCycleFiring(from, 0, 1, eight + 30 * 60_000)).toEqual({ k: 2, at: eight + h });
    expect(nextCycleFiring(from, 0, 1, eight + 5 * h)).toEqual({ k: 3, at: eight + 2 * h });
    // a job that ran late (a server down for several periods) fired once for the missed ones: the next keeps the grid
    expect(nextCycleFiring(parseTimerCycle('R/PT1H')!, 0, 2, 4.5 * h)).toEqual({ k: 5, at: 5 * h });
    expect(nextCycleFiring(r3, 0, 4, 0)).toBeNull();
  });
});
