import { z } from 'zod';
import { isValidatorAllowed } from './validator-flags.ts';
import { ZFieldName, ZFormField, type FormField, type InputField } from './schema.ts';
import { hasCondition, ownValue, parseShowIf, referencedFields, ShowIfError, showIfHolds, type ShowIfNode } from './show-if.ts';
import { isInputField, skippedKey } from './values.ts';

/**
 * A form's definition (its `description`: the list of field definitions) with the form-level
 * rules: unique names and ids, a name may not collide with another field's `_skipped`
 * companion, validators fit their field type, every show_if parses, reads only fields of the
 * same form (or their companions), and conditions do not form a cycle.
 */

export const FORM_MAX_FIELDS = 1000;
function baseName(name: string, names: ReadonlySet<string>): string | undefined {
  if (names.has(name)) return name;
  if (name.endsWith('_skipped')) {
    const base = name.slice(0, -'_skipped'.length);
    if (names.has(base)) return base;
  }
  return undefined;
}

function checkFields(fields: readonly FormField[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const names = new Set<string>();
  const ids = new Set<string>();
  fields.forEach((field, at) => {
    const idKey = `${typeof field.id}:${field.id}`;
    if (ids.has(idKey)) ctx.addIssue({ code: 'custom', message: `Id repetido: ${field.id}`, path: [...path, at, 'id'] });
    ids.add(idKey);
    if (!isInputField(field)) return;
    if (names.has(field.name)) ctx.addIssue({ code: 'custom', message: `Nombre repetido: ${field.name}`, path: [...path, at, 'name'] });
    names.add(field.name);
  });
  const dependencies = new Map<string, Set<string>>();
  fields.forEach((field, at) => {
    if (isInputField(field)) {
      if (names.has(skippedKey(field.name))) {
        ctx.addIssue({
          code: 'custom',
          message: `El nombre ${skippedKey(field.name)} está reservado para "No aplica" de ${field.name}`,
          path: [...path, at, 'name'],
        });
      }
      field.validators.forEach((validator, index) => {
        if (!isValidatorAllowed(field.type, validator.type)) {
          ctx.addIssue({
            code: 'custom',
            message: `El validador ${validator.type} no aplica a campos ${field.type}`,
            path: [...path, at, 'validators', index, 'type'],
          });
        }
        if (validator.type === 'min_value' || validator.type === 'max_value') {
          const numeric = !['date', 'time'].includes(field.type);
          if (numeric !== (typeof validator.value === 'number')) {
            ctx.addIssue({
              code: 'custom',
              message: numeric ? 'El valor debe ser un número' : 'El valor debe ser una fecha u hora',
              path: [...path, at, 'validators', index, 'value'],
            });
          }
        }
      });
      if (field.type === 'form') checkFields(field.fields, [...path, at, 'fields'], ctx);
    }
    if (!hasCondition(field.show_if)) return;
    let ast: ShowIfNode;
    try {
      ast = parseShowIf(field.show_if);
    } catch (error) {
      const message = error instanceof ShowIfError ? error.message : 'Condición inválida';
      ctx.addIssue({ code: 'custom', message, path: [...path, at, 'show_if'] });
      return;
    }
    const reads = new Set<string>();
    for (const name of referencedFields(ast)) {
      const base = baseName(name, names);
      if (base === undefined) {
        ctx.addIssue({ code: 'custom', message: `La condición usa un campo que no existe: ${name}`, path: [...path, at, 'show_if'] });
      } else if (isInputField(field) && base === field.name) {
        ctx.addIssue({ code: 'custom', message: 'La condición no puede depender del mismo campo', path: [...path, at, 'show_if'] });
      } else {
        reads.add(base);
      }
    }
    if (isInputField(field)) dependencies.set(field.name, reads);
  });
  // Depth-first search for a cycle among conditions (a → b → a would make visibility undefined).
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): string[] | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return [...trail, name];
    state.set(name, 'visiting');
    for (const next of dependencies.get(name) ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of dependencies.keys()) {
    const cycle = visit(name, []);
    if (cycle) {
      const at = fields.findIndex((field) => isInputField(field) && field.name === name);
      ctx.addIssue({ code: 'custom', message: `Condiciones circulares: ${cycle.join(' → ')}`, path: [...path, at, 'show_if'] });
      break;
    }
  }
}

/** The field list of a form, with the form-level rules. */
export const ZFormDefinition = z
  .array(ZFormField)
  .max(FORM_MAX_FIELDS)
  .superRefine((fields, ctx) => checkFields(fields, [], ctx));
export type FormDefinition = FormField[];

/** A form (spec §3): id, name, version and its field definitions under `description`. */
export const ZForm = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string().max(200).default(''),
  version: z.number().int().min(1).optional(),
  description: ZFormDefinition,
});
export type Form = z.infer<typeof ZForm>;

/** Body of POST /forms/ (API.md). */
export const ZCreateFormRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: ZFormDefinition,
});
export type CreateFormRequest = z.infer<typeof ZCreateFormRequest>;

/**
 * Body of PUT /forms/{id}/: a new version. `base_version`, when sent, is the version the editor
 * started from: if someone saved the form since, the save is refused (409
 * `form-version-conflict`) instead of silently replacing their version.
 */
export const ZUpdateFormRequest = ZCreateFormRequest.extend({
  base_version: z.number().int().min(1).max(1_000_000).optional(),
});
export type UpdateFormRequest = z.infer<typeof ZUpdateFormRequest>;

export { ZFieldName };

/* ------------------------------------------------------------------ compiled view & visibility */

type Condition = ShowIfNode | null | 'invalid';

const conditionCache = new Map<string, ShowIfNode | 'invalid'>();
const CONDITION_CACHE_LIMIT = 10_000;

/**
 * The parsed show_if of a field: null when it has none, 'invalid' when it does not parse.
 * Parsed once per distinct expression text (ASTs are never mutated), so definitions read fresh
 * from storage on every request, or edited in place by the builder, cost no re-parse and are
 * never stale.
 */
export function fieldCondition(field: FormField): Condition {
  if (!hasCondition(field.show_if)) return null;
  const source = field.show_if;
  let condition = conditionCache.get(source);
  if (condition === undefined) {
    try {
      condition = parseShowIf(source);
    } catch {
      condition = 'invalid';
    }
    if (conditionCache.size >= CONDITION_CACHE_LIMIT) conditionCache.clear();
    conditionCache.set(source, condition);
  }
  return condition;
}

/**
 * Which fields are shown for these values. A field hidden by its show_if reads as null in
 * other fields' conditions (it is neither validated nor submitted, so it has no value).
 * A show_if that does not parse shows the field — the schema refuses such definitions, and
 * failing open never hides a question silently.
 */
export function fieldVisibility(fields: readonly FormField[], values: unknown): Map<FormField, boolean> {
  const inputs = new Map<string, InputField>();
  for (const field of fields) if (isInputField(field) && !inputs.has(field.name)) inputs.set(field.name, field);
  const result = new Map<FormField, boolean>();
  const visiting = new Set<FormField>();
  const names = new Set(inputs.keys());

  const isShown = (field: FormField): boolean => {
    const known = result.get(field);
    if (known !== undefined) return known;
    const condition = fieldCondition(field);
    if (condition === null || condition === 'invalid') {
      result.set(field, true);
      return true;
    }
    // A cycle (refused by the schema) resolves as shown rather than looping.
    if (visiting.has(field)) return true;
    visiting.add(field);
    const shown = showIfHolds(condition, (name) => {
      const base = baseName(name, names);
      const dependency = base === undefined ? undefined : inputs.get(base);
      if (dependency && dependency !== field && !isShown(dependency)) return null;
      return ownValue(values, name);
    });
    visiting.delete(field);
    result.set(field, shown);
    return shown;
  };

  for (const field of fields) isShown(field);
  return result;
}

/** The fields to render, in order. */
export function visibleFields(fields: readonly FormField[], values: unknown): FormField[] {
  const visibility = fieldVisibility(fields, values);
  return fields.filter((field) => visibility.get(field) !== false);
}

/* ------------------------------------------------------------------ immutable names */

export interface NameChange {
  /** Ids from the top-level field down to the renamed one. */
  ids: (string | number)[];
  from: string;
  to: string;
}

/**
 * A field's `name` cannot change after creation (spec §3): between two versions of a form,
 * fields with the same id must keep their name (sub-forms included). Lists what changed.
 */
export function renamedFields(previous: readonly FormField[], next: readonly FormField[], parentIds: (string | number)[] = []): NameChange[] {
  const before = new Map<string, InputField>();
  for (const field of previous) if (isInputField(field)) before.set(`${typeof field.id}:${field.id}`, field);
  const changes: NameChange[] = [];
  for (const field of next) {
    if (!isInputField(field)) continue;
    const old = before.get(`${typeof field.id}:${field.id}`);
    if (!old) continue;
    const ids = [...parentIds, field.id];
    if (old.name !== field.name) changes.push({ ids, from: old.name, to: field.name });
    if (old.type === 'form' && field.type === 'form') changes.push(...renamedFields(old.fields, field.fields, ids));
  }
  return changes;
}
