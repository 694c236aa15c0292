import dayjs from 'dayjs';

/** Money in the interface language, without a currency symbol the tenant has not configured. */
export function formatMoney(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value);
}

export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date.toDate());
}

export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(date.toDate());
}

/** The asset's page. */
export const assetPath = (id: string) => `/assets/${encodeURIComponent(id)}`;
