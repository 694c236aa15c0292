import { ZFormDefinition } from '@faena/domain/forms/definition';
import type { FieldType } from '@faena/domain/forms/field-types';
import { FIELD_NAME_MAX_LENGTH, type FormField } from '@faena/domain/forms/schema';
import { isInputField } from '@faena/domain/forms/values';

/**
 * The builder's draft: the form's name and field list, edited in place, plus pure helpers to add,
 * move, copy and remove fields (sub-forms included) and to check the whole definition with the
 * same schema the server applies.
 */
export interface Draft {
  name: string;
  fields: FormField[];
}

export type FieldId = string | number;
export const idKey = (id: FieldId) => `${typeof id}:${id}`;

/** Every field id of the definition, sub-forms included. */
function allIds(fields: readonly FormField[], out: FieldId[] = []): FieldId[] {
  for (const field of fields) {
    out.push(field.id);
    if (field.type === 'form') allIds(field.fields, out);
  }
  return out;
}

export function nextFieldId(fields: readonly FormField[]): number {
  return allIds(fields).reduce<number>((max, id) => (typeof id === 'number' && id > max ? id : max), 0) + 1;
}

/** A field name from its label: lower case, accents kept as letters, spaces to '_', unique. */
export function nameFromLabel(label: string, taken: ReadonlySet<string>, fallback: string): string {
  let base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  if (base === '' || /^\d/.test(base)) base = fallback;
  if (base.startsWith('__')) base = base.replace(/^_+/, '');
  if (base.endsWith('_skipped')) base = `${base}_`;
  let name = base;
  for (let n = 2; taken.has(name) || taken.has(name.replace(/_skipped$/, '')); n += 1) name = `${base}_${n}`.slice(0, FIELD_NAME_MAX_LENGTH);
  return name;
}

export function namesOf(fields: readonly FormField[]): Set<string> {
  const names = new Set<string>();
  for (const field of fields) if (isInputField(field)) names.add(field.name);
  return names;
}

/** A new field of a type with sensible defaults (two options, a 1–5 scale, five stars…). */
export function newField(type: FieldType, id: number, siblings: readonly FormField[], labels: { field: string; option: (n: number) => string }): FormField {
  if (type === 'display_text') return { id, type, text: '' };
  const name = nameFromLabel(labels.field, namesOf(siblings), `campo_${id}`);
  const common = { id, name, label: labels.field, required: false, skippable: false, validators: [] };
  switch (type) {
    case 'multiple_choice':
    case 'checkboxes':
      return { ...common, type, choices: [{ choice: labels.option(1) }, { choice: labels.option(2) }] };
    case 'value_in_num_range':
      return { ...common, type, start: 1, stop: 5, step: 1, start_label: null, stop_label: null, interpretations: [] };
    case 'stars':
    case 'reactions':
    case 'emotion':
      return { ...common, type, max: 5, labels: [] };
    case 'image':
    case 'images':
      return { ...common, type, source: 'camera_and_gallery' };
    case 'data_source':
      return { ...common, type, data_source_id: null, display_key: 'label' };
    case 'form':
      return { ...common, type, fields: [] };
    default:
      return { ...common, type } as FormField;
  }
}

/* ------------------------------------------------------------------ tree edits (by id path) */

/** The list that holds a field, found by the ids of the sub-forms above it. */
export type ListPath = readonly FieldId[];

export function listAt(fields: readonly FormField[], path: ListPath): readonly FormField[] {
  let current = fields;
  for (const id of path) {
    const parent = current.find((field) => field.id === id);
    current = parent && parent.type === 'form' ? parent.fields : [];
  }
  return current;
}

export function updateList(fields: FormField[], path: ListPath, update: (list: FormField[]) => FormField[]): FormField[] {
  if (path.length === 0) return update(fields);
  const [head, ...rest] = path;
  return fields.map((field) => (field.id === head && field.type === 'form' ? { ...field, fields: updateList(field.fields, rest, update) } : field));
}

export function updateField(fields: FormField[], path: ListPath, id: FieldId, update: (field: FormField) => FormField): FormField[] {
  return updateList(fields, path, (list) => list.map((field) => (field.id === id ? update(field) : field)));
}

export function removeField(fields: FormField[], path: ListPath, id: FieldId): FormField[] {
  return updateList(fields, path, (list) => list.filter((field) => field.id !== id));
}

export function insertField(fields: FormField[], path: ListPath, field: FormField, afterId?: FieldId): FormField[] {
  return updateList(fields, path, (list) => {
    const at = afterId === undefined ? -1 : list.findIndex((candidate) => candidate.id === afterId);
    if (at === -1) return [...list, field];
    return [...list.slice(0, at + 1), field, ...list.slice(at + 1)];
  });
}

export function moveField(fields: FormField[], path: ListPath, from: number, to: number): FormField[] {
  return updateList(fields, path, (list) => {
    if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    return next;
  });
}

/** A copy with fresh ids and unique names (the copy is a new field: its name may still change). */
export function copyField(field: FormField, nextId: () => number, siblings: readonly FormField[]): FormField {
  const id = nextId();
  if (!isInputField(field)) return { ...field, id };
  const copy = { ...field, id, name: nameFromLabel(`${field.name}_copia`, namesOf(siblings), `campo_${id}`) } as FormField;
  if (copy.type === 'form') copy.fields = copy.fields.map((child) => copyField(child, nextId, []));
  return copy;
}

/* ------------------------------------------------------------------ checking */

export interface DraftProblem {
  /** Ids from the top-level field down to the one concerned (empty: the form itself). */
  ids: FieldId[];
  /** The key the message is about (label, name, choices, show_if, validators…). */
  key: string;
  message: string;
}

/** The definition through the server's own schema: problems by field, or the clean definition. */
export function checkDraft(fields: readonly FormField[]): { ok: true; definition: FormField[] } | { ok: false; problems: DraftProblem[] } {
  const parsed = ZFormDefinition.safeParse(fields);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const ids: FieldId[] = [];
    let list: readonly FormField[] = fields;
    let key = '';
    const path = issue.path as (string | number)[];
    for (let at = 0; at < path.length; at += 1) {
      const part = path[at];
      if (typeof part === 'number' && list[part]) {
        const field: FormField = list[part]!;
        ids.push(field.id);
        key = String(path[at + 1] ?? '');
        if (path[at + 1] === 'fields' && field.type === 'form') {
          list = field.fields;
          at += 1;
          continue;
        }
        break;
      }
    }
    return { ids, key, message: issue.message };
  });
  return { ok: false, problems };
}

/** Problems of one field (by its id path). */
export function problemsOf(problems: readonly DraftProblem[], ids: readonly FieldId[]): DraftProblem[] {
  return problems.filter((problem) => problem.ids.length === ids.length && problem.ids.every((id, at) => id === ids[at]));
}

/** Whether a field or any field inside it has problems. */
export function hasProblemsUnder(problems: readonly DraftProblem[], ids: readonly FieldId[]): boolean {
  return problems.some((problem) => problem.ids.length >= ids.length && ids.every((id, at) => problem.ids[at] === id));
}

/** Names of fields as saved, by id path: a saved field's name can no longer change (spec §3). */
export function savedNames(fields: readonly FormField[], prefix: FieldId[] = [], out = new Map<string, string>()): Map<string, string> {
  for (const field of fields) {
    if (!isInputField(field)) continue;
    const ids = [...prefix, field.id];
    out.set(ids.map(idKey).join('/'), field.name);
    if (field.type === 'form') savedNames(field.fields, ids, out);
  }
  return out;
}

/** The field at an id path key ("number:3/number:7"), if any. */
export function fieldAtKey(fields: readonly FormField[], key: string): FormField | undefined {
  let list = fields;
  let found: FormField | undefined;
  for (const part of key.split('/')) {
    found = list.find((field) => idKey(field.id) === part);
    if (!found) return undefined;
    list = found.type === 'form' ? found.fields : [];
  }
  return found;
}
