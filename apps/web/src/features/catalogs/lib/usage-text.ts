import type { TFunction } from 'i18next';
import type { TCatalogUsage } from '@faena/contracts';

const ORDER = ['persons', 'venues', 'locations'] as const;
export type UsageKind = (typeof ORDER)[number];

/** What points at a record, a part per kind that does ("2 personas", "1 sede"), in a fixed order. */
export function usageParts(t: TFunction, usage: TCatalogUsage): { kind: UsageKind; text: string }[] {
  return ORDER.filter((kind) => (usage[kind] ?? 0) > 0).map((kind) => ({ kind, text: t(`catalogs.usage.${kind}`, { count: usage[kind] }) }));
}

/** "2 personas · 1 sede" — what points at a record, or null when nothing does. */
export function usageText(t: TFunction, usage: TCatalogUsage): string | null {
  const parts = usageParts(t, usage);
  return parts.length > 0 ? parts.map((part) => part.text).join(' · ') : null;
}
