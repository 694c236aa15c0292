/**
 * What an edit of a set did: the values it added and the ones it took off. Sent instead of the
 * whole set, so a value someone else added or took off meanwhile is left as they left it.
 */
export function setChanges<T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } {
  return { added: after.filter((value) => !before.includes(value)), removed: before.filter((value) => !after.includes(value)) };
}
