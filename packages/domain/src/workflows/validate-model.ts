/**
 * Pure validation of a workflow model (decision 021). Works on the neutral graph of graph.ts so
 * the server (bpmn-moddle) and the modeler (bpmn-js) report the same problems.
 */
import { ShowIfError, parseShowIf, referencedFields } from '../forms/show-if-parser.ts';
import { ASSIGNABLE_VARIABLE_TYPES, ASSIGNEE_TYPES, type ProblemCode, WORKFLOW_MESSAGES } from './constants.ts';
import { type WfGraph, type WfNode, timerDueAt } from './graph.ts';

export interface ModelProblem {
  element_id: string | null;
  code: ProblemCode;
  detail: string;
  params?: Record<string, unknown>;
}

export interface ValidateOptions {
  /** Field names of each form referenced by the model; a form missing here is not checked for variables. */
  formFields?: Readonly<Record<string, readonly string[]>>;
  /** Variables always available (e.g. declared at start). */
  knownVariables?: readonly string[];
  /** Message names awaited elsewhere (message start / catch events of other published workflows). */
  awaitedElsewhere?: readonly string[];
  /**
   * The field types of each form referenced by the model (field name → field type, which is the
   * process variable's type: spec forms §3). A user task assigned through a process variable is
   * checked only when every form before it is here.
   */
  formFieldTypes?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** A process variable that can name who does a user task (spec shell §3: venue, venues, user, users). */
export interface AssignableVariable {
  name: string;
  type: (typeof ASSIGNABLE_VARIABLE_TYPES)[number];
}

function predecessorsOf(graph: WfGraph): Map<string, string[]> {
  const prev = new Map<string, string[]>();
  for (const [from, tos] of successorsOf(graph)) for (const to of tos) prev.set(to, [...(prev.get(to) ?? []), from]);
  return prev;
}

/**
 * The forms filled before an element: those of the start events and user tasks on some path that
 * leads to it (never its own form, even in a loop: the first time round it is not filled yet).
 */
export function formsBefore(graph: WfGraph, elementId: string): string[] {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const forms: string[] = [];
  for (const before of reach(predecessorsOf(graph).get(elementId) ?? [], predecessorsOf(graph))) {
    if (before === elementId) continue;
    const formId = nodes.get(before)?.formId;
    if (formId && !forms.includes(formId)) forms.push(formId);
  }
  return forms;
}

/**
 * The process variables of type venue, venues, user or users that the forms before an element fill,
 * by name (the first form's type wins for a name two forms share); null when a form before it is
 * not in `formFieldTypes` (its fields are not known, so nothing can be said).
 */
export function assignableVariablesBefore(graph: WfGraph, elementId: string, formFieldTypes: Readonly<Record<string, Readonly<Record<string, string>>>>): AssignableVariable[] | null {
  const found = new Map<string, AssignableVariable>();
  for (const formId of formsBefore(graph, elementId)) {
    const fields = formFieldTypes[formId];
    if (!fields) return null;
    for (const [name, type] of Object.entries(fields))
      if ((ASSIGNABLE_VARIABLE_TYPES as readonly string[]).includes(type) && !found.has(name)) found.set(name, { name, type: type as AssignableVariable['type'] });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Problems that refuse even a draft: a plain task, a subset violation. */
export function structuralProblems(graph: WfGraph): ModelProblem[] {
  const problems: ModelProblem[] = [];
  for (const node of graph.nodes) {
    if (node.bpmnType === 'bpmn:Task') problems.push({ element_id: node.id, code: 'plain-task', detail: WORKFLOW_MESSAGES.plainTask });
    else if (node.type === null)
      problems.push({
        element_id: node.id,
        code: 'unsupported-element',
        detail: `The element ${node.bpmnType.replace('bpmn:', '')} is not supported in a workflow.`,
        params: { bpmn_type: node.bpmnType },
      });
  }
  for (const extra of graph.extraneous) problems.push({ element_id: extra.id, code: 'unsupported-element', detail: 'A workflow has exactly one process.', params: { bpmn_type: extra.bpmnType } });
  return problems;
}

function successorsOf(graph: WfGraph): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const node of graph.nodes) next.set(node.id, []);
  for (const flow of graph.flows) next.get(flow.source)?.push(flow.target);
  // A boundary event is reached with the task it is attached to.
  for (const node of graph.nodes) if (node.type === 'TimerBoundaryEvent' && node.attachedTo) next.get(node.attachedTo)?.push(node.id);
  return next;
}

function reach(starts: Iterable<string>, edges: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const n of edges.get(id) ?? []) if (!seen.has(n)) stack.push(n);
  }
  return seen;
}

const isStart = (n: WfNode) => n.type === 'VanillaStartEvent' || n.type === 'MessageStartEvent';
const isEnd = (n: WfNode) => n.type === 'SuccessEndEvent' || n.type === 'ErrorEndEvent';

export function validateModel(graph: WfGraph, options: ValidateOptions = {}): ModelProblem[] {
  const problems = structuralProblems(graph);
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const next = successorsOf(graph);
  const prev = new Map<string, string[]>();
  for (const [from, tos] of next) for (const to of tos) prev.set(to, [...(prev.get(to) ?? []), from]);

  const starts = graph.nodes.filter(isStart);
  const ends = graph.nodes.filter(isEnd);
  if (starts.length === 0) problems.push({ element_id: null, code: 'no-start', detail: 'The workflow needs a start event.' });
  if (ends.length === 0) problems.push({ element_id: null, code: 'no-end', detail: 'The workflow needs an end event.' });

  const reachable = reach(
    starts.map((s) => s.id),
    next,
  );
  const canFinish = reach(
    ends.map((e) => e.id),
    prev,
  );
  for (const node of graph.nodes) {
    if (node.type === null) continue;
    if (starts.length > 0 && !reachable.has(node.id)) problems.push({ element_id: node.id, code: 'unreachable', detail: `"${node.name || node.id}" cannot be reached from a start event.` });
    else if (ends.length > 0 && !canFinish.has(node.id)) problems.push({ element_id: node.id, code: 'dead-end', detail: `"${node.name || node.id}" has no way to an end event.` });
  }
  for (const flow of graph.flows)
    if (!nodes.has(flow.source) || !nodes.has(flow.target)) problems.push({ element_id: flow.id, code: 'dead-end', detail: 'The sequence flow is not connected at both ends.' });

  // Variables each element may read: fields of the forms of the elements before it.
  const formFields = options.formFields ?? {};
  const variablesBefore = (id: string): Set<string> | null => {
    const vars = new Set(options.knownVariables ?? []);
    for (const before of reach(prev.get(id) ?? [], prev)) {
      const formId = nodes.get(before)?.formId;
      if (!formId) continue;
      const fields = formFields[formId];
      if (!fields) return null;
      for (const f of fields) vars.add(f);
    }
    return vars;
  };

  const thrown: WfNode[] = [];
  const awaited = new Set(options.awaitedElsewhere ?? []);
  for (const node of graph.nodes) {
    const outgoing = graph.flows.filter((f) => f.source === node.id);
    if (node.type === 'UserTask') {
      if (!node.formId) problems.push({ element_id: node.id, code: 'user-task-no-form', detail: `"${node.name || node.id}" needs a form.` });
      const type = node.assigneeType ?? 'starter';
      if (!(ASSIGNEE_TYPES as readonly string[]).includes(type) || (type !== 'starter' && !node.assignees))
        problems.push({ element_id: node.id, code: 'user-task-no-assignee', detail: `"${node.name || node.id}" needs someone to do it.` });
      else if (type === 'variable' && options.formFieldTypes) {
        const variable = node.assignees!.split(',')[0]!.trim();
        const available = assignableVariablesBefore(graph, node.id, options.formFieldTypes);
        if (available !== null && !available.some((v) => v.name === variable))
          problems.push({
            element_id: node.id,
            code: 'unknown-assignee-variable',
            detail: `"${node.name || node.id}" is assigned through the variable "${variable}", which no earlier form fills with a person, people, venue or venues field.`,
            params: { variable },
          });
      }
      if (node.dueIn && timerDueAt({ kind: 'duration', value: node.dueIn }, 0) === null)
        problems.push({ element_id: node.id, code: 'invalid-timer', detail: `The due time "${node.dueIn}" is not an ISO 8601 duration.` });
    }
    if (node.type === 'TimerIntermediateCatchEvent' || node.type === 'TimerBoundaryEvent') {
      if (!node.timer || timerDueAt(node.timer, 0) === null)
        problems.push({ element_id: node.id, code: 'invalid-timer', detail: 'The timer needs an ISO 8601 date, duration or cycle.', params: { value: node.timer?.value ?? null } });
    }
    if (node.definition === 'message' && node.type !== null) {
      if (!node.messageName) problems.push({ element_id: node.id, code: 'message-no-name', detail: 'The message event needs a message name.' });
      else if (node.type === 'MessageIntermediateThrowEvent') thrown.push(node);
      else awaited.add(node.messageName);
    }
    if (node.type === 'ExclusiveGateway' && outgoing.length > 1) {
      if (!node.defaultFlow || !outgoing.some((f) => f.id === node.defaultFlow))
        problems.push({ element_id: node.id, code: 'gateway-no-default', detail: `"${node.name || node.id}" needs a default flow.` });
      const vars = variablesBefore(node.id);
      for (const flow of outgoing) {
        if (flow.id === node.defaultFlow) continue;
        if (flow.condition === null) {
          problems.push({ element_id: flow.id, code: 'bad-condition', detail: 'The flow needs a condition (or to be the default flow).' });
          continue;
        }
        try {
          const ast = parseShowIf(flow.condition);
          if (vars === null) continue;
          for (const name of referencedFields(ast))
            if (!vars.has(name) && !vars.has(name.replace(/_skipped$/, '')))
              problems.push({ element_id: flow.id, code: 'unknown-variable', detail: `The condition reads "${name}", which no earlier form fills.`, params: { variable: name } });
        } catch (error) {
          if (!(error instanceof ShowIfError)) throw error;
          problems.push({ element_id: flow.id, code: 'bad-condition', detail: error.message, params: { reason: error.reason } });
        }
      }
    }
  }
  for (const node of thrown)
    if (!awaited.has(node.messageName!))
      problems.push({ element_id: node.id, code: 'message-not-awaited', detail: `No workflow waits for the message "${node.messageName}".`, params: { message: node.messageName } });
  return problems;
}
