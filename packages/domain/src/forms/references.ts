import type { FormField, InputField } from './schema.ts';
import { ownValue } from './show-if.ts';
import { isInputField } from './values.ts';

/**
 * The catalogue rows a response names (spec forms §3: user, venue, location and data_source
 * pickers, each with an optional audience). The renderer only offers rows of the field's
 * catalogue, narrowed by its audience or data source; the server checks a submitted response
 * against the same catalogue, so a crafted request cannot name a row the picker would not offer.
 * Assets are the assets module's (an audience narrows them to its venues' assets).
 */
export type ReferenceKind = 'user' | 'venue' | 'location' | 'asset' | 'data_source';

/** The catalogue each picker type names rows of. */
export const REFERENCE_KINDS: Partial<Record<InputField['type'], ReferenceKind>> = {
  user: 'user',
  users: 'user',
  venue: 'venue',
  venues: 'venue',
  location: 'location',
  locations: 'location',
  assets: 'asset',
  data_source: 'data_source',
};

/** Which rows a picker may name: its catalogue, narrowed by an audience (people, venues, locations) or a data source. */
export interface ReferenceScope {
  kind: ReferenceKind;
  audience: string | null;
  dataSource: string | null;
}

/** The audience of a picker as an id: it may be stored as text, a number or an object with an id. */
export function audienceId(audience: unknown): string | null {
  if (typeof audience === 'string' && audience.trim() !== '') return audience;
  if (typeof audience === 'number') return String(audience);
  const id = ownValue(audience, 'id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** The scope of a picker field; null for every other field. */
export function referenceScope(field: InputField): ReferenceScope | null {
  const kind = REFERENCE_KINDS[field.type];
  if (!kind) return null;
  const audience = 'audience' in field ? audienceId(field.audience) : null;
  const source = 'data_source_id' in field ? field.data_source_id : null;
  return { kind, audience, dataSource: source === null || source === undefined || source === '' ? null : String(source) };
}

/** One key per scope (a map key for the rows found in it). */
export const scopeKey = (scope: ReferenceScope): string => `${scope.kind}|${scope.audience ?? ''}|${scope.dataSource ?? ''}`;

/** One id of a picker's value: non-blank text or a finite number. */
export function isPickedId(value: unknown): value is string | number {
  return (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/** The ids a picker's value names (one or a list; numbers as text); none when it is of another shape. */
export function pickedIds(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter(isPickedId).map(String);
}

/** Calls `visit` with every input field that has an answer in `values`, sub-forms included (one object or a list of them). */
export function forEachAnswer(fields: readonly FormField[], values: unknown, visit: (field: InputField, value: unknown) => void): void {
  if (typeof values !== 'object' || values === null) return;
  const record = values as Record<string, unknown>;
  for (const field of fields) {
    if (!isInputField(field) || !Object.hasOwn(record, field.name)) continue;
    const value = record[field.name];
    if (field.type === 'form') {
      for (const item of Array.isArray(value) ? value : [value]) forEachAnswer(field.fields, item, visit);
    } else {
      visit(field, value);
    }
  }
}

/** The rows a response names, by scope (the server looks each scope up once). */
export function referencedRows(fields: readonly FormField[], response: unknown): Map<string, { scope: ReferenceScope; ids: Set<string> }> {
  const wanted = new Map<string, { scope: ReferenceScope; ids: Set<string> }>();
  forEachAnswer(fields, response, (field, value) => {
    const scope = referenceScope(field);
    if (!scope) return;
    const key = scopeKey(scope);
    let entry = wanted.get(key);
    if (!entry) wanted.set(key, (entry = { scope, ids: new Set() }));
    for (const id of pickedIds(value)) entry.ids.add(id);
  });
  return wanted;
}
