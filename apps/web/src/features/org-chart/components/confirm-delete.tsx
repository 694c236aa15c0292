import type { TFunction } from 'i18next';
import type { TPosition } from '@faena/contracts';
import { confirm } from '../../../shared/ui/modal.tsx';

/** Deleting a position removes its edges and assignments; the permissions it gave stay with the people. */
export function confirmDeletePosition(position: Pick<TPosition, 'id' | 'title' | 'people_count'>, t: TFunction): Promise<boolean> {
  return confirm({
    id: `delete-position-${position.id}`,
    title: t('positions.deleteTitle'),
    message: t('positions.deleteMessage', { title: position.title, count: position.people_count }),
    confirmLabel: t('positions.delete'),
    cancelLabel: t('positions.cancel'),
    danger: true,
  });
}
