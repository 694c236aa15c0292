/**
 * A small neutral graph of a BPMN process, built from moddle elements: bpmn-moddle's
 * `fromXML` output on the server, or the business objects of bpmn-js in the browser (both
 * are moddle trees). Validation and the engine work on this graph only.
 */
import { type EventDefinitionKind, type WorkflowElementType, eventDefinitionKind, faenaElementType } from './constants.ts';

export type TimerKind = 'date' | 'duration' | 'cycle';

export interface WfNode {
  id: string;
  name: string;
  /** The moddle $type, e.g. 'bpmn:UserTask'. */
  bpmnType: string;
  /** The Faena element type; null when outside the supported subset. */
  type: WorkflowElementType | null;
  definition: EventDefinitionKind;
  /** More than one event definition (not supported). */
  multipleDefinitions?: boolean;
  formId?: string | null;
  assigneeType?: string | null;
  assignees?: string | null;
  dueIn?: string | null;
  notify?: string | null;
  messageName?: string | null;
  correlationKey?: string | null;
  timer?: { kind: TimerKind; value: string } | null;
  attachedTo?: string | null;
  cancelActivity?: boolean;
  defaultFlow?: string | null;
}

export interface WfFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  condition: string | null;
}

export interface WfGraph {
  nodes: WfNode[];
  flows: WfFlow[];
  /** Elements of the definitions that are neither nodes nor flows we understand (e.g. a second process). */
  extraneous: { id: string; bpmnType: string }[];
}

type Moddle = Record<string, unknown> & { $type?: string; id?: string; name?: string };

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function attr(el: Moddle, name: string): string | null {
  const direct = str(el[name]);
  if (direct !== null) return direct;
  // Unknown attributes (no descriptor registered) land in $attrs with the prefix.
  const attrs = el.$attrs as Record<string, unknown> | undefined;
  return attrs ? str(attrs[`faena:${name}`]) : null;
}

function refId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Moddle).id === 'string') return (value as Moddle).id!;
  return null;
}

function expressionBody(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  return str((value as Moddle).body);
}

const IGNORED_TYPES = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:Group']);

/** Builds the graph from a moddle `bpmn:Definitions` (or a bpmn-js root business object). */
export function graphFromDefinitions(definitions: unknown): WfGraph {
  const graph: WfGraph = { nodes: [], flows: [], extraneous: [] };
  const defs = (definitions ?? {}) as Moddle;
  let processes: Moddle[];
  if (defs.$type === 'bpmn:Process') processes = [defs];
  else processes = ((defs.rootElements as Moddle[] | undefined) ?? []).filter((r) => r.$type === 'bpmn:Process');
  if (processes.length === 0) return graph;
  for (const extra of processes.slice(1)) graph.extraneous.push({ id: extra.id ?? '', bpmnType: 'bpmn:Process' });
  const process = processes[0]!;
  for (const el of (process.flowElements as Moddle[] | undefined) ?? []) {
    const bpmnType = el.$type ?? '';
    const id = el.id ?? '';
    if (IGNORED_TYPES.has(bpmnType)) continue;
    if (bpmnType === 'bpmn:SequenceFlow') {
      graph.flows.push({
        id,
        name: str(el.name) ?? '',
        source: refId(el.sourceRef) ?? '',
        target: refId(el.targetRef) ?? '',
        condition: expressionBody(el.conditionExpression),
      });
      continue;
    }
    const defsList = ((el.eventDefinitions as Moddle[] | undefined) ?? []).filter(Boolean);
    const first = defsList[0];
    const definition = eventDefinitionKind(first?.$type);
    const cancelActivity = el.cancelActivity === undefined ? true : el.cancelActivity !== false;
    const node: WfNode = {
      id,
      name: str(el.name) ?? '',
      bpmnType,
      type: defsList.length > 1 ? null : faenaElementType(bpmnType, definition),
      definition,
    };
    if (defsList.length > 1) node.multipleDefinitions = true;
    if (bpmnType === 'bpmn:UserTask' || bpmnType === 'bpmn:StartEvent') node.formId = attr(el, 'formId');
    if (bpmnType === 'bpmn:UserTask') {
      node.assigneeType = attr(el, 'assigneeType');
      node.assignees = attr(el, 'assignees');
      node.dueIn = attr(el, 'dueIn');
      node.notify = attr(el, 'notify');
    }
    if (definition === 'message' && first) {
      const message = first.messageRef as Moddle | string | undefined;
      node.messageName = typeof message === 'object' && message ? str(message.name) : null;
      node.correlationKey = attr(first, 'correlationKey');
    }
    if (definition === 'timer' && first) {
      const date = expressionBody(first.timeDate);
      const duration = expressionBody(first.timeDuration);
      const cycle = expressionBody(first.timeCycle);
      node.timer = date !== null ? { kind: 'date', value: date } : duration !== null ? { kind: 'duration', value: duration } : cycle !== null ? { kind: 'cycle', value: cycle } : null;
    }
    if (bpmnType === 'bpmn:BoundaryEvent') {
      node.attachedTo = refId(el.attachedToRef);
      node.cancelActivity = cancelActivity;
    }
    if (bpmnType === 'bpmn:ExclusiveGateway') node.defaultFlow = refId(el.default);
    graph.nodes.push(node);
  }
  return graph;
}

const DURATION = /^P(?!$)(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration in milliseconds (years = 365 days, months = 30 days), or null when invalid. */
export function parseIsoDuration(value: string): number | null {
  const m = DURATION.exec(value.trim());
  if (!m) return null;
  const [, y, mo, w, d, h, mi, s] = m.map((part) => (part === undefined ? 0 : Number(part)));
  const ms = ((((y! * 365 + mo! * 30 + w! * 7 + d!) * 24 + h!) * 60 + mi!) * 60 + s!) * 1000;
  return Number.isFinite(ms) ? Math.round(ms) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface TimerCycle {
  /** R3 → 3; R (or R-1) → null: repeats for as long as the timer is armed. */
  repetitions: number | null;
  /** An explicit start (R3/2030-01-01T08:00Z/PT1H): the first firing is at it. */
  start: number | null;
  periodMs: number;
}

/** An ISO 8601 repeating interval `R[n]/[start/]duration`, or null when invalid (R0 never fires). */
export function parseTimerCycle(value: string): TimerCycle | null {
  const parts = value.trim().split('/');
  if (parts.length < 2 || parts.length > 3) return null;
  const r = /^R(-1|\d*)$/.exec(parts[0]!);
  if (!r) return null;
  const repetitions = r[1] === '' || r[1] === '-1' ? null : Number(r[1]);
  if (repetitions === 0) return null;
  const periodMs = parseIsoDuration(parts[parts.length - 1]!);
  if (periodMs === null || periodMs <= 0) return null;
  let start: number | null = null;
  if (parts.length === 3) {
    if (!ISO_DATE.test(parts[1]!)) return null;
    start = Date.parse(parts[1]!);
    if (Number.isNaN(start)) return null;
  }
  return { repetitions, start, periodMs };
}

/**
 * The k-th firing (1-based) of a cycle armed at `origin` (ms), or null after its last repetition:
 * without a start, origin + k periods; with a start, start + (k − 1) periods (each interval's beginning).
 */
export function cycleFiring(cycle: TimerCycle, origin: number, k: number): number | null {
  if (k < 1 || (cycle.repetitions !== null && k > cycle.repetitions)) return null;
  return cycle.start === null ? origin + k * cycle.periodMs : cycle.start + (k - 1) * cycle.periodMs;
}

/**
 * The first firing at or after `now` from repetition `k` on (missed ones — a start in the past, a
 * server that was down for several periods — collapse into the next one); when every repetition
 * is past, the last one (so it fires at once). Null only for an invalid k.
 */
export function nextCycleFiring(cycle: TimerCycle, origin: number, k: number, now: number): { k: number; at: number } | null {
  const at = cycleFiring(cycle, origin, k);
  if (at === null) return null;
  if (at >= now) return { k, at };
  const base = cycle.start ?? origin;
  const offset = cycle.start === null ? 0 : 1;
  const due = Math.ceil((now - base) / cycle.periodMs) + offset;
  const last = cycle.repetitions ?? Number.POSITIVE_INFINITY;
  const next = Math.min(Math.max(k, due), last);
  return { k: next, at: cycleFiring(cycle, origin, next)! };
}

/**
 * When a timer first fires, in epoch ms, counted from `from` (ms); null when the expression is
 * invalid. A cycle's first firing: a catch or an interrupting boundary fires once (its token
 * leaves); a non-interrupting boundary fires again every period (the engine's cycle jobs).
 */
export function timerDueAt(timer: { kind: TimerKind; value: string }, from: number): number | null {
  const value = timer.value.trim();
  if (timer.kind === 'date') {
    if (!ISO_DATE.test(value)) return null;
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : at;
  }
  if (timer.kind === 'duration') {
    const ms = parseIsoDuration(value);
    return ms === null ? null : from + ms;
  }
  const cycle = parseTimerCycle(value);
  return cycle ? (nextCycleFiring(cycle, from, 1, from)?.at ?? null) : null;
}
