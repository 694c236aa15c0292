import type { FormField, InputField } from '../forms/schema.ts';
import { isInputField } from '../forms/values.ts';
import { fieldKey, inputFieldsByKey, itemBestPoints, maxReachableScore, type ChecklistDefinition } from './scoring.ts';
import type { ItemScoring } from './settings.ts';

/**
 * The rules of a checklist's configuration beyond its shape (decision 026):
 *   sections name existing top-level fields, each field in exactly one section, section ids unique;
 *   items name existing top-level input fields, once each;
 *   a scoring fits its field's type (choice → multiple_choice / checkboxes, boolean → boolean,
 *   range → integer / float / decimal / value_in_num_range, stars → stars), choice scores and failing
 *   options name options of the field, a stars max equals the field's;
 *   the pass mark can be reached (not above the best reachable score; a critical item that always
 *   fails makes any pass mark unreachable).
 * Each problem names where: `sections.<n>`, `items.<field_id>.scoring` or `pass_mark`.
 */

export const CONFIG_ISSUE_CODES = ['score-unreachable', 'invalid-sections', 'invalid-items'] as const;
export type ConfigIssueCode = (typeof CONFIG_ISSUE_CODES)[number];

export interface ConfigIssue {
  code: ConfigIssueCode;
  /** `sections.0`, `items.<field_id>.scoring`, `pass_mark`. */
  path: string;
  field_id: string | null;
  message: string;
}

const SCORING_TYPES: Record<ItemScoring['kind'], readonly string[]> = {
  choice: ['multiple_choice', 'checkboxes'],
  boolean: ['boolean'],
  range: ['integer', 'float', 'decimal', 'value_in_num_range'],
  stars: ['stars'],
};

function choicesOf(field: InputField): string[] {
  return 'choices' in field && Array.isArray(field.choices) ? field.choices.map((entry) => entry.choice) : [];
}

/** Whether every answer of a critical item fails (then no execution can pass). */
function alwaysFails(field: InputField, scoring: ItemScoring | null): boolean {
  if (!scoring || scoring.kind !== 'choice' || field.type !== 'multiple_choice') return false;
  const options = choicesOf(field);
  return options.length > 0 && options.every((option) => scoring.failing.includes(option));
}

function scoringIssues(field: InputField, scoring: ItemScoring, path: string, key: string): ConfigIssue[] {
  const issue = (message: string): ConfigIssue => ({ code: 'score-unreachable', path, field_id: key, message });
  if (!SCORING_TYPES[scoring.kind].includes(field.type)) {
    return [issue(`La puntuación ${scoring.kind} no aplica a campos ${field.type} (${field.name})`)];
  }
  const issues: ConfigIssue[] = [];
  if (scoring.kind === 'choice') {
    const options = new Set(choicesOf(field));
    const unknown = [...Object.keys(scoring.scores), ...scoring.failing].filter((option) => !options.has(option));
    if (unknown.length > 0) issues.push(issue(`Opciones que no existen en ${field.name}: ${[...new Set(unknown)].join(', ')}`));
  }
  if (scoring.kind === 'stars' && scoring.max != null && 'max' in field && field.max !== scoring.max) {
    issues.push(issue(`El máximo de estrellas (${scoring.max}) no coincide con el del campo ${field.name} (${String(field.max)})`));
  }
  return issues;
}

export function checkChecklistConfig(definition: ChecklistDefinition): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const topKeys = new Set(definition.fields.map((field: FormField) => fieldKey(field)));
  const inputs = inputFieldsByKey(definition.fields);

  const placed = new Set<string>();
  const sectionIds = new Set<string>();
  definition.sections.forEach((section, at) => {
    const path = `sections.${at}`;
    if (sectionIds.has(section.id)) issues.push({ code: 'invalid-sections', path, field_id: null, message: `Sección repetida: ${section.id}` });
    sectionIds.add(section.id);
    for (const key of section.field_ids) {
      if (!topKeys.has(key)) issues.push({ code: 'invalid-sections', path, field_id: key, message: `La sección ${section.title} nombra un campo que no existe: ${key}` });
      else if (placed.has(key)) issues.push({ code: 'invalid-sections', path, field_id: key, message: `El campo ${key} está en más de una sección` });
      placed.add(key);
    }
  });
  if (definition.fields.length > 0 && definition.sections.length === 0) {
    issues.push({ code: 'invalid-sections', path: 'sections', field_id: null, message: 'El checklist necesita al menos una sección' });
  }
  for (const field of definition.fields) {
    const key = fieldKey(field);
    if (definition.sections.length > 0 && !placed.has(key)) {
      issues.push({ code: 'invalid-sections', path: 'sections', field_id: key, message: `El campo ${isInputField(field) ? field.name : key} no está en ninguna sección` });
    }
  }

  const itemKeys = new Set<string>();
  for (const item of definition.items) {
    const path = `items.${item.field_id}.scoring`;
    if (itemKeys.has(item.field_id)) {
      issues.push({ code: 'invalid-items', path: `items.${item.field_id}`, field_id: item.field_id, message: `Ajustes repetidos del campo ${item.field_id}` });
      continue;
    }
    itemKeys.add(item.field_id);
    const field = inputs.get(item.field_id);
    if (!field) {
      issues.push({ code: 'invalid-items', path: `items.${item.field_id}`, field_id: item.field_id, message: `Ajustes de un campo que no existe: ${item.field_id}` });
      continue;
    }
    if (item.scoring) issues.push(...scoringIssues(field, item.scoring, path, item.field_id));
  }
  if (issues.length > 0 || definition.pass_mark === null) return issues;

  for (const item of definition.items) {
    const field = inputs.get(item.field_id);
    if (field && item.critical && alwaysFails(field, item.scoring)) {
      issues.push({
        code: 'score-unreachable',
        path: `items.${item.field_id}.scoring`,
        field_id: item.field_id,
        message: `Todas las respuestas del ítem crítico ${field.name} reprueban: ninguna ejecución podría aprobar`,
      });
    }
  }
  const reachable = maxReachableScore(definition);
  if (reachable === null && definition.pass_mark > 0) {
    issues.push({ code: 'score-unreachable', path: 'pass_mark', field_id: null, message: 'Ningún ítem tiene puntuación: la nota de aprobación no se puede alcanzar' });
  } else if (reachable !== null && definition.pass_mark > reachable) {
    const zero = definition.items.find((item) => {
      const field = inputs.get(item.field_id);
      return field && item.scoring && item.weight > 0 && itemBestPoints(field, item.scoring) <= 0;
    });
    issues.push({
      code: 'score-unreachable',
      path: zero ? `items.${zero.field_id}.scoring` : 'pass_mark',
      field_id: zero?.field_id ?? null,
      message: `La nota de aprobación (${definition.pass_mark}%) supera el máximo alcanzable (${reachable}%)`,
    });
  }
  return issues;
}
