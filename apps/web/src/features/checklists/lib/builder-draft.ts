import type { TChecklistDetail, TChecklistWrite } from '@faena/contracts';
import type { ItemScoring } from '@faena/domain/checklists/settings';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { isInputField } from '@faena/domain/forms/values';
import { runnerSections } from './execution.ts';

/**
 * The checklist builder's draft (decision 026): sections holding their own fields (the form
 * builder edits each section's list), item settings per field key, and the rest of the write body.
 */
export interface BuilderSection {
  id: string;
  title: string;
  fields: FormField[];
}

export interface ItemSettings {
  weight: number;
  critical: boolean;
  scoring: ItemScoring | null;
}

export interface ChecklistDraft {
  name: string;
  description: string;
  category: string;
  sections: BuilderSection[];
  items: Record<string, ItemSettings>;
  pass_mark: number | null;
  /** People by passport, with their names for the picker. */
  executors: { persons: { passport: string; name: string }[]; positions: string[]; audiences: string[] };
  places: { venues: string[]; locations: string[] };
  signatures: { executor: boolean; second: boolean };
  supervisors: { passport: string; name: string }[];
}

export const DEFAULT_ITEM: ItemSettings = { weight: 1, critical: false, scoring: null };

export const RANGE_TYPES = new Set(['integer', 'float', 'decimal', 'value_in_num_range']);
export const CHOICE_TYPES = new Set(['multiple_choice', 'checkboxes']);

/** Which scoring fits a field type (null: the type is not scored). */
export function scoringKindFor(type: string): ItemScoring['kind'] | null {
  if (CHOICE_TYPES.has(type)) return 'choice';
  if (type === 'boolean') return 'boolean';
  if (RANGE_TYPES.has(type)) return 'range';
  if (type === 'stars') return 'stars';
  return null;
}

function choicesOf(field: InputField): string[] {
  return 'choices' in field && Array.isArray(field.choices) ? field.choices.map((entry) => entry.choice) : [];
}

/** A starting scoring for a field: the first option best, yes 1 / no 0, inside 1 / outside 0, stars. */
export function defaultScoring(field: InputField): ItemScoring | null {
  switch (scoringKindFor(field.type)) {
    case 'choice': {
      const options = choicesOf(field);
      return { kind: 'choice', scores: Object.fromEntries(options.map((option, index) => [option, index === 0 ? 1 : 0])), failing: [] };
    }
    case 'boolean':
      return { kind: 'boolean', yes: 1, no: 0, failing_value: null };
    case 'range':
      return { kind: 'range', min: null, max: null, score_in: 1, score_out: 0 };
    case 'stars':
      return { kind: 'stars', max: 'max' in field && typeof field.max === 'number' ? field.max : 5 };
    default:
      return null;
  }
}

/**
 * The scoring kept in step with its field: options renamed or removed leave the choice scores,
 * a type change drops a scoring that no longer fits, a stars max follows the field's.
 */
export function alignScoring(field: InputField, scoring: ItemScoring | null): ItemScoring | null {
  if (!scoring) return null;
  if (scoringKindFor(field.type) !== scoring.kind) return null;
  if (scoring.kind === 'choice') {
    const options = choicesOf(field);
    return { kind: 'choice', scores: Object.fromEntries(options.map((option) => [option, scoring.scores[option] ?? 0])), failing: scoring.failing.filter((option) => options.includes(option)) };
  }
  if (scoring.kind === 'stars') return { kind: 'stars', max: 'max' in field && typeof field.max === 'number' ? field.max : (scoring.max ?? 5) };
  return scoring;
}

export function emptyDraft(category: string, sectionTitle: string): ChecklistDraft {
  return {
    name: '',
    description: '',
    category,
    sections: [{ id: newSectionId(), title: sectionTitle, fields: [] }],
    items: {},
    pass_mark: null,
    executors: { persons: [], positions: [], audiences: [] },
    places: { venues: [], locations: [] },
    signatures: { executor: false, second: false },
    supervisors: [],
  };
}

let sectionCounter = 0;
export function newSectionId(): string {
  sectionCounter += 1;
  return `s${Date.now().toString(36)}${sectionCounter}`;
}

export function allFields(draft: Pick<ChecklistDraft, 'sections'>): FormField[] {
  return draft.sections.flatMap((section) => section.fields);
}

export function draftFromDetail(detail: TChecklistDetail): ChecklistDraft {
  return {
    name: detail.name,
    description: detail.description ?? '',
    category: detail.category?.id ?? '',
    sections: runnerSections(detail),
    items: Object.fromEntries(detail.items.map((item) => [item.field_id, { weight: item.weight, critical: item.critical, scoring: item.scoring }])),
    pass_mark: detail.pass_mark,
    executors: {
      persons: detail.executors.persons.map(({ passport, name }) => ({ passport, name })),
      positions: detail.executors.positions.map((entry) => entry.id),
      audiences: detail.executors.audiences.map((entry) => entry.id),
    },
    places: { venues: detail.places.venues.map((entry) => entry.id), locations: detail.places.locations.map((entry) => entry.id) },
    signatures: { ...detail.signatures },
    supervisors: detail.supervisors.map(({ passport, name }) => ({ passport, name })),
  };
}

/** The POST / PUT body: sections name their fields by key; items only for fields that exist. */
export function writeOf(draft: ChecklistDraft, baseVersion?: number): TChecklistWrite {
  const fields = allFields(draft);
  const items = fields.filter(isInputField).flatMap((field) => {
    const settings = draft.items[String(field.id)];
    if (!settings) return [];
    return [{ field_id: String(field.id), weight: settings.weight, critical: settings.critical, scoring: alignScoring(field, settings.scoring) }];
  });
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    category: draft.category,
    sections: draft.sections.map((section) => ({ id: section.id, title: section.title.trim(), field_ids: section.fields.map((field) => String(field.id)) })),
    fields,
    items,
    pass_mark: draft.pass_mark,
    executors: { ...draft.executors, persons: draft.executors.persons.map((person) => person.passport) },
    places: draft.places,
    signatures: draft.signatures,
    supervisors: draft.supervisors.map((person) => person.passport),
    ...(baseVersion !== undefined ? { base_version: baseVersion } : {}),
  };
}

/** Moves a top-level field to another section (at its end). */
export function moveToSection(sections: readonly BuilderSection[], fieldId: string | number, target: string): BuilderSection[] {
  const field = sections.flatMap((section) => section.fields).find((candidate) => candidate.id === fieldId);
  if (!field) return [...sections];
  return sections.map((section) => {
    const without = section.fields.filter((candidate) => candidate.id !== fieldId);
    return section.id === target ? { ...section, fields: [...without, field] } : { ...section, fields: without };
  });
}

/** Moves a section up or down. */
export function moveSection(sections: readonly BuilderSection[], index: number, delta: -1 | 1): BuilderSection[] {
  const to = index + delta;
  if (to < 0 || to >= sections.length) return [...sections];
  const next = [...sections];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Server field errors (`items.<field_id>.scoring`, `pass_mark`, `sections.0`…) → the field key
 * they name (or null) and the message, for showing next to the item.
 */
export function itemErrors(errors: Record<string, string>): { byField: Record<string, string>; general: string[] } {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const match = /^items\.([^.]+)/.exec(path);
    if (match) byField[match[1]!] = byField[match[1]!] ? `${byField[match[1]!]} · ${message}` : message;
    else general.push(message);
  }
  return { byField, general };
}
