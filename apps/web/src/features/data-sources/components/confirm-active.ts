import type { TFunction } from 'i18next';
import { confirm } from '../../../shared/ui/modal.tsx';

/**
 * Asks before a data source or one of its rows is deleted (soft) or restored; false when the
 * person declines or the dialog could not open.
 */
export function confirmActiveChange(t: TFunction, change: { id: string; active: boolean; title: string; message: string }): Promise<boolean> {
  return confirm({
    id: change.id,
    title: change.title,
    message: change.message,
    confirmLabel: change.active ? t('dataSources.actions.restore') : t('dataSources.actions.delete'),
    cancelLabel: t('dataSources.actions.cancel'),
    danger: !change.active,
  }).catch(() => false);
}
