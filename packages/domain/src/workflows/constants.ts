/**
 * Workflow element types (spec forms-and-modules §4), their Spanish labels, and the mapping from a
 * BPMN element (its $type + event definition) to the Faena element type. Shared by the server
 * engine and the bpmn-js modeler (decision 021).
 */
import faenaDescriptor from './faena-bpmn.json' with { type: 'json' };

export const FAENA_BPMN_DESCRIPTOR = faenaDescriptor;
export const FAENA_BPMN_URI = 'http://faena.app/schema/bpmn/1.0';

export const WORKFLOW_ELEMENT_TYPES = [
  'VanillaStartEvent',
  'MessageStartEvent',
  'UserTask',
  'TimerIntermediateCatchEvent',
  'MessageIntermediateCatchEvent',
  'MessageIntermediateThrowEvent',
  'SuccessEndEvent',
  'ErrorEndEvent',
  'TimerBoundaryEvent',
  'ParallelGateway',
  'ExclusiveGateway',
  'undefined_expired',
] as const;
export type WorkflowElementType = (typeof WORKFLOW_ELEMENT_TYPES)[number];

/** Spanish labels (spec §4; the design names the rest). */
export const WORKFLOW_ELEMENT_LABELS_ES: Readonly<Record<WorkflowElementType, string>> = {
  VanillaStartEvent: 'Evento de inicio',
  MessageStartEvent: 'Evento de inicio por mensaje',
  UserTask: 'Actividad de usuario',
  TimerIntermediateCatchEvent: 'Temporizador',
  MessageIntermediateCatchEvent: 'Espera de mensaje',
  MessageIntermediateThrowEvent: 'Envío de mensaje',
  SuccessEndEvent: 'Fin exitoso',
  ErrorEndEvent: 'Fin con error',
  TimerBoundaryEvent: 'Temporizador de límite',
  ParallelGateway: 'Compuerta paralela',
  ExclusiveGateway: 'Compuerta exclusiva',
  undefined_expired: 'Expirado',
};

export const EXECUTION_STATUSES = ['InProcess', 'Success', 'Error'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const ASSIGNEE_TYPES = ['starter', 'people', 'positions', 'audience', 'variable'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

/** Process-variable types that can name who does a user task (spec shell §3). */
export const ASSIGNABLE_VARIABLE_TYPES = ['user', 'users', 'venue', 'venues'] as const;

export const TASK_NOTIFY_EVENTS = ['assigned', 'due_soon', 'completed'] as const;

export const PROBLEM_CODES = [
  'plain-task',
  'unsupported-element',
  'no-start',
  'no-end',
  'unreachable',
  'dead-end',
  'gateway-no-default',
  'bad-condition',
  'unknown-variable',
  'user-task-no-form',
  'invalid-timer',
  'message-no-name',
  'message-not-awaited',
  'user-task-no-assignee',
  'unknown-assignee-variable',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const WORKFLOW_MESSAGES = {
  plainTask: 'A plain task is not supported: use a user task (Actividad de usuario) instead.',
  published: "Can't edit a published workflow. You must create a new version.",
  draft: "Can't execute a workflow draft. You must publish it first.",
  saveError: 'Error while trying to save',
} as const;

/** BPMN $types of the supported subset (bpmn-moddle / bpmn-js names). */
export const SUPPORTED_BPMN_TYPES = [
  'bpmn:StartEvent',
  'bpmn:UserTask',
  'bpmn:IntermediateCatchEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:EndEvent',
  'bpmn:BoundaryEvent',
  'bpmn:ParallelGateway',
  'bpmn:ExclusiveGateway',
  'bpmn:SequenceFlow',
] as const;

/** Element-definition kinds the mapping looks at (first eventDefinition's $type). */
export type EventDefinitionKind = 'message' | 'timer' | 'error' | 'other' | null;

export function eventDefinitionKind(defType: string | undefined | null): EventDefinitionKind {
  if (!defType) return null;
  if (defType === 'bpmn:MessageEventDefinition') return 'message';
  if (defType === 'bpmn:TimerEventDefinition') return 'timer';
  if (defType === 'bpmn:ErrorEventDefinition') return 'error';
  return 'other';
}

/**
 * The Faena element type of a BPMN flow node, or null when it is outside the subset
 * (a plain bpmn:Task is outside: validation reports it as plain-task).
 */
export function faenaElementType(bpmnType: string, definition: EventDefinitionKind): WorkflowElementType | null {
  switch (bpmnType) {
    case 'bpmn:StartEvent':
      if (definition === null) return 'VanillaStartEvent';
      return definition === 'message' ? 'MessageStartEvent' : null;
    case 'bpmn:UserTask':
      return 'UserTask';
    case 'bpmn:IntermediateCatchEvent':
      if (definition === 'timer') return 'TimerIntermediateCatchEvent';
      return definition === 'message' ? 'MessageIntermediateCatchEvent' : null;
    case 'bpmn:IntermediateThrowEvent':
      return definition === 'message' ? 'MessageIntermediateThrowEvent' : null;
    case 'bpmn:EndEvent':
      if (definition === null) return 'SuccessEndEvent';
      return definition === 'error' ? 'ErrorEndEvent' : null;
    case 'bpmn:BoundaryEvent':
      // interrupting (the task expires) or not (the task stays open; a cycle fires every period)
      return definition === 'timer' ? 'TimerBoundaryEvent' : null;
    case 'bpmn:ParallelGateway':
      return 'ParallelGateway';
    case 'bpmn:ExclusiveGateway':
      return 'ExclusiveGateway';
    default:
      return null;
  }
}
