import type { FormField } from '../forms/schema.ts';
import { safeSet, skippedKey } from '../forms/values.ts';
import { fieldKey, inputFieldsByKey } from './scoring.ts';

/**
 * Moving a draft to a checklist's latest version (decision 026): an answer (with its "No aplica"
 * mark, note and photos) is kept when a field with the same id, name and type still exists;
 * the others are dropped and named, so the person is told what to answer again.
 */

export interface DraftContent {
  answers: Record<string, unknown>;
  notes: Record<string, string>;
  photos: Record<string, string[]>;
}

export interface UpgradedDraft extends DraftContent {
  /** Keys of fields that had an answer, note or photo and no longer exist (or changed type). */
  dropped: string[];
}

export function upgradeDraft(previous: readonly FormField[], next: readonly FormField[], draft: DraftContent): UpgradedDraft {
  const before = inputFieldsByKey(previous);
  const after = inputFieldsByKey(next);
  const answers: Record<string, unknown> = {};
  const notes: Record<string, string> = {};
  const photos: Record<string, string[]> = {};
  const dropped = new Set<string>();
  const survives = (key: string): boolean => {
    const old = before.get(key);
    const now = after.get(key);
    return old !== undefined && now !== undefined && old.name === now.name && old.type === now.type;
  };
  for (const [key, field] of before) {
    const has = Object.hasOwn(draft.answers, field.name) || Object.hasOwn(draft.answers, skippedKey(field.name));
    if (!has) continue;
    if (!survives(key)) {
      dropped.add(key);
      continue;
    }
    if (Object.hasOwn(draft.answers, field.name)) safeSet(answers, field.name, draft.answers[field.name]);
    if (Object.hasOwn(draft.answers, skippedKey(field.name))) safeSet(answers, skippedKey(field.name), draft.answers[skippedKey(field.name)]);
  }
  for (const [key, text] of Object.entries(draft.notes)) {
    if (survives(key) || (after.has(key) && !before.has(key))) safeSet(notes, key, text);
    else dropped.add(key);
  }
  for (const [key, list] of Object.entries(draft.photos)) {
    if (survives(key) || (after.has(key) && !before.has(key))) safeSet(photos, key, list);
    else dropped.add(key);
  }
  const order = next.map((field) => fieldKey(field));
  return { answers, notes, photos, dropped: [...dropped].sort((a, b) => order.indexOf(a) - order.indexOf(b) || a.localeCompare(b)) };
}
