import { ASSIGNEE_TYPES, TASK_NOTIFY_EVENTS, type AssigneeType } from '@faena/domain/workflows/constants';

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
