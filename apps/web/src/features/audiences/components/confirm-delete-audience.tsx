import type { TFunction } from 'i18next';
import type { TAudience } from '@faena/contracts';
import { confirm } from '../../../shared/ui/modal.tsx';

export function confirmDeleteAudience(audience: Pick<TAudience, 'id' | 'name'>, t: TFunction): Promise<boolean> {
  return confirm({
    id: `delete-audience-${audience.id}`,
    title: t('audiences.deleteTitle'),
    message: t('audiences.deleteMessage', { name: audience.name }),
    confirmLabel: t('audiences.delete'),
    cancelLabel: t('audiences.cancel'),
    danger: true,
  });
}
