/** How the headers of an import file compare: no accents, lower case, words joined by '_'. */
export function headerKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * A column's accepted headers other than the one shown, as people may write them: each writing
 * once (of two that differ only in accents or case, the accented one), in their order.
 */
export function otherHeaders(shown: string, writings: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const writing of writings) {
    const key = headerKey(writing);
    if (key === headerKey(shown)) continue;
    const before = kept.get(key);
    if (!before || writing.normalize('NFD').length > before.normalize('NFD').length) kept.set(key, writing);
  }
  return [...kept.values()];
}
