import type { TWfExecutionSummary, TWfUserTask, TWorkflowType } from '@faena/contracts';

/** Pure rules of the run-time screens (decision 025): inbox order, due states, status words, grouping. */

export type ExecutionStatus = TWfExecutionSummary['status'];

/** Spec §4 execution statuses, in words (i18n keys under workflows.run.status). */
export const STATUS_KEYS: Record<ExecutionStatus, string> = {
  InProcess: 'workflows.run.status.InProcess',
  Success: 'workflows.run.status.Success',
  Error: 'workflows.run.status.Error',
};
export const STATUS_COLORS: Record<ExecutionStatus, string> = { InProcess: 'blue', Success: 'green', Error: 'red' };
export const EXECUTION_STATUSES: readonly ExecutionStatus[] = ['InProcess', 'Success', 'Error'];

export type DueState = 'overdue' | 'soon' | 'later' | 'none';

/** Due within this long counts as "soon" (the badge turns yellow). */
export const SOON_MS = 24 * 3600 * 1000;

export function dueState(dueAt: string | null, now: Date): DueState {
  if (!dueAt) return 'none';
  const left = Date.parse(dueAt) - now.getTime();
  if (Number.isNaN(left)) return 'none';
  if (left < 0) return 'overdue';
  return left <= SOON_MS ? 'soon' : 'later';
}

/**
 * The inbox order: overdue first (the most overdue on top), then by due time, then tasks without
 * a due time; ties oldest first.
 */
export function sortTasks<T extends Pick<TWfUserTask, 'due_at' | 'created_at' | 'id'>>(tasks: readonly T[]): T[] {
  const due = (t: T) => (t.due_at ? Date.parse(t.due_at) : Number.POSITIVE_INFINITY);
  return [...tasks].sort((a, b) => due(a) - due(b) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "en 3 horas", "hace 2 días"; under a minute: null (the caller says "now"). */
export function relativeTo(date: Date, now: Date, language: string): string | null {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return null;
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  // rounded: 47 h ahead is "in 2 days" ("tomorrow" would read as sooner than it is)
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return null;
}

export interface TypeGroup {
  /** null: the types without a category. */
  category: { id: string; name: string } | null;
  types: TWorkflowType[];
}

/** The startable types by category (categories by name, the uncategorised last), each sorted by name. */
export function groupByCategory(types: readonly TWorkflowType[], locale = 'es'): TypeGroup[] {
  const groups = new Map<string, TypeGroup>();
  for (const type of types) {
    if (type.is_archived || !type.active_version) continue;
    const key = type.category?.id ?? '';
    const group = groups.get(key) ?? { category: type.category, types: [] };
    group.types.push(type);
    groups.set(key, group);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, locale, { sensitivity: 'base' });
  for (const group of groups.values()) group.types.sort((a, b) => byName(a.name, b.name));
  return [...groups.values()].sort((a, b) => (a.category ? (b.category ? byName(a.category.name, b.category.name) : -1) : 1));
}

/** Query-string values become prefilled start variables (numbers and booleans kept as such). */
export function variablesFromQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of params) {
    if (key === 'task') continue;
    if (raw === 'true' || raw === 'false') out[key] = raw === 'true';
    else if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(raw) && raw.length < 16) out[key] = Number(raw);
    else out[key] = raw;
  }
  return out;
}

/** The local day as the API's date filter bound (YYYY-MM-DD → the instant the local day starts or ends). */
export function dayBound(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return date.toISOString();
}
