import { fieldVisibility } from '../forms/definition.ts';
import { parseNumberInput } from '../forms/numbers.ts';
import type { FormField, InputField } from '../forms/schema.ts';
import { ownValue } from '../forms/show-if.ts';
import { isEmptyAnswer, isInputField, isSkipped } from '../forms/values.ts';
import type { ChecklistItem, ChecklistResult, ChecklistSection, FailureReason, ItemScoring } from './settings.ts';

/**
 * Scoring of a checklist execution (decision 026), pure and the same on the web and the server:
 *   item fraction = the answer's points / the item's best points (stars: stars / max), in [0, 1];
 *   score = Σ(weight × fraction) / Σ(weight of answered scored items) × 100, rounded to 2 places;
 *   items hidden by show_if, skipped ("No aplica") or left empty are out of both sums;
 *   result = 'aprobado' when score ≥ pass_mark and no critical item failed, else 'reprobado';
 *   no pass mark → no result; nothing scored answered → no score (a failed critical item still fails).
 * An item whose best points are 0 counts its weight with fraction 0.
 */

export interface ChecklistDefinition {
  fields: readonly FormField[];
  sections: readonly ChecklistSection[];
  items: readonly ChecklistItem[];
  pass_mark: number | null;
}

export interface FailedItem {
  field_id: string;
  reason: FailureReason;
  critical: boolean;
}

export interface SectionScore {
  section_id: string;
  title: string;
  score: number | null;
  answered: number;
  failed_count: number;
}

export interface ExecutionScore {
  score: number | null;
  result: ChecklistResult | null;
  section_scores: SectionScore[];
  failed_items: FailedItem[];
  critical_failed: boolean;
}

export interface ItemOutcome {
  /** Answered (not hidden, skipped nor empty). */
  answered: boolean;
  /** Points fraction in [0, 1]; null when the item is not scored or not answered. */
  fraction: number | null;
  failure: FailureReason | null;
}

export function fieldKey(field: { id: string | number }): string {
  return String(field.id);
}

/** The top-level input fields by their key. */
export function inputFieldsByKey(fields: readonly FormField[]): Map<string, InputField> {
  const map = new Map<string, InputField>();
  for (const field of fields) if (isInputField(field)) map.set(fieldKey(field), field);
  return map;
}

export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

function choiceValues(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}

/** The best points an answer of this item can get. */
export function itemBestPoints(field: InputField, scoring: ItemScoring): number {
  switch (scoring.kind) {
    case 'choice': {
      const options = 'choices' in field && Array.isArray(field.choices) ? field.choices.map((entry) => entry.choice) : Object.keys(scoring.scores);
      const points = options.map((option) => (Object.hasOwn(scoring.scores, option) ? scoring.scores[option]! : 0));
      if (field.type === 'checkboxes') return points.reduce((sum, value) => sum + value, 0);
      return points.reduce((best, value) => Math.max(best, value), 0);
    }
    case 'boolean':
      return Math.max(scoring.yes, scoring.no);
    case 'range':
      return Math.max(scoring.score_in, scoring.score_out);
    case 'stars':
      return 1;
  }
}

function starsMax(field: InputField, scoring: Extract<ItemScoring, { kind: 'stars' }>): number {
  if (scoring.max != null) return scoring.max;
  return 'max' in field && typeof field.max === 'number' && field.max > 0 ? field.max : 5;
}

/** The failing answer of a yes/no item: its own, or "No" for a critical item. */
export function booleanFailingValue(item: Pick<ChecklistItem, 'critical'>, scoring: Extract<ItemScoring, { kind: 'boolean' }> | null): boolean | null {
  if (scoring && scoring.failing_value != null) return scoring.failing_value;
  return item.critical ? false : null;
}

/** How one answered value scores and whether it fails. The value must not be empty. */
export function scoreAnswer(field: InputField, item: ChecklistItem, value: unknown): Omit<ItemOutcome, 'answered'> {
  const scoring = item.scoring;
  if (!scoring) {
    if (field.type === 'boolean' && item.critical && value === false) return { fraction: null, failure: 'critical-no' };
    return { fraction: null, failure: null };
  }
  const best = itemBestPoints(field, scoring);
  const fractionOf = (points: number): number => (best > 0 ? Math.min(1, Math.max(0, points / best)) : 0);
  switch (scoring.kind) {
    case 'choice': {
      const chosen = choiceValues(value) ?? [];
      const points = chosen.map((option) => (Object.hasOwn(scoring.scores, option) ? scoring.scores[option]! : 0));
      const earned = field.type === 'checkboxes' ? points.reduce((sum, entry) => sum + entry, 0) : (points[0] ?? 0);
      const fails = chosen.some((option) => scoring.failing.includes(option));
      return { fraction: fractionOf(earned), failure: fails ? 'failing-choice' : null };
    }
    case 'boolean': {
      const answer = value === true;
      const failing = booleanFailingValue(item, scoring);
      const fails = failing !== null && answer === failing;
      return { fraction: fractionOf(answer ? scoring.yes : scoring.no), failure: fails ? (item.critical ? 'critical-no' : 'failing-choice') : null };
    }
    case 'range': {
      const parsed = parseNumberInput(value);
      const number = parsed.ok ? parsed.value : null;
      const inside = number !== null && (scoring.min == null || number >= scoring.min) && (scoring.max == null || number <= scoring.max);
      return { fraction: fractionOf(inside ? scoring.score_in : scoring.score_out), failure: inside ? null : 'out-of-range' };
    }
    case 'stars': {
      const parsed = parseNumberInput(value);
      const stars = parsed.ok && parsed.value !== null ? parsed.value : 0;
      return { fraction: Math.min(1, Math.max(0, stars / starsMax(field, scoring))), failure: null };
    }
  }
}

/** The outcome of every item by field key (fields hidden by show_if, skipped or empty are not answered). */
export function itemOutcomes(definition: ChecklistDefinition, answers: unknown): Map<string, ItemOutcome> {
  const visibility = fieldVisibility(definition.fields, answers);
  const fields = inputFieldsByKey(definition.fields);
  const outcomes = new Map<string, ItemOutcome>();
  const items = new Map(definition.items.map((item) => [item.field_id, item]));
  for (const [key, field] of fields) {
    const item = items.get(key) ?? { field_id: key, weight: 1, critical: false, scoring: null };
    const value = ownValue(answers, field.name);
    const answered = visibility.get(field) !== false && !isSkipped(field, answers) && !isEmptyAnswer(field, value);
    if (!answered) {
      outcomes.set(key, { answered: false, fraction: null, failure: null });
      continue;
    }
    outcomes.set(key, { answered: true, ...scoreAnswer(field, item, value) });
  }
  return outcomes;
}

function weightedScore(keys: Iterable<string>, items: ReadonlyMap<string, ChecklistItem>, outcomes: ReadonlyMap<string, ItemOutcome>): number | null {
  let earned = 0;
  let possible = 0;
  for (const key of keys) {
    const item = items.get(key);
    const outcome = outcomes.get(key);
    if (!item || !item.scoring || !outcome || !outcome.answered || outcome.fraction === null) continue;
    earned += item.weight * outcome.fraction;
    possible += item.weight;
  }
  return possible > 0 ? roundScore((earned / possible) * 100) : null;
}

/** Score, result, per-section scores and failed items of a set of answers. */
export function scoreExecution(definition: ChecklistDefinition, answers: unknown): ExecutionScore {
  const outcomes = itemOutcomes(definition, answers);
  const items = new Map(definition.items.map((item) => [item.field_id, item]));
  const failed: FailedItem[] = [];
  const order = orderedFieldKeys(definition);
  for (const key of order) {
    const outcome = outcomes.get(key);
    if (outcome?.failure) failed.push({ field_id: key, reason: outcome.failure, critical: items.get(key)?.critical ?? false });
  }
  const criticalFailed = failed.some((entry) => entry.critical);
  const score = weightedScore(outcomes.keys(), items, outcomes);
  let result: ChecklistResult | null = null;
  if (definition.pass_mark !== null) {
    if (criticalFailed) result = 'reprobado';
    else if (score !== null) result = score >= definition.pass_mark ? 'aprobado' : 'reprobado';
  }
  const section_scores = definition.sections.map((section) => ({
    section_id: section.id,
    title: section.title,
    score: weightedScore(section.field_ids, items, outcomes),
    answered: section.field_ids.filter((key) => outcomes.get(key)?.answered).length,
    failed_count: section.field_ids.filter((key) => outcomes.get(key)?.failure).length,
  }));
  return { score, result, section_scores, failed_items: failed, critical_failed: criticalFailed };
}

/** Field keys in section order (then any field no section names, in definition order). */
export function orderedFieldKeys(definition: Pick<ChecklistDefinition, 'fields' | 'sections'>): string[] {
  const seen = new Set<string>();
  const keys: string[] = [];
  for (const section of definition.sections) {
    for (const key of section.field_ids) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  for (const field of definition.fields) {
    const key = fieldKey(field);
    if (!seen.has(key)) {
      seen.add(key);
      keys.push(key);
    }
  }
  return keys;
}

/** Whether an item can be left out of the score (optional, skippable or conditional). */
function canBeLeftOut(field: InputField): boolean {
  return !field.required || field.skippable || (typeof field.show_if === 'string' && field.show_if.trim() !== '');
}

/**
 * The best score a respondent can reach (percent), or null when nothing is scored. Items whose
 * best points are 0 pull the maximum down unless they can be left out of the score.
 */
export function maxReachableScore(definition: Pick<ChecklistDefinition, 'fields' | 'items'>): number | null {
  const fields = inputFieldsByKey(definition.fields);
  let earned = 0;
  let possible = 0;
  let anyScored = false;
  for (const item of definition.items) {
    const field = fields.get(item.field_id);
    if (!field || !item.scoring || item.weight <= 0) continue;
    anyScored = true;
    const best = itemBestPoints(field, item.scoring);
    if (best > 0) {
      earned += item.weight;
      possible += item.weight;
    } else if (!canBeLeftOut(field)) {
      possible += item.weight;
    }
  }
  if (!anyScored) return null;
  if (possible === 0) return 0;
  return roundScore((earned / possible) * 100);
}
