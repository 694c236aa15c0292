import type { TFunction } from 'i18next';
import type { TCatalogUsage } from '@faena/contracts';

const ORDER = ['persons', 'venues', 'locations'] as const;

/** "2 personas · 1 sede" — what points at a record, or null when nothing does. */
export function usageText(t: TFunction, usage: TCatalogUsage): string | null {
  const parts = ORDER.filter((kind) => (usage[kind] ?? 0) > 0).map((kind) => t(`catalogs.usage.${kind}`, { count: usage[kind] }));
  return parts.length > 0 ? parts.join(' · ') : null;
}
