import { ASSIGNEE_TYPES, TASK_NOTIFY_EVENTS, type AssigneeType } from '@faena/domain/workflows/constants';
import type { AssignableVariable } from '@faena/domain/workflows/validate-model';

/** What the side panel edits on a user task, read from / written to its faena: attributes. */
export interface UserTaskPanel {
  name: string;
  formId: string;
  assigneeType: AssigneeType;
  assignees: string[];
  dueIn: string;
  notify: string[];
}

/** The few fields of a bpmn-js business object the panel reads (moddle `get`). */
export interface BusinessObjectLike {
  get(name: string): unknown;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function list(value: unknown): string[] {
  return str(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function readUserTask(bo: BusinessObjectLike): UserTaskPanel {
  const type = str(bo.get('faena:assigneeType'));
  return {
    name: str(bo.get('name')),
    formId: str(bo.get('faena:formId')),
    assigneeType: (ASSIGNEE_TYPES as readonly string[]).includes(type) ? (type as AssigneeType) : 'starter',
    assignees: list(bo.get('faena:assignees')),
    dueIn: str(bo.get('faena:dueIn')),
    notify: list(bo.get('faena:notify')).filter((event) => (TASK_NOTIFY_EVENTS as readonly string[]).includes(event)),
  };
}

/**
 * The attributes to pass to `modeling.updateProperties` for a panel value. Empty values are
 * written as undefined so the attribute disappears from the XML (the starter is the default).
 */
export function userTaskAttributes(panel: UserTaskPanel): Record<string, string | undefined> {
  const starter = panel.assigneeType === 'starter';
  // the name is written by the panel's name field alone (a stale name here would undo a rename)
  return {
    'faena:formId': panel.formId || undefined,
    'faena:assigneeType': starter ? undefined : panel.assigneeType,
    'faena:assignees': starter || panel.assignees.length === 0 ? undefined : panel.assignees.join(','),
    'faena:dueIn': panel.dueIn || undefined,
    'faena:notify': panel.notify.length ? TASK_NOTIFY_EVENTS.filter((event) => panel.notify.includes(event)).join(',') : undefined,
  };
}

/** Timer definitions hold exactly one of timeDate / timeDuration / timeCycle. */
export const TIMER_KINDS = ['timeDate', 'timeDuration', 'timeCycle'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export function readTimer(definition: BusinessObjectLike): { kind: TimerKind; value: string } {
  for (const kind of TIMER_KINDS) {
    const expression = definition.get(kind) as BusinessObjectLike | undefined;
    if (expression) return { kind, value: str(expression.get('body')) };
  }
  return { kind: 'timeDuration', value: '' };
}

/** The fields of a form definition as the panel reads them (GET /api/forms/v3/forms/{id}/ description). */
export interface FormDefinitionLike {
  id: string;
  description: readonly unknown[];
}

/** Field name → field type of each form (its own fields: the process variables its answer sets). */
export function formFieldTypesOf(forms: readonly FormDefinitionLike[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const form of forms) {
    const types: Record<string, string> = {};
    for (const field of form.description)
      if (field && typeof field === 'object') {
        const { name, type } = field as { name?: unknown; type?: unknown };
        if (typeof name === 'string' && typeof type === 'string') types[name] = type;
      }
    out[form.id] = types;
  }
  return out;
}

export interface VariableChoice {
  /** The variable's name (what faena:assignees holds). */
  value: string;
  /** venue, venues, user or users; null for a saved name no earlier form fills any more. */
  type: AssignableVariable['type'] | null;
}

/**
 * The choices of the "process variable" assignee: the variables of type venue, venues, user or
 * users filled before the task, and a saved name that is not among them kept (as invalid) so it
 * stays visible until changed. `available` null: not known yet (forms still loading).
 */
export function variableChoices(available: readonly AssignableVariable[] | null, saved: string): { choices: VariableChoice[]; savedMissing: boolean } {
  const choices: VariableChoice[] = (available ?? []).map((v) => ({ value: v.name, type: v.type }));
  const savedMissing = available !== null && saved !== '' && !choices.some((c) => c.value === saved);
  if (saved !== '' && !choices.some((c) => c.value === saved)) choices.unshift({ value: saved, type: null });
  return { choices, savedMissing };
}
