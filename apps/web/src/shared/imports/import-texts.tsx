import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TImportOperation, TImportStatus } from '@faena/contracts';
import { useImportKinds } from './imports-api.ts';

export const STATUS_COLORS: Record<TImportStatus, string> = {
  PENDING: 'gray',
  VALIDATING: 'blue',
  VALIDATION_FAILED: 'red',
  VALIDATION_OK: 'teal',
  APPLYING: 'blue',
  APPLY_OK: 'green',
  APPLY_FAILED: 'red',
};

export const OPERATION_COLORS: Record<TImportOperation, string> = {
  ADD: 'green',
  UPDATE: 'blue',
  DELETE: 'orange',
  UNDELETE: 'violet',
  NO_CHANGE: 'gray',
  ERROR: 'red',
};

/**
 * Text colours that keep 4.5:1 on Mantine's light badge backgrounds (its shade 9 of green, yellow,
 * orange and teal does not).
 */
const READABLE_ON_LIGHT: Record<string, string> = {
  green: '#1d6430',
  yellow: '#6e4500',
  orange: '#8a3c00',
  teal: '#0a5c45',
  blue: 'var(--mantine-color-blue-9)',
  violet: 'var(--mantine-color-violet-9)',
  gray: 'var(--mantine-color-gray-8)',
  red: 'var(--mantine-color-red-9)',
};
export const readableOnLight = (color: string): string => READABLE_ON_LIGHT[color] ?? `var(--mantine-color-${color}-9)`;

export function ImportStatusBadge({ status }: { status: TImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} c={readableOnLight(STATUS_COLORS[status])} variant="light" data-testid="import-status" data-status={status}>
      {t(`imports.status.${status}`)}
    </Badge>
  );
}

export function OperationBadge({ operation }: { operation: TImportOperation }) {
  const { t } = useTranslation();
  return (
    <Badge color={OPERATION_COLORS[operation]} c={readableOnLight(OPERATION_COLORS[operation])} variant="light" size="sm" data-operation={operation}>
      {t(`imports.rowOperation.${operation}`)}
    </Badge>
  );
}

/**
 * The text of an error code: ours in the interface language when we know the code (the spec's
 * three verbatim in Spanish), else the server's Spanish text (new importers' codes), else the code.
 */
export function useImportErrorText(): (code: string | null | undefined, serverText?: string | null) => string | null {
  const { t, i18n } = useTranslation();
  const kinds = useImportKinds();
  return (code, serverText) => {
    if (!code) return null;
    const key = `imports.errors.${code}`;
    if (i18n.exists(key)) return t(key);
    return serverText || kinds.data?.error_codes[code] || code;
  };
}

/** Names for the pagination's arrow buttons (they only hold icons). */
export function paginationLabels(t: TFunction) {
  return (control: 'first' | 'previous' | 'last' | 'next') => ({ 'aria-label': t(`imports.pagination.${control}`) });
}
