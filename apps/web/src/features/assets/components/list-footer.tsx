import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';

/** The shared list footer in the assets area's words (the assets list and the maintenance lists). */
export function AssetsListFooter(props: { count: number; page: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <ListFooter
      {...props}
      labels={{
        range: (range) => t('assets.list.range', range),
        page: (page) => t('assets.list.page', { page }),
        control: (control) => t(`assets.list.pageControl.${control}`),
      }}
    />
  );
}
