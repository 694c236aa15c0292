/**
 * A body that changes a set rather than replacing it (`…_added` / `…_removed`, decision 008 §Two
 * editors at once): each added value once, and the removed ones that are not also added (adding
 * wins) and that `removable` keeps (what could not be in the set anyway, say a malformed id,
 * changes nothing).
 */
export function setChangesOf<T>(added: readonly T[] = [], removed: readonly T[] = [], removable: (value: T) => boolean = () => true): { added: T[]; removed: T[] } {
  const adding = [...new Set(added)];
  return { added: adding, removed: [...new Set(removed)].filter((value) => removable(value) && !adding.includes(value)) };
}

/** The field error of a body that sends a set whole and as changes at once. */
export const bothShapes = (whole: string, added: string, removed: string) => `Send either ${whole} (the whole set) or ${added} and ${removed}, not both.`;
