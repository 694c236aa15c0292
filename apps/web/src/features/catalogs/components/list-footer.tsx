import { useTranslation } from 'react-i18next';
import { ListFooter as SharedListFooter } from '../../../shared/ui/list-footer.tsx';

/** "1–20 de 57" and the pages below a catalogue's list, in the catalogues' words. */
export function ListFooter({ count, page, pageSize, onPage }: { count: number; page: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <SharedListFooter
      count={count}
      page={page}
      pageSize={pageSize}
      onPage={onPage}
      labels={{ range: (range) => t('catalogs.list.range', range), page: (item) => t('catalogs.list.page', { page: item }), control: (control) => t(`catalogs.list.pageControl.${control}`) }}
    />
  );
}
