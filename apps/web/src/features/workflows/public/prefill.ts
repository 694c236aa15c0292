/**
 * The initial answers of a public start form from the link's query (?name=value, the new link
 * shape's prefilled variables): only the form's own top-level input fields; numbers and booleans
 * read as such; a name given several times is a list.
 */
export interface PrefillField {
  type: string;
}

const NUMBER_TYPES = new Set(['integer', 'float', 'number', 'stars', 'emotion', 'value_in_num_range']);

function typed(type: string, raw: string): unknown {
  if (NUMBER_TYPES.has(type)) {
    const n = Number(raw.replace(',', '.'));
    return raw.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (type === 'boolean') return raw === 'true' || raw === '1' || raw === 'sí' || raw === 'si' ? true : raw === 'false' || raw === '0' || raw === 'no' ? false : undefined;
  return raw;
}

export function prefillFromQuery(fields: readonly PrefillField[], search: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const name = (field as { name?: unknown }).name;
    if (typeof name !== 'string' || !name) continue;
    const all = search
      .getAll(name)
      .map((raw) => typed(field.type, raw))
      .filter((v) => v !== undefined);
    if (all.length === 1) values[name] = all[0];
    else if (all.length > 1) values[name] = all;
  }
  return values;
}
