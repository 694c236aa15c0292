import { useTranslation } from 'react-i18next';
import type { ListFooterLabels } from '../../../shared/ui/list-footer.tsx';

/** The paged lists' footer texts in this area's words. */
export function useFooterLabels(): ListFooterLabels {
  const { t } = useTranslation();
  return {
    range: ({ from, to, count }) => t('checklists.list.range', { from, to, count }),
    page: (page) => t('checklists.list.page', { page }),
    control: (control) => t(`checklists.list.control.${control}`),
  };
}
