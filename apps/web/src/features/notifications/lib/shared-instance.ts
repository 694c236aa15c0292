/**
 * One instance per page, even when the build copies a small module into two lazily loaded chunks
 * (the shell and the /notifications screen both use these stores).
 */
export function sharedInstance<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`faena.notifications.${name}`);
  return (registry[key] ??= create());
}
