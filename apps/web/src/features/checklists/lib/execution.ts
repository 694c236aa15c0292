import type { TChecklistVersionContent } from '@faena/contracts';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import { isEmptyAnswer, isInputField, isSkipped } from '@faena/domain/forms/values';
import { fieldDownloadLink, uploadIdOf } from './files.ts';

/** One section of an execution as the runner shows it: its fields in order. */
export interface RunnerSection {
  id: string;
  title: string;
  fields: FormField[];
}

/** The sections of a version, each with its fields (a field no section names goes to the last one); the runner's and the builder's. */
export function runnerSections(definition: Pick<TChecklistVersionContent, 'sections' | 'fields'>): RunnerSection[] {
  const byKey = new Map(definition.fields.map((field) => [String(field.id), field]));
  const placed = new Set<string>();
  const sections = definition.sections.map((section) => ({
    id: section.id,
    title: section.title,
    fields: section.field_ids.flatMap((key) => {
      const field = byKey.get(key);
      if (!field) return [];
      placed.add(key);
      return [field];
    }),
  }));
  const rest = definition.fields.filter((field) => !placed.has(String(field.id)));
  if (rest.length > 0) {
    if (sections.length === 0) sections.push({ id: 'rest', title: '', fields: [] });
    sections[sections.length - 1]!.fields.push(...rest);
  }
  return sections;
}

/** The index of a saved section id (0 when unknown). */
export function sectionIndex(sections: readonly RunnerSection[], id: string | null | undefined): number {
  const index = sections.findIndex((section) => section.id === id);
  return index < 0 ? 0 : index;
}

/** Answered / total input fields of a list (a "No aplica" counts as answered). */
export function answeredCount(fields: readonly FormField[], values: Record<string, unknown>): { answered: number; total: number } {
  const inputs = fields.filter((field): field is InputField => isInputField(field));
  const answered = inputs.filter((field) => isSkipped(field, values) || !isEmptyAnswer(field, ownValue(values, field.name))).length;
  return { answered, total: inputs.length };
}

/**
 * The keys to send in an autosave: those whose value changed since the last save (compared as
 * JSON), and null for those that went away (the server merges key by key; null clears).
 */
export function answersPatch(saved: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(current)) {
    if (JSON.stringify(value) !== JSON.stringify(saved[key])) {
      patch[key] = value === undefined ? null : value;
      changed = true;
    }
  }
  for (const key of Object.keys(saved)) {
    if (!Object.hasOwn(current, key)) {
      patch[key] = null;
      changed = true;
    }
  }
  return changed ? patch : null;
}

/** Photos per item as the server answers them ({id,…}) → download links for the photo widget. */
export function photoLinks(photos: Record<string, readonly { id: string }[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(photos).map(([key, files]) => [key, files.map((file) => fieldDownloadLink(file.id))]));
}

/** Photos per item as links → the upload ids the server stores. */
export function photoIds(photos: Record<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(photos).map(([key, links]) => [key, links.map(uploadIdOf).filter((id): id is string => id !== null)]));
}
