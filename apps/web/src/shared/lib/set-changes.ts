/**
 * What an edit of a set did: the values it added and the ones it took off. Sent instead of the
 * whole set, so a value someone else added or took off meanwhile is left as they left it.
 */
export function setChanges<T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } {
  return { added: after.filter((value) => !before.includes(value)), removed: before.filter((value) => !after.includes(value)) };
}

/**
 * The same as a request's fields (`people_added`, `people_removed`, …): only the lists that are
 * not empty, so an edit that left the set alone sends nothing of it.
 */
export function setChangeFields<T, A extends string, R extends string>(before: readonly T[], after: readonly T[], addedField: A, removedField: R): Partial<Record<A | R, T[]>> {
  const { added, removed } = setChanges(before, after);
  return { ...(added.length > 0 ? { [addedField]: added } : {}), ...(removed.length > 0 ? { [removedField]: removed } : {}) } as Partial<Record<A | R, T[]>>;
}
